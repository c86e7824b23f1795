# Board folders: the same constant names in each wiring, sane pins, six distinct buttons; wiring pictures.
import os

import pytest

from board_files import board_file as load
from hw.buttons import NAMES

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BOARDS = ("pico", "pico_w", "pico2", "pico2_w", "rpi_linux", "pico_ssd1309")
KEYS = ("PLATFORM", "NAME", "I2C_ID", "I2C_SDA", "I2C_SCL", "I2C_FREQ", "DISPLAY_ADDR",
        "DISPLAY_WIDTH", "DISPLAY_HEIGHT", "BUTTONS")


@pytest.mark.parametrize("name", BOARDS)
def test_board_file(name):
    b = load(name)
    for k in KEYS:
        assert hasattr(b, k), k
    public = {k for k in vars(b) if k.isupper()}
    assert public - {"DISPLAY_DRIVER", "RADIO", "PHONE_STREAMS", "SERVE_PORT", "DERIVES"} == set(KEYS) | {"BUTTON_" + n.upper() for n in NAMES}
    assert getattr(b, "RADIO", False) is ("_w" in name)        # the Pico W and Pico 2 W have the radio
    assert getattr(b, "DISPLAY_DRIVER", "ssd1306") in ("ssd1306", "ssd1309")   # main.external_vcc
    assert [n for n, _ in b.BUTTONS] == list(NAMES)
    gpios = [g for _, g in b.BUTTONS]
    assert len(set(gpios + [b.I2C_SDA, b.I2C_SCL])) == 8
    assert b.I2C_FREQ == 400_000 and b.DISPLAY_ADDR == 0x3C
    assert (b.DISPLAY_WIDTH, b.DISPLAY_HEIGHT) == (128, 64)
    if b.PLATFORM == "rp2":
        # RP2040/RP2350 I2C0 can use SDA on GP0/4/8/12/16/20 (SCL = SDA + 1).
        assert b.I2C_ID == 0 and b.I2C_SDA % 4 == 0 and b.I2C_SCL == b.I2C_SDA + 1
        assert all(0 <= g <= 22 for g in gpios)      # GP23-25 and 29 are taken on the Pico W
    else:
        assert b.PLATFORM == "linux" and (b.I2C_SDA, b.I2C_SCL) == (2, 3)


@pytest.mark.parametrize("name", BOARDS)
def test_wiring_picture_checked_in(name):
    path = os.path.join(ROOT, "boards", name, "wiring.png")
    assert os.path.getsize(path) > 1000


@pytest.mark.parametrize("name", BOARDS)
def test_the_picture_is_what_the_wiring_draws(name, tmp_path):
    """Pins and picture never disagree: host_tools/board/wiring_picture.py draws the checked-in one."""
    pytest.importorskip("PIL")
    from host_tools.board import wiring_picture
    with open(wiring_picture.draw(name, str(tmp_path)), "rb") as f, \
            open(os.path.join(ROOT, "boards", name, "wiring.png"), "rb") as g:
        assert f.read() == g.read(), "boards/%s/wiring.png: run python -m host_tools.board.wiring_picture" % name
