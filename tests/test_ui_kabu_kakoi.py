"""株ドボン and 囲将会ドボン entry through the buttons: the rank grid, the step-by-step dobon, the
review with its preset answers, the call list (issue 12: no silent delete, no crash on an
incomplete call) and the seed's worked examples, checked on screen and in the saved state."""
import pytest

from ui_harness import Driver, TextLog, new_game


def grid_to(d, v):
    """Move the rank grid's cursor onto the cell of value v (None: the 決定 below the grid)."""
    g = d.app.top()
    assert d.screen() == "RankGrid"
    if v is None:
        want = len(g.cells) - 1
        while g.r != want:
            d.press("down")
        return
    for _ in range(len(g.cells)):
        if any(x == v for _, x in g.cells[g.r]):
            while g.cell()[1] != v:
                d.press("right")
            return
        d.press("down")
    raise AssertionError("no cell %r" % (v,))


def hand(d, cards):
    for v in cards:
        grid_to(d, v)
        d.press("ok")
    grid_to(d, None)
    d.press("ok")


def rows(d):
    return [r if isinstance(r, str) else r[0] if r[1] is None else "%s %s" % r for r in d.app.top().rows()]


def has(d, *parts):
    """A row of the screen holding every part (the wording around the figures may change)."""
    return any(all(p in r for p in parts) for r in rows(d))


# ---- 株ドボン -----------------------------------------------------------------------------------
def kabu_dobon(d, w, l, own, their, gaeshi=False):
    d.press("ok")                                   # 結果を入力
    if gaeshi:
        d.press("down")
    d.press("ok")                                   # ドボン / ドボン返し
    for seat in (w, l):
        scr = d.app.top()
        while scr.opts[scr.sel][1] != seat:
            d.press("down")
        d.press("ok")
    hand(d, own)
    hand(d, their)


def test_kabu_example_1_review_then_save_and_undo():
    d = Driver(lang="ja")
    new_game(d, 1, 4)
    kabu_dobon(d, 0, 1, [3, 3, 2], [0, 0])
    assert d.screen() == "Review"
    r = rows(d)
    assert r[0] == "起こし札 その他" and r[1] == "切り札 3枚見せた"
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
    assert labels == ["切り札 3枚見せた", "切り札 2枚見せた", "切り札 1枚見せた",
                      "切り札 不要（全員公開）", "切り札 不要（全員公開）"]
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
    assert "返しの段 1段（×2）" in r and "負けた人の切り札 全部見せた" in r or "敗者の切り札 全部見せた" in r
    assert not [x for x in r if x.startswith("②")]  # a gaeshi on trumps all shown: no ②
    d.press("ok")
    s = d.app.state()
    assert (s["laps"][1], s["pips"][1]) == (100, 0)
    ev = d.app.game.last_outcome
    assert ev["score"]["total"] == 600


def test_kabu_hand_that_reaches_nothing_is_refused_on_the_grid():
    d = Driver(lang="ja")
    new_game(d, 1, 3)
    d.seq("ok ok ok ok")
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
    d.seq("ok ok ok ok")
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
    assert d.screen() == "RankGrid" and d.app.top().cell()[1] == 3   # where the cursor was


def test_kabu_hold_back_inside_the_entry_cancels_it():
    d = Driver(lang="ja")
    new_game(d, 1, 3)
    kabu_dobon(d, 0, 1, [3, 3, 2], [0, 0])
    d.press("back", "long")
    assert d.toast() == "入力を取り消しました" and d.app.game.seq == 0
    assert not any(getattr(s, "entry", False) for s in d.app.stack)


def test_kabu_four_of_a_kind_on_the_grid_says_whose_hand_and_its_size():
    """Issue 27, item 12: the grid's title names the holder and the deal (「Hand P1 (0/4)」, was
    「Hand (0)」); a card past the deal is refused on the grid, not at the preview; 決定 fills the
    cards that score nothing with 他."""
    d = Driver(lang="en")
    new_game(d, 1, 3)
    d.press("ok")
    d.seq("down down down ok")                      # Four of a kind
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


# ---- 囲将会ドボン -------------------------------------------------------------------------------
def pick(d, label):
    scr = d.app.top()
    labels = [o[0] for o in scr.opts]
    i = [k for k in range(len(labels)) if labels[k] == label or labels[k].startswith((label + "（", label + " ("))][0]
    while scr.sel != i:
        d.press("down")
    d.press("ok")


def kakoi_list_row(d, text):
    scr = d.app.top()
    i = [k for k, r in enumerate(scr.rows()) if r.startswith(text)][0]
    while scr.sel != i:
        d.press("up")
    d.press("ok")


def kakoi_call(d, seats, caller_hand, card, payer_hand):
    """A 囲将会ドボン of `seats` players to its call list: P1 played `card`, P2 called ドボン holding
    caller_hand, P1 pays holding payer_hand."""
    new_game(d, 2, seats)
    d.seq("ok ok")
    pick(d, "P1")
    pick(d, "P2")
    hand(d, caller_hand)
    pick(d, card)
    # the call list first (a gaeshi may leave P1 paying nothing); 登録 asks for P1's hand
    assert d.screen() == "Calls" and d.app.top().rows()[d.app.top().sel] == "登録"
    d.press("ok")
    hand(d, payer_hand)


def test_kakoi_seed_example():
    # P1 plays 7; P2 (9 2) and P3 (Q 5) call dobon; P1 holds J 2 and answers P2.
    d = Driver(lang="ja")
    new_game(d, 2, 3)
    d.seq("ok ok")
    pick(d, "P1")                                   # 出した人
    pick(d, "P2")                                   # ドボンした人
    hand(d, ["9", "2"])
    pick(d, "7")                                    # 場の札, offered from 9 2: 7（9-2） or J（9+2）
    # issue 27: P1's hand is not asked for yet (a gaeshi may leave the card's player paying nothing)
    assert d.screen() == "Calls" and d.app.top().rows()[d.app.top().sel] == "登録"
    assert "登録でP1の手札を入力" in d.app.top().rows()
    kakoi_list_row(d, "＋ドボンを追加")
    assert d.app.top().head == "P3の手札"            # only P3 is left: no question
    hand(d, ["Q", "5"])
    kakoi_list_row(d, "＋返しを追加")
    pick(d, "P1")
    assert d.app.top().head == "P1の手札"            # asked once, as the one who answers
    hand(d, ["J", "2"])                             # only P2's 9 is reachable
    r = d.app.top().rows()
    assert "P1 返し→P2 J 2" in r
    assert "P2→P1 176点（11×16）" in r and "P1→P3 48点（12×4）" in r
    assert d.app.game.seq == 0
    d.press("ok")                                   # 登録
    assert d.app.state()["totals"] == [128, -176, 48]
    ev = d.app.game.state and [c for c in d.app.game.last_outcome["calls"]]
    assert [c["top"] for c in ev] == ["9", "Q", "J"]


def test_kakoi_ok_after_adding_never_deletes_and_deleting_asks():
    d = Driver(lang="ja")
    kakoi_call(d, 3, ["3", "4"], "7", ["5", "K"])   # P1 pays
    scr = d.app.top()
    n = len(scr.rows())
    kakoi_list_row(d, "＋ドボンを追加")
    hand(d, ["2", "5"])                             # P3, the only seat left
    assert d.screen() == "Calls" and scr.rows()[scr.sel] == "登録"   # not on the new call
    assert len(scr.rows()) > n
    kakoi_list_row(d, "P3 ドボン")
    assert d.screen() == "Confirm" and "P3" in d.app.top().head
    d.press("ok")                                   # いいえ (the first choice)
    assert any(r.startswith("P3 ドボン") for r in scr.rows())
    kakoi_list_row(d, "P3 ドボン")
    d.seq("down ok")                                # はい
    assert d.screen() == "Calls" and not any(r.startswith("P3 ドボン") for r in scr.rows())


def test_kakoi_issue12_crash_path_cannot_happen_and_every_seat_called_says_so():
    # result → ドボン → calls → ＋追加 → 追加 without a seat: the seat is the first question now
    d = Driver(lang="ja")
    new_game(d, 2, 2)
    d.seq("ok ok")
    pick(d, "P1")
    assert d.app.top().head == "P2の手札"            # two players: P2 called, no question
    hand(d, ["3", "4"])
    pick(d, "7")
    d.press("ok")                                   # 登録: the payer's hand
    hand(d, ["5"])
    kakoi_list_row(d, "＋ドボンを追加")
    assert d.screen() == "Calls" and d.toast() == "全員が宣言済み"


def test_kakoi_plain_dobon_and_went_out_toggle():
    d = Driver(lang="ja")
    kakoi_call(d, 4, ["3", "4"], "7", ["5", "K"])
    r = d.app.top().rows()
    assert "P1→P2 30点（15×2）" in r
    kakoi_list_row(d, "上がり札")                   # the 7 was P1's last card: P1's hand is the 7
    assert "P1→P2 28点（7×4）" not in d.app.top().rows()
    assert d.app.top().rows()[0] == "上がり札：はい"
    assert "P1→P2 14点（7×2）" in d.app.top().rows()
    d.press("ok")
    assert d.app.state()["totals"] == [-14, 14, 0, 0]


def test_kakoi_tsumo_and_tenhou():
    d = Driver(lang="ja")
    new_game(d, 2, 2)
    d.seq("ok down ok")                             # ツモ上がり
    pick(d, "P1")
    assert d.screen() == "RankGrid" and d.app.top().pick
    grid_to(d, "5")
    d.press("ok")                                   # the last card: 5
    assert d.app.top().head == "払うP2の手札"
    hand(d, ["3"])
    assert "P2→P1 3点（3×1）" in d.app.top().rows()
    d.press("ok")
    assert d.app.state()["totals"] == [3, -3]
    d.press("ok")                                   # the result
    d.seq("ok down down ok")                        # 天和
    pick(d, "P2")
    hand(d, ["A", "6"])
    pick(d, "7")
    hand(d, ["9"])                                  # P1 pays
    d.press("ok")
    assert d.app.state()["totals"] == [3 - 18, -3 + 18]


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_kabu_kakoi_entry_text_stays_on_the_panel(lang):
    with TextLog() as log:
        d = Driver(lang=lang)
        new_game(d, 1, 4)
        kabu_dobon(d, 0, 1, [10, 10, 2, 2, 1, 1, 11], [0, 0])
        for _ in range(20):
            d.press("down")
        d = Driver(lang=lang)
        new_game(d, 2, 3)
        d.seq("ok ok")
        pick(d, "P1")
        pick(d, "P2")
        hand(d, ["9", "2"])
        pick(d, "7")
        d.press("ok")                               # 登録: the payer's hand
        hand(d, ["J", "2"])
        for _ in range(12):
            d.press("down")
        assert not log.over, log.over


def test_kakoi_one_gaeshi_answers_two_calls_of_one_level():
    # P1 plays 7; P2 (4 3) and P3 (2 5) call dobon; P1 holds A 3, which reaches 4 (A+3) and
    # 2 (3-A): one gaeshi answers P2's 4 and P3's 2 at once.
    d = Driver(lang="ja")
    kakoi_call(d, 3, ["4", "3"], "7", ["A", "3"])   # P1 pays; the same hand answers
    kakoi_list_row(d, "＋ドボンを追加")
    hand(d, ["2", "5"])                             # P3, the only seat left
    kakoi_list_row(d, "＋返しを追加")
    pick(d, "P1")
    labels = [o[0] for o in d.app.top().opts]
    assert "P2・P3" in labels, labels
    pick(d, "P2・P3")
    r = d.app.top().rows()
    assert "P1 返し→P2・P3 A 3" in r, r
    d.press("ok")
    out = d.app.game.last_outcome
    assert sorted((p["payer"], p["receiver"]) for p in out["payments"]) == [(1, 0), (2, 0)]


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
    d.seq("ok down down ok")                        # 起こし札ドボン
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


def test_kakoi_gaeshi_of_a_gaeshi_by_the_first_caller():
    # P1 plays 7; P2 (9 2) calls; P1 answers with J 2 showing J; P2 answers the J again with
    # 9+2 = 11 (返し返し, ×8): P1 pays P2 12 points × 2^2 (the two 2s) × 8.
    d = Driver(lang="ja")
    new_game(d, 2, 2)
    d.seq("right")
    pick(d, "P1")                                   # 出した人; P2 is the only caller
    hand(d, ["9", "2"])
    pick(d, "7")
    d.press("ok")                                   # 登録 asks for P1's hand (it pays P2 so far)
    hand(d, ["J", "2"])                             # P1 pays ... and answers
    kakoi_list_row(d, "＋返しを追加")                # only P1 can answer P2's call: not asked
    kakoi_list_row(d, "＋返しを追加")
    pick(d, "P2")                                   # P2's hand is known: P1's J is the card it reaches
    r = d.app.top().rows()
    assert "P2 返し→P1 9 2" in r, r
    d.press("ok")
    out = d.app.game.last_outcome
    assert [(p["payer"], p["receiver"], p["amount"]) for p in out["payments"]] == [(0, 1, 12 * 4 * 8)]
    assert [c["top"] for c in out["calls"]] == ["9", "J", "9"]


def test_kabu_okoshi_everyone_dobon_each_chooses_the_minus2():
    # Three players all dobon on a 三 (sums 3, 13, 13): nobody loses; the form then asks the −2 of each
    # of them (preset yes), and only P2 declines it: the event names the seats that take it.
    d = Driver(lang="ja")
    new_game(d, 1, 3)
    sent = []
    real = d.app.submit
    d.app.submit = lambda ev: sent.append(ev) or real(ev)
    d.seq("ok down down ok")                        # 起こし札ドボン
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


def test_kakoi_gaeshi_list_leaves_out_the_only_caller_and_the_call_list_says_more_follow():
    """Issue 27, items 6 and 7: 返した人 never offers the one seat whose call is the only one (it
    cannot answer itself); a call list longer than the panel shows ▼ (the payments follow)."""
    d = Driver(lang="ja")
    new_game(d, 2, 4)
    d.seq("ok ok")
    pick(d, "P1")
    pick(d, "P2")
    hand(d, ["4", "3"])
    pick(d, "7")
    kakoi_list_row(d, "＋返しを追加")
    assert [lab for lab, _ in d.app.top().opts] == ["P1", "P3", "P4"]
    pick(d, "P3")
    hand(d, ["5", "A"])                             # answers P2's 4 (5-A): the only reachable card
    scr = d.app.top()
    assert d.screen() == "Calls" and len(scr.rows()) > scr.span
    log = d.redraw()
    assert ("▼", 120, 48) in log.drawn
    while scr.sel < len(scr.rows()) - 1:            # at the end of the list: nothing follows
        d.press("down")
    log = d.redraw()
    assert ("▼", 120, 48) not in log.drawn


def kabu_to_review(d, own, their, lang="ja"):
    new_game(d, 1, 3)
    d.press("right")                                # 「→:ドボン」
    d.seq("ok ok")                                  # P1 wins on P2
    hand(d, own)
    hand(d, their)


def test_kabu_a_card_the_deck_cannot_give_is_refused_on_the_grid():
    """Issue 27, item 13: a second 赤ピン (or 魂四) is refused as it is added, not at 決定/確認."""
    d = Driver(lang="ja")
    new_game(d, 1, 3)
    d.press("right")
    d.seq("ok ok")
    grid_to(d, 11)
    d.seq("ok ok")
    assert d.app.top().cards == [11] and d.toast() == d.app.t("E_KABU_TWO_RED", {"count": 2})


def test_kabu_the_dobon_card_list_offers_only_possible_cards():
    """Issue 27, item 3: with the winner holding the one 赤ピン, ピン is the only dobon card (the
    list offered 赤ピン and its review refused it)."""
    d = Driver(lang="ja")
    kabu_to_review(d, [11], [0, 10])
    assert d.screen() == "Review" and d.app.top().ev["dobon_card"] == 1 and d.app.top().err is None


def test_kabu_review_left_is_fewer_trumps_and_a_refusal_says_how_to_get_out():
    """Issue 27, items 2 and 3: on 切り札, ← lowers the count from the preset (all shown) and stops
    at 「不要（全員公開）」 (it wrapped there, cut into its label); a refused review's hint row says
    戻る (「OK:登録」 only repeated the refusal)."""
    from ui_harness import TextLog
    from ui.canvas import text_width
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
    assert ("切り札", 0) in row and ("不要（全員公開）", 128 - text_width("不要（全員公開）")) in row
    d.press("right")
    assert scr.ev["trumps"] == 1
    from ui.screens_kabu import Review
    bad = Review(d.app, "x", [["a", [0], 0, ["a"]]], lambda v: {"t": "dobon", "winner": 0, "loser": 0},
                 lambda out: [])
    d.app.push(bad)
    assert bad.err is not None
    log = d.redraw()
    assert ("←→変更 戻る:入力を直す", 0, 56) in log.drawn


def test_kakoi_field_card_list_writes_the_tables_signs():
    """Issue 27, item 8: 「Q（1×2×3×1×2）」, not 「Q（1*2*3*1*2）」; and the rank grid counts 「A×2」 (item
    9: it showed 「Ax2」)."""
    d = Driver(lang="ja")
    new_game(d, 2, 3)
    d.seq("ok ok")
    pick(d, "P1")
    pick(d, "P2")
    hand(d, ["A", "2", "3", "A", "2"])
    labels = [lab for lab, _ in d.app.top().opts]
    assert "Q（1×2×3×1×2）" in labels and not [l for l in labels if "*" in l or "/" in l], labels
    d.press("back")                                 # back to the grid: its cells
    log = d.redraw()
    drawn = [s for s, _, _ in log.drawn]
    assert "A×2" in drawn and "2×2" in drawn and not [s for s in drawn if "x" in s and s[0] in "A23"]


def test_kabu_deckout_sizes_run_when_held_follow_the_one_above_and_the_form_has_a_hint():
    """Issue 27, item 4: the deck-out form had no hint row and a held → did nothing; item 8: the
    number entry's range reads 「0～40」 (was 「0~40」)."""
    d = Driver(lang="ja")
    new_game(d, 1, 4)
    d.press("ok")
    d.seq("down down down down ok")                 # 山切れ
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
