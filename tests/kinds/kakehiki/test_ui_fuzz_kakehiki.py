"""Random button sequences in a 掛け引きほーるでむ game: its invariants (dango conserved, dials
bounded) hold after every press."""
from hypothesis import given, settings, strategies as st, HealthCheck

from kinds.kakehiki import rules as kh
from ui_harness import Driver, TextLog
from button_press import press


def _check_kakehiki(app, start):
    s = app.state()
    assert kh.total_dango(s) == s["n"] * start
    for i in range(s["n"]):
        assert s["hold"][i] >= 0
        assert 0 <= s["dial"][i] <= app.game.settings["dial_max"]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(press, min_size=1, max_size=80), st.sampled_from(["ja", "en"]))
def test_random_buttons_in_a_kakehiki_game(events, lang):
    d = Driver(lang=lang)
    d.seq("ok ok up ok down down ok")         # default settings, 4 players
    start = d.app.game.settings["start"]
    with TextLog() as log:
        for kind, name in events:
            d.app.on_button(kind, name)
            d.app.frame()
            if d.app.game is not None and d.app.game.header["kind"] == "kakehiki":
                _check_kakehiki(d.app, start)
        assert not log.over, log.over[:3]
