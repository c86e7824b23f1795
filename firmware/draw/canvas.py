# Canvas: the 128x64 1-bit picture the UI draws on, kept in the SSD1306's own page layout.
#
# buffer[x + (y // 8) * 128], bit y % 8 (MONO_VLSB): the display copies it to the panel as is.
# Everything clips at the edge. Two paths draw the very same pixels (tests/firmware/draw/test_canvas_speed.py
# checks them against each other under real MicroPython):
#   - the pure-Python reference path (the methods below as written): CPython, the simulator;
#   - on MicroPython, the C path: the built-in framebuf.FrameBuffer over the same buffer for
#     rectangles and lines, a string's glyph columns put together once and blitted whole,
#     invert_rect as one big-int XOR per page. docs/performance.md has the figures.
try:
    from micropython import const
except ImportError:          # CPython
    def const(x):
        return x

try:
    import framebuf as _framebuf
except ImportError:          # CPython: no framebuf, the reference path only
    _framebuf = None

# The glyph cache as draw/font.py fills it: text() reads a glyph's columns from it by offset, and
# asks _glyph only on a miss.
from draw.font import _CACHE, _FMV, _GLYPHS, _STRS, _glyph

WIDTH = const(128)
HEIGHT = const(64)
PAGES = const(8)
_MVLSB = const(0)            # framebuf.MONO_VLSB


# ---- the C path's constants -------------------------------------------------------------------
_ZEROS = bytes(WIDTH)
_ONES = b"\xff" * WIDTH
# blit palette for colour 0: source 0 -> 1 (the key: skipped), source 1 -> 0 (cleared)
_PAL_CLEAR = None if _framebuf is None else _framebuf.FrameBuffer(bytearray(b"\x01\x00"), 2, 1, _MVLSB)


def _clip(x, y, w, h):
    """The rectangle cut to the panel, or None when nothing of it is on the panel."""
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
        return None
    return x, y, w, h


# The C path's rendered strings: a string's glyph columns side by side, as a FrameBuffer to blit.
# A screen draws the same texts at every redraw; putting a text's columns together was most of its
# drawing (on the Pico ~60 us a character: the glyph look-ups, the slices, and the interned
# 1-character string each character of a str is), a blit of the kept columns is one call. Kept up
# to _STR_BYTES of columns in all (then all let go: a new screen brings its own), only strings up
# to _STR_WIDE px (wider ones are rendered again at each draw). font._STRS holds them: text_width()
# reads a drawn text's width there.
_STR_BYTES = const(1536)
_STR_WIDE = const(256)
_kept = [0]                  # bytes of columns kept
_ROW = bytearray(_STR_WIDE)  # a text's columns as they are put together
_ROWMV = memoryview(_ROW)


def _rendered(s):
    """(FrameBuffer over the glyph columns of `s`, its width), kept in _STRS when not too wide."""
    w = _put(s, _ROW, _STR_WIDE)
    if w == 0:
        return None, 0
    if w > _STR_WIDE:                   # not kept: put together whole at each draw
        cols = bytearray(w)
        _put(s, cols, w)
        return _framebuf.FrameBuffer(cols, w, 8, _MVLSB), w
    got = (_framebuf.FrameBuffer(bytearray(_ROWMV[0:w]), w, 8, _MVLSB), w)
    if _kept[0] + w > _STR_BYTES:
        _STRS.clear()
        _kept[0] = 0
    _STRS[s] = got
    _kept[0] += w
    return got


def _put(s, cols, room):
    """Put the glyph columns of `s` side by side into `cols`, those within its first `room`
    columns; returns the width of `s` (which may be more)."""
    fmv = _FMV
    get = _GLYPHS.get
    x = 0
    for ch in s:
        g = get(ch)
        if g is None:
            g = _glyph(ch)
        n = g & 15
        if x + n <= room:
            o = g >> 4
            cols[x:x + n] = fmv[o:o + n]
        x += n
    return x


class Canvas:
    def __init__(self, fast=None):
        """fast: None = the C path where framebuf exists (MicroPython), else the reference path;
        False forces the reference path (the comparison tests use it)."""
        self.width = WIDTH
        self.height = HEIGHT
        self.buffer = bytearray(WIDTH * PAGES)
        self._fb = None
        if fast is None:
            fast = _framebuf is not None
        if fast:
            fb = _framebuf.FrameBuffer(self.buffer, WIDTH, HEIGHT, _MVLSB)
            self._fb = fb
            self._mv = memoryview(self.buffer)
            # Instance attributes shadow the reference methods: straight into C, no Python frame.
            self.fill_rect = fb.fill_rect
            self.hline = fb.hline
            self.vline = fb.vline
            self.fill = self._fill_fast
            self.rect = self._rect_fast
            self.invert_rect = self._invert_fast

    # ---- the reference path (pure Python) -------------------------------------------------------
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
        r = _clip(x, y, w, h)
        if r is None:
            return
        x, y, w, h = r
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

        Only the glyph's set pixels change (c=0 clears them): fill a box first for highlight.
        C path: a string's glyph columns (font-to-py -y: already page bytes) are put side by side
        once and kept (_rendered); a draw is then one blit that ORs (c=0: clears) them at any x, y.
        """
        fb = self._fb
        if fb is None:
            return self._text_py(s, x, y, c)
        got = _STRS.get(s)
        if got is None:
            got = _rendered(s)
        src, w = got
        if src is not None and x < WIDTH and x + w > 0 and -8 < y < HEIGHT:
            # (MicroPython 1.24's blit takes a FrameBuffer only, not a (buffer, w, h, format) tuple)
            if c:
                fb.blit(src, x, y, 0)
            else:
                fb.blit(src, x, y, 1, _PAL_CLEAR)
        return w

    def _text_py(self, s, x, y, c):
        # Glyph columns are already page bytes (font-to-py -y), so on a text row (y % 8 == 0)
        # one OR (or AND-NOT for c=0) per column draws them; other rows split each column
        # over two pages.
        buf = self.buffer
        page = y >> 3
        shift = y & 7
        start = x
        # Pages the glyph touches; None when that page is off the panel.
        p0 = page * WIDTH if 0 <= page < PAGES else None
        p1 = (page + 1) * WIDTH if shift and 0 <= page + 1 < PAGES else None
        cache = _CACHE
        get = _GLYPHS.get
        for ch in s:
            g = get(ch)
            if g is None:
                g = _glyph(ch)
            w = g & 15
            o = g >> 4
            if x >= WIDTH or x + w <= 0 or (p0 is None and p1 is None):
                x += w
                continue
            for j in range(w):
                cx = x + j
                if cx < 0 or cx >= WIDTH:
                    continue
                col = cache[o + j]
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

    # ---- the C path (MicroPython: framebuf, slice copies, big ints) -----------------------------
    def _fill_fast(self, c):
        # one 128-byte page from a constant, then 3 doubling copies (all memmove in C)
        mv = self._mv
        mv[0:128] = _ONES if c else _ZEROS
        mv[128:256] = mv[0:128]
        mv[256:512] = mv[0:256]
        mv[512:1024] = mv[0:512]

    def _rect_fast(self, x, y, w, h, c):
        # framebuf.rect() would still draw a line for w or h <= 0; the reference draws nothing
        if w > 0 and h > 0:
            self._fb.rect(x, y, w, h, c)

    def _invert_fast(self, x, y, w, h):
        # framebuf has no XOR: each page's span is XORed as one big int (C), the same mask
        # per page as the reference's byte loop.
        r = _clip(x, y, w, h)
        if r is None:
            return
        x, y, w, h = r
        mv = self._mv
        ones = ((1 << (w << 3)) - 1) // 255      # 0x0101..01, one 1 per byte
        y1 = y + h
        while y < y1:
            top = y & 7
            bottom = top + (y1 - y)
            if bottom > 8:
                bottom = 8
            mask = ((1 << bottom) - 1) & ~((1 << top) - 1)
            i = (y >> 3) * WIDTH + x
            v = int.from_bytes(mv[i:i + w], "little") ^ (ones * mask)
            mv[i:i + w] = v.to_bytes(w, "little")
            y += bottom - top
