"""`make firmware` getting its own MicroPython tree, without internet: small local git repositories
stand in for GitHub (MICROPY_GIT_BASE=file://...), with pins made of their own commit ids."""
import os
import shutil
import subprocess

import pytest

from host_tools.board import boards
from host_tools.board.firmware import fetch_tree, pinned

TAG = pinned.MICROPYTHON_TAG
SUBMODULE_REPOS = [(p, r) for p, r, _c in pinned.SUBMODULES]


def _git(*args, cwd=None):
    return subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, text=True).stdout.strip()


def _commit(work, name, text):
    with open(os.path.join(work, name), "w") as f:
        f.write(text)
    _git("add", name, cwd=work)
    _git("commit", "-q", "-m", name, cwd=work)
    return _git("rev-parse", "HEAD", cwd=work)


def _publish(work, base, repo):
    """work as a bare repository at base/repo, as GitHub serves it."""
    bare = os.path.join(base, repo)
    os.makedirs(os.path.dirname(bare), exist_ok=True)
    _git("clone", "-q", "--bare", work, bare)
    return bare


def _submodule(tmp, base, path, repo):
    """A repository of two commits; the first is pinned (a pinned commit is no branch's tip)."""
    work = os.path.join(tmp, "work", repo)
    os.makedirs(work)
    _git("init", "-q", work)
    first = _commit(work, "README", "%s at its pinned commit\n" % path)
    _commit(work, "README", "%s later\n" % path)
    _publish(work, base, repo)
    return first


def _micropython(tmp, base, links, at_tag=True):
    """MicroPython's repository: its tag records each submodule at links[path]. With at_tag False
    the tag is on a later commit than the returned one."""
    work = os.path.join(tmp, "work", "micropython")
    os.makedirs(os.path.join(work, "py"))
    _git("init", "-q", work)
    for path, commit in links.items():
        _git("update-index", "--add", "--cacheinfo", "160000,%s,%s" % (commit, path), cwd=work)
    first = _commit(work, "py/mpconfig.h", "#define MICROPY_VERSION_MINOR 28\n")
    if not at_tag:
        _commit(work, "README", "a later commit\n")
    _git("tag", "-a", TAG, "-m", TAG, cwd=work)
    _publish(work, base, fetch_tree.MICROPYTHON_REPO)
    return first


GIT_ENV = {"GIT_AUTHOR_NAME": "test", "GIT_AUTHOR_EMAIL": "test@example.invalid",
           "GIT_COMMITTER_NAME": "test", "GIT_COMMITTER_EMAIL": "test@example.invalid",
           "GIT_CONFIG_GLOBAL": os.devnull}


@pytest.fixture(scope="module")
def github(tmp_path_factory):
    """(folder, pins) of a small GitHub, made once: MicroPython and the rp2 submodules."""
    tmp = str(tmp_path_factory.mktemp("upstream"))
    base = os.path.join(tmp, "github")
    with pytest.MonkeyPatch.context() as mp:
        for k, v in GIT_ENV.items():
            mp.setenv(k, v)
        subs = tuple((p, r, _submodule(tmp, base, p, r)) for p, r in SUBMODULE_REPOS)
        top = _micropython(tmp, base, {p: c for p, _r, c in subs})
    return base, fetch_tree.Pins(TAG, top, subs)


@pytest.fixture
def upstream(github, tmp_path, monkeypatch):
    """(base URL, pins) of this test's own copy of the small GitHub, and an empty .cache/."""
    for k, v in GIT_ENV.items():
        monkeypatch.setenv(k, v)
    shutil.copytree(github[0], str(tmp_path / "github"))
    monkeypatch.setattr(fetch_tree, "CACHE", str(tmp_path / "cache"))
    return "file://" + str(tmp_path / "github"), github[1]


class Recorder:
    """run_git, with every command kept in order."""
    def __init__(self, stop_after=None):
        self.calls, self.stop_after = [], stop_after

    def __call__(self, args, cwd=None):
        self.calls.append(args)
        if self.stop_after and self.stop_after(args):
            raise KeyboardInterrupt
        return fetch_tree.run_git(args, cwd)

    def fetches(self):
        """The commands that get something (clone, init, remote, fetch, checkout), not the checks."""
        return [c for c in self.calls if "rev-parse" not in c and "ls-tree" not in c]


def _left(cache):
    """What is in .cache/ besides the fetch's lock file (an empty file, kept)."""
    names = os.listdir(cache) if os.path.isdir(cache) else []
    return sorted(n for n in names if not n.endswith(".lock"))


def test_a_fetch_clones_micropython_at_its_tag_then_each_submodule_at_its_commit_in_order(upstream):
    base, pins = upstream
    git = Recorder()
    dest = fetch_tree.ensure(pins, base, git)
    part = dest + ".partial"
    want = [["clone", "-q", "--depth", "1", "--branch", TAG, base + "/micropython/micropython", part]]
    for path, repo, commit in pins.submodules:
        sub = os.path.join(part, path)
        want += [["init", "-q", sub], ["-C", sub, "remote", "add", "origin", base + "/" + repo],
                 ["-C", sub, "fetch", "-q", "--depth", "1", "origin", commit],
                 ["-C", sub, "checkout", "-q", "--detach", commit]]
    assert git.fetches() == want
    assert dest == os.path.join(fetch_tree.CACHE, "micropython-" + TAG)
    assert _left(fetch_tree.CACHE) == ["micropython-%s" % TAG, "micropython-%s.complete" % TAG]
    for path, _repo, commit in pins.submodules:
        with open(os.path.join(dest, path, "README")) as f:
            assert f.read() == "%s at its pinned commit\n" % path
        assert _git("-C", os.path.join(dest, path), "rev-parse", "HEAD") == commit
    # The shallow clones hold one commit each; MicroPython's tree reads clean with its submodules,
    # so its version script (git describe --dirty) names the tag, not a commit or "-dirty".
    assert _git("-C", os.path.join(dest, "lib/lwip"), "rev-list", "--count", "HEAD") == "1"
    assert _git("-C", dest, "status", "--porcelain") == ""
    assert _git("-C", dest, "describe", "--tags", "--dirty", "--always", "--match", "v[1-9].*") == TAG
    # A later run trusts the stamped tree after checking it: it fetches nothing.
    again = Recorder()
    assert fetch_tree.ensure(pins, base, again) == dest and again.fetches() == []


def test_micropython_s_tag_at_another_commit_is_refused_and_nothing_is_left(upstream, tmp_path):
    base, pins = upstream
    shutil.rmtree(str(tmp_path / "github" / "micropython" / "micropython"))
    pinned_commit = _micropython(str(tmp_path), base[len("file://"):],
                                 {p: c for p, _r, c in pins.submodules}, at_tag=False)
    git = Recorder()
    with pytest.raises(fetch_tree.TreeError, match="MicroPython is at [0-9a-f]{12}, pinned %s \\(%s\\)"
                       % (pinned_commit[:12], TAG)):
        fetch_tree.ensure(pins._replace(commit=pinned_commit), base, git)
    assert [c[0] for c in git.fetches()] == ["clone"]      # refused before any submodule is fetched
    assert _left(fetch_tree.CACHE) == []


def test_pinned_py_disagreeing_with_the_tag_s_own_submodule_pins_is_refused(upstream):
    base, pins = upstream
    # pinned.py names lwip's later commit: it can be fetched, but MicroPython's tag records another.
    later = _git("ls-remote", base + "/lwip-tcpip/lwip", "HEAD").split()[0]
    subs = tuple((p, r, later if p == "lib/lwip" else c) for p, r, c in pins.submodules)
    lwip_pin = dict((p, c) for p, _r, c in pins.submodules)["lib/lwip"]
    git = Recorder()
    with pytest.raises(fetch_tree.TreeError) as e:
        fetch_tree.ensure(pins._replace(submodules=subs), base, git)
    assert [c[0] for c in git.fetches()] == ["clone"]
    assert "MicroPython %s records lib/lwip at %s, pinned.py says %s" % (TAG, lwip_pin[:12], later[:12]) in str(e.value)
    assert _left(fetch_tree.CACHE) == []


def _main(capsys, pins, monkeypatch, base):
    monkeypatch.setenv(fetch_tree.BASE_ENV, base)
    monkeypatch.setattr(fetch_tree, "current_pins", lambda: pins)
    code = fetch_tree.main([])
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return code, out, err


def test_a_failed_clone_exits_2_saying_how_to_give_MICROPY_DIR_and_leaves_no_half_tree(
        upstream, tmp_path, monkeypatch, capsys):
    base, pins = upstream
    btstack = str(tmp_path / "github" / "bluekitchen" / "btstack")
    os.rename(btstack, btstack + ".away")        # the sixth of seven submodules cannot be fetched
    code, out, err = _main(capsys, pins, monkeypatch, base)
    assert code == 2 and out == ""
    assert "could not get MicroPython %s's tree" % TAG in err and "bluekitchen/btstack" in err
    assert "MICROPY_DIR=/path/to/micropython" in err and "lib/pico-sdk" in err
    assert _left(fetch_tree.CACHE) == []
    # Once it can be fetched, the next run fetches the whole tree and prints where it is.
    os.rename(btstack + ".away", btstack)
    code, out, err = _main(capsys, pins, monkeypatch, base)
    assert code == 0 and out == fetch_tree.tree_dir(pins) + "\n"
    assert os.path.exists(fetch_tree.stamp_path(fetch_tree.tree_dir(pins)))


def test_an_interrupted_fetch_leaves_nothing_and_a_killed_one_is_fetched_again(upstream):
    base, pins = upstream
    # Ctrl-C during the third submodule's fetch: nothing stays.
    stop = Recorder(stop_after=lambda a: "fetch" in a and pins.submodules[2][2] in a)
    with pytest.raises(KeyboardInterrupt):
        fetch_tree.ensure(pins, base, stop)
    assert _left(fetch_tree.CACHE) == []
    # A run killed outright leaves its folders but never the stamp: the next run does not trust
    # them, removes them and fetches everything anew.
    dest = fetch_tree.tree_dir(pins)
    for left in (dest, dest + ".partial"):
        os.makedirs(os.path.join(left, "lib", "lwip"))
    git = Recorder()
    assert fetch_tree.ensure(pins, base, git) == dest
    assert git.fetches()[0][0] == "clone" and len(git.fetches()) == 1 + 4 * len(pins.submodules)
    assert fetch_tree.problems(dest, pins) == []
    # A stamp for other pins (pinned.py moved on) is not trusted either.
    with open(fetch_tree.stamp_path(dest), "w") as f:
        f.write("{}")
    assert not fetch_tree.trusted(dest, pins)


def test_a_fetched_tree_moved_off_its_pinned_commit_is_refused_with_exit_2(upstream, monkeypatch, capsys):
    base, pins = upstream
    dest = fetch_tree.ensure(pins, base)
    lwip = os.path.join(dest, "lib", "lwip")
    _git("-C", lwip, "commit", "-q", "--allow-empty", "-m", "a local change")
    moved = _git("-C", lwip, "rev-parse", "HEAD")
    shutil.rmtree(os.path.join(dest, "lib", "mbedtls", ".git"))
    code, out, err = _main(capsys, pins, monkeypatch, base)
    assert code == 2 and out == ""
    pin = dict((p, c) for p, _r, c in pins.submodules)
    assert "lib/lwip is at %s, pinned %s" % (moved[:12], pin["lib/lwip"][:12]) in err
    assert "lib/mbedtls is at nothing (not fetched), pinned %s" % pin["lib/mbedtls"][:12] in err
    assert "Remove it" in err and os.path.isdir(dest)     # refused, not silently replaced


def test_the_module_fetches_the_submodules_pinned_py_names():
    pins = fetch_tree.current_pins()
    assert pins == (pinned.MICROPYTHON_TAG, pinned.MICROPYTHON_COMMIT, pinned.SUBMODULES)
    assert [p for p, _r, _c in pins.submodules] == [
        "lib/pico-sdk", "lib/tinyusb", "lib/micropython-lib", "lib/cyw43-driver", "lib/lwip",
        "lib/btstack", "lib/mbedtls"]
    assert fetch_tree.DEFAULT_BASE == "https://github.com"


def test_make_firmware_without_internet_or_MICROPY_DIR_exits_2_saying_how_to_give_it():
    """The Makefile's wiring: no MICROPY_DIR -> fetch_tree, whose failure stops the target with its
    message (an unreachable base stands in for no internet; a machine with internet stays off it)."""
    if fetch_tree.trusted(fetch_tree.tree_dir(fetch_tree.current_pins()), fetch_tree.current_pins()):
        pytest.skip("a fetched tree is in .cache/: make firmware would build from it")
    env = {k: v for k, v in os.environ.items() if k not in ("MICROPY_DIR", "MAKEFLAGS", "MFLAGS")}
    env[fetch_tree.BASE_ENV] = "file:///nonexistent-github"
    r = subprocess.run(["make", "-s", "--no-print-directory", "firmware", "BOARD=pico"], cwd=boards.ROOT,
                       env=env, capture_output=True, text=True, timeout=300)
    assert r.returncode == 2, r.stdout + r.stderr
    assert "could not get MicroPython %s's tree" % TAG in r.stderr
    assert "give MICROPY_DIR=/path/to/micropython" in r.stderr and "Traceback" not in r.stderr
    assert "arm-none-eabi" not in r.stdout + r.stderr          # it stopped before the toolchain


def test_two_builds_started_at_once_clone_once(upstream):
    import threading
    base, pins = upstream
    gits, got = [Recorder(), Recorder()], []
    threads = [threading.Thread(target=lambda g=g: got.append(fetch_tree.ensure(pins, base, g))) for g in gits]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    assert got == [fetch_tree.tree_dir(pins)] * 2
    assert sorted(len(g.fetches()) for g in gits) == [0, 1 + 4 * len(pins.submodules)]
