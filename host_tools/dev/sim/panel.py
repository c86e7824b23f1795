# An emulated SSD1306: decodes the I2C byte stream (control, command, data) into the 128x64 GDDRAM.
#
# What a panel shows is the RAM plus a few settings (on/off, inverse, remaps, start line), so the
# simulator's picture is the bytes a real panel would have received, not the app's own buffer.

# Commands followed by argument bytes (the rest take none).
_ARGS = {0x20: 1, 0x21: 2, 0x22: 2, 0x26: 6, 0x27: 6, 0x29: 5, 0x2A: 5, 0x81: 1, 0x8D: 1,
         0xA3: 2, 0xA8: 1, 0xAD: 1, 0xD3: 1, 0xD5: 1, 0xD6: 1, 0xD9: 1, 0xDA: 1, 0xDB: 1}
# The SSD1309 (2.42" panels) has the SSD1306's command set but no charge pump: 0x8D is no command
# there (ignored, so its argument byte is read as a command of its own: 0x10/0x14 set the page
# mode's column high nibble, which the drivers' window commands override before every frame).
_ARGS_SSD1309 = dict((k, v) for k, v in _ARGS.items() if k != 0x8D)
CHIPS = ("ssd1306", "ssd1309")

HORIZONTAL, VERTICAL, PAGE = 0, 1, 2


class Panel:
    def __init__(self, width=128, height=64, chip="ssd1306"):
        if chip not in CHIPS:
            raise ValueError("no emulation of %r (%s)" % (chip, ", ".join(CHIPS)))
        self.chip = chip
        self._args = _ARGS_SSD1309 if chip == "ssd1309" else _ARGS
        self.ignored = []           # bytes the chip takes for no command (SSD1309: 0x8D)
        self.width = width
        self.height = height
        self.pages = height // 8
        self.ram = bytearray(width * self.pages)
        self.reset()
        self.transactions = 0
        self.data_bytes = 0
        self.commands = []          # every decoded command as bytes (for tests and the bench)

    def reset(self):
        """Power-on state per the datasheet."""
        self.on = False
        self.inverse = False
        self.entire_on = False
        self.contrast = 0x7F
        self.mode = PAGE
        self.col = self.page = 0
        self.col0, self.col1 = 0, self.width - 1
        self.page0, self.page1 = 0, self.pages - 1
        self.seg_remap = False
        self.com_remap = False
        self.start_line = 0
        self.offset = 0
        self._cmd = bytearray()
        self._need = 0

    # -- the byte stream ------------------------------------------------------------------
    def write(self, data):
        """One I2C write transaction addressed to the panel (the bytes after the address)."""
        data = bytes(data)
        if not data:
            return                  # an address probe
        self.transactions += 1
        i = 0
        while i < len(data):
            ctrl = data[i]
            i += 1
            # Co=1: one byte follows, then another control byte; Co=0: the rest of the
            # transaction is of this kind. D/C# (0x40) chooses data or command.
            chunk = data[i:i + 1] if ctrl & 0x80 else data[i:]
            i += len(chunk)
            if ctrl & 0x40:
                for b in chunk:
                    self._data(b)
            else:
                for b in chunk:
                    self._command_byte(b)

    def _command_byte(self, b):
        if self._need:
            self._cmd.append(b)
            self._need -= 1
        else:
            self._cmd = bytearray([b])
            self._need = self._args.get(b, 0)
        if not self._need:
            self._command(bytes(self._cmd))

    def _command(self, c):
        self.commands.append(c)
        op = c[0]
        if op == 0x8D and self.chip == "ssd1309":
            self.ignored.append(op)
            return
        if op in (0xAE, 0xAF):
            self.on = op == 0xAF
        elif op == 0x20:
            self.mode = c[1] & 3
        elif op == 0x21:
            self.col0, self.col1 = c[1] & 0x7F, c[2] & 0x7F
            self.col = self.col0
        elif op == 0x22:
            self.page0, self.page1 = c[1] & 7, c[2] & 7
            self.page = self.page0
        elif 0xB0 <= op <= 0xB7:
            self.page = op & 7
        elif op < 0x10:
            self.col = (self.col & 0xF0) | op
        elif op < 0x20:
            self.col = (self.col & 0x0F) | ((op & 0x0F) << 4)
        elif 0x40 <= op <= 0x7F:
            self.start_line = op & 0x3F
        elif op == 0x81:
            self.contrast = c[1]
        elif op in (0xA0, 0xA1):
            self.seg_remap = op == 0xA1
        elif op in (0xA4, 0xA5):
            self.entire_on = op == 0xA5
        elif op in (0xA6, 0xA7):
            self.inverse = op == 0xA7
        elif op in (0xC0, 0xC8):
            self.com_remap = op == 0xC8
        elif op == 0xD3:
            self.offset = c[1] & 0x3F

    def _data(self, b):
        self.data_bytes += 1
        if self.col < self.width:
            self.ram[self.page * self.width + self.col] = b
        if self.mode == PAGE:
            self.col = min(self.col + 1, self.width)     # stays at the end of the page
        elif self.mode == HORIZONTAL:
            self.col += 1
            if self.col > self.col1:
                self.col = self.col0
                self.page = self.page + 1 if self.page < self.page1 else self.page0
        else:
            self.page += 1
            if self.page > self.page1:
                self.page = self.page0
                self.col = self.col + 1 if self.col < self.col1 else self.col0

    # -- what is seen -----------------------------------------------------------------------
    def ram_pixel(self, x, y):
        return self.ram[(y >> 3) * self.width + x] >> (y & 7) & 1

    def pixel(self, x, y):
        """The pixel lit at (x, y) as seen with the module's pins at the top: both drivers set
        column remap (0xA1) and COM remap (0xC8), which is the upright picture."""
        if not self.on:
            return 0
        if self.entire_on:
            return 1
        rx = x if self.seg_remap else self.width - 1 - x
        row = y if self.com_remap else self.height - 1 - y
        ry = (row + self.start_line + self.offset) % self.height
        return self.ram_pixel(rx, ry) ^ (1 if self.inverse else 0)

    def rows(self):
        """The visible picture as a list of rows of 0/1."""
        return [[self.pixel(x, y) for x in range(self.width)] for y in range(self.height)]
