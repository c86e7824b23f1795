"""`make firmware BOARD=...`: MicroPython v1.28.0 with the scoreboard frozen in, as one UF2.

    python -m host_tools.board.firmware.build --board pico_w [--micropy-dir DIR] [--jobs 2]

Writes build/firmware/scoreboard-<board>.uf2. The MicroPython tree comes from --micropy-dir (or
$MICROPY_DIR): MicroPython at the tag host_tools/board/firmware/pinned.py names, with the rp2 port's
submodules at the commits that tag records. The build runs MicroPython's own rp2 CMake project
with our board folder (boards/<board>/) as its board, and the frozen tree from freeze.py.

The board's facts (boards/<board>/board.json, read by boards.py) give its code area and floor,
and on a board with a radio lwIP's TCP connections, handed to CMake as SCOREBOARD_TCP_CONNECTIONS
(boards/pico_w/phones.cmake makes it the compile definition phones.h reads).

It then builds the reference: the same board and frozen tree with every MicroPython option as
MicroPython's board has it (the boards' unused.h skipped), and prints what each option turned off
frees, from the two link maps (unused.py). It fails (exit 2) when the image would leave less than
its floor ("floor_bytes") of the board's code area free, or does not say the version it was given
(version.py).
"""
import argparse
import hashlib
import os
import re
import shutil
import subprocess
import sys

from host_tools.board import boards
from host_tools.board.firmware import freeze, layout, pinned, unused, version

ROOT = boards.ROOT


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


def tree_release(micropy_dir):
    """(major, minor, micro, prerelease) from py/mpconfig.h (prerelease 1: a commit after the tag)."""
    with open(os.path.join(micropy_dir, "py", "mpconfig.h"), encoding="utf-8") as f:
        m = re.search(r"#define MICROPY_VERSION_PRERELEASE (\d+)", f.read())
    return tree_version(micropy_dir) + (int(m.group(1)) if m else 0,)


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
    return os.path.join(layout.OUT, "scoreboard-%s.uf2" % board)


def config_stamp():
    """A digest of every build configuration file under boards/ (headers, CMake files, facts)."""
    h = hashlib.sha256()
    for folder, dirs, files in sorted(os.walk(boards.BOARDS)):
        dirs.sort()
        for name in sorted(files):
            if name.endswith((".h", ".cmake")) or name == boards.FACTS_FILE:
                with open(os.path.join(folder, name), "rb") as f:
                    h.update(name.encode() + b"\0" + f.read())
    return h.hexdigest()


def _fresh_genhdr(cmake_dir, stamp):
    """MicroPython's build collects each module's registration and root pointers into genhdr/ and
    keeps what an earlier configuration found: with an option turned off since, the link still
    asked for its module (mp_module_hashlib undefined). A configuration changed since the last
    build of this folder starts genhdr/ afresh."""
    path = os.path.join(cmake_dir, "scoreboard-config.sha256")
    try:
        with open(path) as f:
            same = f.read() == stamp
    except OSError:
        same = False
    if not same:
        shutil.rmtree(os.path.join(cmake_dir, "genhdr"), ignore_errors=True)
        os.makedirs(cmake_dir, exist_ok=True)
        with open(path, "w") as f:
            f.write(stamp)


def _cmake(board_dir, cmake_dir, board, app, micropy_dir, jobs, logf, env):
    """Configure and build MicroPython's rp2 project with `board_dir` as the board; returns the
    build folder's firmware.bin path."""
    _fresh_genhdr(cmake_dir, config_stamp())
    args = ["cmake", "-S", os.path.join(micropy_dir, "ports", "rp2"), "-B", cmake_dir,
            "-DPICO_BUILD_DOCS=0", "-DMICROPY_BOARD=%s" % board,
            "-DMICROPY_BOARD_DIR=%s" % board_dir]
    # The frozen folders (app, board, driver, lib), each a $(SCOREBOARD_...) of the board's manifest.
    args += ["-DMICROPY_MANIFEST_%s=%s" % kv for kv in sorted(freeze.folders(os.path.dirname(app)).items())]
    tcp = boards.facts(board).get("tcp_connections")
    if tcp:
        args.append("-DSCOREBOARD_TCP_CONNECTIONS=%d" % tcp)
    if env.get("PICOTOOL_FETCH_FROM_GIT_PATH"):
        args.append("-DPICOTOOL_FETCH_FROM_GIT_PATH=%s" % env["PICOTOOL_FETCH_FROM_GIT_PATH"])
    _run(args, logf, env=env)
    _run(["cmake", "--build", cmake_dir, "-j%d" % jobs], logf, env=env)
    for name in ("firmware.uf2", "firmware.bin", "firmware.elf.map"):
        if not os.path.exists(os.path.join(cmake_dir, name)):
            raise BuildError("the build gave no %s (%s)" % (name, os.path.relpath(logf, ROOT)))
    return os.path.join(cmake_dir, "firmware.bin")


def reference_board(board, work):
    """A board folder for the reference build: ours with SCOREBOARD_REFERENCE defined, which the
    boards' unused.h and no_server.h skip. Everything else (the manifest, the headers, the W's
    phones.cmake) is read from boards/<board>/ itself."""
    folder = os.path.join(work, "reference", "board")
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "mpconfigboard.cmake"), "w") as f:
        f.write("# Written by host_tools/board/firmware/build.py: boards/%s with every MicroPython option on,\n"
                "# the reference the table of what is turned off is measured against. Never shipped.\n"
                "add_compile_definitions(SCOREBOARD_REFERENCE=1)\n"
                "# ... and for MicroPython's scan of the sources for names and modules (py/mkrules.cmake).\n"
                "list(APPEND MICROPY_CPP_DEF_EXTRA SCOREBOARD_REFERENCE=1)\n"
                "set(MICROPY_BOARD_DIR %s)\n"
                "include(${MICROPY_BOARD_DIR}/mpconfigboard.cmake)\n" % (board, boards.folder(board)))
    return folder


def _check_version(cmake_dir, binpath, want):
    """The version the image says (os.uname().version), refused unless it starts with the tag the
    build gave and the date the header has."""
    said = version.from_header(os.path.join(cmake_dir, "genhdr", "mpversion.h"))
    with open(binpath, "rb") as f:
        image = version.from_image(f.read())
    if not said.startswith(want + " on ") or not (image or "").startswith(said):
        raise BuildError("the firmware says it is %r (its header: %r), not %r: MicroPython's "
                         "makeversionhdr.py did not take MICROPY_GIT_TAG" % (image, said, want))
    return image


def _prepare(board, micropy_dir, jobs, log):
    """Check the tools and the tree, freeze the scoreboard, build mpy-cross: (work, logf, app,
    tree, env) for the two builds, env carrying the version makeversionhdr.py is to write."""
    if board not in boards.firmware_boards():
        raise BuildError("no firmware for board %r: make firmware builds %s"
                         % (board, ", ".join(boards.firmware_boards())))
    check_toolchain()
    check_tree(micropy_dir, boards.has_radio(board))
    work = os.path.join(layout.OUT, board)
    os.makedirs(work, exist_ok=True)
    logf = os.path.join(work, "build.log")
    open(logf, "w").close()
    app, _lib, tree = freeze.make_tree(board, os.path.join(work, "frozen"))
    freeze.check_manifest(board)
    frozen = sum(len(freeze.frozen_modules(d)) for d in freeze.folders(os.path.dirname(app)).values())
    log("firmware %s: the tree %s frozen (%d modules)" % (board, tree, frozen))
    if not os.path.exists(os.path.join(micropy_dir, "mpy-cross", "build", "mpy-cross")):
        log("building mpy-cross ...")
        _run(["make", "-C", os.path.join(micropy_dir, "mpy-cross"), "-j%d" % jobs], logf)
    env = dict(os.environ)
    env.update(version.build_env(micropy_dir, tree_release(micropy_dir), ROOT, tree))
    return work, logf, app, tree, env


def build(board, micropy_dir, jobs=2, log=print):
    """Build boards/<board>'s UF2 and its reference; returns a dict of figures (sizes, the code
    area left with and without what is turned off, the version)."""
    micropy_dir = os.path.abspath(micropy_dir) if micropy_dir else micropy_dir
    work, logf, app, tree, env = _prepare(board, micropy_dir, jobs, log)
    log("building (cmake, %d jobs; about a minute on 2 cores) ..." % jobs)
    cmake_dir = os.path.join(work, "cmake")
    binpath = _cmake(boards.folder(board), cmake_dir, board, app, micropy_dir, jobs, logf, env)
    said = _check_version(cmake_dir, binpath, env["MICROPY_GIT_TAG"])
    got = boards.facts(board)
    code_area = layout.code_area(board)
    binsize = os.path.getsize(binpath)
    if binsize > code_area:
        raise BuildError("the firmware (%d bytes) is larger than %s's code area (%d bytes)"
                         % (binsize, board, code_area))
    log("building the reference (every option on) to measure what is turned off ...")
    ref_dir = os.path.join(work, "reference", "cmake")
    _cmake(reference_board(board, work), ref_dir, board, app, micropy_dir, jobs, logf, env)
    rows, ref_bytes, our_bytes = unused.measure(board, os.path.join(ref_dir, "firmware.elf.map"),
                                                os.path.join(cmake_dir, "firmware.elf.map"), micropy_dir)
    for line in unused.table(board, rows, ref_bytes, our_bytes, code_area, got["floor_bytes"]):
        log(line)
    if our_bytes != binsize:
        raise BuildError("the link map counts %d bytes, firmware.bin has %d: linkmap.py misread it"
                         % (our_bytes, binsize))
    check_floor(board, code_area - binsize)
    dst = uf2_path(board)
    shutil.copyfile(os.path.join(cmake_dir, "firmware.uf2"), dst)
    log("wrote %s: %d bytes, version %s (firmware %d of the %d-byte code area, %d left; the littlefs "
        "keeps %d KiB)" % (os.path.relpath(dst, ROOT), os.path.getsize(dst), said, binsize, code_area,
                           code_area - binsize, got["storage_bytes"] >> 10))
    return {"board": board, "uf2": dst, "uf2_bytes": os.path.getsize(dst), "bin_bytes": binsize,
            "code_area_bytes": code_area, "code_left_bytes": code_area - binsize, "tree": tree,
            "storage_bytes": got["storage_bytes"], "reference_bin_bytes": ref_bytes, "floor_bytes": got["floor_bytes"],
            "freed": [(r if r == unused.SHARED else r.what, n) for r, n in rows], "version": said}


def check_floor(board, left):
    """BuildError when the code area would keep less than the board's floor free."""
    floor = boards.facts(board)["floor_bytes"]
    if left < floor:
        raise BuildError(
            "the firmware leaves %s bytes of %s's code area free, under its floor of %s (\"floor_bytes\" "
            "in %s): no UF2 was written. Turn off more of what the scoreboard does not use "
            "(boards/pico/unused.h, docs/firmware.md \"What is turned off\") or make the frozen app "
            "smaller" % (format(left, ","), board, format(floor, ","), boards.stated_in(board, "floor_bytes")))


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m host_tools.board.firmware.build", description=__doc__.split("\n\n")[0])
    ap.add_argument("--board", default="pico", help=boards.firmware_help())
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
