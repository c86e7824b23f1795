"""Resume and recovery figures through the buttons (the helpers that pick a row of a list screen:
tests/support/ui_rows.py; each game's own walks: tests/kinds/<kind>/test_ui_<kind>*.py)."""
from ui_harness import Driver, TextLog
import pytest

import game_data


def test_store_resume_and_recovery_figures():
    class FakeStore:
        def __init__(self, game=None):
            self.game = game
            self.last_recovery = {"events": 12, "dropped_bytes": 34}
            self.changes = 0
            self.resting = None

        def resume_last(self):
            return self.game

        def create(self, kind, seats, settings):
            from core.engine import Game
            self.game = Game.new(kind, seats, settings)
            return self.game

        def after_change(self, game, at_rest=False):
            self.changes += 1

        def low_space(self):
            return False

        def names(self):
            return ["あい", "Bob", "Chika", "Dan"]

    data = game_data.of(game_data.for_role("resume figures"))
    g = data.resume_game()
    with TextLog() as log:
        st = FakeStore(g)
        d = Driver(store=st, lang="ja")
        txt = log.frame_text()
        assert "続きから" in txt and "12手を復元" in txt and "34バイトを破棄" in txt
        d.press("ok")
        assert d.screen() == "Play" and data.resumed_as_played(d.app.state())
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


@pytest.mark.parametrize("lang", ("ja", "en"))
def test_every_games_settings_show_arrows_on_the_line_and_a_hint_that_follows_it(lang):
    """The line under the cursor shows ← → round its value (the others the value
    alone), and the hint row says what the keys do there: a number 「←→変更 OK:数を入れる」, a
    choice 「←→変更」, the last line 「OK:次へ」; nothing leaves the panel."""
    from ui_harness import TextLog, frame_text
    from core import registry
    for k, kind in enumerate(registry.KINDS):
        with TextLog() as log:
            d = Driver(lang=lang)
            d.seq("ok " + "down " * k + "ok")
            scr = d.app.top()
            t = d.app.t
            for i, row in enumerate(scr.rows()):
                txt = frame_text(d, log)
                if row is None:
                    assert txt.endswith(t("CONT_HINT")), txt
                    break
                v = scr.value_text(row)
                assert "← %s →" % v in txt and txt.count("← ") == 1, txt
                want = "SET_NUM_HINT" if scr.decl(row)[2] == "int" else "SET_HINT"
                assert txt.endswith(t(want)), txt
                d.press("down")
            assert not log.over, log.over


@pytest.mark.parametrize("lang, want", (("ja", "P1・P2・P3・P4"), ("en", "P1,P2,P3,P4")))
def test_the_seats_names_are_a_list_as_the_glossary_writes_one(lang, want):
    """「P1・P2・P3・P4」, never 「P1 P2 P3 P4」 with spaces."""
    from ui_harness import TextLog, frame_text
    with TextLog() as log:
        d = Driver(lang=lang)
        d.seq("ok ok up ok")                     # the first game's settings: 次へ
        assert d.screen() == "Seats"
        frame_text(d, log)
        assert want in [s for s, _, _ in log.drawn]
