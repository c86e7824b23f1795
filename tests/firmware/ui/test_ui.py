"""Screens through the App: menus, every game's screens reachable and left, undo everywhere,
text inside the panel in both languages, both languages present for every id, redraw economy."""
import re

import pytest

from core import registry, messages
from ui import strings
from ui_harness import Driver, TextLog
import game_data

def tables():
    from core import registry
    out = [("messages", messages.MESSAGES), ("strings", strings.MESSAGES)]
    for k in registry.KINDS:
        out.append((registry.texts(k), registry.module(registry.texts(k)).MESSAGES))
        out.append(("name of " + k, {"G_" + k: registry.entry(k)[registry.NAME]}))
    return out


def test_every_id_has_both_languages():
    for name, table in tables():
        for k, pair in table.items():
            assert isinstance(pair, tuple) and len(pair) == 2, (name, k)
            en, ja = pair
            assert en and ja, (name, k)
            # the same placeholders in both
            assert sorted(re.findall(r"\{(\w+)\}", en)) == sorted(re.findall(r"\{(\w+)\}", ja)), (name, k)


def test_every_glyph_is_in_the_font():
    from draw import font
    chars = set()
    for _, table in tables():
        for pair in table.values():
            for s in pair:
                chars.update(s)
    chars.discard("\n")
    absent = [c for c in chars if not font.has_glyph(c)]
    assert not absent, "misaki has no glyph for %r" % "".join(sorted(absent))


def test_boot_menu_and_language_switch_changes_no_game_state():
    d = Driver(lang="ja")
    assert d.screen() == "Boot"
    d.seq(_g(0))                       # the first game, its default settings and seats
    assert d.screen() == "Play"
    st = repr(d.app.state())
    seq = d.app.game.seq
    d.seq("back")                      # game menu
    assert d.screen() == "GameMenu"
    d.seq("down down ok")              # language (under 順位 and 履歴)
    assert d.screen() == "Language"
    d.seq("down ok")                   # English
    assert d.app.lang == "en"
    assert d.app.top().head == "Menu"
    d.seq("back")
    assert d.screen() == "Play"
    assert repr(d.app.state()) == st and d.app.game.seq == seq


def test_frames_only_when_something_changed():
    d = Driver()
    n = d.display.shows
    for _ in range(5):
        d.app.frame()
    assert d.display.shows == n
    d.press("down")
    assert d.display.shows == n + 1
    d.app.on_button("long", "back")     # nothing to undo: a toast
    d.app.frame()
    assert d.toast() == "取り消す操作がありません"
    d.clock.t += 3000                   # the toast times out: one more frame
    assert d.app.frame() is True
    assert d.toast() is None
    assert d.app.frame() is False


def _walk_all(lang):
    """Visit every screen of every game, checking text stays on the panel; returns screen names."""
    seen = set()
    with TextLog() as log:
        for script in SCRIPTS:
            d = Driver(lang=lang)
            for step in script.split():
                if step.startswith("L:"):
                    d.press(step[2:], "long")
                else:
                    d.press(step)
                seen.add(d.screen())
                assert not log.over, (script, step, log.over)
    return seen


# Scripts from the boot screen: new game, game i, settings Next (up ok), seats Start (down down ok).
def _g(i):
    return "ok " + "down " * i + "ok up ok down down ok "


# Generic walks, then each game's (tests/kinds/<kind>/data.py's UI_WALKS: button paths from its
# play screen).
SCRIPTS = [
    "down ok back ok",                                   # language screen from boot, and back
    _g(0) + "back ok back down ok back down ok back down down ok",   # game menu: standings, history, language, main menu
] + [_g(i) + walk for i, kind in enumerate(registry.KINDS) if game_data.has(kind)
     for walk in getattr(game_data.of(kind), "UI_WALKS", ())]


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_every_screen_reachable_and_text_on_panel(lang):
    seen = _walk_all(lang)
    want = {"Boot", "Games", "Settings", "Seats", "Play", "Language", "GameMenu", "Standings",
            "Menu", "Endings", "Form", "Choice", "MultiSelect", "NumberEntry", "Lines",
            "Confirm", "Calls", "End", "RankGrid", "Step", "Review", "History"}
    assert want <= seen, want - seen


@pytest.mark.parametrize("kind", [k for k in game_data.kinds() if hasattr(game_data.of(k), "UI_FIRST_EVENT")])
def test_undo_from_the_games_screens(kind):
    """Long back undoes from each game's screens (its UI_FIRST_EVENT: the presses of one event
    from its play screen), and cancels a form first."""
    d = Driver(lang="ja")
    d.seq(_g(registry.KINDS.index(kind)))
    assert d.screen() == "Play"
    d.seq(game_data.of(kind).UI_FIRST_EVENT)
    assert d.app.game.seq == 1
    # the paths into the game's screens (a game where "ok ok" already commits names its own)
    for path in getattr(game_data.of(kind), "UI_UNDO_PATHS", ["ok", "ok ok", "back", "back ok"]):
        d.seq(path)
        in_entry = any(s.entry for s in d.app.stack)
        seq = d.app.game.seq
        d.press("back", "long")
        if in_entry:              # inside a form the hold cancels the form, never a saved result
            assert d.toast() == "入力を取り消しました", (path, d.toast())
            assert d.app.game.seq == seq and not any(s.entry for s in d.app.stack)
            d.press("back", "long")
        assert d.toast().startswith("取り消し："), (path, d.toast())
        assert d.screen() == "Play"
        assert d.app.game.seq >= 2 and not d.app.game.done
        d.press("ok", "long")
        assert d.toast().startswith("やり直し：")


def test_undo_with_no_game_says_nothing_to_undo():
    d = Driver(lang="en")
    for path in ["", "ok", "ok ok", "ok ok up ok"]:
        d = Driver(lang="en")
        d.seq(path)
        name = d.screen()
        d.press("back", "long")
        assert d.toast() == "Nothing to undo"
        assert d.screen() == name


