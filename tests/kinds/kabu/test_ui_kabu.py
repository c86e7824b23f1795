"""株ドボン entry through the buttons: the rank grid, the step-by-step dobon, the review with its
preset answers and the seed's worked examples, checked on screen and in the saved state."""
import pytest

from ui_harness import Driver, TextLog, frame_text, new_game
from ui_entry_helpers import grid_to, hand
from kabu_buttons import kabu_dobon


def rows(d):
    return [r if isinstance(r, str) else r[0] if r[1] is None else "%s %s" % r for r in d.app.top().rows()]


def has(d, *parts):
    """A row of the screen holding every part (the wording around the figures may change)."""
    return any(all(p in r for p in parts) for r in rows(d))


def test_kabu_example_1_review_then_save_and_undo():
    d = Driver(lang="ja")
    new_game(d, 1, 4)
    kabu_dobon(d, 0, 1, [3, 3, 2], [0, 0])
    assert d.screen() == "Review"
    r = rows(d)
    assert r[0] == "起こし札 その他" and r[1] == "P1の切り札 3枚見せた"   # whose: the winner's
    assert has(d, "8点→P2", "1周2")
    assert "P1の手札：三 三 二" in r and "P2の手札：他 他" in r
    assert d.app.game.seq == 0                     # nothing saved before OK
    d.press("ok")
    assert d.app.game.seq == 1
    s = d.app.state()
    assert s["laps"][1] == 1 and s["pips"][1] == 2 and s["parent"] == 1
    ev = d.app.game.state and d.app.game.last_outcome
    assert ev["score"]["total"] == 8
    d.press("ok")
    assert d.screen() == "Play"
    d.press("back", "long")
    assert "P1がP2にドボン" in d.toast() and d.app.state()["points"] == [0, 0, 0, 0]


def test_kabu_trumps_label_cannot_be_misread_and_changes_the_total():
    # the seed's case (all shown) is the default; ← counts down to 「不要（全員公開）」 and stops
    d = Driver(lang="ja")
    new_game(d, 1, 4)
    kabu_dobon(d, 0, 1, [3, 3, 2], [0, 0])
    d.press("down")                                 # the 切り札 row
    labels = [rows(d)[1]]
    for _ in range(4):
        d.press("left")
        labels.append(rows(d)[1])
    assert labels == ["P1の切り札 3枚見せた", "P1の切り札 2枚見せた", "P1の切り札 1枚見せた",
                      "P1の切り札 不要（全員公開）", "P1の切り札 不要（全員公開）"]
    assert has(d, "4点→P2", "0周4")
    d.press("right")                                # → is more: 1枚
    d.press("right")
    d.press("right")
    assert has(d, "8点→P2", "1周2")


def test_kabu_example_2_okoshi_ten_on_the_review():
    d = Driver(lang="ja")
    new_game(d, 1, 4)
    kabu_dobon(d, 0, 1, [3, 7, 10], [0, 0, 0, 0, 10])
    d.press("right")                                # 起こし札: その他 -> 十
    assert rows(d)[0] == "起こし札 十"
    d.press("ok")
    s = d.app.state()
    assert (s["laps"][1], s["pips"][1]) == (3, 3)


def test_kabu_gaeshi_problem_4():
    d = Driver(lang="ja")
    new_game(d, 1, 4)
    kabu_dobon(d, 0, 1, [10, 10, 10, 10, 3], [0, 0, 0, 11], gaeshi=True)
    r = rows(d)
    assert "返しの段 1段（×2）" in r and "P2の切り札 全部見せた" in r    # whose: the answered one's
    # a gaeshi on trumps all shown: ② gives nothing, and says why, right after ①
    i = r.index("①基本 +1")
    assert r[i + 1:i + 3] == ["②切り札 +0", "（全部見せた切り札への返し）"]
    d.press("ok")
    s = d.app.state()
    assert (s["laps"][1], s["pips"][1]) == (100, 0)
    ev = d.app.game.last_outcome
    assert ev["score"]["total"] == 600


def test_kabu_hand_that_reaches_nothing_is_refused_on_the_grid():
    d = Driver(lang="ja")
    new_game(d, 1, 3)
    d.seq("right ok ok")                           # 「→:ドボン」, P1, P2
    grid_to(d, 9)
    d.seq("ok ok")
    grid_to(d, None)
    d.press("ok")
    assert d.screen() == "RankGrid" and "18" in d.toast()      # 合計18ではドボンできない
    assert d.app.top().cards == [9, 9]
    d.press("back")                                 # back takes a 九 away (cursor on 決定: the last)
    assert d.app.top().cards == [9]


def test_kabu_two_cards_reachable_asks_which():
    # a hand of one ピン reaches ピン and 赤ピン: the ordinary one is offered first
    d = Driver(lang="ja")
    new_game(d, 1, 3)
    kabu_dobon(d, 0, 1, [4], [0, 0])               # 四: 四 or 魂四
    assert d.screen() == "Step" and [o[0] for o in d.app.top().opts] == ["四", "魂四"]
    d.press("down")
    d.press("ok")
    assert d.screen() == "Review" and rows(d)[-2:] == ["P1の手札：四", "P2の手札：他 他"]
    assert any("札が赤" in x or "魂四" in x for x in rows(d))


def test_kabu_grid_back_removes_the_rank_under_the_cursor_and_keeps_its_place():
    d = Driver(lang="ja")
    new_game(d, 1, 3)
    d.seq("right ok ok")                           # 「→:ドボン」, P1, P2
    g = d.app.top()
    grid_to(d, 3)
    d.seq("ok ok")
    grid_to(d, 2)
    d.press("ok")
    assert g.cards == [3, 3, 2]
    grid_to(d, 3)
    d.press("back")
    assert g.cards == [3, 2]
    d.seq("back back")                              # no 三 left: the last card goes
    assert g.cards == []
    d.press("back")                                 # an empty hand: back to the loser step
    assert d.screen() == "Step"
    d.press("ok")
    assert d.screen() == "RankGrid" and d.app.top().cell()[1] == 1   # a new hand: on its first card


def test_kabu_hold_back_inside_the_entry_cancels_it():
    d = Driver(lang="ja")
    new_game(d, 1, 3)
    kabu_dobon(d, 0, 1, [3, 3, 2], [0, 0])
    d.press("back", "long")
    assert d.toast() == "入力を取り消しました" and d.app.game.seq == 0
    assert not any(getattr(s, "entry", False) for s in d.app.stack)


def test_kabu_four_of_a_kind_on_the_grid_says_whose_hand_and_its_size():
    """The grid's title names the holder and the deal (「Hand P1 (0/4)」, was
    「Hand (0)」); a card past the deal is refused on the grid, not at the preview; 決定 fills the
    cards that score nothing with 他."""
    d = Driver(lang="en")
    new_game(d, 1, 3)
    d.press("ok")                                   # the list opens on 起こし札でドボン
    d.seq("down ok")                                # Four of a kind
    assert d.screen() == "Step"
    d.press("ok")                                   # holder: P1 (every deal is 4: the first)
    assert d.screen() == "RankGrid"
    log = d.redraw()
    assert ("Hand P1 (0/4)", 0, 0) in log.drawn
    d.seq("right ok ok")                            # 2 2
    d.seq("right ok")                               # 3
    grid_to(d, 10)
    d.press("ok")                                   # 10: the 4th card
    d.press("ok")                                   # a 5th card: refused here
    assert d.toast() == "5 cards, but the deal is 4" and d.app.top().cards == [2, 2, 3, 10]
    grid_to(d, None)
    d.press("ok")                                   # no four: refused here too
    assert d.screen() == "RankGrid" and d.toast() == "No four of a kind"
    d.seq("back back")                              # on 決定, back takes the last card: 10, 3
    assert d.app.top().cards == [2, 2]
    grid_to(d, 2)
    d.seq("ok ok")
    hand(d, [])
    assert d.screen() == "Lines"
    # items 1 and 5: who gets the points (it said 「*に+180点」), and 4枚揃い is no ⑪ of the seed's list
    ls = d.app.top().lines
    assert "All but P1: +180 each" in ls and "Four of a kind +180" in ls, ls
    assert not [l for l in ls if "*" in l or "⑪" in l or "⑫" in l]
    d.press("ok")
    assert d.app.game.state["points"] == [0, 180, 180]


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_kabu_entry_text_stays_on_the_panel(lang):
    with TextLog() as log:
        d = Driver(lang=lang)
        new_game(d, 1, 4)
        kabu_dobon(d, 0, 1, [10, 10, 2, 2, 1, 1, 11], [0, 0])
        for _ in range(20):
            d.press("down")
        assert not log.over, log.over


def test_kabu_impossible_counts_are_refused_on_the_grid():
    d = Driver(lang="ja")
    new_game(d, 1, 3)
    d.seq("right ok ok")                           # → ドボン, P1, P2
    grid_to(d, 2)
    d.seq("ok ok ok ok ok")                        # five 二: the fifth is refused as it is added
    assert d.screen() == "RankGrid" and d.toast() and d.app.top().cards == [2] * 4
    d = Driver(lang="ja")
    new_game(d, 1, 3)
    d.seq("right ok ok")
    hand(d, [11])                                  # 赤ピン: reaches ピン / 赤ピン
    grid_to(d, 11)
    d.press("ok")                                  # a second 赤ピン in the loser's hand: refused
    assert d.screen() == "RankGrid" and "赤ピン" in d.toast() and 11 not in d.app.top().cards


def test_kabu_okoshi_form_card_on_the_pick_grid_and_asked_for_when_missing():
    d = Driver(lang="ja")
    new_game(d, 1, 3)
    d.seq("ok ok")                                  # 起こし札ドボン (the list opens on it)
    form = d.app.top()
    d.seq("up ok")                                  # 確認 with nothing chosen: the first field asked
    assert d.screen() == "Form" and d.toast() == "ドボンした人を選んでください"
    d.seq("ok ok down down down ok")                # ドボンした人: open, tick P1, 決定
    assert form.values["winners"] == [0]
    while form.sel != len(form.rows()) - 1:
        d.press("down")
    d.press("ok")                                   # 確認: the 起こし札 is asked for, cursor on it
    assert d.screen() == "Form" and "起こし札" in d.toast() and form.sel == 0, d.toast()
    d.press("ok")                                   # the 起こし札 row: the pick grid
    assert d.screen() == "RankGrid" and d.app.top().pick
    grid_to(d, 5)
    d.press("ok")
    assert d.screen() == "Form" and form.values["okoshi"] == 5


def test_kabu_two_players_the_loser_is_not_asked():
    d = Driver(lang="ja")
    new_game(d, 1, 2)
    d.seq("right ok")                               # → ドボン, 勝った人 P1
    assert d.screen() == "RankGrid" and d.app.top().head == "P1の手札"
    hand(d, [3, 3, 2])
    hand(d, [0, 0])
    d.press("ok")
    assert d.app.state()["laps"] == [0, 1] and d.app.state()["pips"] == [0, 2]


def test_kabu_okoshi_everyone_dobon_each_chooses_the_minus2():
    # Three players all dobon on a 三 (sums 3, 13, 13): nobody loses; the form then asks the −2 of each
    # of them (preset yes), and only P2 declines it: the event names the seats that take it.
    d = Driver(lang="ja")
    new_game(d, 1, 3)
    sent = []
    real = d.app.submit
    d.app.submit = lambda ev: sent.append(ev) or real(ev)
    d.seq("ok ok")                                  # 起こし札ドボン (the list opens on it)
    form = d.app.top()
    d.press("ok")                                   # 起こし札: the pick grid
    grid_to(d, 3)
    d.press("ok")
    d.seq("down ok ok down ok down ok down ok")     # ドボンした人: P1 P2 P3, 決定
    assert form.values["winners"] == [0, 1, 2]
    labels = [f["label"] for f in form.flist()]
    assert "勝った人の-2" not in labels
    assert labels[-3:] == ["P1の-2", "P2の-2", "P3の-2"]
    for i, cards in enumerate(([1, 2, 10, 10], [5, 4, 2, 2], [6, 5, 1, 1])):
        form.sel = 2 + i                            # the hands
        d.press("ok")
        hand(d, cards)
    form.sel = labels.index("P2の-2")
    d.press("right")                                # P2: no −2
    assert form.show(form.flist()[form.sel]) == "いいえ"
    form.sel = len(form.rows()) - 1
    d.press("ok")                                   # 確認
    assert d.screen() == "Lines", d.toast()
    d.press("ok")                                   # 登録
    assert sent[-1]["t"] == "okoshi" and sent[-1]["minus2"] == [0, 2]
    assert d.app.game.seq == 1 and d.app.game.last_outcome["totals"] == [0, 0, 0]


def kabu_to_review(d, own, their, lang="ja"):
    new_game(d, 1, 3)
    d.press("right")                                # 「→:ドボン」
    d.seq("ok ok")                                  # P1 wins on P2
    hand(d, own)
    hand(d, their)


def test_kabu_a_card_the_deck_cannot_give_is_refused_on_the_grid():
    """A second 赤ピン (or 魂四) is refused as it is added, not at 決定/確認."""
    d = Driver(lang="ja")
    new_game(d, 1, 3)
    d.press("right")
    d.seq("ok ok")
    grid_to(d, 11)
    d.seq("ok ok")
    assert d.app.top().cards == [11] and d.toast() == d.app.t("E_KABU_TWO_RED", {"count": 2})


def test_kabu_the_dobon_card_list_offers_only_possible_cards():
    """With the winner holding the one 赤ピン, ピン is the only dobon card (the
    list offered 赤ピン and its review refused it)."""
    d = Driver(lang="ja")
    kabu_to_review(d, [11], [0, 10])
    assert d.screen() == "Review" and d.app.top().ev["dobon_card"] == 1 and d.app.top().err is None


def test_kabu_review_left_is_fewer_trumps_and_a_refusal_says_how_to_get_out():
    """On 切り札, ← lowers the count from the preset (all shown) and stops
    at 「不要（全員公開）」 (it wrapped there, cut into its label); a refused review's hint row says
    戻る (「OK:登録」 only repeated the refusal)."""
    from ui_harness import TextLog
    from draw.font import text_width
    d = Driver(lang="ja")
    kabu_to_review(d, [3, 3, 2], [0, 0])
    scr = d.app.top()
    d.press("down")                                 # 切り札: 3枚見せた
    assert scr.ev["trumps"] == 3
    d.press("left")
    assert scr.ev["trumps"] == 2
    for _ in range(4):
        d.press("left")
    assert scr.ev["trumps"] is None
    log = d.redraw()
    row = [(s, x) for s, x, y in log.drawn if y == 16]
    assert ("P1の切り札", 0) in row and ("不要（全員公開）", 128 - text_width("不要（全員公開）")) in row
    d.press("right")
    assert scr.ev["trumps"] == 1
    from kinds.kabu.review import Review
    bad = Review(d.app, "x", [["a", [0], 0, ["a"]]], lambda v: {"t": "dobon", "winner": 0, "loser": 0},
                 lambda out: [])
    d.app.push(bad)
    assert bad.err is not None
    log = d.redraw()
    assert ("←→変更 戻る:入力を直す", 0, 56) in log.drawn


def test_kabu_deckout_sizes_run_when_held_follow_the_one_above_and_the_form_has_a_hint():
    """The deck-out form once had no hint row and a held → did nothing; the
    number entry's range reads 「0～40」 (was 「0~40」)."""
    d = Driver(lang="ja")
    new_game(d, 1, 4)
    d.press("ok")                                   # the list opens on 起こし札でドボン
    d.seq("down down ok")                           # 山切れ
    scr = d.app.top()
    assert d.screen() == "DeckOut"
    for _ in range(5):
        d.press("right", "repeat")                  # held: 0 -> 5
    assert [scr.values["s%d" % i] for i in range(4)] == [5, 5, 5, 5]
    log = d.redraw()
    assert ("←→枚数（長押しで速く）", 0, 56) in log.drawn
    d.seq("down down left left")                    # P3 3: P4 follows, P2 keeps its 5
    assert [scr.values["s%d" % i] for i in range(4)] == [5, 5, 3, 3]
    d.press("ok")                                   # the number entry
    log = d.redraw()
    assert ("0～40", 0, 56) in log.drawn


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_kabu_the_minus2_line_says_how_the_die_turns(lang):
    """「P2の-2」 says the die's turn (目2→目6: 1周2 less 2 is 1周0, the face 6)."""
    d = Driver(lang=lang)
    new_game(d, 1, 4)
    kabu_dobon(d, 0, 1, [3, 3, 2], [0, 0])          # P2 gets 8: 1周2
    d.seq("ok ok")
    kabu_dobon(d, 1, 2, [3, 3, 2], [0, 0])          # P2 wins: its −2
    want = "P2の-2（目2→目6）" if lang == "ja" else "P2 -2 (die 2->6)"
    assert want in rows(d)
    d.press("ok")
    assert want in d.app.top().lines
    assert (d.app.state()["laps"][1], d.app.state()["pips"][1]) == (1, 0)


def test_long_names_read_whole_on_the_table_and_the_header_cuts_only_the_name():
    """The names take the row the figures leave (they were cut to two characters),
    and the header cuts the parent's name, never 「第1戦（全4戦）・親」."""
    from ui_harness import TextLog, frame_text
    names = ["たかはしけんじろう", "やまだみなみ", "Christopher", "すずきはなこ"]
    for lang, head in (("ja", "第1戦（全4戦）・親"), ("en", "Game 1/4  Parent ")):
        with TextLog() as log:
            d = Driver(lang=lang)
            d.app.new_game("kabu", list(names), None)
            d.app.toast = None
            frame_text(d, log)
            drawn = [s for s, _, _ in log.drawn]
            assert all(n in drawn for n in names[1:]), drawn
            top = [s for s, _, y in log.drawn if y == 0][0]
            assert top.startswith(head + "たかはし") and top.endswith("…"), top
            assert not log.over


def test_the_deck_out_forms_hint_follows_the_cursor():
    """On 確認 the hint says 「OK:確認」 (it said 「OK:入力」), on a yes/no line 「←→変更」."""
    from ui_harness import TextLog, frame_text, pick
    with TextLog() as log:
        d = Driver(lang="ja")
        d.app.new_game("kabu", ["P1", "P2", "P3", "P4"], {"minus2_endings": True})
        d.press("ok")
        pick(d, "山切れ")
        seen = []
        for _ in range(3):
            frame_text(d, log)
            seen.append([s for s, _, y in log.drawn if y == 56])
            d.press("up")
    assert seen == [["←→枚数（長押しで速く）"], ["OK:確認 戻る:やめる"], ["←→変更"]]


def test_the_result_list_opens_on_the_first_ending_without_a_key_and_ok_held_ends_a_hand():
    """結果's list opens on 起こし札でドボン (ドボン and ドボン返し have → and ←); a
    hand's grid opens on ピン and says how to enter it (「左上から順にOK 最後は長押し」), OK held on
    the last card ends the hand; the loser's grid says what 他 is under its row; a four of a kind
    ends with OK held too, the rest 他."""
    with TextLog() as log:
        d = Driver(lang="ja")
        new_game(d, 1, 3)
        d.press("ok")
        scr = d.app.top()
        assert d.screen() == "Endings" and scr.rows()[scr.sel] == "起こし札でドボン"
        d.press("back")
        d.seq("right ok ok")                            # →:ドボン, P1 on P2
        g = d.app.top()
        assert g.cell()[1] == 1
        assert "左上から順にOK 最後は長押し" in frame_text(d, log)
        d.seq("right ok right ok")                      # 二 三
        d.press("ok", "long")                           # 三 again, held: the winner's hand ends
        assert g.cards == [2, 3, 3] and d.app.top().head == "P2の手札"
        txt = frame_text(d, log)
        assert "他＝十・赤ピン・魂四以外" in txt and "OK:足す 最後は長押し 戻る:減らす" in txt, txt
        assert ("他＝十・赤ピン・魂四以外", 0, 35) in log.drawn    # under the grid, not on it
        d.press("ok")
        d.press("ok", "long")                           # 他 他
        assert d.screen() == "Review" and rows(d)[-2:] == ["P1の手札：二 三 三", "P2の手札：他 他"]
        d.press("ok")
        assert d.app.state()["laps"] == [0, 1, 0] and d.app.state()["pips"] == [0, 2, 0]
        d.press("ok")                                   # the result
        d.seq("ok down ok")                             # 4枚揃い
        d.press("ok")                                   # P2 (6 cards)
        assert "残りは他 最後は長押し" in frame_text(d, log)
        grid_to(d, 9)
        d.seq("ok ok ok ok")
        grid_to(d, 12)
        d.press("ok", "long")                           # 九 ×4 and the 魂四, held
        assert d.screen() == "Lines"
        d.press("ok")
        assert d.app.state()["points"] == [240, 8, 240]
        d.press("ok")                                   # the result
        d.app.set_lang("en")
        d.seq("right ok ok")
        assert "OK in grid order; hold: last" in frame_text(d, log)
