# The simulator: emulated SSD1306 decoding, fake I2C bus, renderers, button scripts, the CLI.
import os
import subprocess
import sys

from host_tools.dev.sim.bus import FakeI2C
from host_tools.dev.sim.device import SimBoard
from host_tools.dev.sim.panel import Panel
from host_tools.dev.sim.render import to_image, to_text
from host_tools.dev.sim.script import ScriptError, run_script

import pytest
from draw.canvas import Canvas
from stand_in_app import StandIn

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))


def test_panel_decodes_page_and_horizontal_modes():
    p = Panel()
    p.write(b"\x00\xaf\x20\x02\xb3\x05\x11")           # on, page mode, page 3, column 0x15
    p.write(b"\x40\xff\x81")
    assert p.ram[3 * 128 + 0x15] == 0xFF and p.ram[3 * 128 + 0x16] == 0x81
    p.write(b"\x00\x20\x00\x21\x10\x11\x22\x06\x07")    # horizontal, columns 16-17, pages 6-7
    p.write(b"\x40\x01\x02\x03\x04\x05")                # wraps columns, then pages, then back
    assert p.ram[6 * 128 + 16:6 * 128 + 18] == b"\x05\x02"
    assert p.ram[7 * 128 + 16:7 * 128 + 18] == b"\x03\x04"


def test_panel_vertical_mode_and_co_bit():
    p = Panel()
    p.write(b"\x80\x20\x80\x01\x80\x21\x80\x00\x80\x7f\x80\x22\x80\x00\x80\x07")  # Co=1 pairs
    assert p.mode == 1 and (p.col0, p.col1, p.page0, p.page1) == (0, 127, 0, 7)
    p.write(b"\x40" + bytes(range(1, 10)))
    assert [p.ram[i * 128] for i in range(8)] == list(range(1, 9)) and p.ram[1] == 9


def test_panel_view_follows_remap_and_inverse():
    p = Panel()
    p.write(b"\x00\xaf\xa1\xc8\x20\x00\x21\x00\x7f\x22\x00\x07")
    p.write(b"\x40\x01")                                 # RAM (0,0)
    assert p.pixel(0, 0) == 1 and p.pixel(127, 63) == 0
    p.write(b"\x00\xa0\xc0")                             # no remaps: the picture turns 180 degrees
    assert p.pixel(127, 63) == 1
    p.write(b"\x00\xa1\xc8\xa7")
    assert p.pixel(0, 0) == 0 and p.pixel(5, 5) == 1
    p.write(b"\x00\xae")
    assert p.pixel(5, 5) == 0


def test_fake_bus_counts_and_nacks():
    p = Panel()
    bus = FakeI2C(p)
    assert bus.try_lock() and not bus.try_lock()
    bus.unlock()
    bus.writeto(0x3C, b"\x00\xaf\xff", start=0, end=2)
    assert p.on and bus.bytes == 3 and bus.writes == 1
    with pytest.raises(OSError):
        bus.writeto(0x3D, b"\x00")


def test_adafruit_frame_bytes_and_picture():
    b = SimBoard()
    c = Canvas()
    c.text("Hi あ", 0, 0)
    c.pixel(127, 63, 1)
    before = b.bus.bytes
    assert b.display.show(c)
    per_frame = b.bus.bytes - before
    # 6 commands of 2 bytes each + the data write (0x40 + 1024), each with its address byte.
    assert per_frame == 6 * 3 + 1 + 1025
    assert b.panel.ram == c.buffer
    assert b.panel.pixel(127, 63) == 1
    assert not b.display.show(c) and b.bus.bytes - before == per_frame


def test_renderers():
    b = SimBoard()
    c = Canvas()
    c.fill_rect(0, 0, 2, 2, 1)
    c.pixel(0, 3, 1)
    b.display.show(c)
    lines = to_text(b.panel).split("\n")
    assert len(lines) == 32 and lines[0].startswith("\u2588\u2588 ") and lines[1][0] == "\u2584"
    img = to_image(b.panel, scale=4)
    assert img.size == (128 * 4 + 16, 64 * 4 + 16)
    assert img.getpixel((8, 8)) != img.getpixel((8 + 12, 8))


def test_script_timing_through_real_buttons(tmp_path):
    script = ["click up", "repeat up 3", "long back", "click up", "shot end"]
    board, app, saved = run_script(script, StandIn, str(tmp_path))
    kinds = [e for e in app.events if e[0] != "press"]
    assert kinds == [("click", "up"), ("repeat", "up"), ("repeat", "up"), ("repeat", "up"),
                     ("long", "back"), ("click", "up")]
    assert app.n == 1 and saved == [str(tmp_path / "end.png")]
    assert board.display.sent >= 4


def test_script_errors():
    with pytest.raises(ScriptError):
        run_script(["click nowhere"], StandIn)
    with pytest.raises(ScriptError):
        run_script(["jump up"], StandIn)


def _sim(*args, stdin=None, cwd=ROOT):
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([ROOT, os.path.join(ROOT, "tests", "support")]))
    return subprocess.run([sys.executable, "-m", "host_tools.dev.sim", *args], cwd=str(cwd), env=env,
                          capture_output=True, text=True, timeout=60, stdin=stdin)


def test_cli_headless_saves_pngs(tmp_path):
    script = tmp_path / "s.txt"
    script.write_text("# a comment\nclick up\nclick up\n", encoding="utf-8")
    r = _sim("--app", "stand_in_app:StandIn", "--script", str(script), "--shots", str(tmp_path / "out"),
             "--lang", "en", "--print")
    assert r.returncode == 0, r.stderr
    assert sorted(os.listdir(tmp_path / "out")) == ["000-start.png", "001-click-up.png", "002-click-up.png"]
    assert "screenshots" in r.stdout


def test_cli_without_shots_writes_nothing(tmp_path):
    """No --shots: the script runs (--print shows its last picture), its `shot` steps are skipped
    and counted, and no file appears anywhere: not in the current folder (once ./shots/)."""
    script = tmp_path / "s.txt"
    script.write_text("click up\nshot one\nclick up\nshot two\n", encoding="utf-8")
    work = tmp_path / "work"
    work.mkdir()
    r = _sim("--app", "stand_in_app:StandIn", "--script", str(script), "--lang", "en", "--print", cwd=work)
    assert r.returncode == 0, r.stderr
    assert "no screenshots (no --shots folder: 2 shot step(s) skipped)" in r.stdout
    assert "\u2580" in r.stdout or "\u2584" in r.stdout      # the picture printed (half blocks)
    assert os.listdir(work) == [] and sorted(os.listdir(tmp_path)) == ["s.txt", "work"]
    plain = tmp_path / "plain.txt"              # no shot step: no PNG after every step either
    plain.write_text("click up\n", encoding="utf-8")
    r = _sim("--app", "stand_in_app:StandIn", "--script", str(plain), cwd=work)
    assert r.returncode == 0 and "no screenshots (no --shots folder)" in r.stdout and os.listdir(work) == []
    board, app, saved = run_script(["click up", "shot x"], StandIn)     # the library: shots=None
    assert saved == [] and app.n == 1
    h = _sim("--help", cwd=work)
    assert "without it no file is written" in " ".join(h.stdout.split())


def test_a_shot_is_a_file_name_not_a_path(tmp_path):
    for name in ("../up", "sub/x", "..", "a\\b"):
        with pytest.raises(ScriptError, match="not a path"):
            run_script(["shot " + name], StandIn, str(tmp_path / "out"))
    assert not (tmp_path / "up.png").exists()


def test_cli_without_terminal_explains_and_exits_0():
    r = _sim("--app", "stand_in_app:StandIn", stdin=subprocess.DEVNULL)
    assert r.returncode == 0 and "terminal" in r.stdout
