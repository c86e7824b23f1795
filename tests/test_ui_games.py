"""ドボン through the buttons (株ドボン and 囲将会ドボン: tests/test_ui_kabu_kakoi.py), checked on the
preview before the commit and in the state after it; resume and recovery figures."""
from ui_harness import Driver, TextLog, new_game


def goto_row(d, match):
    """Move a list's cursor to the first row for which match(row) is true."""
    scr = d.app.top()
    rows = scr.rows()
    for _ in range(len(rows) + 1):
        if match(rows[scr.sel]):
            return
        d.press("down")
    raise AssertionError("no such row in %s" % rows)


def field(d, key):
    goto_row(d, lambda r: r is not None and r["key"] == key)
    d.press("ok")


def preview(d):
    goto_row(d, lambda r: r is None)
    d.press("ok")


def choose(d, label):
    goto_row(d, lambda r: r == label or r.endswith(" " + label))
    d.press("ok")


def cards(d, values):
    scr = d.app.top()
    assert type(scr).__name__ == "CardsEntry"
    for v in values:
        want = [x for _, x in scr.ranks].index(v) + 1
        while scr.idx != want:
            d.press("right")
        d.press("ok")
    while scr.idx != 0:
        d.press("left")
    d.press("ok")


# 株ドボン and 囲将会ドボン (the seed's worked examples, the review, the call list): see
# tests/test_ui_kabu_kakoi.py and the press scripts in tests/press_scripts/.


def test_dobon_round_and_sum_check():
    d = Driver(lang="en")
    new_game(d, 3, 3)
    d.press("ok")
    choose(d, "Sum check")
    field(d, "hand"); cards(d, ["3", "4"])
    field(d, "field"); choose(d, "7")
    preview(d)
    assert d.toast() == "Sum 7: DOBON"
    d.seq("back back")
    assert d.screen() == "Play"
    choose_action = lambda lab: (d.press("ok"), choose(d, lab))
    choose_action("Play a card"); choose(d, "2")
    assert d.app.state()["pending"] == 2
    choose_action("Draw")
    assert d.app.state()["pending"] == 0
    choose_action("Round won"); choose(d, "P2")
    assert d.screen() == "Lines"
    d.press("ok")
    assert d.screen() == "End"                  # a 1-round match
    assert d.app.game.standings()[0] == {"seat": 1, "score": 1, "place": 1}


def test_store_resume_and_recovery_figures():
    class FakeStore:
        def __init__(self, game=None):
            self.game = game
            self.last_recovery = {"events": 12, "dropped_bytes": 34}
            self.changes = 0

        def resume_last(self):
            return self.game

        def create(self, kind, seats, settings):
            from scoreboard.engine import Game
            self.game = Game.new(kind, seats, settings)
            return self.game

        def after_change(self, game):
            self.changes += 1

        def low_space(self):
            return False

        def names(self):
            return ["あい", "Bob", "Chika", "Dan"]

    from scoreboard.engine import Game
    g = Game.new("kakehiki", ["A", "B", "C"], {})
    g.submit({"t": "raise", "p": 1, "v": 3})
    with TextLog() as log:
        st = FakeStore(g)
        d = Driver(store=st, lang="ja")
        txt = log.frame_text()
        assert "続きから" in txt and "12手を復元" in txt and "34バイトを破棄" in txt
        d.press("ok")
        assert d.screen() == "Play" and d.app.state()["dial"][1] == 3
        d.press("back", "long")
        assert st.changes == 1
        # a new game with the names pushed from the PC
        st2 = FakeStore(None)
        d = Driver(store=st2, lang="en")
        d.seq("ok ok up ok")
        assert d.app.top().names() == ["あい", "Bob", "Chika", "Dan"]
        d.seq("down down down ok")
        assert d.app.game.header["seats"] == ["あい", "Bob", "Chika", "Dan"]
        assert not log.over
