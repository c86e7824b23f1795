"""The version our firmware says, without MicroPython's source: v1.28.0 with the tree's commit and
the scoreboard's, however the tree was made (a git checkout of its own, a copy inside another
repository, a copy outside any); the scoreboard's commit marked dirty only by what the firmware is
made from; a UF2's version read from its bytes. Where a MicroPython tree is at hand ($MICROPY_DIR),
its own py/makeversionhdr.py writes our tag into the header; where a UF2 is built, it says it."""
import os
import shutil
import subprocess

import pytest

from host_tools.board import boards
from host_tools.board.firmware import build, layout, pinned, uf2, version

RELEASE = pinned.MICROPYTHON_VERSION + (0,)
NEW = "v1.28.0 e0e9fbb17e, scoreboard aa15b22c3d on 2026-12-07 (GNU 12.2.1 MinSizeRel)"


def git(folder, *args):
    env = dict(os.environ, GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@t", GIT_COMMITTER_NAME="t",
               GIT_COMMITTER_EMAIL="t@t")
    return subprocess.run(["git", "-C", str(folder)] + list(args), check=True, capture_output=True,
                          text=True, env=env).stdout.strip()


def repository(folder, files):
    folder.mkdir(parents=True, exist_ok=True)
    for rel, text in files.items():
        (folder / rel).parent.mkdir(parents=True, exist_ok=True)
        (folder / rel).write_text(text)
    git(folder, "init", "-q")
    git(folder, "add", "-A")
    git(folder, "commit", "-q", "-m", "one")
    return git(folder, "rev-parse", "--short=10", "HEAD")


def mpconfig(prerelease=0):
    return ("#define MICROPY_VERSION_MAJOR 1\n#define MICROPY_VERSION_MINOR 28\n"
            "#define MICROPY_VERSION_MICRO 0\n#define MICROPY_VERSION_PRERELEASE %d\n" % prerelease)


def test_a_tree_copied_inside_another_repository_says_the_pinned_tag_not_that_repositorys_commit(tmp_path):
    outer = tmp_path / "checkout"
    repository(outer, {"README": "x", "mp/py/mpconfig.h": mpconfig()})
    assert version.micropython(str(outer / "mp"), RELEASE) == ("v1.28.0", "e0e9fbb17e")


def test_a_tree_outside_any_repository_says_the_pinned_tag_or_preview(tmp_path):
    (tmp_path / "mp").mkdir()
    assert version.micropython(str(tmp_path / "mp"), RELEASE) == ("v1.28.0", "e0e9fbb17e")
    assert version.micropython(str(tmp_path / "mp"), (1, 28, 0, 1)) == ("v1.28.0-preview", "")


def test_a_tree_that_is_its_own_checkout_says_what_git_says(tmp_path):
    mp = tmp_path / "mp"
    commit = repository(mp, {"py/mpconfig.h": mpconfig()})
    git(mp, "tag", "v1.28.0")
    assert version.micropython(str(mp), RELEASE) == ("v1.28.0", commit)
    (mp / "py" / "mpconfig.h").write_text(mpconfig() + "// changed\n")
    assert version.micropython(str(mp), RELEASE) == ("v1.28.0-dirty", commit)


def test_the_scoreboards_commit_is_dirty_only_for_what_the_firmware_is_made_from(tmp_path):
    root = tmp_path / "scoreboard"
    commit = repository(root, {"firmware/main.py": "x\n", "docs/a.md": "a\n", "boards/pico/unused.h": "\n"})
    got, dirty, when = version.scoreboard(str(root))
    assert (got, dirty) == (commit, "") and when > 0
    (root / "docs" / "a.md").write_text("b\n")
    assert version.scoreboard(str(root))[1] == ""
    (root / "firmware" / "new.py").write_text("y\n")
    assert version.scoreboard(str(root))[1] == "-dirty"
    assert version.scoreboard(str(tmp_path / "none")) == (None, "", None)


def test_the_tag_and_the_environment_makeversionhdr_reads(tmp_path):
    assert version.tag("v1.28.0", "e0e9fbb17e", "aa15b22c3d", "", "b936") == "v1.28.0 e0e9fbb17e, scoreboard aa15b22c3d"
    assert version.tag("v1.28.0", "", None, "", "b936e7e24da60ef8") == "v1.28.0, scoreboard tree b936e7e24da60ef8"
    root = tmp_path / "scoreboard"
    commit = repository(root, {"firmware/main.py": "x\n"})
    env = version.build_env(str(tmp_path / "mp-copy"), RELEASE, str(root), "b936")
    assert env["MICROPY_GIT_TAG"] == "v1.28.0 e0e9fbb17e, scoreboard %s" % commit
    assert env["MICROPY_GIT_HASH"] == "e0e9fbb17e"
    assert int(env["SOURCE_DATE_EPOCH"]) > 0                 # a clean commit: dated by its commit
    (root / "firmware" / "main.py").write_text("y\n")
    env = version.build_env(str(tmp_path / "mp-copy"), RELEASE, str(root), "b936")
    assert env["MICROPY_GIT_TAG"].endswith("-dirty") and "SOURCE_DATE_EPOCH" not in env


def test_a_uf2s_version_is_read_from_its_bytes_and_parsed():
    payload = (b"\x01\x02" + b"MicroPython v1.28.0 e0e9fbb17e, scoreboard aa15b22c3d on 2026-12-07\x00"
               + b"\x00\x00" + NEW.encode() + b"\x00")
    assert version.from_image(payload) == NEW
    assert version.from_image(payload[:payload.index(b"\x00") + 1]) == NEW.rsplit(" (", 1)[0]   # the banner alone
    assert version.from_image(b"no banner") is None
    assert version.parse(NEW) == {"micropython": "v1.28.0", "commit": "e0e9fbb17e", "scoreboard": "aa15b22c3d",
                                  "date": "2026-12-07", "build": "GNU 12.2.1 MinSizeRel"}
    official = version.parse("v1.24.1 on 2024-11-29 (GNU 13.2.0 MinSizeRel)")
    assert official["micropython"] == "v1.24.1" and official["scoreboard"] is None
    assert version.parse("9b0598c5da-dirty on 2026-12-06") is None
    assert version.same(NEW, NEW.rsplit(" (", 1)[0]) and not version.same(NEW, NEW.replace("aa15", "bb15"))
    assert not version.same(None, None)


def tree_at_hand():
    path = os.environ.get("MICROPY_DIR")
    if not path or not os.path.isfile(os.path.join(path, "py", "makeversionhdr.py")):
        pytest.skip("no MicroPython tree at hand ($MICROPY_DIR)")
    return path


def test_makeversionhdr_writes_our_tag_even_in_a_copy_inside_another_repository(tmp_path):
    """MicroPython's own script, copied with py/mpconfig.h into a git repository of ours: left to
    itself it takes that repository's commit (the bug); with our environment, our tag."""
    tree = tree_at_hand()
    outer = tmp_path / "checkout"
    (outer / "mp" / "py").mkdir(parents=True)
    for name in ("makeversionhdr.py", "mpconfig.h"):
        shutil.copy(os.path.join(tree, "py", name), str(outer / "mp" / "py" / name))
    commit = repository(outer, {"README": "x"})
    script, header = str(outer / "mp" / "py" / "makeversionhdr.py"), str(tmp_path / "mpversion.h")
    bare = {k: v for k, v in os.environ.items() if k not in ("MICROPY_GIT_TAG", "MICROPY_GIT_HASH")}
    subprocess.run(["python3", script, header], check=True, capture_output=True, env=bare)
    assert version.from_header(header).startswith(commit)           # what it did without us
    env = dict(bare, **version.build_env(str(outer / "mp"), build.tree_release(tree), str(outer), "b936"))
    subprocess.run(["python3", script, header], check=True, capture_output=True, env=env)
    said = version.parse(version.from_header(header))
    assert (said["micropython"], said["commit"], said["scoreboard"]) == ("v1.28.0", "e0e9fbb17e", commit)


@pytest.mark.parametrize("board", boards.firmware_boards())
def test_a_built_uf2_says_the_version_its_build_wrote(board):
    path = build.uf2_path(board)
    header = os.path.join(layout.OUT, board, "cmake", "genhdr", "mpversion.h")
    if not (os.path.exists(path) and os.path.exists(header)):
        pytest.skip("%s is not built (make firmware BOARD=%s MICROPY_DIR=...)" % (board, board))
    said = uf2.read(path).version
    assert said.startswith(version.from_header(header) + " (")
    got = version.parse(said)
    assert (got["micropython"], got["commit"]) == (pinned.MICROPYTHON_TAG, pinned.MICROPYTHON_COMMIT[:10])
    assert got["scoreboard"]
