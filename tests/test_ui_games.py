"""株ドボン, 囲将会ドボン and ドボン through the buttons: seed worked examples entered field by field,
checked on the preview before the commit and in the state after it."""
from ui_harness import Driver, TextLog


def new(d, game_index, seats):
    d.seq("ok " + "down " * game_index + "ok up ok")   # new game, game, settings Next
    scr = d.app.top()
    while scr.n > seats:
        d.press("left")
    d.seq("down down ok")
    assert d.screen() == "Play"


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


def test_kabu_dobon_worked_example_with_itemised_preview():
    d = Driver(lang="ja")
    new(d, 1, 4)
    d.press("ok")
    choose(d, "ドボン")
    field(d, "winner"); choose(d, "P1")
    field(d, "loser"); choose(d, "P2")
    field(d, "own"); cards(d, [3, 3, 2])
    field(d, "their"); cards(d, [4, 5])
    field(d, "dobon_card"); choose(d, "八")
    goto_row(d, lambda r: r is not None and r["key"] == "trumps")
    d.seq("right right right")
    assert d.app.top().values["trumps"] == 3
    preview(d)
    assert d.screen() == "Lines"
    lines = d.app.top().lines
    assert "①基本 +1" in lines and "②切り札 +4" in lines and "⑥役 +2" in lines
    assert "計8点→P2" in lines and "=1周2" in lines
    assert d.app.game.seq == 0                 # nothing saved before the commit
    d.press("ok")
    assert d.app.game.seq == 1
    assert d.screen() == "Lines"               # the result
    s = d.app.state()
    assert s["laps"][1] == 1 and s["pips"][1] == 2 and s["parent"] == 1
    d.press("ok")
    assert d.screen() == "Play"
    d.press("back", "long")
    assert d.toast() == "取り消し：ドボン P2←P1"
    assert d.app.state()["points"] == [0, 0, 0, 0]


def test_kabu_refused_preview_shows_reason_and_keeps_form():
    d = Driver(lang="en")
    new(d, 1, 3)
    d.press("ok")
    choose(d, "Dobon")
    field(d, "winner"); choose(d, "P1")
    field(d, "loser"); choose(d, "P1")
    field(d, "own"); cards(d, [3])
    field(d, "their"); cards(d, [4])
    field(d, "dobon_card"); choose(d, "3")
    preview(d)
    assert d.toast() == "Winner and loser are the same"
    assert d.screen() == "Form" and d.app.game.seq == 0


def test_kakoi_seed_example_dobon_gaeshi():
    # I (P1) play 7; P2 (9,2 shows 9) and P3 (Q,5 shows Q) dobon; I hold J,2 and answer P2.
    d = Driver(lang="ja")
    new(d, 2, 3)
    d.press("ok")
    choose(d, "ドボン")
    field(d, "card"); choose(d, "7")
    field(d, "by"); choose(d, "P1")
    field(d, "calls")
    assert d.screen() == "Calls"
    for seat, top, on in (("P2", "9", None), ("P3", "Q", None), ("P1", "J", "P2")):
        choose(d, "+ 追加")
        field(d, "seat"); choose(d, seat)
        field(d, "top"); choose(d, top)
        if on:
            field(d, "on"); choose(d, on)
            choose(d, "決定")
        preview(d)                             # the form's last row: Add
        assert d.screen() == "Calls"
    choose(d, "決定")
    field(d, "h0"); cards(d, ["J", "2"])
    field(d, "h1"); cards(d, ["9", "2"])
    field(d, "h2"); cards(d, ["Q", "5"])
    preview(d)
    assert d.screen() == "Lines", d.toast()
    lines = d.app.top().lines
    assert "P2→P1 176点 (11×16)" in lines
    assert "P1→P3 48 (12×4)" in lines
    d.press("ok")
    assert d.app.state()["totals"] == [128, -176, 48]


def test_dobon_round_and_sum_check():
    d = Driver(lang="en")
    new(d, 3, 3)
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
    log = TextLog()
    log.install()
    try:
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
    finally:
        log.uninstall()
