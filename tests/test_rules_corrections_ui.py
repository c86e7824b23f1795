"""Issue 16's rule corrections entered through the buttons: a 囲将会 chain in which a player calls
twice (返し返し by an earlier caller) and a 株ドボン game where every player dobons on the 起こし札."""
from ui_harness import Driver
from test_ui_games import new, field, choose, cards, preview


def test_kakoi_earlier_caller_answers_again():
    # I (P1) play 7; P2 (9,2) and P3 (Q,5) dobon; I (J,2) answer P2 showing J; P2 answers my J
    # with 9+2 = 11: level 3 (×8). I pay P2 12 × 2^2 × 8 = 384 and P3 48; P2 starts next.
    d = Driver(lang="ja")
    new(d, 2, 3)
    t = d.app.t
    d.press("ok")
    choose(d, t("KK_dobon"))
    field(d, "card"); choose(d, "7")
    field(d, "by"); choose(d, "P1")
    field(d, "calls")
    for seat, top, on in (("P2", "9", None), ("P3", "Q", None), ("P1", "J", "P2"), ("P2", "9", "P1")):
        choose(d, "+ " + t("ADD"))
        field(d, "seat"); choose(d, seat)
        field(d, "top"); choose(d, top)
        if on:
            field(d, "on")
            opts = [label for label, _ in d.app.top().opts]
            assert len(opts) == len(set(opts)), opts      # each earlier caller listed once
            choose(d, on)
            choose(d, t("DONE"))
        preview(d)
        assert d.screen() == "Calls"
    choose(d, t("DONE"))
    field(d, "h0"); cards(d, ["J", "2"])
    field(d, "h1"); cards(d, ["9", "2"])
    field(d, "h2"); cards(d, ["Q", "5"])
    preview(d)
    assert d.screen() == "Lines", d.toast()
    lines = d.app.top().lines
    assert "P1→P2 384 (12×32)" in lines
    assert "P1→P3 48 (12×4)" in lines
    d.press("ok")
    s = d.app.state()
    assert s["totals"] == [-432, 384, 48] and s["starter"] == 1


def test_kabu_every_player_dobons_on_the_okoshi():
    # 2 players, both hands sum to 5 on a 五: nobody loses, no points; the game counts.
    d = Driver(lang="ja")
    new(d, 1, 2)
    t = d.app.t
    d.press("ok")
    choose(d, t("KB_okoshi"))
    field(d, "okoshi"); choose(d, "五")
    field(d, "winners"); choose(d, "P1"); choose(d, "P2"); choose(d, t("DONE"))
    field(d, "h0"); cards(d, [1, 2, 10, 2])
    field(d, "h1"); cards(d, [11, 3, 10, 1])
    preview(d)
    assert d.screen() == "Lines", d.toast()
    d.press("ok")
    s = d.app.state()
    assert s["points"] == [0, 0] and s["games"] == 1 and s["parent"] == 1
