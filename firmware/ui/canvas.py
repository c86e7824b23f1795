# Canvas: the 128x64 1-bit picture the UI draws on, kept in the SSD1306's own page layout.
#
# buffer[x + (y // 8) * 128], bit y % 8 (MONO_VLSB): the display copies it to the panel as is.
# Everything clips at the edge. Two paths draw the very same pixels (tests/test_canvas_speed.py
# checks them against each other under real MicroPython):
#   - the pure-Python reference path (the methods below as written): CPython, the simulator;
#   - on MicroPython, the C path: the built-in framebuf.FrameBuffer over the same buffer for
#     rectangles and lines, glyph columns copied by slice and blitted a whole string at a time,
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

WIDTH = const(128)
HEIGHT = const(64)
PAGES = const(8)
_MVLSB = const(0)            # framebuf.MONO_VLSB


# ---- glyphs: the font file on the flash, a glyph at a time ---------------------------------------
# ui/misaki.fnt (host_tools/make_font.py: the whole misaki gothic font, ~7,200 glyphs, 72 KB) is
# never loaded: it is opened once, at the first glyph, and a glyph costs two small reads (its
# index block, its 8 column bytes). RAM: the block starts and half-width ranges (~260 bytes),
# one 128-byte block buffer, one state byte per block and the cache below.
#
# Trust: the header's CRC and the file's size are checked when it is opened, a block's CRC (its
# 64 glyphs' columns and code points: 640 bytes, 5 reads) when a glyph of it is first looked up;
# a glyph the file cannot vouch for draws as the box, and `damaged` tells the App to say so once
# (docs/font.md, "A damaged file"). A sound boot reads the header and its screens' blocks only.
#
# Cache: a character read once is kept as one small int, (offset of its columns in _CACHE << 4) |
# width, keyed by the 1-char strings the text is iterated into. _SLOTS glyphs of 8 bytes, reused
# first-in first-out (_OWNER says which character holds a slot), so a redraw of the same screen
# reads nothing from the flash: the panel holds at most 128 full-width cells, and the busiest screen
# of test_screen_text's walks draws 56 distinct characters.
_SLOTS = const(128)
_XMAX = const(120)           # WIDTH - 8: a glyph starting at 0..120 is wholly on the panel
_HEADER = const(16)
_BLOCK = const(64)           # code points per index block (make_font.BLOCK)
_BOX = b"\x7f\x41\x41\x41\x41\x41\x7f\x00"   # a character the font lacks: a hollow 7x7 box
_CACHE = bytearray(_SLOTS * 8)
_FMV = memoryview(_CACHE)
_GLYPHS = {}
_OWNER = [None] * _SLOTS
# [file, block starts, half-width ranges, n, code points' offset, columns' offset, block buffer,
#  block states (0 not read yet, 1 vouched for, 2 not), block CRCs' offset]
_font = None
_next = 0
FONT_PATH = None             # the font file; None: ui/misaki.fnt (data_paths). Tests set it.
damaged = False              # the font file is missing or failed a check: the App says so, once
try:
    from binascii import crc32 as _crc
except ImportError:          # a MicroPython without it: sizes are still checked
    _crc = None


def data_paths(name):
    """Where the UI's data file `name` may be: beside this module (firmware/ui/ on CPython), then
    /ui/ on the Pico's flash. The font here and ui/texts.py's texts use it."""
    try:
        here = __file__
    except NameError:        # a MicroPython built without __file__: the flash layout
        return ("ui/" + name, "/ui/" + name)
    i = max(here.rfind("/"), here.rfind("\\"))
    return ((here[:i + 1] if i >= 0 else "") + name, "/ui/" + name)


def _open():
    # No font file (a deploy that left it out) or one whose header does not check out: every
    # character draws as the box, visibly wrong but never a halt, and the panel says why.
    global _font, damaged
    head = b""
    f = None
    for path in (FONT_PATH,) if FONT_PATH else data_paths("misaki.fnt"):
        try:
            f = open(path, "rb")
            head = f.read(_HEADER)
            break
        except OSError:
            pass
    font = None
    if len(head) == _HEADER and head[:4] == b"MSK2" and (head[10] | head[11] << 8) == _BLOCK:
        n = head[4] | head[5] << 8
        nblocks = head[6] | head[7] << 8
        nranges = head[8] | head[9] << 8
        firsts = f.read(2 * nblocks)
        ranges = f.read(4 * nranges)
        crcs = _HEADER + 2 * nblocks + 4 * nranges
        cps = crcs + 4 * nblocks
        if (len(firsts) == 2 * nblocks and len(ranges) == 4 * nranges
                and nblocks == (n + _BLOCK - 1) // _BLOCK
                and (_crc is None or _crc(ranges, _crc(firsts, _crc(head[:12]))) & 0xFFFFFFFF == _u32(head, 12))):
            font = [f, firsts, ranges, n, cps, cps + 2 * n, bytearray(2 * _BLOCK), bytearray(nblocks), crcs]
            if f.seek(0, 2) != cps + 10 * n:
                damaged = True       # cut short (or grown): the blocks' CRCs say which glyphs hold
    if font is None:
        damaged = True
        if f is not None:
            f.close()
        font = [None, b"", b"", 0, 0, 0, None]
    _font = font
    return font


def _u32(b, i):
    return b[i] | b[i + 1] << 8 | b[i + 2] << 16 | b[i + 3] << 24


def _vouch(font, b, base, count):
    """Check block b's CRC (its columns, then its code points); True when it holds, and then its
    code points are in the block buffer. Either way its state is kept: read once a boot."""
    global damaged
    f = font[0]
    blk = font[6]
    mv = memoryview(blk)
    f.seek(font[8] + 4 * b)
    ok = f.readinto(mv[:4]) == 4
    want = _u32(blk, 0)
    c = 0
    left = 8 * count
    if ok:
        f.seek(font[5] + 8 * base)
    while ok and left > 0:
        k = f.readinto(mv[:left if left < 128 else 128])
        ok = k is not None and k > 0
        if ok:
            if _crc is not None:
                c = _crc(mv[:k], c)
            left -= k
    if ok:
        f.seek(font[4] + 2 * base)
        ok = f.readinto(blk) >= 2 * count
        if ok and _crc is not None:
            ok = _crc(mv[:2 * count], c) & 0xFFFFFFFF == want
    font[7][b] = 1 if ok else 2
    if not ok:
        damaged = True
    return ok


def _find(n):
    """Glyph number of code point n in the file; -1 when the font lacks it, -2 when its block does
    not check out (a damaged file: it draws as the box too)."""
    font = _font or _open()
    if font[0] is None:
        return -2                        # no file to vouch for anything
    firsts = font[1]
    lo = 0
    hi = len(firsts) >> 1
    while lo < hi:                       # the last block whose first code point is <= n
        m = (lo + hi) >> 1
        if (firsts[2 * m] | firsts[2 * m + 1] << 8) <= n:
            lo = m + 1
        else:
            hi = m
    if lo == 0:
        return -1
    base = (lo - 1) * _BLOCK
    count = font[3] - base
    if count > _BLOCK:
        count = _BLOCK
    f = font[0]
    blk = font[6]
    st = font[7][lo - 1]
    if st == 1:
        f.seek(font[4] + 2 * base)
        f.readinto(blk)                 # the last block: only `count` of these are codes
    elif st == 2 or not _vouch(font, lo - 1, base, count):
        return -2
    lo = 0
    hi = count
    while lo < hi:
        m = (lo + hi) >> 1
        v = blk[2 * m] | blk[2 * m + 1] << 8
        if v < n:
            lo = m + 1
        elif v > n:
            hi = m
        else:
            return base + m
    return -1


def _glyph(ch):
    """Packed (cache offset << 4 | width) of `ch`, its 8 column bytes read into a cache slot."""
    global _next
    n = ord(ch)
    i = _find(n)
    slot = _next
    _next = slot + 1 if slot + 1 < _SLOTS else 0
    old = _OWNER[slot]
    if old is not None:
        _GLYPHS.pop(old, None)
    _OWNER[slot] = ch
    o = slot << 3
    if i >= 0:
        f = _font[0]
        f.seek(_font[5] + 8 * i)
        if f.readinto(_FMV[o:o + 8]) != 8:     # a short read must not leave the slot's old glyph
            i = -2
    if i == -2:                  # the file cannot vouch for it: the notice's own glyphs still draw
        w = _spare(ch, o)
    elif i < 0:
        _FMV[o:o + 8] = _BOX
        w = 8
    else:
        w = 8
        r = _font[2]
        for k in range(0, len(r), 4):
            if (r[k] | r[k + 1] << 8) <= n <= (r[k + 2] | r[k + 3] << 8):
                w = 4
                break
    g = (o << 4) | w
    _GLYPHS[ch] = g
    return g


def _spare(ch, o):
    """Put `ch`'s glyph from ui/font_spare.py (the damaged-font notice's characters, generated by
    make font) into the cache at o, else the box; its width."""
    k = -1
    try:
        from ui import font_spare
        k = font_spare.CHARS.find(ch)
    except Exception:        # a board without it: boxes, as for any glyph not vouched for
        pass
    if k < 0:
        _FMV[o:o + 8] = _BOX
        return 8
    _FMV[o:o + 8] = font_spare.COLUMNS[8 * k:8 * k + 8]
    return font_spare.WIDTHS[k]


def glyph_columns(ch):
    """(8 column bytes, width) of `ch` as the canvas draws it (tests, the reference path)."""
    g = _GLYPHS.get(ch)
    if g is None:
        g = _glyph(ch)
    o = g >> 4
    return bytes(_FMV[o:o + 8]), g & 15


def has_glyph(ch):
    """True when the font has `ch` (else it draws as a box)."""
    return _find(ord(ch)) >= 0 if len(ch) == 1 else False


def text_width(s):
    """Width in pixels of `s` in the misaki font (ASCII 4 px, kana/kanji/symbols 8 px)."""
    w = 0
    get = _GLYPHS.get
    for ch in s:
        g = get(ch)
        if g is None:
            g = _glyph(ch)
        w += g & 15
    return w


ELLIPSIS = "\u2026"          # …, 8 px


def fit(s, maxw=WIDTH):
    """`s` if it is at most `maxw` px wide, else cut and ended with "…" within `maxw`: a long
    name or line shows it was cut instead of silently losing its end."""
    w = text_width(s)
    if w <= maxw:
        return s
    room = maxw - text_width(ELLIPSIS)
    get = _GLYPHS.get
    n = 0
    w = 0
    for ch in s:
        g = get(ch)
        if g is None:
            g = _glyph(ch)
        if w + (g & 15) > room:
            break
        w += g & 15
        n += 1
    return s[:n] + ELLIPSIS if room >= 0 else ""


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
            self._row = bytearray(WIDTH)           # one text row's glyph columns, by screen x
            self._rowmv = memoryview(self._row)
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
        C path: the glyphs' column bytes (font-to-py -y: already page bytes) are copied into a
        row at their screen x, then one blit ORs (c=0: clears) the visible part at any y.
        """
        fb = self._fb
        if fb is None:
            return self._text_py(s, x, y, c)
        row = self._row
        fmv = _FMV
        get = _GLYPHS.get
        start = x
        for ch in s:
            g = get(ch)
            if g is None:
                g = _glyph(ch)
            w = g & 15
            if 0 <= x <= _XMAX:                    # wholly on the panel (glyphs are <= 8 px)
                o = g >> 4
                row[x:x + w] = fmv[o:o + w]
            elif x < WIDTH and x + w > 0:          # a glyph cut by the panel's edge
                o = g >> 4
                a = -x if x < 0 else 0
                b = WIDTH - x if x + w > WIDTH else w
                row[x + a:x + b] = fmv[o + a:o + b]
            x += w
        # row[a:b] now holds exactly this string's visible columns (stale bytes lie outside)
        a = start if start > 0 else 0
        b = x if x < WIDTH else WIDTH
        if a < b and -8 < y < HEIGHT:
            # (MicroPython 1.24's blit takes a FrameBuffer only, not a (buffer, w, h, format) tuple)
            src = _framebuf.FrameBuffer(self._rowmv[a:b], b - a, 8, _MVLSB)
            if c:
                fb.blit(src, a, y, 0)
            else:
                fb.blit(src, a, y, 1, _PAL_CLEAR)
        return x - start

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
