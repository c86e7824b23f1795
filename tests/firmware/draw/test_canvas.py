# Canvas: pixel-exact drawing in the SSD1306 page layout, clipping at the panel's edge, both languages.
import random

import pytest

from host_tools.board import make_font
from draw import font
from draw.canvas import HEIGHT, WIDTH, Canvas
from draw.font import text_width

with open(make_font.OUT, "rb") as _f:
    FONT = make_font.read(_f.read())       # {code point: (width, columns)}, read independently


def glyph(ch):
    """(columns, width) as generated; a character the font lacks is the canvas's box."""
    w, cols = FONT.get(ord(ch), (8, font._BOX))
    return cols, w


def lit(c):
    return {(x, y) for y in range(HEIGHT) for x in range(WIDTH) if c.pixel(x, y)}


def glyph_pixels(ch, x0, y0):
    cols, w = glyph(ch)
    return {(x0 + i, y0 + b) for i in range(w) for b in range(8) if cols[i] >> b & 1}


def test_layout_is_mono_vlsb():
    c = Canvas()
    assert len(c.buffer) == 1024
    c.pixel(5, 13, 1)
    assert c.buffer[5 + 128] == 1 << 5 and lit(c) == {(5, 13)}
    c.pixel(5, 13, 0)
    assert not any(c.buffer)


def test_fill_and_shapes_exact():
    c = Canvas()
    c.fill(1)
    assert c.buffer == bytearray(b"\xff" * 1024)
    c.fill(0)
    c.fill_rect(3, 6, 4, 5, 1)
    assert lit(c) == {(x, y) for x in range(3, 7) for y in range(6, 11)}
    c.fill(0)
    c.rect(0, 0, 4, 3, 1)
    assert lit(c) == {(0, 0), (1, 0), (2, 0), (3, 0), (0, 1), (3, 1), (0, 2), (1, 2), (2, 2), (3, 2)}
    c.fill(0)
    c.hline(1, 9, 3, 1)
    c.vline(7, 1, 2, 1)
    assert lit(c) == {(1, 9), (2, 9), (3, 9), (7, 1), (7, 2)}
    c.invert_rect(0, 9, 3, 1)
    assert lit(c) == {(0, 9), (3, 9), (7, 1), (7, 2)}


def test_shapes_against_a_pixel_model():
    rnd = random.Random(5)
    c = Canvas()
    model = set()
    for _ in range(300):
        op = rnd.choice(("fill_rect", "invert_rect", "pixel"))
        x, y = rnd.randint(-20, 140), rnd.randint(-20, 80)
        w, h = rnd.randint(-2, 60), rnd.randint(-2, 40)
        col = rnd.randint(0, 1)
        if op == "pixel":
            c.pixel(x, y, col)
            cells = {(x, y)}
        else:
            getattr(c, op)(*((x, y, w, h) if op == "invert_rect" else (x, y, w, h, col)))
            cells = {(i, j) for i in range(x, x + w) for j in range(y, y + h)}
        cells = {(i, j) for i, j in cells if 0 <= i < WIDTH and 0 <= j < HEIGHT}
        if op == "invert_rect":
            model ^= cells
        elif col:
            model |= cells
        else:
            model -= cells
    assert lit(c) == model


@pytest.mark.parametrize("s", ["Score 12", "点数 ほーるでむ", "▲▼◀▶・ー、。「」"])
@pytest.mark.parametrize("y", [0, 8, 3, 13, 56])
def test_text_pixels_both_languages(s, y):
    c = Canvas()
    w = c.text(s, 2, y)
    assert w == text_width(s)
    want, x = set(), 2
    for ch in s:
        want |= glyph_pixels(ch, x, y)
        x += glyph(ch)[1]
    assert lit(c) == want and want


def test_text_widths_measured():
    assert text_width("A") == 4 and text_width("1") == 4 and text_width(" ") == 4
    assert text_width("あ") == 8 and text_width("ー") == 8 and text_width("▲") == 8
    assert text_width("") == 0


def test_text_colour_0_clears_only_the_glyph():
    c = Canvas()
    c.fill(1)
    c.text("あ", 0, 8, 0)
    assert lit(c) == {(x, y) for x in range(WIDTH) for y in range(HEIGHT)} - glyph_pixels("あ", 0, 8)


@pytest.mark.parametrize("x,y", [(-5, 0), (124, 0), (0, -3), (0, 60), (125, 61), (-100, 0),
                                 (200, 0), (0, -8), (0, 64), (0, 100), (-3, -5)])
def test_text_clips_at_the_edge(x, y):
    c = Canvas()
    s = "あA漢ドボン" * 3
    w = c.text(s, x, y)
    assert w == text_width(s)             # the width is the text's, clipped or not
    want, cx = set(), x
    for ch in s:
        want |= glyph_pixels(ch, cx, y)
        cx += glyph(ch)[1]
    assert lit(c) == {(i, j) for i, j in want if 0 <= i < WIDTH and 0 <= j < HEIGHT}


def test_unknown_character_draws_a_box():
    c = Canvas()
    assert c.text("\u9f98", 0, 0) == 8    # a kanji outside JIS X 0208: misaki has no glyph
    box = {(x, y) for x in range(7) for y in range(7) if x in (0, 6) or y in (0, 6)}
    assert lit(c) == box
    assert glyph_pixels("?", 0, 0) != box


@pytest.mark.parametrize("s", ["二三五六七八九", "佐藤 鈴木 高橋", "陽菜 蓮 結衣", "ｶﾌﾞ", "\u3000全角"])
def test_kanji_names_and_card_names_draw_real_glyphs(s):
    c = Canvas()
    c.text(s, 0, 8)
    want, x = set(), 0
    for ch in s:
        assert ord(ch) in FONT, ch
        want |= glyph_pixels(ch, x, 8)
        x += glyph(ch)[1]
    assert lit(c) == want


def test_a_redraw_reads_nothing_from_the_flash(monkeypatch):
    # From an empty cache: the cache is a ring, so with glyphs left by earlier tests the first draw
    # may evict one of its own characters (a ring position the test order decides), which the
    # redraw then reads again.
    monkeypatch.setattr(font, "_next", 0)
    font._GLYPHS.clear()                  # in place: the canvas holds the same dict and list
    font._OWNER[:] = [None] * font._SLOTS
    c = Canvas()
    s = "株ドボン 親 佐藤 二三五 計12点"
    c.text(s, 0, 0)
    calls = []
    monkeypatch.setattr(font, "_find", lambda n: calls.append(n))
    c.fill(0)
    c.text(s, 0, 0)
    text_width(s)
    assert calls == []
