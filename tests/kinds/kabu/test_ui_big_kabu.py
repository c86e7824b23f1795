"""株ドボン's large view: laps and deal sizes, then totals."""
from ui.screens.big import pages_of
from ui_started import started


def test_kabu_laps_and_deal_sizes_then_totals():
    d = started("kabu", 5)
    d.press("down")
    pages = pages_of(d.app)
    assert pages[0] == [("たろう", "0周配4"), ("Ben", "0周配4"), ("はなこ", "0周配4")]
    assert pages[2][0] == ("たろう", "0点")
