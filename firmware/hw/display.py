# Display: puts a Canvas on the SSD1306, sending a frame over I2C only when the picture changed.
#
# Works with micropython-lib's ssd1306.SSD1306_I2C (Pico: buffer is the 1024 page bytes) and
# adafruit_ssd1306.SSD1306_I2C (CPython: buffer is 0x40 + the 1024 bytes, the data control byte
# kept in front so one I2C write sends it all). Either way the last `size` bytes are the picture.


class Display:
    def __init__(self, driver, width=128, height=64):
        self.driver = driver
        self.size = width * height // 8
        buf = driver.buffer
        skip = len(buf) - self.size
        # The driver's own buffer doubles as "what the panel shows", so no second 1 KB copy.
        # A bytearray compares and copies in C on MicroPython; the adafruit case is CPython only.
        self.target = buf if skip == 0 else memoryview(buf)[skip:]
        self.sent = 0      # frames written to the panel
        self.skipped = 0   # show() calls that found nothing new
        self.dirty = True  # the first frame is always sent: the panel's RAM is unknown

    def show(self, canvas):
        """Copy `canvas` to the panel if it differs from what was sent last; True if sent."""
        if not self.dirty and self.target == canvas.buffer:
            self.skipped += 1
            return False
        self.target[:] = canvas.buffer
        self.driver.show()
        self.dirty = False
        self.sent += 1
        return True

    def invalidate(self):
        """Send the next frame whatever it holds (e.g. after the panel was power-cycled)."""
        self.dirty = True

    def contrast(self, value):
        self.driver.contrast(value)

    def power(self, on):
        if on:
            self.driver.poweron()
            self.dirty = True
        else:
            self.driver.poweroff()
