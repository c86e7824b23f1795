"""Moving a board from the official MicroPython to our firmware keeps its saved games: a game
played on the official firmware (make deploy's files on its littlefs), our UF2 booted on the same
flash (the same littlefs size and place), and 続きから resumes it as the simulator does on that flash
(the official Pico W plays on the panel alone: it serves no phones and says why on its console).
Then `make deploy` on our firmware (over the emulated USB, the real mpremote): refused for a
firmware built from another tree; else it copies nothing, removes the official deploy's code and
keeps the games. Needs the official files and our UF2s (make firmware); about 4 minutes a board."""
import json
import os

import pytest

from core.registry import KINDS
from host_tools.dev.emu import Pico, flash, runs_ours
from host_tools.dev.emu.firmware import official_uf2, our_uf2
from host_tools.dev.emu.script import run_script
from emu_vs_sim import Sim, _compare, script

# It needs both firmwares: make test-emu runs it in the official files' pass, not again in ours.
pytestmark = [pytest.mark.emu,
              pytest.mark.skipif(runs_ours(), reason="run in the official firmware's pass of make test-emu")]
WIFI = {"ssid": "table", "password": "emulated-ap"}


@pytest.mark.parametrize("board", ["pico", "pico_w"])
def test_saved_game_kept_and_resumed_after_the_move(board, tmp_path):
    from host_tools.board import deploy
    radio = board == "pico_w"
    old, new = official_uf2(radio), our_uf2(board)
    if not old or not new:
        pytest.skip("needs the official %s file and our scoreboard-%s.uf2 (make firmware)"
                    % ("RPI_PICO_W" if radio else "RPI_PICO", board))
    staged = deploy.stage(board, str(tmp_path / "flash"), phones=False)     # as make deploy stages it
    # The flash as `make deploy` leaves it: its files and the list of what it wrote (.deployed).
    files = {"/" + deploy.MANIFEST: "".join(p + "\n" for p in deploy.staged_files(staged)).encode()}
    if radio:
        files["/wifi.json"] = json.dumps(WIFI).encode()
    # A game part way through, saved by the official firmware.
    lines = script(KINDS[0])[:16] + ["shot official"]
    p = Pico(old, staged, board=board, files=files, wall_timeout=1500)
    try:
        p.boot(frames=2, timeout_ms=60000)
        shots = []
        run_script(p, lines, on_step=lambda t, pico: shots.append((t.split()[1], pico.screen()))
                   if t.split()[0] == "shot" else None)
        said = p.console_text()
        image = p.power_cut()
    finally:
        p.close()
    if radio:       # the official Pico W plays on the panel alone and says why (main.make_phones)
        import main
        assert main.NO_PHONES_OFFICIAL in said, said[-2000:]
    games = sorted(f for f in flash.list_files(image) if f.startswith("/games/"))
    assert games, "the official firmware saved no game: " + said[-3000:]
    code = [f for f in flash.list_files(image) if f.endswith(".mpy")]
    assert code, "the flash should still hold the official deploy's files"
    # Our firmware on the same flash: the first screen and 続きから as the simulator has them.
    resume = ["shot boot", "click ok", "shot resumed"]
    sim = Sim(image, phones=radio)      # our Pico W serves phones (the flash keeps /wifi.json)
    expect = sim.run(resume)
    p = Pico(new, image, board=board, wall_timeout=1500)
    try:
        p.boot(frames=2, timeout_ms=60000)
        p.settle()
        got = []
        run_script(p, resume, on_step=lambda t, pico: got.append((t.split()[1], pico.screen()))
                   if t.split()[0] == "shot" else None)
        _compare(got, expect, tmp_path)
        empty = str(tmp_path / "nothing")
        os.makedirs(empty)

        def run(args):
            rc, out = p.mpremote(*args, check=False, timeout=1800)
            if rc != 0:
                raise deploy.DeployError("mpremote %s failed (%d): %s" % (args[0], rc, out[-300:]))
            return out
        # The flash just before: 続きから may itself have written (the game's place on the table).
        before = flash.list_files(p.flash_image())
        with pytest.raises(deploy.DeployError, match="make flash"):
            deploy.deploy(run, empty, board, log=lambda s: None, checkout_tree=lambda b: "0" * 16)
        assert flash.list_files(p.flash_image()) == before                # the refusal changed nothing
        plan = deploy.deploy(run, empty, board, log=lambda s: None, checkout_tree=lambda b: ours_tree(p))
        assert not plan.copy and {c.lstrip("/") for c in code} <= set(plan.remove)
        after = p.flash_image()
    finally:
        p.close()
    kept = flash.list_files(after)
    assert all(g in kept for g in games), "a saved game's file went missing"
    assert not [f for f in kept if f.endswith((".mpy", ".py", ".fnt", ".bin"))], "the official deploy's files are still there"


def ours_tree(p):
    """The tree id the emulated board's firmware carries (its frozen firmware_build)."""
    out = p.exec("import firmware_build\nprint('TREE', firmware_build.TREE)")
    return out.split("TREE", 1)[1].split()[0]
