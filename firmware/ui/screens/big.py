# The large view: what the table asks most, readable from across the table: numerals 20 px tall
# (seven-segment figures), names and words 14 px (misaki 2x). ▲ or ▼ on a play screen opens it; ▲▼ turn its
# pages, OK or back return. Three lines a page; a line is a label left and a figure right.
# Imported when opened.
from draw.font import glyph_columns, text_width
from ui.screens.common import Screen

W = 128
LINE = 21          # px per line: three lines on the 64 px panel
LINES = 3
DIGIT_W = 13       # a numeral's advance: 10 px wide, 20 px tall, 3 px apart
# seven segments (a top, b top right, c bottom right, d bottom, e bottom left, f top left, g middle)
SEGS = {"0": "abcdef", "1": "bc", "2": "abdeg", "3": "abcdg", "4": "bcfg", "5": "acdfg",
        "6": "acdefg", "7": "abc", "8": "abcdefg", "9": "abcdfg", "-": "g"}
SEAT_P = "abefg"   # the P of a seat label (P1..P6) as tall as its figure: a misaki P is 14 px
RECTS = {"a": (0, 0, 10, 2), "b": (8, 0, 2, 11), "c": (8, 9, 2, 11), "d": (0, 18, 10, 2),
         "e": (0, 9, 2, 11), "f": (0, 0, 2, 11), "g": (0, 9, 10, 2)}


def _segs(s, i):
    """The segments of s[i] when it is drawn as a figure (a numeral, or the P of P1), else None."""
    ch = s[i]
    if ch == "P" and i + 1 < len(s) and s[i + 1] in "0123456789":
        return SEAT_P
    return SEGS.get(ch)


def _letter(ch):
    # % as wide as ％ (16 px): an English win rate's sign as legible as the Japanese one
    return "％" if ch == "%" else ch


def big_width(s):
    w = 0
    for i in range(len(s)):
        w += DIGIT_W if _segs(s, i) is not None else 2 * text_width(_letter(s[i]))
    return w


def _blit(c, cols, w, x, y):
    for i in range(w):
        b = cols[i]
        k = 0
        while b:
            if b & 1:
                c.fill_rect(x + 2 * i, y + 2 * k, 2, 2, 1)
            b >>= 1
            k += 1


def big_text(c, s, x, y):
    """`s` large, its line's top at y: numerals (and the P of a seat label P1) drawn as 10x20 px
    seven-segment figures, other letters misaki 2x (14 px, at the bottom of the line); returns
    the width drawn."""
    x0 = x
    for i in range(len(s)):
        ch = s[i]
        segs = _segs(s, i)
        if segs is not None:
            for sg in segs:
                r = RECTS[sg]
                c.fill_rect(x + r[0], y + r[1], r[2], r[3], 1)
            x += DIGIT_W
        else:
            cols, w = glyph_columns(_letter(ch))
            _blit(c, cols, w, x, y + 6)           # rows 0-6 -> y+6 .. y+19
            x += 2 * w
        if x >= W:
            break
    return x - x0


def big_fit(s, maxw):
    while s and big_width(s) > maxw:
        s = s[:-1]
    return s


def groups_of(app):
    """[[(label, figure)]] for the game on the table, in the order the table asks for them; each
    group starts on a new page: the game's screen module's big(app), else its standings."""
    f = getattr(app.gmod, "big", None)
    if f is not None:
        return f(app)
    name = app.name
    return [[(name(e["seat"]), str(e["score"])) for e in app.game.standings()]]


def draw_page(c, pages, at):
    """Page `at` of `pages` ([[(label, figure)]]): a label left, its figure right, three lines, and
    where the page is as a thin bar on the right edge; returns `at` (0 when past the last page).
    The large view and the season screen (ui/screens/season.py) draw their pages with it."""
    if at >= len(pages):
        at = 0
    page = pages[at]
    for k in range(len(page)):
        label, fig = page[k]
        y = LINE * k
        fw = big_width(fig)
        big_text(c, big_fit(label, W - 4 - fw - (8 if fig else 0)), 0, y)
        if fig:
            big_text(c, fig, W - 3 - fw, y)
    n = len(pages)
    if n > 1:
        h = 64 // n
        c.fill_rect(W - 1, at * h, 1, h, 1)
    return at


def pages_of(app):
    pages = []
    for g in groups_of(app):
        for k in range(0, len(g), LINES):
            pages.append(g[k:k + LINES])
    return pages


class Big(Screen):
    def __init__(self, app):
        Screen.__init__(self, app)
        self.page = 0

    def on_button(self, kind, name):
        if kind != "click":
            return
        n = len(pages_of(self.app))
        if name in ("up", "down") and n > 1:
            self.page = (self.page + (1 if name == "down" else -1)) % n
        else:                  # ok, back, ←→ (and ▲▼ with one page): back to play
            self.app.pop()

    def draw(self, c):
        self.page = draw_page(c, pages_of(self.app), self.page)
