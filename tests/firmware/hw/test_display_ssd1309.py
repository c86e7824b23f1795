"""The 2.42" SSD1309 panel as a board option: the SSD1306's commands and pixels, no
charge pump. Driven as main.py does (the SSD1306 driver, external VCC) through the emulated bus
into an emulated SSD1309, frames full and partial must show exactly the canvas."""
import random

import pytest

from board_files import board_file
import main as firmware_main
from host_tools.dev.sim.device import SimBoard
from host_tools.dev.sim.panel import Panel
from draw.canvas import Canvas



def picture(seed):
    rnd = random.Random(seed)
    c = Canvas()
    c.text("掛け引き 第%d回" % seed, 0, 0)
    for k in range(rnd.randrange(1, 6)):
        c.fill_rect(rnd.randrange(128), rnd.randrange(64), rnd.randrange(1, 40), rnd.randrange(1, 20), 1)
    c.invert_rect(0, 8 * rnd.randrange(8), 128, 8)
    return c


def test_init_for_external_vcc_and_no_charge_pump_command():
    b = SimBoard(chip="ssd1309")
    cmds = [bytes(c) for c in b.panel.commands]
    assert b"\xd9\x22" in cmds                 # pre-charge for external VCC (the SSD1309's reset value)
    assert b.panel.ignored == [0x8D]            # not an SSD1309 command: ignored
    assert b"\x10" in cmds                      # ... its argument read as a column command
    assert b.panel.on and b.panel.seg_remap and b.panel.com_remap


def test_frames_full_and_partial_show_the_canvas():
    b = SimBoard(chip="ssd1309")
    d = b.display
    for seed in range(40):
        c = picture(seed)
        d.show(c)
        assert b.panel.ram == c.buffer, seed
        rows = b.panel.rows()
        for y in (0, 13, 31, 63):
            for x in range(128):
                assert rows[y][x] == c.buffer[x + (y >> 3) * 128] >> (y & 7) & 1
    assert d.partial > 0 and d.sent == 40


def test_brightness_and_power_commands_reach_the_panel():
    b = SimBoard(chip="ssd1309")
    b.display.contrast(16)
    assert b.panel.contrast == 16
    b.display.power(False)
    assert not b.panel.on and b.panel.rows()[0][0] == 0
    b.display.power(True)
    assert b.panel.on


def test_the_board_option_sets_the_driver_up():
    assert firmware_main.external_vcc(board_file("pico_ssd1309")) is True
    for name in ("pico", "pico_w", "pico2", "rpi_linux"):
        assert firmware_main.external_vcc(board_file(name)) is False

    class Other:
        DISPLAY_DRIVER = "sh1106"
    with pytest.raises(ValueError, match="sh1106"):
        firmware_main.external_vcc(Other)


def test_an_unknown_chip_is_not_emulated():
    with pytest.raises(ValueError):
        Panel(chip="sh1106")


GUEST = """drv = ssd1306.SSD1306_I2C(128, 64, bus, external_vcc=True)   # as main.make_rp2 for an SSD1309
d = Display(drv, PicoBus(drv))
for k in range(6):
    c = Canvas()
    c.text('第%d回 ほーるでむ' % k, 0, 8 * k)
    c.invert_rect(0, 8 * k, 128, 8)
    c.fill_rect(100, 40, 10 + k, 10, 1)
    d.show(c)
print('TX', ' '.join(b.hex() for b in bus.log))
"""


def test_the_picos_driver_on_an_ssd1309():
    """micropython-lib's ssd1306 under real MicroPython, external VCC, into the emulated SSD1309."""
    from ssd1306_guest import GUEST_BUS, run_with_driver
    out = run_with_driver(GUEST_BUS + GUEST)
    tx = [bytes.fromhex(h) for h in out.split("TX", 1)[1].split()]
    panel = Panel(chip="ssd1309")
    for t in tx:
        panel.write(t)
    assert panel.ignored == [0x8D] and b"\xd9\x22" in [bytes(c) for c in panel.commands]
    want = Canvas()
    want.text("第5回 ほーるでむ", 0, 40)
    want.invert_rect(0, 40, 128, 8)
    want.fill_rect(100, 40, 15, 10, 1)
    assert bytes(panel.ram) == bytes(want.buffer)
