"""ドボン: a hold of back in an entry (the card list, the round's winner, the game menu's
流局 question and forms) cancels it and returns to the table, never undoing a saved action; the
table's own hold undoes."""
from hold_back import end_question_cancels, hold_cancels, hold_undoes, on_table, table


def menu_item(d, sid):
    d.press("back")                                 # the game menu
    labels = [lab for lab, _ in d.app.top().items]
    d.seq("down " * labels.index(d.app.t(sid)) + "ok")


def test_a_hold_in_any_entry_returns_to_the_table_and_undoes_nothing(tmp_path):
    d = table(tmp_path, "dobon", 3)
    menu_item(d, "DB_start")                        # before the first action: the start form
    assert d.screen() == "Form"
    hold_cancels(d, tmp_path, "the first player and card")
    d.press("left")                                 # P1 draws: the saved action
    assert on_table(d) and d.app.game.actions() == 1
    d.press("ok")
    assert d.screen() == "RankGrid"                # the card grid
    hold_cancels(d, tmp_path, "the card list")
    d.press("right")
    assert d.screen() == "Choice"
    hold_cancels(d, tmp_path, "the round's winner")
    menu_item(d, "DB_drawn")
    assert d.screen() == "Confirm" and d.app.top().head == "流局にしますか？"
    hold_cancels(d, tmp_path, "the 流局 question")
    menu_item(d, "DB_check")
    d.press("ok")                                   # into the form's hand
    hold_cancels(d, tmp_path, "the sum check's hand")
    end_question_cancels(d, tmp_path)
    hold_undoes(d, tmp_path, "取り消し：")

