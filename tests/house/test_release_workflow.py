"""The release workflow (.github/workflows/): actionlint finds nothing in it, its build steps are
`make firmware` for the four boards and nothing else builds, and its shell steps, run here with a
stand-in `gh`, write a SHA256SUMS that checks and attach the five files to the tag's release."""
import glob
import hashlib
import os
import re
import subprocess
import sys

import pytest
import yaml

from host_tools.board import boards
from host_tools.board.firmware import build

WORKFLOWS = sorted(glob.glob(os.path.join(boards.ROOT, ".github", "workflows", "*.yml")))
RELEASE = os.path.join(boards.ROOT, ".github", "workflows", "release.yml")
BIN = os.path.dirname(sys.executable)       # actionlint and shellcheck come from requirements.txt
UF2S = [os.path.basename(build.uf2_path(b)) for b in boards.firmware_boards()]    # pico, pico_w, pico2, pico2_w


def _actionlint(*paths):
    exe = os.path.join(BIN, "actionlint")
    assert os.path.exists(exe), "actionlint is not installed: pip install -r requirements.txt"
    # shellcheck from the venv, pyflakes off: every machine runs the same checks.
    return subprocess.run([exe, "-shellcheck", os.path.join(BIN, "shellcheck"), "-pyflakes", "", *paths],
                          capture_output=True, text=True, timeout=120)


def _workflow():
    with open(RELEASE, encoding="utf-8") as f:
        return yaml.safe_load(f)


def _steps():
    return [s for job in _workflow()["jobs"].values() for s in job.get("steps", [])]


def test_actionlint_finds_nothing_in_the_workflows():
    assert RELEASE in WORKFLOWS
    r = _actionlint(*WORKFLOWS)
    assert r.returncode == 0 and r.stdout == "", r.stdout + r.stderr


def test_actionlint_does_report_a_broken_workflow(tmp_path):
    """The lint above is no empty pass: a mistake in a copy of the workflow is found."""
    with open(RELEASE, encoding="utf-8") as f:
        text = f.read()
    bad = tmp_path / "release.yml"
    bad.write_text(text.replace("${{ github.ref_name }}", "${{ github.ref_nam }}")
                   .replace("timeout-minutes:", "timeout-minute:"))
    r = _actionlint(str(bad))
    assert r.returncode == 1, r.stdout + r.stderr
    assert 'property "ref_nam" is not defined' in r.stdout and 'unexpected key "timeout-minute"' in r.stdout


def test_a_tag_v_star_runs_it_and_each_action_is_pinned_by_commit():
    wf = _workflow()
    on = wf.get("on", wf.get(True))             # YAML 1.1 reads the key `on` as true
    assert on == {"push": {"tags": ["v*"]}}
    uses = [s["uses"] for s in _steps() if "uses" in s]
    assert uses and all(re.fullmatch(r"[\w.-]+/[\w.-]+@[0-9a-f]{40}", u) for u in uses), uses


def test_its_build_steps_are_make_firmware_for_the_four_boards_and_nothing_else_builds():
    runs = [s.get("run", "") for s in _steps()]
    built = [m.group(1) for r in runs for m in [re.fullmatch(r"make firmware BOARD=(\w+)", r.strip())] if m]
    assert sorted(built) == sorted(boards.firmware_boards())
    text = "\n".join(runs)
    # No second copy of the build: the tree, the toolchain and the build all come from the target.
    for other in ("cmake", "firmware.build", "git clone", "git submodule", "apt-get", "MICROPY_DIR", "pip "):
        assert other not in text, other
    wf = _workflow()
    envs = [wf.get("env", {})] + [j.get("env", {}) for j in wf["jobs"].values()] + [s.get("env", {}) for s in _steps()]
    assert not any("MICROPY_DIR" in e for e in envs)      # so `make firmware` fetches its own tree


def _step(name):
    (step,) = [s for s in _steps() if s.get("name") == name]
    return step


def _run_step(step, root, env):
    """A run: step as GitHub runs it (bash -e -o pipefail) in its working-directory under root."""
    cwd = os.path.join(root, step.get("working-directory", "."))
    return subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", step["run"]],
                          cwd=cwd, env=env, capture_output=True, text=True, timeout=60)


def _fake_gh(tmp_path, release_exists):
    """A `gh` that logs its arguments; `gh release view` says whether the release exists."""
    bindir = tmp_path / "bin"
    bindir.mkdir(exist_ok=True)
    gh = bindir / "gh"
    gh.write_text('#!/bin/bash\necho "$*" >> "%s"\n[ "$1 $2" != "release view" ] || exit %d\n'
                  % (tmp_path / "gh.log", 0 if release_exists else 1))
    gh.chmod(0o755)
    return dict(os.environ, PATH="%s:%s" % (bindir, os.environ["PATH"]), TAG="v9.9.9",
                GH_TOKEN="x", GH_REPO="owner/repo")


@pytest.mark.parametrize("release_exists", [False, True])
def test_its_sums_check_and_the_five_files_go_to_the_tag_s_release(tmp_path, release_exists):
    out = tmp_path / "build" / "firmware"
    out.mkdir(parents=True)
    for i, name in enumerate(UF2S):
        (out / name).write_bytes(bytes([i]) * (512 * (i + 1)))
    env = _fake_gh(tmp_path, release_exists)
    r = _run_step(_step("SHA-256 sums"), str(tmp_path), env)
    assert r.returncode == 0, r.stderr
    sums = (out / "SHA256SUMS").read_text().splitlines()
    assert sums == ["%s  %s" % (hashlib.sha256((out / n).read_bytes()).hexdigest(), n) for n in UF2S]
    assert subprocess.run(["sha256sum", "-c", "SHA256SUMS"], cwd=str(out), capture_output=True).returncode == 0
    r = _run_step(_step("Attach to the release"), str(tmp_path), env)
    assert r.returncode == 0, r.stderr
    calls = (tmp_path / "gh.log").read_text().splitlines()
    files = " ".join(UF2S + ["SHA256SUMS"])
    if release_exists:
        assert calls == ["release view v9.9.9", "release upload v9.9.9 %s --clobber" % files]
    else:
        assert calls == ["release view v9.9.9",
                         "release create v9.9.9 %s --verify-tag --title v9.9.9 --generate-notes" % files]


def test_a_missing_uf2_fails_the_sums_step(tmp_path):
    out = tmp_path / "build" / "firmware"
    out.mkdir(parents=True)
    for name in UF2S[:-1]:
        (out / name).write_bytes(b"x")
    r = _run_step(_step("SHA-256 sums"), str(tmp_path), _fake_gh(tmp_path, False))
    assert r.returncode != 0 and UF2S[-1] in r.stderr
