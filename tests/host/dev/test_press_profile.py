# The press profiler (host_tools/dev/bench/press_profile.py): its arguments, and its boot.py's timers run on a real App.
import os
import subprocess
import sys

import pytest

from host_tools.dev.bench import press_profile as pp

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))


def test_wrap_specs():
    assert pp.parse_wrap("ui.app:App.t") == ("ui.app", "App", "t")
    assert pp.parse_wrap("words.texts:look") == ("words.texts", "", "look")
    for bad in ("look", "ui.app:", ":App.t"):
        with pytest.raises(ValueError):
            pp.parse_wrap(bad)


def test_bad_arguments_exit_2_with_a_message(capsys):
    for argv in (["--uf2", "nope.uf2", "no-script.txt", "1"],
                 ["--uf2", __file__, "--wrap", "bad", __file__, "1"]):
        with pytest.raises(SystemExit) as e:
            pp.main(argv)
        assert e.value.code == 2
        assert "press_profile:" in capsys.readouterr().err


GUEST = """
import sys
sys.path[:0] = [%(root)r, %(fw)r]
from host_tools import _paths
exec(compile(%(boot)r, "boot.py", "exec"), {"__name__": "boot"})
from host_tools.dev.sim.script import run_script
from ui.app import App
run_script(["click ok", "click down", "click ok"], App)
"""


def test_the_boot_file_times_the_wrapped_functions_of_each_press():
    boot = pp.boot_text([("ui.app", "App", "t"), ("words.texts", "", "look")])
    code = GUEST % {"root": ROOT, "fw": os.path.join(ROOT, "firmware"), "boot": boot}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    lines = [ln for ln in out.stdout.splitlines() if ln.startswith("PROF ")]
    assert lines[0] == "PROF ready"
    presses = lines[1:]
    assert len(presses) == 3, out.stdout[-2000:]        # one line after each press's frame
    for ln in presses:
        items = dict(item.rsplit(" ", 1) for item in ln[5:].split(" | "))
        assert "App.frame" in items and all("/" in v for v in items.values())
    assert any("App.t" in ln and "texts.look" in ln for ln in presses)


class _Board:
    """Answers the console's `t` as main.py does; holds what the boot.py printed after a press."""

    def __init__(self, printed):
        self._console = printed.encode()

    def console_mark(self):
        return len(self._console)

    def send(self, text):
        assert text == "t\n"
        self._console += b"screen Settings\npress_lag_ms 0 work_us 12388 draw_us 32118 show_us 23719 at_ms 2947\nboot_ms 900\n"

    def run_until(self, cond, ms):
        return cond()

    def console_text(self, mark):
        return self._console[mark:].decode()


def test_a_profiled_press_reports_its_split_its_timers_and_its_c_functions():
    out = []
    board = _Board("PROF App.t 8/9100 | texts.look 8/3300\n")
    pp.report(board, 5, ["click", "ok"], 74.2, 0, [("mp_map_lookup", 0.09), ("gc_alloc", 0.07)], out.append)
    assert out[0] == "5 click ok: 74.2 ms, Settings; t (lag, work, draw, show us): (0, 12388, 32118, 23719, 2947)"
    assert out[1].split() == ["App.t", "8", "calls", "9.1", "ms"]
    assert out[2].split() == ["texts.look", "8", "calls", "3.3", "ms"]
    assert out[3].split() == ["C", "mp_map_lookup", "9.0", "%"] and len(out) == 5
