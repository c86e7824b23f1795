"""The game menu's 履歴 (History) in every game: one line per effective action, newest first, in the
table's words; 「ここまで戻す」 asks first, then undoes through the engine (one undo record per action,
kept for redo), so the journal stays the one truth."""
import pytest

from core.engine import Game
from ui_harness import Driver, pick

import game_data

KINDS = sorted(game_data.kinds())


def running_game(kind):
    """The kind's short game (game_data play_log) cut where it is still running, ≥ 2 actions in."""
    _, lines = game_data.of(kind).play_log()
    for k in range(len(lines), 1, -1):
        g = Game.from_lines(lines[:k])
        if not g.is_over() and g.actions() >= 2:
            return g
    raise AssertionError("%s: no running cut of its play_log" % kind)


def open_history(d):
    d.press("back")                           # the play screen's back: the game menu
    assert d.screen() == "GameMenu"
    pick(d, d.app.t("HISTORY"))
    assert d.screen() == "History"
    return d.app.top()


@pytest.mark.parametrize("lang", ("ja", "en"))
@pytest.mark.parametrize("kind", KINDS)
def test_one_line_per_action_newest_first(kind, lang):
    d = Driver(lang=lang)
    g = running_game(kind)
    d.app.start(g)
    scr = open_history(d)
    recs = [rec for rec, _, _ in g.steps()]
    assert len(scr.lines) == len(recs) == g.actions()
    for line in scr.lines:
        assert line and "None" not in line and "{" not in line and line != d.app.t("LAST_STEP"), line
    # newest first: the top line is what the undo toast would name, said the history's way
    said = getattr(d.app.gmod, "history", None)
    if said is not None:
        steps = list(g.steps())
        rec, before, out = steps[-1]
        assert scr.lines[0] == said(d.app, rec, before, out)
    log = d.redraw()
    assert not log.over, log.over
    drawn = [s for s, _, y in log.drawn]
    assert d.app.t("HIST_HEAD", {"i": 1, "n": g.actions()}) in drawn
    assert d.app.t("HIST_HINT") in drawn


@pytest.mark.parametrize("kind", KINDS)
def test_back_to_a_line_asks_then_undoes_each_action_and_keeps_them_for_redo(kind):
    d = Driver(lang="ja")
    g = running_game(kind)
    d.app.start(g)
    n0, seq0 = g.actions(), g.seq
    steps = [rec for rec, _, _ in g.steps()]
    open_history(d)
    d.seq("down ok")                          # the second newest line
    assert d.screen() == "Menu"
    assert d.app.top().items[0][0] == d.app.t("HIST_BACK", {"n": 2})
    d.press("ok")                             # ここまで戻す: asked first
    assert d.screen() == "Confirm"
    d.press("ok")                             # the cursor starts on いいえ: nothing changes
    assert g.actions() == n0 and g.seq == seq0
    d.press("ok")
    d.seq("down ok")                          # はい
    assert d.screen() in ("Play", "End") and d.app.game is g
    assert g.actions() == n0 - 2 and g.seq == seq0 + 2     # two undo records, one per action
    assert d.toast() == d.app.t("HIST_DONE", {"n": 2})
    short = Game.new(g.header["kind"], g.header["seats"], g.settings)
    for rec in steps[:-2]:
        short.submit(dict((k, v) for k, v in rec.items() if k not in ("seq", "g")))
    assert g.state == short.state
    for _ in range(2):                        # the long press of OK brings them back one by one
        d.press("ok", "long")
        while d.screen() not in ("Play", "End"):
            d.press("ok")
    assert g.actions() == n0 and g.seq == seq0 + 4


def test_menu_order_is_the_same_in_every_game():
    """言語 always sits before the item that ends the game, 最初の画面へ last."""
    orders = []
    for kind in KINDS:
        d = Driver(lang="ja")
        d.app.start(running_game(kind))
        d.press("back")
        labels = [lab for lab, _ in d.app.top().items]
        orders.append([lab if lab in (d.app.t("STANDINGS"), d.app.t("HISTORY"), d.app.t("LANGUAGE"),
                                      d.app.t("TO_MENU")) else "END" for lab in labels])
    assert all(o[-3:] == [d.app.t("LANGUAGE"), "END", d.app.t("TO_MENU")] for o in orders), orders
    assert all(o[:2] == [d.app.t("STANDINGS"), d.app.t("HISTORY")] for o in orders), orders


@pytest.mark.parametrize("kind", KINDS)
def test_back_to_a_line_is_in_the_journal_on_the_flash(kind, tmp_path):
    """The undos are the journal's: the game read back from the flash is the one on the table."""
    from ui_harness import flash_store
    from storage.store import Store, OsFs
    src = running_game(kind)
    d = Driver(store=flash_store(tmp_path), lang="en")
    d.app.new_game(kind, src.header["seats"], src.settings)
    g = d.app.game
    for rec, _, _ in src.steps():
        g.submit(dict((k, v) for k, v in rec.items() if k not in ("seq", "g")))
    d.app.show_play()
    n0 = g.actions()
    open_history(d)
    d.seq("down ok ok down ok")               # the second newest line, ここまで戻す, はい
    assert g.actions() == n0 - 2
    back = Store(fs=OsFs(), root=str(tmp_path / "games")).resume_last()
    assert back.state == g.state and back.actions() == n0 - 2
    back.redo()
    back.redo()                               # both kept for redo in the journal too
    assert back.actions() == n0


@pytest.mark.parametrize("kind", KINDS)
def test_the_first_screen_says_where_the_game_is_not_how_many_lines(kind, tmp_path):
    """The first screen says where the game is, not how many journal lines it has (「株ドボン：4手目」
    after two deals, an undo and a redo); the resume line says what the saved-games list says
    (第3戦（全4戦）)."""
    from ui_harness import flash_store
    from ui.screens.menu import Boot, resume_line
    from words.game import progress
    g = running_game(kind)
    d = Driver(store=flash_store(tmp_path), lang="ja")
    d.app.start(g)
    g.undo()
    g.redo()
    d.app.reset(Boot(d.app))
    log = d.redraw()
    where = progress(d.app, kind, g.settings, g.state, False)
    drawn = [s for s, _, _ in log.drawn]
    assert "続きから：" + d.app.t("G_" + kind) in drawn
    want = "いま：" + where if where else ""
    assert resume_line(d.app, g) == want and (not want or want in drawn), drawn
    assert not [s for s in drawn if "手目" in s]
