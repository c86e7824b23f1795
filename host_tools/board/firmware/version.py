"""What our firmware says it is: MicroPython's tag and commit, and the scoreboard's commit.

    v1.28.0 e0e9fbb17e, scoreboard aa15b22c3d on 2026-12-06

The build gives the first part to MicroPython's py/makeversionhdr.py as MICROPY_GIT_TAG (it reads
the environment before it asks git), so the REPL banner ("MicroPython <tag> on <date>; Scoreboard on
Raspberry Pi Pico with RP2040"), os.uname().version ("<tag> on <date> (GNU 12.2.1 MinSizeRel)": the
compiler and build type follow), sys.version and picotool's program version all say it, however the
MicroPython tree was made. Left to itself the script takes the commit of whatever git repository
holds the tree: a copy inside another repository said "9b0598c5da-dirty" (that repository's
commit), a copy outside any said "v1.28.0" alone.

`make flash` and `make deploy` read it back as os.uname().version and a UF2's from its image
(from_image, the same words); the console's `ver` prints the banner's line.
"""
import os
import re
import subprocess

from host_tools.board.firmware import pinned

# What makes the scoreboard part of the firmware: a change under these paths marks its commit dirty.
FROZEN_FROM = ("firmware", "boards", "host_tools/board/firmware", "host_tools/board/staging.py",
               "host_tools/board/boards.py", "requirements.txt")
# os.uname().version as the image holds it: "<tag> on <date>[ (<compiler> <build type>)]" alone
# between NULs; and the banner, "MicroPython <tag> on <date>", for an image without the former.
_UNAME = re.compile(rb"(?<![\x20-\x7e])(v[\x20-\x7e]+? on \d{4}-\d{2}-\d{2} \([\x20-\x7e]+\))\x00")
_BANNER = re.compile(rb"MicroPython (v[\x20-\x7e]+? on \d{4}-\d{2}-\d{2})\x00")


def _git(folder, *args):
    """git's output in `folder`, stripped, or None when git or the repository is not there."""
    try:
        r = subprocess.run(["git", "-C", folder] + list(args), capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return r.stdout.strip() if r.returncode == 0 else None


def _own_repository(folder):
    """True when `folder` is the top of its own git repository (not a copy inside another one)."""
    top = _git(folder, "rev-parse", "--show-toplevel")
    return bool(top) and os.path.realpath(top) == os.path.realpath(folder)


def micropython(micropy_dir, release):
    """(tag, short commit) of the tree: git's, as makeversionhdr.py asks it, when the tree is its
    own repository; else the pinned tag and commit when py/mpconfig.h says that release
    (`release`: (major, minor, micro, prerelease) from it), else "v<version>[-preview]" and "".
    The tag is checked: build.check_tree refuses any other version."""
    if _own_repository(micropy_dir):
        tag = _git(micropy_dir, "describe", "--tags", "--dirty", "--always", "--match", "v[1-9].*", "--abbrev=10")
        return tag, _git(micropy_dir, "rev-parse", "--short=10", "HEAD") or ""
    version, prerelease = tuple(release[:3]), release[3]
    tag = "v%d.%d.%d%s" % (version + ("-preview" if prerelease else "",))
    if version == pinned.MICROPYTHON_VERSION and not prerelease:
        return tag, pinned.MICROPYTHON_COMMIT[:10]
    return tag, ""


def scoreboard(root):
    """(the checkout's short commit, "-dirty" when what the firmware is made from differs from
    it, the commit's time) or (None, "", None) outside git."""
    commit = _git(root, "rev-parse", "--short=10", "HEAD")
    if not commit:
        return None, "", None
    changed = _git(root, "status", "--porcelain", "--", *FROZEN_FROM)
    when = _git(root, "log", "-1", "--format=%ct")
    return commit, "-dirty" if changed else "", int(when) if when else None


def tag(mp_tag, mp_commit, commit, dirty, tree):
    """The tag the firmware says: "v1.28.0 e0e9fbb17e, scoreboard aa15b22c3d[-dirty]"; outside git
    the scoreboard is named by its frozen tree's id ("scoreboard tree b936e7e24da60ef8")."""
    ours = "scoreboard %s%s" % (commit, dirty) if commit else "scoreboard tree %s" % tree
    return "%s%s, %s" % (mp_tag, " " + mp_commit if mp_commit else "", ours)


def build_env(micropy_dir, release, root, tree):
    """The environment makeversionhdr.py reads: MICROPY_GIT_TAG, MICROPY_GIT_HASH, and for a clean
    commit SOURCE_DATE_EPOCH (its time: the same commit builds the same date); otherwise the build
    is dated the day it runs."""
    mp_tag, mp_commit = micropython(micropy_dir, release)
    commit, dirty, when = scoreboard(root)
    env = {"MICROPY_GIT_TAG": tag(mp_tag, mp_commit, commit, dirty, tree),
           "MICROPY_GIT_HASH": mp_commit or "<no hash>"}
    if commit and not dirty and when:
        env["SOURCE_DATE_EPOCH"] = str(when)
    return env


def from_header(path):
    """"<tag> on <date>" as the generated genhdr/mpversion.h states it (os.uname().version)."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    got = dict(re.findall(r'#define (MICROPY_GIT_TAG|MICROPY_BUILD_DATE) "([^"]*)"', text))
    return "%s on %s" % (got["MICROPY_GIT_TAG"], got["MICROPY_BUILD_DATE"])


def from_image(payload):
    """os.uname().version as a firmware image holds it, or its banner's "<tag> on <date>" when it
    holds no such words (an image built without a build type), or None: no MicroPython banner."""
    m = _UNAME.search(payload) or _BANNER.search(payload)
    return m.group(1).decode("ascii") if m else None


def same(a, b):
    """Whether two os.uname().version texts name the same firmware: equal once the compiler and
    build type MicroPython appends ("(GNU 12.2.1 MinSizeRel)") are left aside."""
    return bool(a and b) and _words(a) == _words(b)


def _words(said):
    return re.sub(r" \([^()]*\)$", "", said)


def parse(version):
    """{"micropython", "commit", "scoreboard", "date", "build"} of an os.uname().version; the
    official firmware's ("v1.24.1 on 2024-11-29 (GNU 13.2.1 MinSizeRel)") has no commit nor
    scoreboard (None). None for words that are no version."""
    m = re.match(r"^(v[^\s,]+)(?: (\w+))?(?:, scoreboard (.+?))? on (\d{4}-\d{2}-\d{2})(?: \((.*)\))?$",
                 version or "")
    if not m:
        return None
    return dict(zip(("micropython", "commit", "scoreboard", "date", "build"), m.groups()))
