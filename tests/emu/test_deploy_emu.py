"""`make deploy` onto the emulated Pico (real MicroPython v1.24.1) over its USB console: the real
mpremote CLI through a pty, with no network (proxies pointed at a closed port, no `mip`). A blank
board is deployed and boots to the start screen; a game is started by the buttons; a second
deploy (one file changed, a stale module to remove) keeps the game, which resumes exactly as the
table was before the deploy; a board whose MicroPython is refused is reset and keeps running its game.
Marked `emu` (slow: every reset boots the firmware, ~1.5 min of wall clock); skipped without the
UF2 (docs/emulator.md)."""
import os
import shutil

import pytest

from host_tools import _paths  # noqa: F401  (firmware/ importable)
from host_tools.dev.emu import OFFICIAL_ONLY, UF2_HELP, find_uf2, runs_ours

import game_data

pytestmark = [pytest.mark.emu, pytest.mark.skipif(find_uf2() is None, reason=UF2_HELP),
              pytest.mark.skipif(runs_ours(), reason=OFFICIAL_ONLY)]
# The game started on the board: the one with role "deploy" (tests/kinds/<kind>/data.py).
DEPLOY_KIND = game_data.for_role("deploy")


def start_game():
    """A game of the "deploy" game with one action saved: its tests/kinds/<kind>/emu.txt (kept
    in step with the screens by its owner) up to its second screenshot."""
    path = _paths.emu_script(DEPLOY_KIND)
    out, shots = [], 0
    with open(path, encoding="utf-8") as f:
        for line in f:
            words = line.split("#", 1)[0].split()
            if not words:
                continue
            if words[0] == "shot":
                shots += 1
                if shots == 2:
                    break
                continue
            out.append(" ".join(words))
    return out


def _sim_screens(image, lines):
    """The CPython simulator on the same flash image: its first screen, then after each line."""
    from emu_vs_sim import Sim
    sim = Sim(image)
    out = [bytes(sim.board.panel.ram)]
    for text in lines:
        sim.runner.line(text)
        out.append(bytes(sim.board.panel.ram))
    return out


class Board:
    """The emulated Pico plus mpremote's run(args) for host_tools.board.deploy, recording commands."""

    def __init__(self, pico):
        self.pico, self.log = pico, []

    def __call__(self, args):
        from host_tools.board import deploy
        self.log.append(args[0])
        rc, out = self.pico.mpremote(*args, check=False, timeout=1800)   # a busy machine: slow copies
        if rc != 0:
            raise deploy.DeployError("mpremote %s failed (%d): %s" % (args[0], rc, out[-500:]))
        return out

    def wait_boot(self, frames_before, timeout_ms=60000):
        """After a reset: the driver's clear and the app's first picture, then quiet."""
        pico = self.pico
        assert pico.run_until(lambda: pico.hw_target.frames >= frames_before + 2, timeout_ms), \
            "no boot after the reset; console:\n%s" % pico.console_text()[-1500:]
        pico.settle(1500)
        return pico.screen()

    def wait_screen(self, want, timeout_ms=60000):
        assert self.pico.run_until(lambda: self.pico.screen() == want, timeout_ms), \
            "the panel never showed the expected screen; it shows:\n%s\nconsole:\n%s" % (
                self.pico.screen_text(), self.pico.console_text()[-1500:])
        self.pico.settle()
        assert self.pico.screen() == want


@pytest.fixture(scope="module")
def offline():
    mp = pytest.MonkeyPatch()
    for var in ("http_proxy", "https_proxy", "HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY"):
        mp.setenv(var, "http://127.0.0.1:9")
    mp.delenv("no_proxy", raising=False)
    mp.delenv("NO_PROXY", raising=False)
    yield
    mp.undo()


@pytest.fixture(scope="module")
def staged(tmp_path_factory):
    from host_tools.board import deploy
    base = tmp_path_factory.mktemp("deploy")
    new = deploy.stage("pico", str(base / "new"))
    # The simulator's start screen, from the same firmware files as the staged tree (taken now:
    # in a working tree others edit, the firmware may change while the emulator runs).
    from host_tools.dev.emu import flash
    start = _sim_screens(flash.build_image(), [])[0]
    old = str(base / "old")                 # an older firmware: one more module, another board.py
    shutil.copytree(new, old)
    with open(os.path.join(old, "ui", "retired_screen.mpy"), "wb") as f:
        f.write(open(os.path.join(new, "hw", "clock.mpy"), "rb").read())
    with open(os.path.join(old, "board.py"), "a") as f:
        f.write("# an older board file\n")
    return old, new, start


@pytest.fixture(scope="module")
def deployed(offline, staged):
    """A blank board, `make deploy`'s sync of the older tree over the USB console, reset."""
    from host_tools.board import deploy
    from host_tools.dev.emu import Pico
    pico = Pico(None, None, wall_timeout=2400)
    try:
        pico.boot()
        pico.run_ms(300)
        board = Board(pico)
        plan = deploy.deploy(board, staged[0], log=lambda s: None)
        yield board, plan
    finally:
        pico.close()


def test_blank_board_deployed_offline_boots_to_the_start_screen(deployed, staged):
    from host_tools.board import deploy
    board, plan = deployed
    assert "mip" not in board.log and board.log[0] == "exec" and board.log[-1] == "reset"
    assert sorted(plan.copy) == deploy.staged_files(staged[0]) and not plan.remove
    files = board.pico.list_files()
    for rel in deploy.staged_files(staged[0]):
        assert files["/" + rel] == os.path.getsize(os.path.join(staged[0], rel))
    board.wait_screen(staged[2])


def test_second_deploy_keeps_the_game_in_progress(deployed, staged):
    from host_tools.board import deploy
    from host_tools.dev.emu.script import run_script
    board, _ = deployed
    pico = board.pico
    run_script(pico, start_game())
    pico.run_ms(3000)                  # the call's message (a toast, not part of the game) expires
    pico.settle()
    playing = pico.screen()
    logs = {p: pico.read_file(p) for p in pico.list_files() if p.startswith("/games/")}
    assert logs, "the game wrote no journal"
    board.log = []
    frames = pico.hw_target.frames
    plan = deploy.deploy(board, staged[1], log=lambda s: None)
    assert plan.copy == ["board.py"] and plan.remove == ["ui/retired_screen.mpy"]
    files = pico.list_files()
    assert "/ui/retired_screen.mpy" not in files
    for p, data in logs.items():
        assert pico.read_file(p) == data          # the journal untouched
    # After the reset: the start screen (offering 続きから); choosing it brings back the table
    # exactly as it was before the deploy.
    board.offered = board.wait_boot(frames)
    assert board.offered != playing and any(board.offered)
    run_script(pico, ["click ok"])
    assert pico.screen() == playing, pico.screen_text()


def test_a_refused_board_is_reset_and_keeps_its_game(deployed, staged, monkeypatch):
    from host_tools.board import deploy, probe
    board, _ = deployed
    pico = board.pico
    monkeypatch.setattr(probe, "MIN_MICROPYTHON", (1, 99))
    board.log = []
    frames = pico.hw_target.frames
    with pytest.raises(deploy.DeployError) as e:
        deploy.deploy(board, staged[1], log=lambda s: None)
    msg = str(e.value)
    assert "the board runs MicroPython 1.24.1 (.mpy v6.3)" in msg and "needs 1.99 or newer" in msg
    assert "Flash RPI_PICO v1.24.1" in msg and "was reset and runs again" in msg
    assert board.log == ["exec", "reset"]
    assert board.wait_boot(frames) == board.offered     # running again, the game still offered
