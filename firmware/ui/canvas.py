# Canvas: the 128x64 1-bit picture the UI draws on, kept in the SSD1306's own page layout.
#
# buffer[x + (y // 8) * 128], bit y % 8 (MONO_VLSB): the display copies it to the panel as is.
# Pure Python so the Pico and the PC draw the very same pixels; everything clips at the edge.
from ui import font_misaki as _font

WIDTH = 128
HEIGHT = 64
PAGES = 8

_get_ch = _font.get_ch


def text_width(s):
    """Width in pixels of `s` in the misaki font (ASCII 4 px, kana/kanji/symbols 8 px)."""
    w = 0
    for ch in s:
        w += _get_ch(ch)[2]
    return w


class Canvas:
    def __init__(self):
        self.width = WIDTH
        self.height = HEIGHT
        self.buffer = bytearray(WIDTH * PAGES)

    def fill(self, c):
        # Doubling copy through a memoryview: 11 slice copies instead of 1024 Python steps,
        # and no 1 KB temporary on the Pico's heap.
        buf = self.buffer
        mv = memoryview(buf)
        buf[0] = 0xFF if c else 0
        n = 1
        size = len(buf)
        while n < size:
            m = min(n, size - n)
            mv[n:n + m] = mv[0:m]
            n += m

    def pixel(self, x, y, c=None):
        if 0 <= x < WIDTH and 0 <= y < HEIGHT:
            i = x + (y >> 3) * WIDTH
            bit = 1 << (y & 7)
            if c is None:
                return 1 if self.buffer[i] & bit else 0
            if c:
                self.buffer[i] |= bit
            else:
                self.buffer[i] &= ~bit
        return None if c is not None else 0

    def _span(self, x, y, w, h, op):
        # op 1 = set, 0 = clear, 2 = invert, over the clipped rectangle, page by page with a mask.
        if x < 0:
            w += x
            x = 0
        if y < 0:
            h += y
            y = 0
        if x + w > WIDTH:
            w = WIDTH - x
        if y + h > HEIGHT:
            h = HEIGHT - y
        if w <= 0 or h <= 0:
            return
        buf = self.buffer
        y1 = y + h
        while y < y1:
            page = y >> 3
            top = y & 7
            bottom = min(8, top + (y1 - y))
            mask = ((1 << bottom) - 1) & ~((1 << top) - 1)
            i = page * WIDTH + x
            end = i + w
            if op == 1:
                while i < end:
                    buf[i] |= mask
                    i += 1
            elif op == 0:
                inv = ~mask & 0xFF
                while i < end:
                    buf[i] &= inv
                    i += 1
            else:
                while i < end:
                    buf[i] ^= mask
                    i += 1
            y += bottom - top

    def fill_rect(self, x, y, w, h, c):
        self._span(x, y, w, h, 1 if c else 0)

    def invert_rect(self, x, y, w, h):
        self._span(x, y, w, h, 2)

    def hline(self, x, y, w, c):
        self._span(x, y, w, 1, 1 if c else 0)

    def vline(self, x, y, h, c):
        self._span(x, y, 1, h, 1 if c else 0)

    def rect(self, x, y, w, h, c):
        if w <= 0 or h <= 0:
            return
        op = 1 if c else 0
        self._span(x, y, w, 1, op)
        self._span(x, y + h - 1, w, 1, op)
        self._span(x, y, 1, h, op)
        self._span(x + w - 1, y, 1, h, op)

    def text(self, s, x, y, c=1):
        """Draw `s` with its top-left at (x, y); returns the width drawn (clipped or not).

        Glyph columns are already page bytes (font-to-py -y), so on a text row (y % 8 == 0)
        one OR (or AND-NOT for c=0) per column draws them; other rows split each column
        over two pages. Only the glyph's set pixels change: fill a box first for highlight.
        """
        buf = self.buffer
        page = y >> 3
        shift = y & 7
        start = x
        # Pages the glyph touches; None when that page is off the panel.
        p0 = page * WIDTH if 0 <= page < PAGES else None
        p1 = (page + 1) * WIDTH if shift and 0 <= page + 1 < PAGES else None
        for ch in s:
            cols, _, w = _get_ch(ch)
            if x >= WIDTH or x + w <= 0 or (p0 is None and p1 is None):
                x += w
                continue
            for j in range(w):
                cx = x + j
                if cx < 0 or cx >= WIDTH:
                    continue
                col = cols[j]
                if not col:
                    continue
                if p0 is not None:
                    b = (col << shift) & 0xFF
                    if c:
                        buf[p0 + cx] |= b
                    else:
                        buf[p0 + cx] &= ~b
                if p1 is not None:
                    b = col >> (8 - shift)
                    if c:
                        buf[p1 + cx] |= b
                    else:
                        buf[p1 + cx] &= ~b
            x += w
        return x - start
