"""囲将会ドボン's large view: totals."""
from ui.screens.big import pages_of
from ui_started import started


def test_kakoi_totals():
    d = started("kakoi", 3)
    d.press("up")
    assert pages_of(d.app) == [[("たろう", "0点"), ("Ben", "0点"), ("はなこ", "0点")]]
    d.press("up")                                # one page: ▲ goes back
    assert d.screen() == "Play"
