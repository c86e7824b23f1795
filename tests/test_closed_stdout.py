# A reader that closes stdout early (`python -m host_tools ledger import archive/ | head -1`): the
# command stops quietly with exit 141 (128 + SIGPIPE, host_tools/cli_io.run_command), no traceback
# and no "Exception ignored" at exit; a BrokenPipeError that is not stdout's is not hidden.
import os
import subprocess
import sys

import pytest

from host_tools import cli_io
from host_tools.records import ledger

from test_logs import data_of
from test_ledger import LEDGER, NAMES

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ENV = dict(os.environ, PYTHONPATH=os.pathsep.join([ROOT, os.path.join(ROOT, "tests")]))


def _quiet(err):
    assert "Traceback" not in err and "Exception ignored" not in err and "BrokenPipe" not in err, err


def _into_closed_pipe(args, cwd=ROOT):
    """Runs `python ARGS` with stdout a pipe whose reader closed before it started (deterministic:
    the first write or flush fails); returns (exit status, stderr)."""
    r, w = os.pipe()
    os.close(r)
    try:
        p = subprocess.run([sys.executable] + args, cwd=str(cwd), env=ENV, stdout=w, stderr=subprocess.PIPE,
                           text=True, timeout=120)
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
    code, err = _into_closed_pipe(["-m", "host_tools.dev.sim", "--app", "test_sim:StandIn", "--script", str(script),
                                   "--print"], cwd=tmp_path)
    assert code == cli_io.PIPE_CLOSED
    _quiet(err)


def test_a_broken_pipe_that_is_not_stdout_is_not_hidden():
    def main():
        raise BrokenPipeError("a child process went away")
    with pytest.raises(BrokenPipeError):
        cli_io.run_command(main)
    assert cli_io.run_command(lambda a: a + 1, 1) == 2
