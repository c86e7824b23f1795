"""`make firmware` without MICROPY_DIR: its own MicroPython tree, shallow-cloned at the pinned commits.

    python -m host_tools.board.firmware.fetch_tree      # prints the tree's path; exit 2 with why otherwise

MicroPython at the tag pinned.py names and each rp2 submodule at its pinned commit go into
.cache/micropython-<tag>/ (git-ignored). The clone is made in a `.partial` folder, checked (every
path at its pinned commit, the tag's own submodule pins equal to pinned.py's), renamed into place,
and only then stamped: a tree without its stamp is never used, so a clone cut off anywhere is
fetched again, not built from. The clones come from $MICROPY_GIT_BASE (default
https://github.com), where the tests put small local repositories.
"""
import argparse
import collections
import fcntl
import json
import os
import shutil
import subprocess
import sys

from host_tools.board import boards
from host_tools.board.firmware import pinned

CACHE = os.path.join(boards.ROOT, ".cache")
BASE_ENV = "MICROPY_GIT_BASE"
DEFAULT_BASE = "https://github.com"
MICROPYTHON_REPO = "micropython/micropython"
# A stalled transfer gives up after a minute below 1 KB/s, instead of hanging a CI job for hours.
GIT_CONFIG = ("-c", "advice.detachedHead=false", "-c", "http.lowSpeedLimit=1000", "-c", "http.lowSpeedTime=60")

# What to fetch: the tag, the commit it must be at, and (path, repository, commit) per submodule.
Pins = collections.namedtuple("Pins", "tag commit submodules")


class TreeError(RuntimeError):
    pass


class FetchError(TreeError):
    """git could not get something: the network (or the base URL) is the likely cause."""


def current_pins():
    return Pins(pinned.MICROPYTHON_TAG, pinned.MICROPYTHON_COMMIT, pinned.SUBMODULES)


def tree_dir(pins):
    return os.path.join(CACHE, "micropython-" + pins.tag)


def stamp_path(dest):
    return dest + ".complete"


def _rel(path):
    return os.path.relpath(path, boards.ROOT) if path.startswith(boards.ROOT + os.sep) else path


def run_git(args, cwd=None):
    """Runs `git args`; its stdout, or FetchError with the end of what git said."""
    env = dict(os.environ, GIT_TERMINAL_PROMPT="0")     # a wrong URL must fail, not ask for a password
    try:
        r = subprocess.run(["git", *GIT_CONFIG, *args], cwd=cwd, env=env, capture_output=True, text=True)
    except FileNotFoundError:
        raise FetchError("git is not installed (Debian's package git)")
    if r.returncode != 0:
        lines = [line.strip() for line in r.stderr.splitlines() if line.strip()]
        said = " / ".join([x for x in lines if x.startswith(("fatal:", "error:"))][-2:] or lines[-2:])
        raise FetchError("`git %s` failed (exit %d): %s" % (" ".join(args), r.returncode, said or "no message"))
    return r.stdout


def fetch(dest, base, pins, git=run_git, log=None):
    """The shallow clones into dest (which must not exist), in order: MicroPython at its tag, then
    each submodule by its commit (a submodule's commit is no branch's tip, so it is fetched by id)."""
    def url(repo):
        return "%s/%s" % (base.rstrip("/"), repo)
    _say(log, "cloning MicroPython %s from %s ..." % (pins.tag, url(MICROPYTHON_REPO)))
    git(["clone", "-q", "--depth", "1", "--branch", pins.tag, url(MICROPYTHON_REPO), dest])
    wrong = micropython_problems(dest, pins, git)      # before fetching some 200 MB for a wrong tag
    if wrong:
        raise TreeError("what %s gave is not as pinned: %s" % (base, "; ".join(wrong)))
    for path, repo, commit in pins.submodules:
        sub = os.path.join(dest, path)
        _say(log, "fetching %s (%s at %s) ..." % (path, repo, commit[:12]))
        git(["init", "-q", sub])
        git(["-C", sub, "remote", "add", "origin", url(repo)])
        git(["-C", sub, "fetch", "-q", "--depth", "1", "origin", commit])
        git(["-C", sub, "checkout", "-q", "--detach", commit])


def problems(dest, pins, git=run_git):
    """What in the tree at dest is not as pinned, as sentences (none: the tree is right)."""
    out = micropython_problems(dest, pins, git)
    for path, _repo, commit in pins.submodules:
        at = _head(os.path.join(dest, path), git)
        if at != commit:
            out.append("%s is at %s, pinned %s" % (path, _short(at), commit[:12]))
    return out


def micropython_problems(dest, pins, git=run_git):
    """MicroPython's own commit, and the submodule commits it records (the tree's own pins),
    against pinned.py."""
    head = _head(dest, git)
    if head != pins.commit:
        return ["MicroPython is at %s, pinned %s (%s)" % (_short(head), pins.commit[:12], pins.tag)]
    recorded = _gitlinks(dest, [p for p, _r, _c in pins.submodules], git)
    return ["MicroPython %s records %s at %s, pinned.py says %s"
            % (pins.tag, path, _short(recorded.get(path)), commit[:12])
            for path, _repo, commit in pins.submodules if recorded.get(path) != commit]


def _head(repo, git):
    """The commit checked out in repo, or None where repo is no git checkout of its own (a plain
    `git -C` there would answer for the enclosing tree)."""
    if not os.path.exists(os.path.join(repo, ".git")):
        return None
    try:
        return git(["-C", repo, "rev-parse", "HEAD"]).strip()
    except FetchError:
        return None


def _gitlinks(dest, paths, git):
    """{path: commit} of the submodules the checked-out MicroPython commit records at paths."""
    try:
        listing = git(["-C", dest, "ls-tree", "HEAD", "--", *paths])
    except FetchError:
        return {}
    out = {}
    for line in listing.splitlines():
        meta, _tab, path = line.partition("\t")
        _mode, kind, sha = meta.split()
        if kind == "commit":
            out[path] = sha
    return out


def _short(commit):
    return commit[:12] if commit else "nothing (not fetched)"


def _say(log, text):
    if log:
        log(text)


def _stamp_text(pins):
    return json.dumps(pins._asdict(), sort_keys=True)


def trusted(dest, pins):
    """Whether dest was fetched whole for these pins (its stamp, written last, says so)."""
    try:
        with open(stamp_path(dest), encoding="utf-8") as f:
            return os.path.isdir(dest) and f.read() == _stamp_text(pins)
    except OSError:
        return False


def _discard(*paths):
    for p in paths:
        if os.path.isdir(p) and not os.path.islink(p):
            shutil.rmtree(p)
        elif os.path.lexists(p):
            os.remove(p)


def ensure(pins=None, base=None, git=run_git, log=None, dest=None):
    """The path of a whole tree at the pins: the stamped one in .cache/, checked, else a new clone.
    TreeError says what is wrong; nothing half-made is left to be trusted later."""
    pins = pins or current_pins()
    base = base or os.environ.get(BASE_ENV) or DEFAULT_BASE
    dest = dest or tree_dir(pins)
    os.makedirs(os.path.dirname(dest), exist_ok=True)
    # Two builds started at once (BOARD=pico and BOARD=pico_w in two shells): the second waits,
    # then finds the first one's stamp, instead of both cloning into the same .partial.
    with open(dest + ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not trusted(dest, pins):
            _fetch_anew(dest, base, pins, git, log)
            return dest
    wrong = problems(dest, pins, git)
    if wrong:
        raise TreeError("the MicroPython tree %s is not as pinned: %s. Remove it (and %s) and run "
                        "make firmware again to fetch it anew"
                        % (_rel(dest), "; ".join(wrong), os.path.basename(stamp_path(dest))))
    return dest


def _fetch_anew(dest, base, pins, git, log):
    """Clones into dest.partial, checks, renames to dest, then stamps: in this order only."""
    partial = dest + ".partial"
    if os.path.lexists(dest) or os.path.lexists(partial):
        _say(log, "%s: an unfinished fetch, removed" % _rel(dest))
    _discard(stamp_path(dest), dest, partial)
    try:
        fetch(partial, base, pins, git, log)
        wrong = problems(partial, pins, git)
        if wrong:
            raise TreeError("what %s gave is not as pinned: %s" % (base, "; ".join(wrong)))
        os.rename(partial, dest)
    except BaseException:       # an interrupt too: no half tree stays behind
        _discard(partial, dest)
        raise
    with open(stamp_path(dest), "w", encoding="utf-8") as f:
        f.write(_stamp_text(pins))
    _say(log, "MicroPython %s and its %d submodules in %s" % (pins.tag, len(pins.submodules), _rel(dest)))


def offline_help(pins):
    subs = "\n".join("    %-22s %s at %s" % (p, r, c[:12]) for p, r, c in pins.submodules)
    return ("make firmware gets its own MicroPython tree (shallow clones from %s, set by %s) and "
            "needs internet for it.\nWithout internet, give MICROPY_DIR=/path/to/micropython: "
            "MicroPython %s (%s) with, under lib/,\n%s\nand PICOTOOL_FETCH_FROM_GIT_PATH=<folder with "
            "picotool %s built> (docs/firmware.md, \"Getting the tree\")."
            % (DEFAULT_BASE, BASE_ENV, pins.tag, pins.commit[:12], subs, pinned.PICOTOOL_TAG))


def main(argv=None):
    argparse.ArgumentParser(prog="python -m host_tools.board.firmware.fetch_tree",
                            description=__doc__.split("\n\n")[0]).parse_args(argv)
    pins = current_pins()
    err = lambda text: print(text, file=sys.stderr, flush=True)
    try:
        dest = ensure(pins, log=lambda text: err("make firmware: " + text))
    except FetchError as e:
        err("make firmware: could not get MicroPython %s's tree: %s\n%s" % (pins.tag, e, offline_help(pins)))
        return 2
    except (TreeError, OSError) as e:
        err("make firmware: %s" % e)
        return 2
    except KeyboardInterrupt:
        err("make firmware: interrupted; the unfinished tree was removed")
        return 2
    print(dest)
    return 0


if __name__ == "__main__":
    from host_tools.cli_io import run_command
    sys.exit(run_command(main))
