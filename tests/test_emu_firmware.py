"""The real firmware, staged as `make deploy` lays it out, on the emulated Pico: played by GPIO
presses, its screens equal to the CPython simulator's for the same presses; the log exported
with mpremote; gc.mem_free() reported. Needs PICO_UF2 (skipped without). The slowest emu file:
booting the firmware is ~0.75 s on a Pico and ~90 s here."""
import os

import pytest

from host_tools import _paths  # noqa: F401
from host_tools import deploy
from host_tools.emu import Pico, UF2_HELP, find_uf2
from host_tools.emu.script import run_script

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HAVE_APP = os.path.exists(os.path.join(ROOT, "firmware", "main.py")) and \
    os.path.exists(os.path.join(ROOT, "firmware", "ui", "app.py"))
HAVE_STORE = os.path.exists(os.path.join(ROOT, "firmware", "scoreboard", "store.py"))

pytestmark = [pytest.mark.emu, pytest.mark.skipif(find_uf2() is None, reason=UF2_HELP),
              pytest.mark.skipif(not HAVE_APP, reason="firmware/main.py and firmware/ui/app.py not there yet")]

# The same presses on both sides (host_tools/sim/script.py syntax).
SCRIPT = ["click ok", "click down", "click ok", "long back"]


def sim_screens(lines):
    """The simulator's panel RAM after the boot and after each step."""
    import main as firmware_main
    from hw.clock import FakeClock
    from host_tools.sim.device import SimBoard
    from host_tools.sim.script import Runner
    clock = FakeClock()
    board = SimBoard(now=clock.now)
    app = firmware_main.make_app(board.display, None, clock, "ja")
    shots = []
    runner = Runner(board, app, clock, on_step=lambda text: shots.append((text, bytes(board.panel.ram))))
    runner.run_for(100)
    shots.insert(0, ("boot", bytes(board.panel.ram)))
    for text in lines:
        runner.line(text)
    return shots


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    staged = deploy.stage("pico", str(tmp_path_factory.mktemp("fw") / "flash"))
    p = Pico(None, staged, wall_timeout=900)
    p.boot(frames=2)
    shots = []
    run_script(p, SCRIPT, on_step=lambda text, pico: shots.append((text, pico.screen())))
    yield p, shots
    p.close()


def _diff(a, b):
    n = sum(bin(x ^ y).count("1") for x, y in zip(a, b))
    return "%d pixels differ" % n


def test_screens_equal_the_simulators(played):
    p, emu = played
    sim = sim_screens(SCRIPT)
    assert "Traceback" not in p.console_text(), p.console_text()
    assert p.panel.on
    assert any(emu[0][1]), "blank screen after boot"
    # emu[0] is the screen after the first step; sim[0] after the boot
    for (text, e), (stext, s) in zip(emu, sim[1:]):
        assert text == stext
        assert e == s, "after %r: %s" % (text, _diff(e, s))


def test_log_export_and_mem_free(played, tmp_path):
    """Every journal segment on the flash copied out with mpremote (fs cp through the pty) and
    checked with host_tools.logs; then gc.mem_free() (this stops main.py: run last on this boot)."""
    from host_tools import logs
    p, _ = played
    rc, text = p.mpremote("fs", "ls", ":")
    assert "main.py" in text and "board.py" in text
    on_flash = p.list_files()
    segments = sorted(f for f in on_flash if f.startswith("/games/") and f.endswith(".log"))
    for path in segments:
        out = str(tmp_path / os.path.basename(path))
        p.mpremote("fs", "cp", ":" + path, out)
        assert os.path.getsize(out) == on_flash[path]
        res = logs.read_file(out)
        assert not res.problems, [(q.msg_id if hasattr(q, "msg_id") else q) for q in res.problems]
    print("firmware: %d journal segment(s) exported" % len(segments))
    free = p.mem_free()
    print("firmware: gc.mem_free() after boot and %d presses = %d" % (len(SCRIPT), free))
    assert free > 30_000


@pytest.mark.skipif(not HAVE_STORE, reason="firmware/scoreboard/store.py not there yet: nothing to resume")
def test_power_cut_and_boot_again(played):
    """Stop the board (the flash as it is), boot the same image: the firmware comes back up with
    its files and no traceback."""
    p, _ = played
    files = p.list_files()
    image = p.power_cut()
    p.boot(frames=2)
    p.settle()
    assert "Traceback" not in p.console_text(), p.console_text()
    assert any(p.screen()), "blank screen after the power cut"
    assert set(files) <= set(p.list_files())
    assert len(image) == 4096 * 352
