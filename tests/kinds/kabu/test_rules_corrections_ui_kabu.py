"""The corrected rules entered through the buttons: a 株ドボン game where every player
dobons on the 起こし札."""
from ui_harness import Driver, new_game as new
from ui_entry_helpers import hand, grid_to


def test_kabu_every_player_dobons_on_the_okoshi():
    # 2 players, both hands sum to 5 on a 五: nobody loses, no points; the game counts.
    from ui_rows import field, choose, preview
    d = Driver(lang="ja")
    t = d.app.t
    new(d, 1, 2)
    d.press("ok")
    choose(d, t("KB_okoshi"))
    field(d, "okoshi"); grid_to(d, 5); d.press("ok")     # the 起こし札 on the pick grid
    field(d, "winners"); choose(d, "P1"); choose(d, "P2"); choose(d, t("DONE"))
    field(d, "h0"); hand(d, [1, 2, 10, 2])
    field(d, "h1"); hand(d, [11, 3, 10, 1])
    preview(d)
    assert d.screen() == "Lines", d.toast()
    assert t("KB_NO_LOSER") in d.app.top().lines
    d.press("ok")
    s = d.app.state()
    assert s["points"] == [0, 0] and s["games"] == 1 and s["parent"] == 1
