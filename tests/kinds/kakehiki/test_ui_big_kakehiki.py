"""掛け引きほーるでむ's large view: turn, pot, dials, then holdings; a raise keeps ▲▼."""
from ui.screens.big import pages_of
from ui_started import started


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
