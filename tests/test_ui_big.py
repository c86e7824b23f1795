"""The large view (issue 20 §4): ▲ or ▼ on any game's play screen, what the table asks most,
numerals at least 16 px tall; ▲▼ turn pages, any other press goes back; nothing is recorded."""
import pytest

from ui_harness import Driver
from ui.canvas import Canvas
from ui.screens_big import big_text, big_width, pages_of

NAMES = ["たろう", "Ben", "はなこ", "P4", "P5"]


def started(kind, n, events=()):
    d = Driver(None)
    d.app.new_game(kind, NAMES[:n], {})
    for e in events:
        d.app.submit(e)
    d.clock.t += 10000
    d.app.frame()
    return d


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


def test_kakehiki_turn_pot_dials_then_holdings():
    d = started("kakehiki", 4, [{"t": "raise", "p": 1, "v": 3}, {"t": "fold", "p": 2}])
    play = d.screen()
    seq = d.app.game.seq
    d.press("up")
    assert d.screen() == "Big"
    assert pages_of(d.app) == [
        [("P4の手番", ""), ("場", "4")],
        [("たろう", "[1]"), ("Ben", "[3]"), ("はなこ", "降")],
        [("P4", "[0]")],
        [("たろう", "19★0"), ("Ben", "19★0"), ("はなこ", "19★0")],
        [("P4", "19★0")]]
    d.press("down")
    assert d.app.top().page == 1
    d.press("up")
    d.press("up")
    assert d.app.top().page == 4                # round the pages
    d.press("ok")
    assert d.screen() == play and d.app.game.seq == seq


def test_kakehiki_raise_amount_keeps_the_arrows():
    d = started("kakehiki", 3)
    scr = d.app.top()
    scr.raising = 2
    d.press("up")
    assert d.screen() == "Play" and scr.raising == 3


def test_kabu_laps_and_deal_sizes_then_totals():
    d = started("kabu", 5)
    d.press("down")
    pages = pages_of(d.app)
    assert pages[0] == [("たろう", "0周4枚"), ("Ben", "0周4枚"), ("はなこ", "0周4枚")]
    assert pages[2][0] == ("たろう", "0点")


def test_kakoi_totals_and_dobon_turn_draw_and_wins():
    d = started("kakoi", 3)
    d.press("up")
    assert pages_of(d.app) == [[("たろう", "0点"), ("Ben", "0点"), ("はなこ", "0点")]]
    d.press("up")                                # one page: ▲ goes back
    assert d.screen() == "Play"
    d = started("dobon", 3, [{"t": "play", "rank": "2"}])
    d.press("up")
    assert pages_of(d.app)[0] == [("Benの手番", ""), ("2枚引く", "")]
    assert pages_of(d.app)[1] == [("たろう", "0勝"), ("Ben", "0勝"), ("はなこ", "0勝")]


@pytest.mark.parametrize("lang", ["ja", "en"])
@pytest.mark.parametrize("kind,n", [("kakehiki", 6), ("kabu", 6), ("kakoi", 6), ("dobon", 4)])
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
    d = started("dobon", 2)
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
    from ui.app import PASSING
    d = started("dobon", 2)
    d.press("up")
    d.press("ok")
    assert "ui.screens_big" in sys.modules
    d.app.submit({"t": "play", "rank": "5"})
    assert not [m for m in PASSING if m in sys.modules]
