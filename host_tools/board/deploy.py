"""`make deploy`: the staged tree put on a board running the official MicroPython, with mpremote.

    python -m host_tools.board.deploy [--board pico] [--port /dev/ttyACM0]   # stage, check, sync, reset
    python -m host_tools.board.deploy --dry-run                              # list what would change
    python -m host_tools.board.deploy --stage-only [--out build/flash-pico]  # only build the tree
    python -m host_tools.board.deploy --mip       # also mip-install micropython-lib's ssd1306 (needs internet)

Deploy works offline: the driver is the staged, pinned copy (staging.py). It first asks the board for
its MicroPython version and .mpy ABI and refuses a board that cannot load the files; then it
makes the board's files equal to the staged tree (copies what differs, removes firmware files the
tree no longer has) and never touches the game logs (/games), names.json, prefs.json or any .log
file; then it resets the board, also when something failed, so it is never left stopped.

On a board running our own firmware (`make firmware`, `make flash`: the app frozen in, the probe
finds its frozen module firmware_build), the staged tree is empty: deploy copies nothing of the
app, removes the code an earlier deploy on the official firmware left (data is kept as ever) and
refuses a firmware built from another tree than this checkout's, or for another board: `make
flash` puts this checkout's on it.

What is staged: host_tools/board/staging.py; what the board is asked, and why it is refused:
host_tools/board/probe.py.
"""
import argparse
import hashlib
import os
import subprocess
import sys
import tempfile

from host_tools.board import boards
from host_tools.board.probe import PROBE, check_board, check_frozen, parse_probe, port_hint
from host_tools.board.staging import (MPY_ABI, ROOT, SSD1306_MIP, DeployError, checkout_tree_id, mpy_cross_version,
                                      ssd1306_driver_path, stage, staged_files)

# -- the sync ------------------------------------------------------------------------------
# What deploy never touches on the board, whatever a manifest says: the game logs (/games), the
# seat names and preferences, and every log file (the firmware's error log among them).
KEEP_DIRS = ("games",)
KEEP_FILES = ("names.json", "prefs.json")
KEEP_SUFFIXES = (".log",)
MANIFEST = ".deployed"           # on the board: the files the last deploy wrote, one a line
CODE_SUFFIXES = (".py", ".mpy")   # code on the board that is not in the staged tree is stale


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
    again = "make deploy" + port_hint(port)
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
    info = parse_probe(out)
    log("board: MicroPython %s (%s), .mpy v%d.%d, %d files"
        % (info.version_text, info.says or "it does not say its version", info.mpy[0], info.mpy[1],
           len(info.files)))
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
            run(["mip", "install", "@".join(SSD1306_MIP)])
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
    ap.add_argument("--mip", action="store_true", help="also `mpremote mip install` micropython-lib's ssd1306 over the "
                                                       "staged, pinned driver (needs internet)")
    ap.add_argument("--no-mip", action="store_true", help=argparse.SUPPRESS)   # the default now
    a = ap.parse_args(argv)
    try:
        if a.driver:
            print(ssd1306_driver_path())
            return 0
        # The official MicroPython serves no phones (main.make_phones): the server's files would only
        # take the flash a night's games need (on the Pico W, the room a new game asks for).
        out = stage(a.board, a.out, phones=False)
        print("staged %d files in %s (mpy-cross %s, mpy v%d.%d)"
              % (len(staged_files(out)), os.path.relpath(out, ROOT), mpy_cross_version()[0], MPY_ABI[0], MPY_ABI[1]))
        if not a.stage_only:
            deploy(mpremote_runner(a.port), out, a.board, mip=a.mip and not a.no_mip,
                   dry_run=a.dry_run, port=a.port)
    except (DeployError, boards.BoardError) as e:
        print("deploy: %s" % e, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    from host_tools.cli_io import run_command
    sys.exit(run_command(main))
