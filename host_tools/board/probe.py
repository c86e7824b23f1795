# What a board runs and holds, asked over mpremote (its MicroPython, .mpy ABI, files, and on our
# firmware the board and tree it was built from), and the checks that refuse a board the staged
# tree cannot run on or a firmware built from another tree.
from host_tools.board import boards
from host_tools.board.staging import MPY_ABI, DeployError

MIN_MICROPYTHON = (1, 24)         # the firmware is written for MicroPython 1.24+ (README)

# Run on the board by `mpremote exec`: its MicroPython, its .mpy ABI, the version its firmware says
# (os.uname().version: on ours "v1.28.0 e0e9fbb17e, scoreboard aa15b22c3d on 2026-12-07",
# host_tools/board/firmware/version.py), on our own firmware the board and tree it was built from,
# and every file with its size and sha256 (logs under /games are listed, not read; without hashlib,
# as on our Pico, '-'). One line each, parsed by parse_probe.
PROBE = """
import sys, os
try:
    import hashlib
except ImportError:
    hashlib = None
v = sys.implementation.version
print('IMPL %d.%d.%d %d' % (v[0], v[1], v[2], getattr(sys.implementation, '_mpy', 0)))
if hasattr(os, 'uname'):
    print('VERSION', os.uname().version)
try:
    import firmware_build as b
    print('FROZEN', b.BOARD, b.TREE)
except ImportError:
    pass
def walk(d):
    for e in os.ilistdir(d or '/'):
        p = d + '/' + e[0]
        if e[1] & 0x4000:
            print('D', p[1:])
            walk(p)
            continue
        h = '-'
        if hashlib and not p.startswith('/games/'):
            s = hashlib.sha256()
            f = open(p, 'rb')
            b = bytearray(512)
            while True:
                n = f.readinto(b)
                if not n:
                    break
                s.update(memoryview(b)[:n])
            f.close()
            h = ''.join('%02x' % x for x in s.digest())
        print('F', os.stat(p)[6], h, p[1:])
walk('')
print('END')
"""


class BoardInfo:
    """What the probe found: version (tuple), mpy (major, sub, arch), files {rel: (size, sha)},
    dirs (set of rel), manifest (list of rel, or None), frozen ((board, tree) our firmware was
    built from, or None on any other firmware), says (its os.uname().version, or None)."""

    def __init__(self, version, mpy, files, dirs, frozen=None, says=None):
        self.version, self.mpy, self.files, self.dirs = version, mpy, files, dirs
        self.manifest = None
        self.frozen = frozen
        self.says = says

    @property
    def version_text(self):
        return ".".join(str(x) for x in self.version)


def parse_probe(out):
    impl, files, dirs, frozen, says = None, {}, set(), None, None
    for line in out.replace("\r", "").split("\n"):
        if line.startswith("VERSION "):
            says = line[len("VERSION "):]
            continue
        w = line.split(" ", 3)
        if w[0] == "IMPL" and len(w) >= 3:
            ver = tuple(int(x) for x in w[1].split("."))
            mpy = int(w[2])
            impl = (ver, (mpy & 0xFF, (mpy >> 8) & 3, mpy >> 10))
        elif w[0] == "F" and len(w) == 4:
            files[w[3]] = (int(w[1]), w[2])
        elif w[0] == "D" and len(w) >= 2:
            dirs.add(line[2:])
        elif w[0] == "FROZEN" and len(w) == 3:
            frozen = (w[1], w[2])
    if impl is None or "END" not in out:
        raise DeployError("the board did not answer the probe (is it running MicroPython?):\n%s" % out[-600:])
    return BoardInfo(impl[0], impl[1], files, dirs, frozen, says)


def check_board(info, board="pico"):
    """Refuse a board whose MicroPython cannot load the staged .mpy files (or is older than the
    firmware is written for): the message names both versions and what to flash."""
    major, sub, _arch = info.mpy
    if major == MPY_ABI[0] and tuple(info.version[:2]) >= MIN_MICROPYTHON:
        return
    fw, want = official(board)
    raise DeployError(
        "the board runs MicroPython %s (.mpy v%d.%d); this firmware is compiled for MicroPython %s "
        "(.mpy v%d.%d) and needs %d.%d or newer with .mpy v%d. Nothing was copied.\n"
        "Flash %s v%s: download the .uf2 from https://micropython.org/download/%s/, hold BOOTSEL "
        "while plugging the board in, copy the .uf2 onto the drive that appears; then run "
        "`make deploy` again." % (info.version_text, major, sub, want, MPY_ABI[0], MPY_ABI[1],
                                  MIN_MICROPYTHON[0], MIN_MICROPYTHON[1], MPY_ABI[0], fw, want, fw))


def official(board):
    """(MicroPython's board, version) of the official firmware the fallback path wants on `board`
    ("RPI_PICO", "1.24.1": its board.json); a board with none (no Pico) is told the Pico's."""
    if not boards.fact(board, "micropython_board"):
        board = "pico"
    return boards.fact(board, "micropython_board"), boards.fact(board, "official_micropython")


def check_frozen(info, board, checkout_tree, port=None):
    """Refuse a board running our firmware for another board, or built from another tree than
    this checkout's: its app is frozen in, so only `make flash` can bring it up to date."""
    built_board, built_tree = info.frozen
    flash = "make flash BOARD=%s%s" % (board, port_hint(port))
    if built_board != board:
        raise DeployError("the board runs our firmware for BOARD=%s; this deploy is for BOARD=%s. Nothing "
                          "was copied: deploy with BOARD=%s, or put BOARD=%s's firmware on it with `%s`"
                          % (built_board, board, built_board, board, flash))
    want = checkout_tree(board)
    if built_tree != want:
        raise DeployError("the board runs our firmware %sbuilt from the tree %s; this checkout's tree for %s "
                          "is %s. Its app is frozen in, so deploy cannot update it: run `make firmware "
                          "BOARD=%s` and `%s` (its games are kept)"
                          % ("(%s) " % info.says if info.says else "", built_tree, board, want, board, flash))
    return want


def port_hint(port):
    return " PORT=%s" % port if port else ""
