# A reader that closes stdout early (`python -m host_tools ledger import archive/ | head -1`): the
# command stops quietly with exit 141 (128 + SIGPIPE, host_tools/cli_io.run_command), no traceback
# and no "Exception ignored" at exit; a BrokenPipeError that is not stdout's is not hidden.
import os
import subprocess
import sys

import pytest

from host_tools import cli_io
from host_tools.records import ledger

from log_lines import data_of
from ledger_game import LEDGER, NAMES

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
ENV = dict(os.environ, PYTHONPATH=os.pathsep.join([ROOT, os.path.join(ROOT, "tests", "support")]))


def _quiet(err):
    assert "Traceback" not in err and "Exception ignored" not in err and "BrokenPipe" not in err, err


def _into_closed_pipe(args, cwd=ROOT, stdin=""):
    """Runs `python ARGS` with stdout a pipe whose reader closed before it started (deterministic:
    the first write or flush fails) and `stdin` as its input; returns (exit status, stderr)."""
    r, w = os.pipe()
    os.close(r)
    try:
        p = subprocess.run([sys.executable] + args, cwd=str(cwd), env=ENV, stdout=w, stderr=subprocess.PIPE,
                           input=stdin, text=True, timeout=120)
    finally:
        os.close(w)
    return p.returncode, p.stderr


def test_ledger_import_into_a_reader_that_reads_one_line(tmp_path):
    """`ledger import … | head -1` with far more output than a pipe holds (one line per log)."""
    g, lines = LEDGER.play_log(gid="c0c0dddd", names=NAMES)
    d = tmp_path / "archive" / "2025-03-01"
    d.mkdir(parents=True)
    data = data_of(lines)
    for i in range(800):            # ~100 bytes of output each: 80 kB, more than a 64 kB pipe
        (d / ("copy-%04d-with-a-longer-name-to-fill-the-pipe.log" % i)).write_bytes(data)
    db = str(tmp_path / "l.sqlite")
    p = subprocess.Popen([sys.executable, "-m", "host_tools", "ledger", "import", str(tmp_path / "archive"),
                          "--db", db], cwd=ROOT, env=ENV, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    first = p.stdout.readline()
    p.stdout.close()                # what head -1 does after its line
    err = p.stderr.read().decode("utf-8", "replace")
    p.stderr.close()
    assert p.wait(timeout=120) == cli_io.PIPE_CLOSED
    assert first.startswith(b"added")
    _quiet(err)
    con = ledger.connect(db)        # the ledger is whole: the game imported once
    assert con.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 1
    con.close()


def test_short_output_into_a_closed_pipe_is_quiet_too(tmp_path):
    """A few lines stay in Python's buffer until exit: they fail there, and are caught there too."""
    bad = tmp_path / "bad.log"
    bad.write_bytes(b"garbage\n")
    code, err = _into_closed_pipe(["-m", "host_tools", "ledger", "import", str(bad),
                                   "--db", str(tmp_path / "l.sqlite")])
    assert code == cli_io.PIPE_CLOSED
    _quiet(err)
    code, err = _into_closed_pipe(["-m", "host_tools", "--help"])
    assert code == cli_io.PIPE_CLOSED
    _quiet(err)


def test_the_simulator_into_a_closed_pipe(tmp_path):
    script = tmp_path / "s.txt"
    script.write_text("click up\n", encoding="utf-8")
    code, err = _into_closed_pipe(["-m", "host_tools.dev.sim", "--app", "stand_in_app:StandIn", "--script", str(script),
                                   "--print"], cwd=tmp_path)
    assert code == cli_io.PIPE_CLOSED
    _quiet(err)


def test_a_broken_pipe_that_is_not_stdout_is_not_hidden():
    def main():
        raise BrokenPipeError("a child process went away")
    with pytest.raises(BrokenPipeError):
        cli_io.run_command(main)
    assert cli_io.run_command(lambda a: a + 1, 1) == 2


def _entry_points():
    """Every tool run as a module (`python -m host_tools...`): (path, the code its run goes through:
    a __main__.py's top level, else its `if __name__ == "__main__":` block)."""
    out = []
    for root, dirs, files in os.walk(os.path.join(ROOT, "host_tools")):
        dirs[:] = [d for d in dirs if d not in ("__pycache__", "mp")]
        for fn in files:
            path = os.path.join(root, fn)
            if not fn.endswith(".py") or fn == "frozen_main.py":      # frozen into the firmware
                continue
            with open(path, encoding="utf-8") as f:
                text = f.read()
            if 'if __name__ == "__main__":' in text:
                out.append((path, text.split('if __name__ == "__main__":', 1)[1]))
            elif fn == "__main__.py":
                out.append((path, text))
    return out


def test_every_tools_own_entry_goes_through_run_command():
    """Not only `python -m host_tools COMMAND`: every `python -m host_tools.X` (the
    calculators, package.json, docs/settings.md, the bench...) stops quietly on a closed stdout."""
    entries = _entry_points()
    assert len(entries) > 20
    assert [os.path.relpath(p, ROOT) for p, code in entries if "run_command(" not in code] == []


def _a_calculator():
    """A game that has a score calculator (host_tools/kinds/<kind>/calc.py)."""
    from core import registry
    from host_tools import kinds
    return [k for k in registry.KINDS if kinds.name_of(k, "calc")][0]


@pytest.mark.parametrize("args, stdin", [
    (["-m", "host_tools.dev.settings_doc"], ""),
    (["-m", "host_tools.board.package"], ""),
    (["-m", "host_tools.records.calc", _a_calculator()], "{}"),
    (["-m", "host_tools.dev.demo"], ""),
])
def test_a_tools_own_entry_into_a_closed_pipe(tmp_path, args, stdin):
    code, err = _into_closed_pipe(args, cwd=tmp_path, stdin=stdin)
    assert code == cli_io.PIPE_CLOSED, (args, err)
    _quiet(err)
    assert set(os.listdir(tmp_path)) <= {"demo-out"}       # the demo's log: in the test's own folder
