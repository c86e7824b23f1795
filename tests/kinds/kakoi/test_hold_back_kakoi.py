"""囲将会ドボン: a hold of back anywhere in a round's entry (the 結果 chooser, the steps, the rank grid,
the call list and its questions) cancels it and returns to the table, never undoing a saved round;
the table's own hold undoes."""
from hold_back import table, hold_cancels, hold_undoes, on_table
from ui_entry_helpers import hand
from kakoi_buttons import pick, kakoi_list_row


def to_calls(d):
    """→: P1 played 7, P2 called ドボン holding 3 4: the call list."""
    d.press("right")
    pick(d, "P1")
    pick(d, "P2")
    hand(d, ["3", "4"])
    pick(d, "7")
    assert d.screen() == "Calls"


def test_a_hold_in_any_entry_returns_to_the_table_and_undoes_nothing(tmp_path):
    d = table(tmp_path, "kakoi", 3)
    to_calls(d)
    d.press("ok")                                   # 登録: P1's hand, then 登録 again saves
    hand(d, ["5", "K"])
    d.press("ok")
    d.press("ok")                                   # the result screen
    assert on_table(d) and d.app.game.actions() == 1
    d.press("ok")
    assert d.screen() == "Menu"
    hold_cancels(d, tmp_path, "the chooser")
    d.seq("ok down ok")                             # 開始の席, under the chooser (it opens on 天和)
    assert d.screen() == "Choice"
    hold_cancels(d, tmp_path, "the starter's list")
    d.press("right")                                # ドボン: who played the card
    hold_cancels(d, tmp_path, "the first step")
    d.press("left")                                 # ツモ上がり
    pick(d, "P2")
    assert d.screen() == "RankGrid"
    hold_cancels(d, tmp_path, "the hand's grid")
    to_calls(d)
    hold_cancels(d, tmp_path, "the call list")
    to_calls(d)
    kakoi_list_row(d, "P2 ドボン")
    assert d.screen() == "Confirm" and d.app.top().head.endswith("？")
    hold_cancels(d, tmp_path, "the call list's question")
    hold_undoes(d, tmp_path, "取り消し：")
