"""Checking a real board against the silicon-timed emulator: times a full frame to the panel, one command write, the journal's kind of flash append and the write-ahead block's page program on the board (mpremote exec), and prints them (docs/hardware.md, "Checking a real board")."""
import argparse
import sys

from host_tools.board.files import DeviceError, mpremote_runner

FRAMES = 5          # full frames timed
APPENDS = 8         # appends timed
PROGRAMS = 8        # page programs timed
SCRATCH = "/.check_flash"
AGAIN = "python -m host_tools.board.check --port /dev/ttyACM0"

# Run on the board by `mpremote exec` (it stops main.py). Its own wiring (`board`: frozen in our
# firmware, /board.py on the official path). (a) A full frame as micropython-lib's show() sends it:
# 6 addressing commands (0x80 cmd, one write each), then 0x40 + 1,024 bytes of a blank frame.
# (b) The journal's write: a scratch file written once, then appends of ~100 bytes each opened
# "ab", written and closed (littlefs copies the file's last block into a freshly erased one at
# the first append after a sync: the 4 KB sector erase a recorded press pays). (c) The press's
# write on our store (firmware/storage/wal.py): the scratch file rewritten as one block (a mark,
# then erased bytes), found on the flash by its mark through rp2.Flash, and 256-byte pages
# programmed into its erased part without an erase. The file is removed at the end, also after an
# error. One line each, parsed by parse().
SCRIPT = """
import time, os
def us(t):
    return time.ticks_diff(time.ticks_us(), t)
try:
    import board
except ImportError:
    print('ERR board')
    board = None
def frames(i2c, a):
    cmds = (0x21, 0, 127, 0x22, 0, 7)
    cb = bytearray(2)
    cb[0] = 0x80
    ts = [0] * 6
    buf = bytearray(1025)
    buf[0] = 0x40
    for _ in range(%(frames)d):
        t = time.ticks_us()
        for i in range(6):
            cb[1] = cmds[i]
            t1 = time.ticks_us()
            i2c.writeto(a, cb)
            ts[i] = us(t1)
        t1 = time.ticks_us()
        i2c.writeto(a, buf)
        print('FRAME', us(t), us(t1))
        print('CMD', *ts)
def panel():
    from machine import I2C, Pin
    f = board.I2C_FREQ
    i2c = I2C(board.I2C_ID, sda=Pin(board.I2C_SDA), scl=Pin(board.I2C_SCL), freq=f)
    print('CHECK', f, board.DISPLAY_ADDR, board.I2C_ID, board.I2C_SDA, board.I2C_SCL)
    try:
        frames(i2c, board.DISPLAY_ADDR)
    except OSError as e:
        print('ERR i2c', e.args[0])
def put(mode, n):
    t = time.ticks_us()
    f = open('%(scratch)s', mode)
    try:
        f.write(('%%-99d\\n' %% n).encode())
    finally:
        f.close()
    return us(t)
def program():
    try:
        import rp2
        fl = rp2.Flash()
    except (ImportError, AttributeError):
        return
    mark = ('check %%d\\n' %% time.ticks_us()).encode()
    f = open('%(scratch)s', 'wb')
    f.write(mark)
    f.write(b'\\xff' * (4096 - len(mark)))
    f.close()
    head = bytearray(len(mark))
    found = []
    for b in range(fl.ioctl(4, 0)):
        fl.readblocks(b, head, 0)
        if head == mark:
            found.append(b)
    page = bytearray(256)
    if len(found) != 1:
        print('ERR program')
        return
    for n in range(%(programs)d):
        fl.readblocks(found[0], page, 256 * (n + 1))
        if page != b'\\xff' * 256:
            print('ERR program')
            return
        page[:] = b'\\xff' * 256
        page[0:8] = ('%%-7d\\n' %% n).encode()
        t = time.ticks_us()
        fl.writeblocks(found[0], page, 256 * (n + 1))
        print('PROGRAM', us(t))
def flash():
    try:
        t = time.ticks_us()
        f = open('%(scratch)s', 'wb')
        f.write(bytes(1024))
        f.close()
        print('WRITE', us(t))
        for n in range(%(appends)d):
            print('APPEND', put('ab', n))
        program()
    except OSError as e:
        print('ERR flash', e.args[0])
    finally:
        try:
            os.remove('%(scratch)s')
        except OSError:
            pass
if board:
    panel()
flash()
print('END')
""" % {"frames": FRAMES, "appends": APPENDS, "programs": PROGRAMS, "scratch": SCRATCH}

ENOSPC = 28
ERRORS = {
    "board": "the board has no wiring file (`import board` failed): flash our firmware "
             "(scoreboard-<board>.uf2) or run `make deploy`",
    "program": "the page program check found no block of its own to program (the flash's blocks "
               "are not where rp2.Flash reads them): the other figures stand",
    "nospace": "the flash is full: the check could not write its %s scratch file (export and "
               "delete some games: `make export`)" % SCRATCH,
}


class CheckError(Exception):
    """The board's answer could not be read; str() says why."""


class Result:
    """What the script printed: freq, addr, i2c (id, sda, scl), frames [(total_us, data_us)],
    cmds [us], write_us, appends [us], errors [(kind, text)]."""

    def __init__(self):
        self.freq = self.addr = self.i2c = self.write_us = None
        self.frames, self.cmds, self.appends, self.errors = [], [], [], []
        self.programs = []


def _ints(words, n, line):
    try:
        vals = [int(w) for w in words]
    except ValueError:
        vals = []
    if len(vals) != n:
        raise CheckError("unreadable line from the board: %r" % line[:120])
    return vals


def _error(words):
    """An ERR line as (kind, the sentence to print)."""
    kind = words[0] if words else "?"
    code = words[1] if len(words) > 1 else ""
    if kind == "flash" and code == str(ENOSPC):
        kind = "nospace"
    if kind in ERRORS:
        return kind, ERRORS[kind]
    if kind == "i2c":
        return kind, "the panel did not answer on I2C (OSError %s): check its wiring and DISPLAY_ADDR" % code
    return kind, "the flash check failed (OSError %s)" % code


def _take(res, tag, words, line):
    """One parsed line into `res`."""
    if tag == "CHECK":
        v = _ints(words, 5, line)
        res.freq, res.addr, res.i2c = v[0], v[1], tuple(v[2:])
    elif tag == "CMD":
        res.cmds.extend(_ints(words, len(words), line))
    elif tag == "FRAME":
        res.frames.append(tuple(_ints(words, 2, line)))
    elif tag == "WRITE":
        res.write_us = _ints(words, 1, line)[0]
    elif tag == "APPEND":
        res.appends.append(_ints(words, 1, line)[0])
    elif tag == "PROGRAM":
        res.programs.append(_ints(words, 1, line)[0])
    elif tag == "ERR":
        res.errors.append(_error(words))


def parse(out):
    """The script's output -> Result; CheckError when it is not the script's (no END, a bad line)."""
    res = Result()
    lines = [ln.strip() for ln in out.replace("\r", "").split("\n") if ln.strip()]
    if "END" not in lines:
        raise CheckError("the board did not finish the check (is it running MicroPython?): %r" % out[-300:])
    for line in lines:
        words = line.split()
        _take(res, words[0], words[1:], line)
    if res.freq is None and not res.errors:
        raise CheckError("the board printed no I2C figures: %r" % out[-300:])
    return res


def median(xs):
    s = sorted(xs)
    return s[len(s) // 2] if len(s) % 2 else (s[len(s) // 2 - 1] + s[len(s) // 2]) / 2


def _ms(us):
    return "%.1f ms" % (us / 1000) if us >= 1000 else "%.2f ms" % (us / 1000)


def _spread(xs):
    return "median %s, worst %s (%d)" % (_ms(median(xs)), _ms(max(xs)), len(xs))


def report(res, port=None):
    """The readable report: one line a figure, then how to play again and read `t`."""
    out = []
    if res.freq is not None:
        i2c_id, sda, scl = res.i2c
        out.append("I2C%d (SDA GP%d, SCL GP%d) at %d kHz, panel at 0x%02X"
                   % (i2c_id, sda, scl, res.freq // 1000, res.addr))
    if res.frames:
        out.append("full frame (6 commands + 0x40 and 1,024 bytes): %s" % _spread([f[0] for f in res.frames]))
        out.append("  of it the 1,025-byte write: %s" % _spread([f[1] for f in res.frames]))
    if res.cmds:
        out.append("one command write (0x80 cmd): %s" % _spread(res.cmds))
    if res.appends:
        out.append("flash append (~100 bytes, opened \"ab\", closed): %s" % _spread(res.appends))
    if res.write_us is not None:
        out.append("  the scratch file's first write (1,024 bytes): %s" % _ms(res.write_us))
    if res.programs:
        out.append("page program (256 bytes into an erased block, no erase: a press's line on our "
                   "store): %s" % _spread(res.programs))
    out.append("Compare with the emulator's figures in docs/hardware.md, \"Checking a real board\".")
    at = port or "PORT"
    out.append("The check stopped main.py: reset the board (or unplug it and plug it back in) to play again. "
               "Then the press split: `mpremote connect %s repl`, press a button on the board, type t "
               "and Enter (mem and Enter: the heap)." % at)
    return "\n".join(out)


def check(run):
    """Run the script through `run` (mpremote's args -> stdout); the Result."""
    return parse(run(["exec", SCRIPT]))


def main(argv=None, run=None):
    ap = argparse.ArgumentParser(prog="python -m host_tools.board.check",
                                 description="Time a full frame, a command, a flash append and a page program on the board.")
    ap.add_argument("--port", help="the board's serial port (default: the one mpremote finds)")
    ap.add_argument("--mpremote", help="mpremote command (default: this Python's mpremote module)")
    a = ap.parse_args(argv)
    run = run or mpremote_runner(a.port, a.mpremote.split() if a.mpremote else None, timeout=120, again=AGAIN)
    try:
        res = check(run)
    except (DeviceError, CheckError) as e:
        sys.stderr.write("check: %s\n" % e)
        return 2
    print(report(res, a.port))
    for _kind, text in res.errors:
        sys.stderr.write("check: %s\n" % text)
    return 2 if res.errors else 0


if __name__ == "__main__":
    from host_tools.cli_io import run_command
    sys.exit(run_command(main))
