# Display: sends the first frame whole, then only the changed windows of each picture (or nothing).
import random
import sys
import types

import pytest

from board_files import board_file
import main as firmware_main
from host_tools.dev.sim.bus import FakeI2C
from host_tools.dev.sim.device import SimBoard
from host_tools.dev.sim.panel import Panel
from hw.display import AdafruitBus, Display, PicoBus
from draw.canvas import Canvas


FULL = 6 * 3 + 1 + 1025      # a driver show(): 6 command writes + one data write, address bytes included


class MpDriver:
    """micropython-lib's shape without a bus: buffer is exactly the 1024 page bytes; a driver
    Display cannot write to directly gets a full show() for every changed picture."""

    def __init__(self):
        self.buffer = bytearray(1024)
        self.shows = 0
        self.calls = []

    def show(self):
        self.shows += 1

    def contrast(self, v):
        self.calls.append(("contrast", v))

    def poweron(self):
        self.calls.append("on")

    def poweroff(self):
        self.calls.append("off")


def test_sends_first_frame_then_only_changes():
    drv = MpDriver()
    d = Display(drv)
    assert d.bus is None
    c = Canvas()
    assert d.show(c) and drv.shows == 1          # first frame: the panel's RAM is unknown
    assert not d.show(c) and not d.show(c)
    c.pixel(1, 1, 1)
    assert d.show(c) and drv.buffer == c.buffer
    c2 = Canvas()
    c2.pixel(1, 1, 1)
    assert not d.show(c2)                          # a different canvas, the same picture
    assert (d.sent, d.skipped, d.partial) == (2, 3, 0) and drv.shows == 2


def test_invalidate_and_power_resend():
    drv = MpDriver()
    d = Display(drv)
    c = Canvas()
    d.show(c)
    d.invalidate()
    assert d.show(c)
    d.power(False)
    d.power(True)
    assert d.show(c) and drv.calls == ["off", "on"]
    d.contrast(40)
    assert drv.calls[-1] == ("contrast", 40)


def test_adafruit_buffer_keeps_its_control_byte():
    b = SimBoard()
    c = Canvas()
    c.fill(1)
    b.display.show(c)
    assert b.driver.buffer[0] == 0x40 and len(b.driver.buffer) == 1025
    assert b.driver.buffer[1:] == c.buffer == b.panel.ram
    assert not b.display.show(c)
    c.text("1", 0, 0, 0)                           # a partial update keeps the prefix too
    assert b.display.show(c) and b.display.partial == 1
    assert b.driver.buffer[0] == 0x40 and b.driver.buffer[1:] == c.buffer == b.panel.ram


# -- partial updates on the simulator's path (adafruit_ssd1306 -> fake I2C -> emulated panel) --------

class Wire:
    """Records the I2C writes of a SimBoard (payloads) after construction."""

    def __init__(self, board):
        self.board = board
        self.log = []
        board.panel.write = lambda data, _w=board.panel.write: (self.log.append(bytes(data)), _w(data))

    def take(self):
        out, self.log = self.log, []
        return out


def wire_bytes(tx):
    return sum(1 + len(t) for t in tx)


def scoreboard(scores, cursor, clock="12:34"):
    c = Canvas()
    c.text("ホールデム R3", 0, 0)
    c.text(clock, 96, 0)
    c.hline(0, 9, 128, 1)
    for i, (name, pts) in enumerate(zip("ABCD", scores)):
        c.text("%s %5d" % (name, pts), 0, 16 + 8 * i)
    c.invert_rect(0, 16 + 8 * cursor, 128, 8)
    c.text("OK 決定", 0, 56)
    return c


def test_partial_updates_keep_the_panel_equal_to_the_canvas():
    b = SimBoard()
    w = Wire(b)
    d = b.display
    steps = [
        ("first", scoreboard([120, 95, -30, 15], 0)),
        ("one_score", scoreboard([120, 105, -30, 15], 0)),      # text change in one row
        ("cursor_down", scoreboard([120, 105, -30, 15], 1)),    # two adjacent full-width rows
        ("cursor_down2", scoreboard([120, 105, -30, 15], 2)),
        ("same", scoreboard([120, 105, -30, 15], 2)),           # identical picture
        ("clock", scoreboard([120, 105, -30, 15], 2, "12:35")),  # one glyph, top right
        ("full_change", Canvas()),                               # everything goes: full frame
        ("back", scoreboard([1, 2, 3, 4], 3)),                   # nearly everything comes back
    ]
    figures = {}
    for name, c in steps:
        d.show(c)
        tx = w.take()
        figures[name] = wire_bytes(tx)
        assert b.panel.ram == c.buffer, name                    # the panel shows the canvas
        assert b.driver.buffer[1:] == c.buffer, name            # so a later driver show() is right
        assert b.panel.mode == 0, name                          # horizontal addressing throughout
    print("bytes per update (full frame %d): %s" % (FULL, figures))
    assert figures["first"] == FULL
    # a whole new picture: windows over the changed columns, fewer bytes than the driver's show()
    assert figures["full_change"] < FULL and figures["back"] < FULL
    assert figures["same"] == 0
    assert figures["one_score"] < FULL // 10         # one row of digits: ~one page window
    assert figures["clock"] < FULL // 40
    # the cursor: pages 2+3 (then 3+4) change across the width: one window, one data write
    assert figures["cursor_down"] == 8 + 2 + 2 * 128
    assert (d.sent, d.skipped, d.partial) == (7, 1, 6)
    # a full show() after partial ones is still the right picture
    b.driver.show()
    assert b.panel.ram == steps[-1][1].buffer


def test_window_commands_and_data():
    b = SimBoard()
    w = Wire(b)
    c = Canvas()
    b.display.show(c)
    w.take()
    c.pixel(5, 3, 1)          # page 0, column 5
    c.pixel(9, 3, 1)          # page 0, column 9
    b.display.show(c)
    tx = w.take()
    # one command write (Co=0 stream: column range, page range), then the changed span as data
    assert tx == [bytes([0x00, 0x21, 5, 9, 0x22, 0, 0]), bytes([0x40, 8, 0, 0, 0, 8])]
    # far-apart pages: a window each
    c.pixel(0, 0, 1)
    c.pixel(127, 63, 1)
    b.display.show(c)
    tx = w.take()
    assert tx == [bytes([0x00, 0x21, 0, 0, 0x22, 0, 0]), bytes([0x40, 1]),
                  bytes([0x00, 0x21, 127, 127, 0x22, 7, 7]), bytes([0x40, 0x80])]
    # text at an odd y straddles pages 1 and 2 over the same columns: one window (8 bytes of
    # commands saved), one data write per page straight from the driver's buffer
    c.text("42", 40, 12)
    b.display.show(c)
    tx = w.take()
    assert tx[0][:2] == b"\x00\x21" and tx[0][4:] == bytes([0x22, 1, 2]) and len(tx) == 3
    assert tx[1][0] == tx[2][0] == 0x40 and len(tx[1]) == len(tx[2]) == tx[0][3] - tx[0][2] + 2
    assert b.panel.ram == c.buffer


def test_a_new_picture_goes_as_windows_when_they_cost_less_than_a_frame():
    b = SimBoard()
    w = Wire(b)
    b.display.show(scoreboard([1, 2, 3, 4], 0))
    w.take()
    c = Canvas()
    c.text("ゲーム選択", 0, 0)
    c.text("OK 決定", 70, 56)
    assert b.display.show(c)
    n = wire_bytes(w.take())
    assert FULL // 2 < n < FULL and b.panel.ram == c.buffer     # half a frame no longer sends it all
    c2 = Canvas()
    c2.fill(1)           # all but the inverted row's bytes change: still fewer than the show()
    assert b.display.show(c2) and wire_bytes(w.take()) == 8 + 2 + 1024 < FULL
    assert b.panel.ram == c2.buffer
    b.display.invalidate()                    # after invalidate(): the driver's show() again
    assert b.display.show(c) and wire_bytes(w.take()) == FULL and b.panel.ram == c.buffer


def test_invalidate_after_a_panel_reset():
    b = SimBoard()
    w = Wire(b)
    c = scoreboard([1, 2, 3, 4], 0)
    b.display.show(c)
    b.panel.reset()                           # the panel lost power: RAM garbage, page mode
    b.panel.ram[:] = bytes(range(256)) * 4
    b.driver.init_display()                   # what recovery does: the driver's init (clears
    b.display.invalidate()                    # its buffer, sends a blank frame), then a full frame
    w.take()
    c2 = scoreboard([1, 2, 3, 5], 0)
    assert b.display.show(c2)
    assert wire_bytes(w.take()) == FULL       # the driver's show(), not a window
    assert b.panel.ram == c2.buffer and b.panel.mode == 0
    c2.text("9", 0, 56)
    assert b.display.show(c2) and wire_bytes(w.take()) < 40 and b.panel.ram == c2.buffer


def test_random_edits_stay_in_sync():
    rnd = random.Random(7)
    b = SimBoard()
    w = Wire(b)
    c = Canvas()
    sizes = []
    for step in range(300):
        for _ in range(rnd.choice((0, 1, 1, 2, 5))):
            op = rnd.random()
            x, y = rnd.randrange(-8, 130), rnd.randrange(-8, 70)
            if op < 0.4:
                c.text(rnd.choice(("1", "22", "点数", "ok", "-15")), x, y, rnd.randrange(2))
            elif op < 0.7:
                c.fill_rect(x, y, rnd.randrange(1, 60), rnd.randrange(1, 30), rnd.randrange(2))
            elif op < 0.95:
                c.invert_rect(x, y, rnd.randrange(1, 128), rnd.randrange(1, 16))
            else:
                c.fill(rnd.randrange(2))
        b.display.show(c)
        n = wire_bytes(w.take())
        sizes.append(n)
        assert b.panel.ram == c.buffer, step
        assert n == FULL or n <= b.display.limit, step
    d = b.display
    assert d.sent + d.skipped == 300 and 0 < d.partial < d.sent
    print("random edits: %d partial, %d full, %d skipped; median %d B" % (
        d.partial, d.sent - d.partial, d.skipped, sorted(sizes)[len(sizes) // 2]))


def test_without_a_bus_every_frame_is_the_drivers_show():
    b = SimBoard()
    d = Display(b.driver)
    w = Wire(b)
    c = Canvas()
    d.show(c)
    c.pixel(3, 3, 1)
    d.show(c)
    assert d.bus is None and wire_bytes(w.take()) == 2 * FULL and b.panel.ram == c.buffer
    assert (d.sent, d.partial) == (2, 0)


def test_a_bus_is_not_used_off_the_128_column_panel():
    b = SimBoard()
    bus = AdafruitBus(b.driver)
    assert Display(b.driver, bus).bus is bus
    assert Display(b.driver, bus, width=64, height=32).bus is None   # the windows assume 128 columns
    b.driver.width = 96
    assert Display(b.driver, bus).bus is None


def test_adafruit_bus_refuses_page_addressing():
    b = SimBoard()
    b.driver.page_addressing = True        # adafruit's mode for SH1107-like panels: no windows
    with pytest.raises(ValueError, match="page addressing"):
        AdafruitBus(b.driver)


def test_pico_bus_writes_through_the_drivers_i2c():
    class I2C:
        def __init__(self):
            self.log = []

        def writeto(self, addr, buf):
            self.log.append(("cmd", addr, bytes(buf)))

    class PicoDriver(MpDriver):      # micropython-lib's attributes: i2c, addr, write_data()
        def __init__(self):
            MpDriver.__init__(self)
            self.i2c = I2C()
            self.addr = 0x3D

        def write_data(self, buf):
            self.i2c.log.append(("data", self.addr, b"\x40" + bytes(buf)))

    drv = PicoDriver()
    d = Display(drv, PicoBus(drv))
    c = Canvas()
    d.show(c)
    c.pixel(5, 3, 1)
    assert d.show(c) and (drv.shows, d.partial) == (1, 1)
    assert drv.i2c.log == [("cmd", 0x3D, bytes([0x00, 0x21, 5, 5, 0x22, 0, 0])), ("data", 0x3D, b"\x40\x08")]


def test_the_raspberry_pi_setup_hands_display_the_adafruit_bus(monkeypatch):
    """main.make_linux with Blinka's modules faked: busio.I2C is the simulator's bus into a panel."""
    panel = Panel()

    class DigitalInOut:
        def __init__(self, pin):
            self.pin, self.value = pin, True

        def switch_to_input(self, pull=None):
            self.pull = pull

    pins = types.SimpleNamespace(SCL="SCL", SDA="SDA", **{"D%d" % n: n for n in range(28)})
    busio = types.SimpleNamespace(I2C=lambda scl, sda, frequency: FakeI2C(panel))
    digitalio = types.SimpleNamespace(DigitalInOut=DigitalInOut, Pull=types.SimpleNamespace(UP="up"))
    monkeypatch.setitem(sys.modules, "board", pins)
    monkeypatch.setitem(sys.modules, "busio", busio)
    monkeypatch.setitem(sys.modules, "digitalio", digitalio)
    display, buttons = firmware_main.make_linux(board_file("rpi_linux"))
    assert isinstance(display.bus, AdafruitBus)
    assert [(n, b.value()) for n, b in buttons][:2] == [("up", 1), ("down", 1)]
    c = scoreboard([1, 2, 3, 4], 0)
    display.show(c)
    c.text("9", 0, 56)
    assert display.show(c) and display.partial == 1 and panel.ram == c.buffer
