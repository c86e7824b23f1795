# Display: puts a Canvas on the SSD1306, sending over I2C only the parts of the picture that changed.
#
# The board's setup (main.py) knows which driver it built and hands Display the bus adapter for
# it: PicoBus for micropython-lib's ssd1306.SSD1306_I2C (buffer is the 1024 page bytes),
# AdafruitBus for adafruit_ssd1306.SSD1306_I2C (CPython: buffer is 0x40 + the 1024 bytes, the data
# control byte kept in front so one I2C write sends it all). No bus: every frame is the driver's
# own show(). Either way the last `size` bytes are the picture, and they always equal the last
# canvas shown, so the driver's own show() is right at any time.
#
# Partial updates. Both drivers leave the panel in horizontal addressing mode (0x20 0x00 at init)
# and set the full window (0x21 0 127, 0x22 0 7) before each of their frames. For a changed frame
# we compare page by page with what was sent, take the column span of the changed bytes of each
# page, and send windows: one command write `00 21 c0 c1 22 p0 p1` (Co=0: a command stream), then
# the window's bytes as data writes `40 ...`. Adjacent changed pages share one window when that
# costs fewer bytes on the wire. The first frame, the frame after invalidate()/power(True), and any
# frame whose windows would cost as many bytes as a full frame go through the driver's show().
# Every byte counts: on the Pico's bus a byte takes ~26 us, a full frame ~30 ms, the most of a
# press that changes the screen. (Cutting a page's span where a stretch stayed the same saves
# bytes too, but on the Pico finding the stretches and the extra writes cost more time than the
# bytes save: measured, docs/performance.md.) Both drivers put the same bytes on the bus.
#
# Bytes on the wire (each I2C write: address byte + payload):
#   driver show():  6 x (addr 80 cmd) + addr 40 + 1024 data          = 1044
#   one window:     addr 00 + 6 command bytes, + per data write addr 40 + bytes = 10 + bytes
# A window whose columns are narrower than the panel is sent as one data write per page straight
# from the driver's buffer (no gathering copy on the Pico): 8 + pages x (2 + columns).

W = 128                      # columns; partial updates need the 128-column panel (no offset)
CMD_COST = 8                 # addr + 0x00 + 21 c0 c1 22 p0 p1
DATA_COST = 2                # addr + 0x40, per data write
FULL_COST = 6 * 3 + 2        # + size: the driver's show()


class PicoBus:
    """micropython-lib ssd1306.SSD1306_I2C: i2c.writeto for the command write; its own
    write_data() for data (i2c.writevto of [b"\\x40", buf]: one write, control byte in front)."""

    def __init__(self, driver):
        self.i2c = driver.i2c
        self.addr = driver.addr
        self.write_data = driver.write_data

    def cmd(self, buf):
        self.i2c.writeto(self.addr, buf)

    def data(self, mv):
        self.write_data(mv)


class AdafruitBus:
    """adafruit_ssd1306.SSD1306_I2C: writes through its i2c_device (adafruit_bus_device), which
    sends a buffer as one write; data get their 0x40 in a scratch buffer (CPython only)."""

    def __init__(self, driver):
        if driver.page_addressing:   # windows need the horizontal addressing mode
            raise ValueError("AdafruitBus: the driver is in page addressing mode")
        self.dev = driver.i2c_device
        self.buf = bytearray(len(driver.buffer))   # 0x40 + room for a whole frame
        self.buf[0] = 0x40

    def cmd(self, buf):
        with self.dev:
            self.dev.write(buf)

    def data(self, mv):
        n = len(mv)
        self.buf[1:1 + n] = mv
        with self.dev:
            self.dev.write(self.buf, end=1 + n)


class Display:
    def __init__(self, driver, bus=None, width=128, height=64):
        """`bus` (PicoBus, AdafruitBus) sends the partial updates; None: every frame is a show()."""
        self.driver = driver
        self.pages = height // 8
        self.size = width * height // 8
        buf = driver.buffer
        skip = len(buf) - self.size
        # The driver's own buffer doubles as "what the panel shows", so no second 1 KB copy.
        # A bytearray compares and copies in C on MicroPython; the adafruit case is CPython only.
        self.target = buf if skip == 0 else memoryview(buf)[skip:]
        self.sent = 0      # frames written to the panel (full or partial)
        self.partial = 0   # ... of which partial updates
        self.skipped = 0   # show() calls that found nothing new
        self.dirty = True  # the first frame is always sent: the panel's RAM is unknown
        if width != W or getattr(driver, "width", W) != W:
            bus = None   # the windows' column addresses assume the 128-column panel
        self.bus = bus
        if self.bus is not None:
            n = self.pages
            mv = memoryview(buf)[skip:]
            self._mv = mv
            self._tp = [mv[p * W:(p + 1) * W] for p in range(n)]   # page views, made once
            self._cbuf = None                                     # canvas whose views are cached
            self._cp = self._tp                                   # (replaced on first use)
            self._pg = bytearray(n)      # changed pages, their first and last changed column
            self._lo = bytearray(n)
            self._hi = bytearray(n)
            self._best = [0] * (n + 1)   # cheapest cost of sending the first j changed pages
            self._cut = [0] * (n + 1)    # ... whose last window starts at changed page cut[j]
            self._cmd = bytearray(b"\x00\x21\x00\x7f\x22\x00\x07")
            self.limit = FULL_COST + self.size - 1    # windows whenever they cost less

    def show(self, canvas):
        """Put `canvas` on the panel if it differs from what was sent last; True if sent."""
        new = canvas.buffer
        if not self.dirty and self.target == new:
            self.skipped += 1
            return False
        bus = self.bus
        if self.dirty or bus is None or not self._update(bus, new):
            self.target[:] = new
            self.driver.show()
        else:
            self.partial += 1
        self.dirty = False
        self.sent += 1
        return True

    def _update(self, bus, new):
        """Send the changed windows of `new`; False (nothing sent) when a full frame is better."""
        if new is not self._cbuf:
            mv = memoryview(new)
            self._cp = [mv[p * W:(p + 1) * W] for p in range(self.pages)]
            self._cbuf = new
        tp, cp, pg, los, his = self._tp, self._cp, self._pg, self._lo, self._hi
        n = 0
        for p in range(self.pages):
            a = tp[p]
            b = cp[p]
            if a == b:              # in C: most pages of a press are unchanged
                continue
            lo = 0
            while a[lo] == b[lo]:
                lo += 1
            hi = W - 1
            while a[hi] == b[hi]:
                hi -= 1
            pg[n] = p
            los[n] = lo
            his[n] = hi
            n += 1
        # Windows: split the changed pages (in order) into runs, each sent as one window over
        # its pages and the union of their column spans; pick the split with the fewest bytes.
        best, cut = self._best, self._cut
        for j in range(n):
            lo, hi, top = W, 0, pg[j]
            c_best, c_cut = 0x3FFF, j    # above any cost; a small int on MicroPython
            for i in range(j, -1, -1):
                if los[i] < lo:
                    lo = los[i]
                if his[i] > hi:
                    hi = his[i]
                w = hi - lo + 1
                k = top - pg[i] + 1
                c = best[i] + CMD_COST + (DATA_COST + k * w if w == W else k * (DATA_COST + w))
                if c < c_best:
                    c_best, c_cut = c, i
            best[j + 1] = c_best
            cut[j + 1] = c_cut
        if best[n] > self.limit:
            return False
        self.target[:] = new
        # The runs end at n, cut[n], cut[cut[n]], ...; send them top to bottom.
        done = 0
        while done < n:
            j = n
            while cut[j] != done:
                j = cut[j]
            self._window(bus, done, j)
            done = j
        return True

    def _window(self, bus, i, j):
        """Send changed pages i..j-1 (indices into the changed list) as one window."""
        pg, los, his = self._pg, self._lo, self._hi
        lo, hi = los[i], his[i]
        for k in range(i + 1, j):
            if los[k] < lo:
                lo = los[k]
            if his[k] > hi:
                hi = his[k]
        p0, p1 = pg[i], pg[j - 1]
        c = self._cmd
        c[2] = lo
        c[3] = hi
        c[5] = p0
        c[6] = p1
        bus.cmd(c)
        mv = self._mv
        if lo == 0 and hi == W - 1:
            bus.data(mv[p0 * W:(p1 + 1) * W])
        else:
            for p in range(p0, p1 + 1):
                a = p * W
                bus.data(mv[a + lo:a + hi + 1])

    def invalidate(self):
        """Send the next frame whole whatever it holds (e.g. after the panel was reset)."""
        self.dirty = True

    def contrast(self, value):
        self.driver.contrast(value)

    def power(self, on):
        if on:
            self.driver.poweron()
            self.dirty = True
        else:
            self.driver.poweroff()
