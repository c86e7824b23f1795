# QR Codes for the panel (the phones' join codes): the symbol, its mask and its drawing.
#
# The codewords come from draw/qr_data.py; here they are laid out (ISO/IEC 18004), masked and drawn.
#
# Versions 1-4 are all this needs: the panel is 64 pixels tall, so a version 4 code (33 modules)
# already has to drop to 1 pixel per module; none of them carries version information, and only
# version 4 at level M has two Reed-Solomon blocks.
#
# The symbol is kept as one int per row, bit c = column c (the least significant bit is the left
# edge), and for the masks as one int for the whole symbol: the penalty of a mask (7.8.3) is then
# a few dozen shifts and ANDs run in C instead of a Python step per module, which is what makes
# trying all 8 masks affordable on a Pico (figures: tests/firmware/net/test_qr.py, test_cost_under_micropython).
#
# Choices the standard leaves to the encoder, or that the panel forces (those about the text are
# draw/qr_data.py's):
# - The quiet zone is what the 64-pixel panel leaves, at least 1 module (the standard asks for 4;
#   a version 3 code at 2 px per module gets 1.5, version 2 gets 3.5): beyond the panel's edge
#   the bezel is dark, so the lit margin is all the quiet zone a camera gets.
# - The mask penalty is taken on the symbol with its format information in place, and a
#   1:1:3:1:1 pattern with light on both sides counts once.
try:
    from micropython import const
except ImportError:          # CPython
    def const(x):
        return x

from draw.qr_data import capacity, choose, codewords, payload

QUIET = const(1)             # modules of lit margin that draw() keeps at least (see fit_scale)
PANEL = const(64)            # the panel's height: the square a code must fit in

_LEVEL_BITS = {"L": 1, "M": 0}     # the format information's error correction indicator

# ---- the symbol: function patterns, data, masks --------------------------------------------------
# Kept as ints, one per row (bit c = column c), from the start: `taken` marks the function
# modules (finders and their separators, timing, alignment, the format areas), `dark` the dark
# ones, and the data placement then fills the rest.

_FINDER = (0x7F, 0x41, 0x5D, 0x5D, 0x5D, 0x41, 0x7F, 0)     # 7 rows and the separator
_ALIGN = (0x1F, 0x11, 0x15, 0x11, 0x1F)


def _functions(size):
    # (dark, taken) by row: the function patterns of a symbol of `size` modules
    dark = [0] * size
    taken = [0] * size
    far = size - 8
    for i in range(8):
        for r in (i, size - 1 - i):
            taken[r] |= 0xFF
            dark[r] |= _FINDER[i]
        taken[i] |= 0xFF << far
        dark[i] |= _FINDER[i] << (far + 1)
    between = ((1 << (size - 16)) - 1) << 8          # columns (or rows) 8 to size - 9
    taken[6] |= between
    dark[6] |= between & 0x555555555 << 8            # timing: dark on even columns
    for r in range(8, size - 8):
        taken[r] |= 1 << 6
        if not r & 1:
            dark[r] |= 1 << 6
    if size > 21:                # one alignment pattern, centred 7 modules from the far corner
        a = size - 9
        for i in range(5):
            taken[a + i] |= 0x1F << a
            dark[a + i] |= _ALIGN[i] << a
    taken[8] |= 0x1FF | 0xFF << far                  # the format areas (written per mask)
    for r in range(9):
        taken[r] |= 1 << 8
    for r in range(far, size):
        taken[r] |= 1 << 8
    dark[far] |= 1 << 8                              # the dark module
    return dark, taken


def _place(dark, dark_t, free, size, stream):
    # Two columns at a time from the right edge, up then down, skipping the vertical timing
    # column; the bits left over when the stream ends (the remainder bits) stay light. A dark
    # module goes into both copies: by row and by column.
    nbits = len(stream) * 8
    i = 0
    col = size - 1
    up = True
    while col > 0:
        if col == 6:
            col = 5
        for t in range(size):
            r = size - 1 - t if up else t
            f = free[r]
            for c in (col, col - 1):
                if f >> c & 1:
                    if i < nbits and stream[i >> 3] >> (7 - (i & 7)) & 1:
                        dark[r] |= 1 << c
                        dark_t[c] |= 1 << r
                    i += 1
        up = not up
        col -= 2


def _mask_rows(k):
    # Every mask pattern repeats every 12 rows and 12 columns (its periods are 2, 3, 4 or 6):
    # (12 row patterns, 12 column patterns) of 12 bits each. Row r's pattern has bit c set where
    # the mask inverts module (r, c); column c's has bit r. Masks 0, 3, 5, 6 and 7 are symmetric
    # in r and c, so their columns are their rows.
    rows = []
    for r in range(12):
        if k == 0:                       # (r + c) % 2 == 0
            v = 0x555 << (r & 1)
        elif k == 1:                     # r % 2 == 0
            v = 0 if r & 1 else 0xFFF
        elif k == 2:                     # c % 3 == 0
            v = 0x249
        elif k == 3:                     # (r + c) % 3 == 0
            v = (0x249, 0x924, 0x492)[r % 3]
        elif k == 4:                     # (r // 2 + c // 3) % 2 == 0
            v = 0xE38 if r & 2 else 0x1C7
        else:                            # 5-7 depend on r * c: period 6
            v = 0
            for c in range(6):
                p = r * c
                if k == 5:
                    hit = p % 2 + p % 3 == 0
                elif k == 6:
                    hit = (p % 2 + p % 3) % 2 == 0
                else:
                    hit = ((r + c) % 2 + p % 3) % 2 == 0
                if hit:
                    v |= 0x41 << c
        rows.append(v)
    if k == 1:
        cols = [0x555] * 12
    elif k == 2:
        cols = [0 if c % 3 else 0xFFF for c in range(12)]
    elif k == 4:
        cols = [0xCCC if c % 6 >= 3 else 0x333 for c in range(12)]
    else:
        cols = rows
    return rows, cols


def format_bits(level, mask):
    """The 15 format information bits: the level and mask, a BCH(15,5) code, XOR 0x5412."""
    d = _LEVEL_BITS[level] << 3 | mask
    v = d << 10
    for i in range(14, 9, -1):
        if v >> i & 1:
            v ^= 0x537 << (i - 10)
    return (d << 10 | v) ^ 0x5412


def _format_lines(size, fmt):
    # The format bits in row 8 (by column) and in column 8 (by row): both copies of the 15 bits.
    row8 = 0
    col8 = 0
    for i in range(15):
        if fmt >> i & 1:
            if i < 6:
                col8 |= 1 << i
            elif i < 8:
                col8 |= 1 << (i + 1)         # rows 7 and 8: row 6 is the timing pattern
            elif i == 8:
                row8 |= 1 << 7
            else:
                row8 |= 1 << (14 - i)        # columns 5 to 0
            if i < 8:
                row8 |= 1 << (size - 1 - i)
            else:
                col8 |= 1 << (size - 15 + i)
    return row8, col8


# ---- the whole symbol as one int ----------------------------------------------------------------
# For the masks and their penalty the symbol is one int: module (i, j) at bit i * stride + j,
# stride = size + 4, i the row (or the column, for the transposed copy). The 4 spare bits after
# each line are light modules outside the symbol: a run cannot go on into the next line, and a
# finder-like pattern at an edge sees the quiet zone beyond it. A shift then moves every line at
# once, so the penalty of a mask is some 50 operations on ints of one to two thousand bits (C
# loops) instead of a Python step per module.

def _pack(lines, size, stride):
    x = 0
    for i in range(size - 1, -1, -1):
        x = x << stride | lines[i]
    return x


def _tiled(t, stride, full, modules):
    # a mask's 12 line patterns (_mask_rows), each repeated along its line, then the block of 12
    # lines repeated over the symbol
    block = 0
    for i in range(11, -1, -1):
        v = t[i]
        block = block << stride | (v | v << 12 | v << 24) & full
    return (block | block << (12 * stride) | block << (24 * stride)) & modules


def _spread(bits, size, stride, at):
    # `bits` (bit i = line i) as one module at column `at` of each line
    x = 0
    for i in range(size):
        if bits >> i & 1:
            x |= 1 << (i * stride + at)
    return x


class _Counter:
    # Population counts of ints of up to `nbytes` bytes without bin(), which is quadratic in the
    # length on MicroPython: a SWAR step leaves each byte holding its own count, byte counts of
    # several values (times a small weight) add up as long as no byte passes 255, and sum() over
    # to_bytes() adds the bytes in C.
    def __init__(self, nbytes):
        self.n = nbytes
        self.m1 = int.from_bytes(b"\x55" * nbytes, "little")
        self.m2 = int.from_bytes(b"\x33" * nbytes, "little")
        self.m4 = int.from_bytes(b"\x0f" * nbytes, "little")

    def per_byte(self, v):
        v -= v >> 1 & self.m1
        v = (v & self.m2) + (v >> 2 & self.m2)
        return (v + (v >> 4)) & self.m4

    def total(self, per_byte):
        return sum(per_byte.to_bytes(self.n, "little"))


def _sparse_ones(v):
    n = 0
    while v:
        v &= v - 1
        n += 1
    return n


def _runs_and_finders(x, light, count):
    # N1: a run of 5 + i modules of one colour scores 3 + i. `d` has a bit where 5 in a row of
    # either colour start (never both), so a run of n >= 5 leaves n - 4 bits in one group: its
    # bits + 2 per group (`s`, the first bit of each group). Returned as byte counts.
    d = 0
    for v in (x, light):
        two = v & v >> 1
        d |= two & two >> 2 & v >> 4
    n1 = count.per_byte(d) + 2 * count.per_byte(d ^ (d & d << 1))
    # N3: dark-light-dark-dark-dark-light-dark with 4 light modules before or after it, 40 each
    # (once even when both sides are light); outside the symbol is light. Rare: counted apart.
    n3 = 0
    three = x & x >> 1 & x >> 2
    core = x & light >> 1 & three >> 2 & light >> 5 & x >> 6
    if core:
        two = x | x >> 1
        any4 = two | two >> 2                # a dark module in the 4 from here on
        n3 = 40 * _sparse_ones(core ^ (core & any4 << 4 & any4 >> 7))
    return n1, n3


def _penalty(x, xt, size, stride, modules, count):
    # x: the symbol by rows, xt: by columns, modules: the bits that are modules (no spare bits).
    # Rows and columns go through N1 and N3 together, as one int: the columns after the rows.
    light = modules ^ x
    at = size * stride
    n1, n3 = _runs_and_finders(x | xt << at, light | (modules ^ xt) << at, count)
    b = x & x >> stride              # N2: every 2 x 2 block of one colour, 3 each
    lb = light & light >> stride
    n2 = count.per_byte(b & b >> 1 | lb & lb >> 1)
    # a byte of n1 holds at most 8 + 2 * 8 = 24, of n2 8: 48 in all, one sum
    score = count.total(n1 + 3 * n2) + n3
    total = size * size              # N4: 10 for each full 5 % the dark modules are off half
    dark = count.total(count.per_byte(x))
    return score + 10 * (abs(20 * dark - 10 * total) // total)


def _counter(size, stride):
    return _Counter((2 * size * stride + 4) // 8 + 2)   # rows and columns, and N3's shifts


def penalty(rows, size):
    """The mask penalty score (N1 + N2 + N3 + N4, ISO/IEC 18004 7.8.3) of a symbol given as rows."""
    cols = [0] * size
    for r in range(size):
        for c in range(size):
            if rows[r] >> c & 1:
                cols[c] |= 1 << r
    stride = size + 4
    full = (1 << size) - 1
    return _penalty(_pack(rows, size, stride), _pack(cols, size, stride), size, stride,
                    _pack([full] * size, size, stride), _counter(size, stride))


def encode(text, level=None, mask=None):
    """(version, level, mask, rows) of the QR code of `text` (a str is sent as UTF-8; bytes as
    they are). rows: one int per row of modules, bit c = column c, 1 = dark. mask None: the one of
    the 8 with the lowest penalty, as the standard says; else that mask (0-7)."""
    if mask is not None and not 0 <= mask <= 7:
        raise ValueError("QR mask %r: 0 to 7" % (mask,))
    data = payload(text)
    version, level = choose(data, level)
    size = 17 + 4 * version
    stride = size + 4
    full = (1 << size) - 1
    dr, taken = _functions(size)
    # by column: the function patterns are symmetric about the diagonal but for the dark module
    dc = dr[:]
    dc[size - 8] &= ~(1 << 8)
    dc[8] |= 1 << (size - 8)
    free = [full ^ t for t in taken]
    _place(dr, dc, free, size, codewords(data, version, level))
    dark = _pack(dr, size, stride)
    dark_t = _pack(dc, size, stride)
    area = _pack(free, size, stride)   # symmetric, so the same by column
    modules = _pack([full] * size, size, stride)
    count = _counter(size, stride)
    best = None
    for k in (range(8) if mask is None else (mask,)):
        tr, tc = _mask_rows(k)
        row8, col8 = _format_lines(size, format_bits(level, k))
        x = (dark ^ _tiled(tr, stride, full, modules) & area) | row8 << (8 * stride) \
            | _spread(col8, size, stride, 8)
        if mask is not None:
            best = (0, k, x)
            break
        xt = (dark_t ^ _tiled(tc, stride, full, modules) & area) | col8 << (8 * stride) \
            | _spread(row8, size, stride, 8)
        score = _penalty(x, xt, size, stride, modules, count)
        if best is None or score < best[0]:
            best = (score, k, x)
    x = best[2]
    return version, level, best[1], [x >> (r * stride) & full for r in range(size)]


def matrix(text, level=None, mask=None):
    """(size, rows) of the QR code of `text`: size modules a side, rows as encode() gives them."""
    version, _, _, rows = encode(text, level, mask)
    return 17 + 4 * version, rows


# ---- on the panel --------------------------------------------------------------------------------

def fit_scale(size, room=PANEL):
    """Pixels per module for a code of `size` modules in a lit square `room` pixels wide, with at
    least QUIET modules of lit margin on each side; 0 when even 1 pixel per module does not fit."""
    return room // (size + 2 * QUIET)


def max_bytes(scale=2, room=PANEL, level="L"):
    """The longest text, in UTF-8 bytes, whose code draw() shows at `scale` pixels per module or
    more in a `room`-pixel square (0 if none does): at 2 px on the panel, a version 3 code."""
    best = 0
    for version in range(1, 5):
        if fit_scale(17 + 4 * version, room) >= scale:
            best = capacity(version, level)
    return best


def draw(canvas, text, x, y, scale=0, room=PANEL, level=None):
    """Draw the code of `text` (see draw_matrix); ValueError when the text does not fit version
    4. It encodes every time: a screen that redraws keeps matrix()'s result for draw_matrix()."""
    size, rows = matrix(text, level)
    return draw_matrix(canvas, size, rows, x, y, scale, room)


def draw_matrix(canvas, size, rows, x, y, scale=0, room=PANEL):
    """Draw a code (matrix()'s size and rows) as dark modules (0) centred on a lit (1) square of
    `room` pixels whose top-left is (x, y): a phone camera reads dark on light, and the lit square
    is the quiet zone. scale 0: the largest that fits (fit_scale). Returns (size, scale).
    ValueError when the code at that scale does not fit the square."""
    if not scale:
        scale = fit_scale(size, room)
    side = size * scale
    if scale < 1 or side + 2 * QUIET * scale > room:
        raise ValueError("a QR code of %d modules does not fit %d pixels at %d px per module"
                         % (size, room, scale))
    canvas.fill_rect(x, y, room, room, 1)
    left = x + (room - side) // 2
    top = y + (room - side) // 2
    for r in range(size):
        bits = rows[r]
        c = 0
        while bits:              # each run of dark modules in the row: one rectangle
            if bits & 1:
                n = 0
                while bits & 1:
                    bits >>= 1
                    n += 1
                canvas.fill_rect(left + c * scale, top + r * scale, n * scale, scale, 0)
                c += n
            else:
                bits >>= 1
                c += 1
    return size, scale
