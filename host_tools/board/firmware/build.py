"""`make firmware BOARD=...`: MicroPython v1.28.0 with the scoreboard frozen in, as one UF2.

    python -m host_tools.board.firmware.build --board pico_w [--micropy-dir DIR] [--jobs 2]

Writes build/firmware/scoreboard-<board>.uf2. The MicroPython tree comes from --micropy-dir (or
$MICROPY_DIR): MicroPython at the tag host_tools/board/firmware/pinned.py names, with the rp2 port's
submodules at the commits that tag records. The build runs MicroPython's own rp2 CMake project
with our board folder (boards/<board>/) as its board, and the frozen tree from freeze.py.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys

from host_tools.board import boards
from host_tools.board.firmware import freeze, pinned

ROOT = boards.ROOT
OUT = os.path.join(ROOT, "build", "firmware")
FLASH_SIZE = {"RPI_PICO": 2 << 20, "RPI_PICO_W": 2 << 20, "RPI_PICO2": 4 << 20, "RPI_PICO2_W": 4 << 20}
# The littlefs of each board, as the official firmware lays it out (kept: a board keeps its games).
STORAGE = {"RPI_PICO": 1408 << 10, "RPI_PICO_W": 848 << 10,
           "RPI_PICO2": (4 << 20) - (1024 << 10), "RPI_PICO2_W": (4 << 20) - (1536 << 10)}


class BuildError(RuntimeError):
    pass


def how_to_get_tree():
    subs = "\n".join("    %-22s %s at %s" % (p, r, c[:12]) for p, r, c in pinned.SUBMODULES)
    return (
        "make firmware needs a MicroPython source tree: give MICROPY_DIR=/path/to/micropython.\n"
        "With internet:\n"
        "    git clone --depth 1 --branch %(tag)s https://github.com/micropython/micropython\n"
        "    make -C micropython/ports/rp2 BOARD=RPI_PICO_W submodules\n"
        "    make firmware BOARD=pico_w MICROPY_DIR=$PWD/micropython\n"
        "Without it: lay out the same tree from copies of the repositories (git archive of each at\n"
        "its commit): MicroPython %(tag)s (%(commit)s) with, under lib/,\n%(subs)s\n"
        "pico-sdk's build wants picotool %(pt)s: build it once from its source and pass\n"
        "PICOTOOL_FETCH_FROM_GIT_PATH=/where/it/is (docs/firmware.md)."
        % {"tag": pinned.MICROPYTHON_TAG, "commit": pinned.MICROPYTHON_COMMIT[:12], "subs": subs,
           "pt": pinned.PICOTOOL_TAG})


def tree_version(micropy_dir):
    """(major, minor, micro) from py/mpconfig.h, or None when it is not a MicroPython tree."""
    path = os.path.join(micropy_dir, "py", "mpconfig.h")
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except OSError:
        return None
    got = [re.search(r"#define MICROPY_VERSION_%s (\d+)" % k, text) for k in ("MAJOR", "MINOR", "MICRO")]
    if not all(got):
        return None
    return tuple(int(m.group(1)) for m in got)


def check_tree(micropy_dir, radio=True):
    """Refuse a tree that is not MicroPython at the pinned tag with the rp2 submodules there;
    where the tree says which commits it holds (git, or a SUBMODULES.txt list), check those too."""
    if not micropy_dir:
        raise BuildError(how_to_get_tree())
    if not os.path.isdir(micropy_dir):
        raise BuildError("MICROPY_DIR=%s: no such folder\n\n%s" % (micropy_dir, how_to_get_tree()))
    ver = tree_version(micropy_dir)
    if ver is None:
        raise BuildError("MICROPY_DIR=%s is not a MicroPython tree (no py/mpconfig.h)\n\n%s"
                         % (micropy_dir, how_to_get_tree()))
    if ver != pinned.MICROPYTHON_VERSION:
        raise BuildError("MICROPY_DIR=%s holds MicroPython %s; the firmware is pinned to %s"
                         % (micropy_dir, ".".join(map(str, ver)), pinned.MICROPYTHON_TAG))
    need = [p for p, _r, _c in pinned.SUBMODULES if radio or p not in ("lib/cyw43-driver", "lib/btstack")]
    empty = [p for p in need if not os.path.isdir(os.path.join(micropy_dir, p))
             or not os.listdir(os.path.join(micropy_dir, p))]
    if empty:
        raise BuildError("MICROPY_DIR=%s lacks the rp2 port's submodules %s\n\n%s"
                         % (micropy_dir, ", ".join(empty), how_to_get_tree()))
    listed = _listed_commits(micropy_dir)
    wrong = ["%s is at %s, pinned %s" % (p, listed[p][:12], c[:12]) for p, _r, c in pinned.SUBMODULES
             if p in listed and listed[p] != c]
    if wrong:
        raise BuildError("MICROPY_DIR=%s: %s" % (micropy_dir, "; ".join(wrong)))
    return ver


def _listed_commits(micropy_dir):
    """{path: commit} the tree records: `git submodule status` in a checkout, else a
    SUBMODULES.txt of lines "lib/<name> <repository> <commit>" when one is there."""
    out = {}
    if os.path.exists(os.path.join(micropy_dir, ".git")):
        r = subprocess.run(["git", "-C", micropy_dir, "submodule", "status"], capture_output=True, text=True)
        for line in r.stdout.splitlines():
            w = line.strip().lstrip("+-U").split()
            if len(w) >= 2:
                out[w[1]] = w[0]
        return out
    path = os.path.join(micropy_dir, "SUBMODULES.txt")
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            for line in f:
                w = line.split()
                if len(w) >= 3:
                    out[w[0]] = w[-1]
    return out


def check_toolchain():
    for tool in ("arm-none-eabi-gcc", "cmake", "make"):
        if not shutil.which(tool):
            raise BuildError("%s is not installed: `make firmware` installs Debian's %s"
                             % (tool, " ".join(pinned.DEBIAN_PACKAGES)))


def _run(cmd, log, cwd=None, env=None):
    with open(log, "a") as f:
        f.write("$ %s\n" % " ".join(cmd))
        f.flush()
        r = subprocess.run(cmd, cwd=cwd, env=env, stdout=f, stderr=subprocess.STDOUT)
    if r.returncode != 0:
        with open(log, encoding="utf-8", errors="replace") as f:
            tail = f.read()[-3000:]
        raise BuildError("%s failed (exit %d); the end of %s:\n%s"
                         % (os.path.basename(cmd[0]), r.returncode, os.path.relpath(log, ROOT), tail))


def uf2_path(board):
    return os.path.join(OUT, "scoreboard-%s.uf2" % board)


def build(board, micropy_dir, jobs=2, log=print):
    """Build boards/<board>'s UF2; returns a dict of figures (sizes, the code area left)."""
    if board not in pinned.BOARDS:
        raise BuildError("no firmware for board %r: make firmware builds %s"
                         % (board, ", ".join(sorted(pinned.BOARDS))))
    radio = boards.has_radio(board)
    check_toolchain()
    micropy_dir = os.path.abspath(micropy_dir) if micropy_dir else micropy_dir
    check_tree(micropy_dir, radio)
    work = os.path.join(OUT, board)
    os.makedirs(work, exist_ok=True)
    logf = os.path.join(work, "build.log")
    open(logf, "w").close()
    app, lib, tree = freeze.make_tree(board, os.path.join(work, "frozen"))
    freeze.check_manifest(board)
    log("firmware %s: the tree %s frozen (%d modules)" % (board, tree, len(freeze.frozen_modules(app))
                                                          + len(freeze.frozen_modules(lib))))
    env = dict(os.environ)
    if not os.path.exists(os.path.join(micropy_dir, "mpy-cross", "build", "mpy-cross")):
        log("building mpy-cross ...")
        _run(["make", "-C", os.path.join(micropy_dir, "mpy-cross"), "-j%d" % jobs], logf, env=env)
    cmake_dir = os.path.join(work, "cmake")
    args = ["cmake", "-S", os.path.join(micropy_dir, "ports", "rp2"), "-B", cmake_dir,
            "-DPICO_BUILD_DOCS=0", "-DMICROPY_BOARD=%s" % board,
            "-DMICROPY_BOARD_DIR=%s" % boards.folder(board),
            "-DMICROPY_MANIFEST_SCOREBOARD_APP=%s" % app,
            "-DMICROPY_MANIFEST_SCOREBOARD_LIB=%s" % lib]
    if env.get("PICOTOOL_FETCH_FROM_GIT_PATH"):
        args.append("-DPICOTOOL_FETCH_FROM_GIT_PATH=%s" % env["PICOTOOL_FETCH_FROM_GIT_PATH"])
    log("configuring (cmake) ...")
    _run(args, logf, env=env)
    log("compiling with %d jobs (about a minute a board on 2 cores) ..." % jobs)
    _run(["cmake", "--build", cmake_dir, "-j%d" % jobs], logf, env=env)
    built = os.path.join(cmake_dir, "firmware.uf2")
    if not os.path.exists(built):
        raise BuildError("the build gave no firmware.uf2 (%s)" % os.path.relpath(logf, ROOT))
    dst = uf2_path(board)
    shutil.copyfile(built, dst)
    upstream = pinned.BOARDS[board]
    binsize = os.path.getsize(os.path.join(cmake_dir, "firmware.bin"))
    code_area = FLASH_SIZE[upstream] - STORAGE[upstream]
    figures = {"board": board, "uf2": dst, "uf2_bytes": os.path.getsize(dst), "bin_bytes": binsize,
               "code_area_bytes": code_area, "code_left_bytes": code_area - binsize, "tree": tree,
               "storage_bytes": STORAGE[upstream]}
    log("wrote %s: %d bytes (firmware %d of the %d-byte code area, %d left; the littlefs keeps "
        "%d KiB)" % (os.path.relpath(dst, ROOT), figures["uf2_bytes"], binsize, code_area,
                     figures["code_left_bytes"], STORAGE[upstream] >> 10))
    if figures["code_left_bytes"] < 0:
        raise BuildError("the firmware (%d bytes) is larger than %s's code area (%d bytes)"
                         % (binsize, board, code_area))
    return figures


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m host_tools.board.firmware.build", description=__doc__.split("\n\n")[0])
    ap.add_argument("--board", default="pico", help="pico, pico_w, pico2 or pico2_w (default pico)")
    ap.add_argument("--micropy-dir", default=os.environ.get("MICROPY_DIR"),
                    help="the MicroPython source tree (default $MICROPY_DIR)")
    ap.add_argument("--jobs", type=int, default=2)
    a = ap.parse_args(argv)
    try:
        build(a.board, a.micropy_dir, a.jobs)
    except (BuildError, boards.BoardError) as e:
        print("make firmware: %s" % e, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    from host_tools.cli_io import run_command
    sys.exit(run_command(main))
