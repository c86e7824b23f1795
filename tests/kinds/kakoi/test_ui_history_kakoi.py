"""囲将会ドボン's lines in the history: a round's outcome says who received how much
(「第1局 P1のツモ上がり+18」「第2局 ドボン：P2+28」), not only the card."""
from ui_harness import Driver, pick


def lines_of(lang, evs):
    d = Driver(lang=lang)
    d.app.new_game("kakoi", ["P1", "P2", "P3"], None)
    for ev in evs:
        d.app.game.submit(ev)
    d.app.show_play()
    d.press("back")
    pick(d, d.app.t("HISTORY"))
    return d.app.top().lines


TSUMO = {"t": "tsumo", "seat": 0, "card": "5", "hands": [None, ["3", "4"], ["K", "A"]]}
DOBON = {"t": "dobon", "card": "3", "by": 0, "out": False, "hands": [["3", "4"], ["A", "2"], None],
         "calls": [{"seat": 1, "top": "A", "on": "card"}]}


def test_kakoi_a_round_says_who_received_how_much():
    got = lines_of("ja", [TSUMO, {"t": "starter", "seat": 2}, DOBON])
    assert got[1] == "第2局 最初に出す人：P3"
    assert got[2] == "第1局 P1のツモ上がり+18", got
    assert got[0] == "第2局 ドボン：P2+28", got        # P1 pays 7 x 4
    en = lines_of("en", [TSUMO])
    assert en == ["R1 P1 went out +18"], en
