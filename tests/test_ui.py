"""Screens through the App: menus, every game's screens reachable and left, undo everywhere,
text inside the panel in both languages, both languages present for every id, redraw economy."""
import re

import pytest

from scoreboard import messages
from ui import strings
from ui_harness import Driver, TextLog
from test_ui_kakehiki import start_game, drive

def tables():
    from scoreboard import games
    out = [("messages", messages.MESSAGES), ("strings", strings.MESSAGES)]
    for k in games.KINDS:
        out.append((games.texts(k), games.module(games.texts(k)).MESSAGES))
        out.append(("name of " + k, {"G_" + k: games.entry(k)[games.NAME]}))
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
    from ui import canvas
    chars = set()
    for _, table in tables():
        for pair in table.values():
            for s in pair:
                chars.update(s)
    chars.discard("\n")
    absent = [c for c in chars if not canvas.has_glyph(c)]
    assert not absent, "misaki has no glyph for %r" % "".join(sorted(absent))


def test_boot_menu_and_language_switch_changes_no_game_state():
    d = Driver(lang="ja")
    assert d.screen() == "Boot"
    start_game(d)
    st = repr(d.app.state())
    seq = d.app.game.seq
    d.seq("back")                      # game menu
    assert d.screen() == "GameMenu"
    d.seq("down ok")                   # language
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


SCRIPTS = [
    "down ok back ok",                                   # language screen from boot, and back
    _g(0) + "ok ok L:back back ok ok ok back back ok back back down down ok back back back",
    _g(0) + "back ok back down ok back down down ok",     # game menu: standings, language, main menu
    # 掛け引き: everyone stays in to the showdown (15 OKs), then a tie: 同点（複数） -> P1 and P2
    _g(0) + "ok " * 15 + "up ok ok down ok down down down ok ok",
    # 株ドボン: a dobon step by step (grids, review choices, back through the steps), a hand that
    # reaches nothing, a gaeshi, then okoshi (form, multi-select, grids), four, deckout, draw, parent
    _g(1) + "ok ok ok ok ok ok up ok ok down ok down down right right left up up back back back back "
            "back back back back back",
    _g(1) + "ok ok ok ok left left ok ok up ok back back back L:back ok down ok ok ok right right ok "
            "up ok ok ok right ok down ok down right down right ok",
    _g(1) + "ok down down ok ok ok down ok ok down ok back down ok ok ok down ok down ok down ok ok "
            "back back back back",
    _g(1) + "ok down down down ok ok ok down ok ok ok ok ok up ok down ok back back back",
    _g(1) + "ok down down down down ok right ok down ok ok ok down ok down down ok back back "
            "down down down down down ok down ok",
    _g(1) + "ok down down down down down down ok ok",
    # 囲将会ドボン: dobon (grid, field card list, payer, call list: ＋ドボン, ＋返し, 上がり札, delete
    # asked), tsumo (pick grid), tenhou, starter, end from the game menu
    _g(2) + "ok ok ok ok right right ok right ok up ok ok right ok down right ok down ok "
            "up up ok ok ok ok up ok up ok ok up ok down down down down ok up up up ok down ok "
            "down down down down down down down down down down ok ok",
    _g(2) + "ok down ok ok right right right right ok down down ok ok down ok back back back",
    _g(2) + "ok down down ok down ok up ok ok down ok right ok up ok L:back back back",
    _g(2) + "ok down down down ok down ok back down ok down down ok",
    # ドボン: play, draw, win, drawn, start, sum check
    _g(3) + "ok ok down down down down down ok ok ok down ok up up ok",
    _g(3) + "ok ok down down ok L:back ok down ok L:back ok down down down down ok back back "
            "ok down down down down down ok ok ok ok back back back back",
    _g(3) + "ok down down ok down ok ok",
]


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_every_screen_reachable_and_text_on_panel(lang):
    seen = _walk_all(lang)
    want = {"Boot", "Games", "Settings", "Seats", "Play", "Language", "GameMenu", "Standings",
            "Menu", "Endings", "Form", "Choice", "MultiSelect", "CardsEntry", "NumberEntry", "Lines",
            "Confirm", "Calls", "End", "RankGrid", "Step", "Review"}
    assert want <= seen, want - seen


def test_undo_from_every_screen():
    """From each screen of a running game, long back undoes the last action and says what."""
    d = Driver(lang="en")
    start_game(d)
    drive(d, {"t": "raise", "p": 1, "v": 2})
    # "left ok": P3's bar preselects 受ける; one step left is 勝負, whose OK opens the raise entry
    paths = ["", "back", "back ok", "back down ok", "left ok", "left ok up"]
    for path in paths:
        seq = d.app.game.seq
        if path:
            d.seq(path)
        d.press("back", "long")
        assert d.toast() == "Undone: P2 raises to 2", path
        assert d.screen() == "Play"
        assert d.app.state()["dial"][1] == 0
        d.press("ok", "long")                 # redo
        assert d.toast() == "Redone: P2 raises to 2"
        assert d.app.state()["dial"][1] == 2
        assert d.app.game.seq == seq + 2


@pytest.mark.parametrize("kind", [1, 2, 3])
def test_undo_from_other_games_screens(kind):
    d = Driver(lang="ja")
    d.seq(_g(kind))
    assert d.screen() == "Play"
    if kind == 1:
        d.seq("ok down down down down down ok down ok")     # draw: confirm yes
    elif kind == 2:
        d.seq("ok down down down ok down ok")               # starter P2
    else:
        d.seq("ok down ok")                                 # draw a card
    assert d.app.game.seq == 1
    for path in ["ok", "ok ok", "back", "back ok"]:
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


def test_undo_at_game_end_reopens_the_game():
    from test_ui_kakehiki import SETTINGS
    d = Driver(lang="ja")
    start_game(d)
    # P1 holds 5 after the fee; everyone folds to P3 ... simpler: play fold/check until over
    import random
    from test_ui_kakehiki import pick_event
    rng = random.Random(3)
    while not d.app.game.is_over():
        drive(d, pick_event(rng, d.app.state()))
        if d.screen() == "Lines":
            d.press("ok")
    assert d.screen() == "End"
    d.press("back", "long")
    assert d.screen() == "Play" and not d.app.game.is_over()
    d.press("ok", "long")
    assert d.screen() in ("Lines", "End")
