"""A 掛け引きほーるでむ and a ドボン on the saved-games list of the emulated Pico.

tests/emu/scripts/saved_games.txt keeps a 掛け引き when a ドボン starts, resumes the 掛け引き from the
list, ends the ドボン (its standings are final) and deletes the 掛け引き after the question. Every
screen of the script equals the CPython simulator's for the same presses on the same littlefs image,
and the flash is left as the list says. Needs the UF2 (docs/emulator.md); skipped without."""
import pytest

from host_tools.dev.emu import UF2_HELP, find_uf2
from emu_vs_sim import Sim, _compare, script

pytestmark = [pytest.mark.emu, pytest.mark.skipif(find_uf2() is None, reason=UF2_HELP)]


def every_step_shot(lines):
    """The script with a shot after every press, so the first differing step is named."""
    out = []
    for i, text in enumerate(lines):
        out.append(text)
        if text.split()[0] != "shot":
            out.append("shot step%02d" % i)
    return out


def test_saved_games_resumed_ended_and_deleted_on_the_pico(tmp_path):
    from host_tools.dev.emu import app_flash
    from host_tools.dev.emu import Pico, flash
    from host_tools.dev.emu.script import run_script
    lines = every_step_shot(script("saved_games"))
    image = flash.build_image(app_flash("pico", str(tmp_path / "flash")))
    emu = []
    pico = Pico(None, image, wall_timeout=1500)
    try:
        pico.boot(frames=2, timeout_ms=30000)
        run_script(pico, lines, on_step=lambda text, p: emu.append((text.split()[1], p.screen()))
                   if text.split()[0] == "shot" else None)
        console = pico.console_text()
    finally:
        pico.close()
    assert "Traceback" not in console, console
    sim = Sim(image)
    _compare(emu, sim.run(lines), tmp_path)
    # what the list did is on the simulator's identical flash: the ドボン ended, the 掛け引き gone
    saved = sim.store.games()
    assert [g["kind"] for g in saved] == ["dobon"] and saved[0]["over"], saved
