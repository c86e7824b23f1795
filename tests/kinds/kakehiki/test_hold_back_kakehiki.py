"""掛け引きほーるでむ: a hold of back in an entry (the raise being entered, the secret prediction, the
round's winners and the tie's list, the end question) cancels it, back on the table, never undoing
a saved action; the table's own hold undoes."""
import random

from hold_back import end_question_cancels, hold_cancels, hold_undoes, on_table
from ui_harness import Driver, flash_store
from kakehiki_buttons import start_game, drive, pick_event, bar_to


def until(d, phase, rng):
    """Legal actions through the buttons until the round reaches `phase`: the first player to bet
    folds (a prediction follows), the others stay in (受ける or 様子見)."""
    from kakehiki_buttons import legal
    for _ in range(60):
        s = d.app.state()
        if s["phase"] == phase:
            return
        p = s["turn"]
        ev = pick_event(rng, s)
        if s["phase"] in ("select", "sign_bet", "judge_bet"):
            stay = [e for e in ({"t": "call", "p": p}, {"t": "check", "p": p}) if legal(s, e)]
            ev = {"t": "fold", "p": p} if not any(s["out"]) or not stay else stay[0]
        drive(d, ev)
        assert d.screen() != "Lines"
    raise AssertionError("no %s" % phase)


def test_a_hold_in_any_entry_returns_to_the_table_and_undoes_nothing(tmp_path):
    d = Driver(store=flash_store(tmp_path), lang="ja")
    start_game(d)
    rng = random.Random(5)
    drive(d, {"t": "raise", "p": d.app.state()["turn"], "v": 1})
    assert on_table(d) and d.app.game.actions() == 1
    bar_to(d, "raise")
    d.press("ok")
    assert d.app.top().raising is not None
    hold_cancels(d, tmp_path, "the raise being entered")
    assert d.app.top().raising is None
    until(d, "predict", rng)
    d.press("ok")
    assert d.screen() == "Predict"
    hold_cancels(d, tmp_path, "the prediction")
    until(d, "showdown", rng)
    d.press("ok")
    assert d.screen() == "Choice"
    hold_cancels(d, tmp_path, "the winners")
    d.press("ok")
    while d.app.top().sel != len(d.app.top().opts) - 1:    # 同点（複数）
        d.press("down")
    d.press("ok")
    assert d.screen() == "MultiSelect"
    hold_cancels(d, tmp_path, "the tie's list")
    end_question_cancels(d, tmp_path)
    hold_undoes(d, tmp_path, "取り消し：")
