"""The large view: ▲ or ▼ on any game's play screen, what the table asks most,
numerals at least 16 px tall; ▲▼ turn pages, any other press goes back; nothing is recorded
(each game's pages: tests/test_ui_big_<kind>*.py)."""
import pytest

from core import registry
from ui_harness import Driver
from ui_started import started
from draw.canvas import Canvas
from ui.screens.big import big_text, big_width, pages_of

import game_data

# The game the generic checks open (tests/kinds/<kind>/data.py, role "large view"): its seats and one event.
VIEWED = game_data.for_role("large view")
VIEW = game_data.of(VIEWED)


def lit_rows(buf, x0, x1):
    rows = set()
    for y in range(64):
        for x in range(x0, x1):
            if buf[x + (y >> 3) * 128] >> (y & 7) & 1:
                rows.add(y)
    return rows


@pytest.mark.parametrize("ch", list("0123456789"))
def test_numerals_are_20_px_tall(ch):
    c = Canvas()
    w = big_text(c, ch, 0, 0)
    assert w == big_width(ch) == 13
    rows = lit_rows(c.buffer, 0, 13)
    if ch not in "17":                          # 1 and 7 have no bottom bar but their sides
        assert min(rows) == 0 and max(rows) == 19
    assert max(rows) - min(rows) + 1 >= 16


@pytest.mark.parametrize("lang", ["ja", "en"])
@pytest.mark.parametrize("kind,n", [(k, registry.seats(k)[1]) for k in registry.KINDS])   # the most seats
def test_every_page_fits_the_panel(kind, n, lang):
    d = Driver(None, lang)
    d.app.new_game(kind, ["高橋陽菜さん", "Benjamin", "P3", "P4", "P5", "P6"][:n], {})
    d.press("up")
    for _ in range(len(pages_of(d.app))):
        for label, fig in pages_of(d.app)[d.app.top().page]:
            assert big_width(fig) <= 96, fig       # the figure whole; the name is cut to fit
        d.press("down")
    assert not d.app.errors


def test_not_on_the_first_screen_nor_after_the_end():
    d = started(VIEWED, VIEW.BIG_SEATS)
    d.press("back")
    assert d.screen() == "GameMenu"
    d.press("up")
    assert d.screen() == "GameMenu"              # a menu keeps its arrows
    d.app.submit({"t": "end"})
    d.press("up")
    assert d.screen() == "End"


def test_screens_opened_now_and_then_are_not_kept_while_playing():
    """RAM on the Pico: the large view, saved games, settings and names screens are imported
    when opened and let go at the next play screen."""
    import sys
    from ui.session import PASSING
    d = started(VIEWED, VIEW.BIG_SEATS)
    d.press("up")
    d.press("ok")
    assert "ui.screens.big" in sys.modules
    d.app.submit(dict(VIEW.BIG_EVENT))
    assert not [m for m in PASSING if m in sys.modules]
