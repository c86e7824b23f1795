"""Random button sequences in every game: App.on_button never raises and text stays on the panel
(a game's own invariants under random presses: tests/test_ui_fuzz_<kind>.py)."""
from hypothesis import given, settings, strategies as st, HealthCheck

from core import registry
from ui_harness import Driver, TextLog
from button_press import NAMES, press


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, len(registry.KINDS) - 1), st.lists(press, min_size=1, max_size=100),
       st.sampled_from(["ja", "en"]))
def test_random_buttons_anywhere(game, events, lang):
    d = Driver(lang=lang)
    d.seq("ok " + "down " * game + "ok up ok down down ok")
    with TextLog() as log:
        for kind, name in events:
            d.app.on_button(kind, name)
            d.clock.t += 300
            d.app.frame()
        assert not log.over, log.over[:3]


# ---- never a halt: seeded gesture storms through every screen of the four games ---------------
# The App catches what a screen raises (so the table never stops) and records it in app.errors:
# a caught error fails these tests as surely as a raised one.
import os
import random

import pytest

GAMES = tuple(registry.KINDS)             # the registry's games, in menu order
GESTURES = [("click", n) for n in NAMES] * 6 + [("repeat", n) for n in NAMES] * 2 + \
    [("long", "back"), ("long", "ok")]


def _storm(game, n, seed, lang, store=None):
    """n random gestures from the play screen of `game`; whenever the storm leaves the game (the
    start screen, the end of the match) a new game of the same kind is set up again."""
    rnd = random.Random(seed)
    d = Driver(store=store, lang=lang)
    setup = "ok " + "down " * GAMES.index(game) + "ok up ok down down ok"
    d.seq(setup)
    assert d.app.game is not None and d.app.game.header["kind"] == game
    screens = set()
    for k in range(n):
        kind, name = rnd.choice(GESTURES)
        d.app.on_button("press", name)
        d.app.on_button(kind, name)
        d.clock.t += 300
        d.app.frame()
        assert not d.app.errors, (game, seed, k, d.app.errors, d.app.gestures())
        screens.add(type(d.app.top()).__name__)
        if k % 500 == 499 and (d.app.game is None or d.app.game.is_over()):
            d = Driver(store=store, lang=lang)
            d.seq(setup)
    return screens


@pytest.mark.parametrize("game", GAMES)
def test_gesture_storm_never_raises(game):
    """5,000 gestures a game (20,000 in all), both languages."""
    seen = set()
    for seed, lang in ((1, "ja"), (2, "en")):
        seen |= _storm(game, 2500, seed, lang)
    assert "Play" in seen and len(seen) >= 4, seen      # the storm went beyond the play screen


@pytest.mark.parametrize("game", GAMES)
def test_gesture_storm_with_the_flash_store(game, tmp_path):
    """1,000 gestures a game with games saved on a (host) flash: resume, the start screen's
    recovery lines and the error log path are in play too."""
    from storage.store import Store, OsFs
    st = Store(fs=OsFs(), root=str(tmp_path / "games"))
    _storm(game, 1000, 7, "ja", st)
    assert not os.path.exists(str(tmp_path / "games" / "errors.txt"))


@pytest.mark.fuzzlong
@pytest.mark.parametrize("game", GAMES)
def test_long_gesture_storm_never_raises(game):
    """50,000 gestures a game (200,000 in all): `pytest -m fuzzlong` (README, Tests)."""
    n = int(os.environ.get("FUZZ_GESTURES", "50000"))
    for seed in range(10):
        _storm(game, n // 10, 100 + seed, "ja" if seed % 2 == 0 else "en")
