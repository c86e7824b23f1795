"""ドボン's large view: turn, cards to draw, wins."""
from ui.screens.big import pages_of
from ui_started import started


def test_dobon_turn_draw_and_wins():
    d = started("dobon", 3, [{"t": "play", "rank": "2"}])
    d.press("up")
    assert pages_of(d.app)[0] == [("Benの手番", ""), ("2枚引く", "")]
    assert pages_of(d.app)[1] == [("たろう", "0勝"), ("Ben", "0勝"), ("はなこ", "0勝")]
