"""Screen care: dim after a few idle minutes, blank later, the waking press does
nothing else; brightness and both delays from /prefs.json, which never stops the boot."""
import pytest

from ui_harness import FakeDisplay
from storage.store import Store, OsFs
from screen_care_driver import driver, open_prefs, store
from ui.care import BRIGHT, DIM_CONTRAST

import game_data

MIN = 60000
# The game played under screen care, its seats and one event (tests/kinds/<kind>/data.py, role "screen care");
# each game's own setup defaults: tests/test_screen_care_<kind>.py.
CARE_KIND = game_data.for_role("screen care")
CARE = game_data.of(CARE_KIND)


def idle(d, ms, step=1000):
    end = d.clock.t + ms
    while d.clock.t < end:
        d.clock.t += step
        d.app.frame()


def test_defaults_dim_after_3_minutes_blank_after_15():
    d = driver()
    assert d.display.calls == [("contrast", BRIGHT[3])]      # brightness 4 at boot
    idle(d, 3 * MIN - 2000)
    assert d.app.care.level == 0
    idle(d, 3000)
    assert d.display.calls[-1] == ("contrast", DIM_CONTRAST)
    idle(d, 12 * MIN)
    assert d.display.calls[-1] == ("power", False) and d.app.care.level == 2


def test_the_waking_press_does_nothing_else():
    d = driver()
    d.app.new_game(CARE_KIND, CARE.CARE_SEATS, {})
    scr = d.screen()
    idle(d, 20 * MIN)
    assert d.app.care.level == 2
    shows = d.display.shows
    d.press("back")                                # would open the menu: only wakes
    assert d.screen() == scr and d.app.care.level == 0
    assert d.display.calls[-2:] == [("power", True), ("contrast", BRIGHT[3])]
    assert d.display.shows > shows                 # the picture is sent again
    d.press("back")                                # the next press acts
    assert d.screen() == "GameMenu"


def test_waking_with_a_hold_neither_undoes_nor_repeats():
    d = driver()
    d.app.new_game(CARE_KIND, CARE.CARE_SEATS, {})
    d.app.submit(dict(CARE.CARE_EVENT))
    seq = d.app.game.seq
    idle(d, 4 * MIN)
    assert d.app.care.level == 1                   # dimmed: a press still only wakes
    d.app.on_button("press", "back")
    d.app.on_button("long", "back")                # held: would undo
    assert d.app.game.seq == seq
    d.app.on_button("press", "up")
    d.app.on_button("repeat", "up")
    assert d.app.care.level == 0


def test_a_press_keeps_the_panel_awake():
    d = driver()
    for _ in range(5):
        idle(d, 2 * MIN)
        d.press("down")
    assert d.app.care.level == 0 and ("contrast", DIM_CONTRAST) not in d.display.calls


@pytest.mark.parametrize("prefs,want", [
    ('{"bright": 1, "dim": 0, "blank": 5}', (BRIGHT[0], None, 5)),
    ('{"bright": 9, "dim": "x", "blank": true}', (BRIGHT[3], 3, 15)),     # not one of the choices
    ('{"bright": 2, "dim": 10, "blank": 10}', (BRIGHT[1], None, 10)),    # dim not before blank
])
def test_preferences_from_the_flash(tmp_path, prefs, want):
    (tmp_path / "prefs.json").write_text(prefs)
    d = driver(Store(fs=OsFs(), root=str(tmp_path / "games")))
    assert d.display.calls[0] == ("contrast", want[0])
    idle(d, 61 * MIN, 5000)
    if want[1] is None:
        assert ("contrast", DIM_CONTRAST) not in d.display.calls
    power_at = [c for c in d.display.calls if c[0] == "power"]
    assert power_at == [("power", False)]


def test_a_broken_prefs_file_never_stops_the_boot(tmp_path):
    (tmp_path / "prefs.json").write_bytes(b"\xff{[")
    d = driver(Store(fs=OsFs(), root=str(tmp_path / "games")))
    assert d.screen() == "Boot" and d.display.calls == [("contrast", BRIGHT[3])]


def test_a_panel_that_refuses_commands_is_still_played():
    class Refusing(FakeDisplay):
        def contrast(self, v):
            raise OSError(5)

        def power(self, on):
            raise OSError(5)
    from ui_harness import FakeClock
    from ui.app import App
    clock = FakeClock()
    app = App(Refusing(), None, clock)
    clock.t = 30 * MIN
    app.frame()
    app.on_button("press", "ok")
    app.on_button("click", "ok")
    assert app.care.level == 0 and not app.errors


# ---- the settings screen (first screen → 設定) --------------------------------------------------


def test_brightness_and_delays_change_at_once_and_are_saved_on_the_way_out(tmp_path):
    d = driver(store(tmp_path))
    open_prefs(d)
    d.press("left")                                 # brightness 4 -> 3
    assert d.display.calls[-1] == ("contrast", BRIGHT[2])
    d.press("down")
    d.press("left")                                 # dim 3 -> 2 minutes
    d.press("down")
    d.press("right")                                # blank 15 -> 30 minutes
    assert store(tmp_path).prefs() == {}            # nothing written press by press
    d.press("back")
    assert d.screen() == "Boot"
    assert store(tmp_path).prefs() == {"bright": 3, "dim": 2, "blank": 30}
    d2 = driver(store(tmp_path))                    # a power-cycle
    assert d2.display.calls[0] == ("contrast", BRIGHT[2])
    idle(d2, 2 * MIN + 1000)
    assert d2.app.care.level == 1


def test_language_on_the_settings_screen(tmp_path):
    d = driver(store(tmp_path))
    open_prefs(d)
    for _ in range(3):
        d.press("down")
    d.press("right")
    assert d.app.lang == "en" and d.app.top().head == "Settings"
    assert store(tmp_path).lang() == "en"
