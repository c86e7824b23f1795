"""host_tools/board/check.py without a board: its script's output parsed, the report's text, and every bad answer (no board, mpremote failing, output that is not the script's, a full flash) an exit 2 with a sentence, never a traceback."""
import sys

from host_tools.board import check
from host_tools.board.files import DeviceError

GOOD = """CHECK 400000 60 0 4 5\r
FRAME 27600 26900\r
CMD 90 88 88 89 88 88\r
FRAME 27700 26950\r
CMD 91 88 88 89 88 88\r
FRAME 27500 26900\r
CMD 90 88 88 89 88 88\r
WRITE 51000\r
APPEND 52000\r
APPEND 53000\r
APPEND 50000\r
APPEND 61000\r
PROGRAM 520\r
PROGRAM 480\r
PROGRAM 610\r
END\r
"""


def fake(out):
    """A runner that answers `out` and records its calls."""
    calls = []

    def run(args):
        calls.append(args)
        return out
    run.calls = calls
    return run


def test_the_scripts_output_is_parsed():
    res = check.parse(GOOD)
    assert (res.freq, res.addr, res.i2c) == (400000, 0x3C, (0, 4, 5))
    assert res.frames == [(27600, 26900), (27700, 26950), (27500, 26900)]
    assert len(res.cmds) == 18 and res.write_us == 51000
    assert res.appends == [52000, 53000, 50000, 61000] and res.errors == []
    assert res.programs == [520, 480, 610]


def test_the_script_is_one_program_run_by_mpremote_exec():
    compile(check.SCRIPT, "check", "exec")          # valid Python (MicroPython's subset of it)
    assert check.SCRIPT.count(check.SCRATCH) == 4    # written, appended, written as a block, removed
    run = fake(GOOD)
    check.check(run)
    assert run.calls == [["exec", check.SCRIPT]]


def test_the_report(capsys):
    assert check.main(["--port", "/dev/ttyACM1"], run=fake(GOOD)) == 0
    out = capsys.readouterr().out
    assert "I2C0 (SDA GP4, SCL GP5) at 400 kHz, panel at 0x3C" in out
    assert "full frame (6 commands + 0x40 and 1,024 bytes): median 27.6 ms, worst 27.7 ms (3)" in out
    assert "one command write (0x80 cmd): median 0.09 ms" in out
    assert "flash append (~100 bytes, opened \"ab\", closed): median 52.5 ms, worst 61.0 ms (4)" in out
    assert "page program (256 bytes into an erased block, no erase: a press's line on our store): " \
           "median 0.52 ms, worst 0.61 ms (3)" in out
    last = out.strip().splitlines()[-1]
    assert "reset the board" in last and "`mpremote connect /dev/ttyACM1 repl`" in last and "type t" in last


def _fails(capsys, run, *words):
    assert check.main([], run=run) == 2
    cap = capsys.readouterr()
    assert "Traceback" not in cap.err
    for w in words:
        assert w in cap.err, cap.err
    return cap


def test_no_board_and_mpremote_failing_exit_2(capsys, tmp_path):
    def gone(args):
        raise DeviceError("mpremote exec failed (1): could not enter raw repl")
    _fails(capsys, gone, "check: ", "could not enter raw repl")
    script = tmp_path / "mpremote.py"
    script.write_text("import sys\nsys.stderr.write('mpremote: no device found\\n')\nsys.exit(1)\n")
    assert check.main(["--mpremote", "%s %s" % (sys.executable, script)]) == 2
    err = capsys.readouterr().err
    assert "no board answered" in err and check.AGAIN in err and "Traceback" not in err


def test_output_that_is_not_the_scripts_exits_2(capsys):
    _fails(capsys, fake(">>> \r\n"), "did not finish the check")
    _fails(capsys, fake("CHECK 400000 60 0 4 5\nFRAME many ms\nEND\n"), "unreadable line", "FRAME many ms")
    _fails(capsys, fake("END\n"), "no I2C figures")


def test_a_full_flash_and_a_silent_panel_are_said(capsys):
    out = GOOD.replace("WRITE 51000\r\nAPPEND 52000\r\n", "ERR flash 28\r\n")
    cap = _fails(capsys, fake(out), "the flash is full", check.SCRATCH)
    assert "full frame" in cap.out                   # what was measured is still reported
    _fails(capsys, fake("ERR board\nEND\n"), "`import board` failed", "make deploy")
    _fails(capsys, fake("CHECK 400000 60 0 4 5\nERR i2c 5\nAPPEND 50000\nEND\n"),
           "the panel did not answer on I2C (OSError 5)")
    _fails(capsys, fake(GOOD.replace("END", "ERR flash 5\nEND")), "the flash check failed (OSError 5)")


def test_a_page_program_without_a_block_of_its_own_is_said(capsys):
    out = GOOD.replace("PROGRAM 520\r\nPROGRAM 480\r\nPROGRAM 610\r\n", "ERR program\r\n")
    cap = _fails(capsys, fake(out), "page program check found no block of its own")
    assert "flash append" in cap.out             # the other figures are printed
