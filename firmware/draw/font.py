# The glyph reader: the misaki font file on the flash, read a glyph at a time into a small cache.
#
# draw/misaki.fnt (host_tools/board/make_font.py: the whole misaki gothic font, ~7,200 glyphs, 72 KB) is
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
try:
    from micropython import const
except ImportError:          # CPython
    def const(x):
        return x

_SLOTS = const(128)
_HEADER = const(16)
_BLOCK = const(64)           # code points per index block (make_font.BLOCK)
_BOX = b"\x7f\x41\x41\x41\x41\x41\x7f\x00"   # a character the font lacks: a hollow 7x7 box
_CACHE = bytearray(_SLOTS * 8)
_FMV = memoryview(_CACHE)
_GLYPHS = {}
_STRS = {}                   # the texts the C path drew (draw/canvas.py fills it): text -> (its
                             # columns as a FrameBuffer, width); a width asked again is read here
_OWNER = [None] * _SLOTS
# [file, block starts, half-width ranges, n, code points' offset, columns' offset, block buffer,
#  block states (0 not read yet, 1 vouched for, 2 not), block CRCs' offset]
_font = None
_next = 0
FONT_PATH = None             # the font file; None: draw/misaki.fnt (data_paths). Tests set it.
damaged = False              # the font file is missing or failed a check: the App says so, once
TRUSTED = False              # True: the file is part of the firmware image (our UF2): no block's CRC
                             # is checked (each first look into a block cost a read of 640 bytes)
DATA = None                  # the file's bytes where the firmware holds them in flash (our UF2):
                             # a glyph is then found by one search in C, with no reads (a miss
                             # cost 0.58 ms, most of it two binary searches in Python)
try:
    from binascii import crc32 as _crc
except ImportError:          # a MicroPython without it: sizes are still checked
    _crc = None


def data_paths(folder, name):
    """Where the firmware's data file `folder`/`name` may be: under the firmware's root as this
    module finds it (firmware/ on CPython), then at the root of the Pico's flash. The font here
    (draw/misaki.fnt) and words/texts.py's texts (ui/texts.bin) use it."""
    rel = folder + "/" + name
    try:
        here = __file__
    except NameError:        # a MicroPython built without __file__: the flash layout
        return (rel, "/" + rel)
    here = here.replace("\\", "/")
    i = here.rfind("/")                          # .../draw/font.py: the folder of this module
    j = here.rfind("/", 0, i) if i > 0 else -1   # ... and the firmware's root above it
    return ((here[:j + 1] if j >= 0 else "") + rel, "/" + rel)


def _open():
    # No font file (a deploy that left it out) or one whose header does not check out: every
    # character draws as the box, visibly wrong but never a halt, and the panel says why.
    global _font, damaged
    head = b""
    f = None
    for path in (FONT_PATH,) if FONT_PATH else data_paths("draw", "misaki.fnt"):
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
            font = [f, firsts, ranges, n, cps, cps + 2 * n, bytearray(2 * _BLOCK),
                    bytearray(b"\x01" * nblocks if TRUSTED else nblocks), crcs, _by_high(firsts),
                    _half_high(ranges)]
            if f.seek(0, 2) != cps + 10 * n:
                damaged = True       # cut short (or grown): the blocks' CRCs say which glyphs hold
    if font is None:
        damaged = True
        if f is not None:
            f.close()
        font = [None, b"", b"", 0, 0, 0, None]
    _font = font
    return font


def _by_high(firsts):
    """257 bytes: at h, how many blocks start below code point h << 8, so a look-up searches only
    the blocks of its own 256 code points (one or two of them for kanji) instead of all; None
    for a file of more than 255 blocks (then every block is searched)."""
    nb = len(firsts) >> 1
    if nb > 255:
        return None
    t = bytearray(257)
    b = 0
    for h in range(257):
        while b < nb and (firsts[2 * b] | firsts[2 * b + 1] << 8) < h << 8:
            b += 1
        t[h] = b
    return t


def _half_high(ranges):
    """The high bytes (code point >> 8) the half-width ranges touch: a kanji's width is then
    known without a look at every range."""
    t = set()
    for k in range(0, len(ranges) - 3, 4):
        for h in range((ranges[k] | ranges[k + 1] << 8) >> 8, ((ranges[k + 2] | ranges[k + 3] << 8) >> 8) + 1):
            t.add(h)
    return t


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
    t = font[9]
    if t is not None and n < 0xFF00:
        lo = t[n >> 8]
        hi = t[(n >> 8) + 1]
    else:
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
    d = DATA
    if d is not None:            # the firmware's own bytes: the code point's 2 bytes found in C
        a = font[4] + 2 * base
        e = a + 2 * count
        k = d.find(bytes((n & 255, n >> 8)), a, e)
        while k >= 0 and (k - a) & 1:             # found across two code points: look on
            k = d.find(bytes((n & 255, n >> 8)), k + 1, e)
        return base + ((k - a) >> 1) if k >= 0 else -1
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
    if i >= 0 and DATA is not None:
        a = _font[5] + 8 * i
        _FMV[o:o + 8] = memoryview(DATA)[a:a + 8]
    elif i >= 0:
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
        r = _font[2] if (n >> 8) in _font[10] else b""
        for k in range(0, len(r), 4):
            if (r[k] | r[k + 1] << 8) <= n <= (r[k + 2] | r[k + 3] << 8):
                w = 4
                break
    g = (o << 4) | w
    _GLYPHS[ch] = g
    return g


def _spare(ch, o):
    """Put `ch`'s glyph from draw/font_spare.py (the damaged-font notice's characters, generated by
    make font) into the cache at o, else the box; its width."""
    k = -1
    try:
        from draw import font_spare
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
    got = _STRS.get(s)
    if got is not None:          # drawn before: a redraw measures its texts again (rtext, fit)
        return got[1]
    w = 0
    get = _GLYPHS.get
    for ch in s:
        g = get(ch)
        if g is None:
            g = _glyph(ch)
        w += g & 15
    return w


ELLIPSIS = "\u2026"          # …, 8 px


def fit(s, maxw=128):        # 128: draw.canvas.WIDTH, not imported (screens fit text before any Canvas)
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
