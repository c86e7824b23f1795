"""株ドボン: a hold of back anywhere in an entry (the 結果 chooser, its forms, the step-by-step dobon,
the rank grids, the review, the yes/no questions) cancels the whole entry and returns to the table,
never undoing the saved result (two holds once erased a recorded game); the table's own hold
undoes it. A fourth plain ピン is refused for what it is."""
import pytest

from core import registry
from ui_harness import Driver, new_game

from hold_back import end_question_cancels, hold_cancels, hold_undoes, on_table, saved, table
from ui_entry_helpers import hand
from kabu_buttons import kabu_dobon


def recorded(tmp_path):
    """4 players, one dobon saved (P1 on P2): the result that no hold in an entry may undo."""
    d = table(tmp_path, "kabu", 4)
    kabu_dobon(d, 0, 1, [3, 3, 2], [0, 0])
    d.press("ok")                                   # 登録
    d.press("ok")                                   # the result screen
    assert on_table(d) and d.app.game.actions() == 1
    return d


def endings_item(d, sid):
    d.press("ok")                                   # 結果
    assert d.screen() == "Endings"
    scr = d.app.top()
    i = [lab for lab, _ in scr.items].index(d.app.t(sid))
    while scr.sel != i:
        d.press("down")
    d.press("ok")


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_a_hold_in_any_entry_returns_to_the_table_and_undoes_nothing(tmp_path, lang):
    d = recorded(tmp_path)
    d.app.set_lang(lang)
    d.press("ok")
    hold_cancels(d, tmp_path, "the chooser")
    endings_item(d, "KB_okoshi")
    assert d.screen() == "Form"
    hold_cancels(d, tmp_path, "the 起こし札 form")
    endings_item(d, "KB_okoshi")
    d.press("ok")                                   # its first field: the card's grid
    assert d.screen() == "RankGrid"
    hold_cancels(d, tmp_path, "a grid of the form")
    endings_item(d, "KB_deckout")
    hold_cancels(d, tmp_path, "the 山切れ form")
    endings_item(d, "KB_four")
    hold_cancels(d, tmp_path, "four of a kind")
    endings_item(d, "KB_draw")
    assert d.screen() == "Confirm" and d.app.top().head == d.app.t("KB_DRAW_Q")
    hold_cancels(d, tmp_path, "the 流局 question")
    d.press("right")                                # ドボン, one press
    d.press("ok")                                   # the winner
    hold_cancels(d, tmp_path, "the loser's step")
    kabu_dobon(d, 2, 3, [3, 3, 2], [0, 0])
    assert d.screen() == "Review"
    hold_cancels(d, tmp_path, "the review")
    end_question_cancels(d, tmp_path)     # the game menu: ゲームを終える asks
    # the table's own hold undoes the saved dobon (documented); nothing else was ever undone
    hold_undoes(d, tmp_path, d.app.t("KB_DOBON_EV", {"w": d.app.name(0), "l": d.app.name(1)}))


def test_the_issue_case_two_holds_from_a_form(tmp_path):
    """The issue's path: 結果 → a form, hold (the form goes, back to the table), hold again: that is
    the table's undo, said as such; never 「入力を取り消しました」 then a silent undo in the chooser."""
    d = recorded(tmp_path)
    before = saved(d, tmp_path)
    endings_item(d, "KB_deckout")
    d.press("back", "long")
    assert on_table(d) and saved(d, tmp_path) == before and d.toast() == "入力を取り消しました"
    d.press("back", "long")
    assert d.toast() == "取り消し：P1がP2にドボン" and d.app.game.actions() == 0


@pytest.mark.parametrize("code,said_ja,said_en", [
    (1, "普通のピンは3枚までです（4枚目は赤ピン）", "At most 3 plain 1s: the 4th 1 is R1"),
    (4, "普通の四は3枚までです（4枚目は魂四）", "At most 3 plain 4s: the 4th 4 is S4"),
])
def test_a_fourth_plain_pin_is_refused_for_what_it_is(code, said_ja, said_en):
    """With 「ピン×3」 on the grid a fourth plain ピン is refused: the deck has three plain ピン and
    the 赤ピン (it said 「ピンは4枚までです」, which the screen contradicts)."""
    from ui_entry_helpers import grid_to
    for lang, said in (("ja", said_ja), ("en", said_en)):
        d = Driver(lang=lang)
        new_game(d, registry.KINDS.index("kabu"), 4)
        d.seq("right ok down ok")                   # ドボン: P1 on P3
        assert d.screen() == "RankGrid"
        grid_to(d, code)
        d.seq("ok ok ok")
        assert d.app.top().cards == [code] * 3
        d.press("ok")
        assert d.app.top().cards == [code] * 3 and d.toast() == said
        grid_to(d, 11 if code == 1 else 12)         # the fourth is the red / soul one: taken
        d.press("ok")
        assert sorted(d.app.top().cards) == [code] * 3 + [11 if code == 1 else 12]


def test_other_ranks_keep_their_four():
    from core.errors import Refusal
    from kinds.kabu import cards as kc
    with pytest.raises(Refusal) as r:
        kc.check_counts([3] * 5)
    assert r.value.msg_id == "E_KABU_TOO_MANY" and r.value.info["max"] == 4
    with pytest.raises(Refusal) as r:
        kc.check_counts([1, 1, 1, 11, 1])
    assert r.value.msg_id == "E_KABU_PLAIN_PIN" and r.value.info["max"] == 3
