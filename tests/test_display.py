# Display: copies the canvas into the driver's buffer and sends a frame only when it changed.
from host_tools.sim.device import SimBoard
from hw.display import Display
from ui.canvas import Canvas


class MpDriver:
    """micropython-lib's shape: buffer is exactly the 1024 page bytes."""

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
    c = Canvas()
    assert d.show(c) and drv.shows == 1          # first frame: the panel's RAM is unknown
    assert not d.show(c) and not d.show(c)
    c.pixel(1, 1, 1)
    assert d.show(c) and drv.buffer == c.buffer
    c2 = Canvas()
    c2.pixel(1, 1, 1)
    assert not d.show(c2)                          # a different canvas, the same picture
    assert (d.sent, d.skipped) == (2, 3) and drv.shows == 2


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
