"""囲将会ドボン entry through the buttons: the rank grid, the call list (no silent delete,
no crash on an incomplete call) and the seed's worked example, checked on screen and in the saved
state."""
import pytest

from ui_harness import Driver, TextLog, frame_text, new_game, title_row
from core.errors import Refusal
from ui_entry_helpers import grid_to, hand
from kakoi_buttons import kakoi_list_row, pick


def kakoi_call(d, seats, caller_hand, card, payer_hand):
    """A 囲将会ドボン of `seats` players to its call list: P1 played `card`, P2 called ドボン holding
    caller_hand, P1 pays holding payer_hand."""
    new_game(d, 2, seats)
    d.press("right")                                # the play screen's 「→:ドボン」
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
    d.press("right")                                # the play screen's 「→:ドボン」
    pick(d, "P1")                                   # 出した人
    pick(d, "P2")                                   # ドボンした人
    hand(d, ["9", "2"])
    pick(d, "7")                                    # 場の札, offered from 9 2: 7（9-2） or J（9+2）
    # P1's hand is not asked for yet (a gaeshi may leave the card's player paying nothing)
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


def test_kakoi_crash_path_cannot_happen_and_every_seat_called_says_so():
    # result → ドボン → calls → ＋追加 → 追加 without a seat: the seat is the first question now
    d = Driver(lang="ja")
    new_game(d, 2, 2)
    d.press("right")                                # the play screen's 「→:ドボン」
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
    d.press("left")                                 # 「←:ツモ」
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
    d.seq("ok ok")                                  # 天和 (the result list opens on it)
    pick(d, "P2")
    hand(d, ["A", "6"])
    pick(d, "7")
    hand(d, ["9"])                                  # P1 pays
    d.press("ok")
    assert d.app.state()["totals"] == [3 - 18, -3 + 18]


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_kakoi_entry_text_stays_on_the_panel(lang):
    with TextLog() as log:
        d = Driver(lang=lang)
        new_game(d, 2, 3)
        d.press("right")                            # 「→:ドボン」
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


def test_kakoi_gaeshi_list_leaves_out_the_only_caller_and_the_call_list_says_more_follow():
    """返した人 never offers the one seat whose call is the only one (it
    cannot answer itself); a call list longer than the panel shows ▼ (the payments follow)."""
    d = Driver(lang="ja")
    new_game(d, 2, 4)
    d.press("right")                                # the play screen's 「→:ドボン」
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


def test_kakoi_field_card_list_writes_the_tables_signs():
    """「Q（1×2×3×1×2）」, not 「Q（1*2*3*1*2）」; and the rank grid counts 「A×2」 (it showed
    「Ax2」)."""
    d = Driver(lang="ja")
    new_game(d, 2, 3)
    d.press("right")                                # the play screen's 「→:ドボン」
    pick(d, "P1")
    pick(d, "P2")
    hand(d, ["A", "2", "3", "A", "2"])
    labels = [lab for lab, _ in d.app.top().opts]
    assert "Q（1×2×3×1×2）" in labels and not [l for l in labels if "*" in l or "/" in l], labels
    d.press("back")                                 # back to the grid: its cells
    log = d.redraw()
    drawn = [s for s, _, _ in log.drawn]
    assert "A×2" in drawn and "2×2" in drawn and not [s for s in drawn if "x" in s and s[0] in "A23"]


def _two_round_game(d):
    """A 4-player game with 局数 2 (the setup screen's first row), to its play screen."""
    d.seq("ok down down ok")                        # 新しいゲーム → 囲将会ドボン: its settings
    d.seq("right right up ok")                      # 局数 0 → 2, 次へ
    d.seq("down down ok")                           # 4 players: 開始
    assert d.screen() == "Play"


def _dobon_round(d, by, caller):
    """A dobon by `caller` on `by`'s 3 (A 2 against 3 4), to its result screen."""
    d.press("right")
    pick(d, by)
    pick(d, caller)
    hand(d, ["A", "2"])
    pick(d, "3")
    d.press("ok")                                   # 登録: the payer's hand
    hand(d, ["3", "4"])


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_kakoi_rounds_set_the_header_counts_them_and_the_last_announces_no_next(lang):
    """局数 2 shows （全2局） on the table; the last round's review and result say
    the rounds are played (no 「第3局」 that will never be played); totals read 「+28→28」."""
    ja = lang == "ja"
    with TextLog() as log:
        d = Driver(lang=lang)
        _two_round_game(d)
        assert title_row(d, log)[0] == ("第1局（全2局）・P1から" if ja else "Round 1/2  P1 starts")
        _dobon_round(d, "P1", "P2")
        rows = d.app.top().rows()
        assert ("P2 +28→28" in rows) and ("P1 -28→-28" in rows) and not [r for r in rows if " = " in r]
        assert ("第2局（全2局）・P2から" if ja else "Round 2/2  P2 starts") in rows
        d.press("ok")                               # 登録
        assert d.screen() == "Lines"
        assert ("第2局（全2局）・P2から" if ja else "Round 2/2  P2 starts") in d.app.top().lines
        d.press("ok")
        assert title_row(d, log)[0] == ("第2局（全2局）・P2から" if ja else "Round 2/2  P2 starts")
        _dobon_round(d, "P2", "P3")
        last = "全2局を終えました" if ja else "All 2 rounds played"
        rows = d.app.top().rows()
        assert last in rows and not [r for r in rows if "3局" in r or "Round 3" in r]
        d.press("ok")
        assert d.app.top().lines[-1] == last and "P3 +28→28" in d.app.top().lines
        d.press("ok")
        assert d.screen() == "End"
        assert not log.over, log.over


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_kakoi_a_fifth_card_of_a_rank_is_refused_as_it_is_added(lang):
    """The grid refuses a 5th Q the moment it is added (as 株ドボン's does), saying
    the rule for that card; jokers off: no word of jokers. A third joker: at most 2."""
    d = Driver(lang=lang)
    new_game(d, 2, 3)
    d.press("right")
    pick(d, "P1")
    pick(d, "P2")
    for _ in range(4):
        grid_to(d, "Q")
        d.press("ok")
    assert d.app.toast is None
    grid_to(d, "Q")
    d.press("ok")
    assert d.screen() == "RankGrid" and d.app.top().cards == ["Q"] * 4
    assert d.app.toast == ("Qは4枚までです" if lang == "ja" else "At most 4 cards of Q")
    from kinds.kakoi import score as kk
    with pytest.raises(Refusal) as r:
        kk.check_hand(["JOKER"] * 3, True)
    d.app.refuse(r.value)
    assert d.app.toast == ("ジョーカーは2枚までです" if lang == "ja" else "At most 2 cards of Joker")


def test_a_long_starters_name_is_cut_in_the_header_never_the_round():
    """「第1局（全2局）・たかはしけ…から」: the name gives way, the rest stays whole;
    a result's totals give the names the line the figures leave."""
    from ui_harness import TextLog, frame_text
    from kinds.kakoi.lines import lines
    with TextLog() as log:
        d = Driver(lang="ja")
        d.app.new_game("kakoi", ["たかはしけんじろう", "やまだみなみ", "すずきはなこ"], {"rounds": 2})
        d.app.toast = None
        frame_text(d, log)
        top = [s for s, _, y in log.drawn if y == 0][0]
        assert top.startswith("第1局（全2局）・たかはし") and top.endswith("…から"), top
        assert not log.over
    ls = lines(d.app, {"deltas": [128, -64, -64], "totals": [128, -64, -64]})
    assert ls == ["たかはしけんじろう +128→128", "やまだみなみ -64→-64", "すずきはなこ -64→-64"]


def _script_to_the_call_list(d):
    """tests/kinds/kakoi/presses/kakoi-seed.hints.txt up to its last press (登録): the call list of
    X's and Y's dobon with I's gaeshi, the payments below."""
    import os
    path = os.path.join(os.path.dirname(__file__), "presses", "kakoi-seed.hints.txt")
    steps = []
    for line in open(path, encoding="utf-8"):
        line = line.split("#")[0].split()
        if line:
            steps.append(line)
    for op, *rest in steps[:-1]:
        if op == "click":
            d.press(rest[0])
        elif op == "repeat":
            for _ in range(int(rest[1])):
                d.press(rest[0], "repeat")
        elif op == "long":                          # OK held on a hand's last card
            d.press(rest[0], "long")
    assert d.screen() == "Calls"


def test_the_call_lists_hint_follows_the_cursor_and_never_sits_on_a_payment():
    """The hint says what OK does on the line under the cursor (it said 「OK:登録
    宣言でOK:消す」 on 「＋ドボンを追加」); a payment line is read, not chosen: no bar on it, and ▲
    from the top wraps to 登録."""
    with TextLog() as log:
        d = Driver(lang="ja")
        _script_to_the_call_list(d)
        scr = d.app.top()
        acts = scr.actions()
        want = {"登録": "OK:登録", "＋ドボンを追加": "OK:追加", "＋返しを追加": "OK:追加"}
        for _ in range(len(acts)):
            row = acts[scr.sel]
            frame_text(d, log)
            hint_row = [s for s, _, y in log.drawn if y == 56]
            expect = want.get(row, "←→変更" if row.startswith("上がり") else "OK:ここから消す")
            assert hint_row == [expect], (row, hint_row)
            if scr.sel == 0:
                break
            d.press("up")
        assert scr.sel == 0
        d.press("up")                              # wraps to 登録, not to the last payment
        assert acts[scr.sel] == "登録"
        d.press("down")                            # onto the first payment: read, no bar
        assert scr.sel == len(acts)
        frame_text(d, log)
        assert [s for s, _, y in log.drawn if y == 56] == ["▲▼:支払いを見る OK:登録"]
        y = 8 * (scr.sel - scr.top + 1)
        row = d.display.last[(y // 8) * 128:(y // 8) * 128 + 128]
        assert sum(1 for b in row if b == 0xFF) < 64    # not an inverted bar
        d.press("ok")                              # OK there saves, as the hint says
        assert d.screen() != "Calls" and d.app.game.actions() == 1


def test_the_call_lists_english_rows():
    """「Player went out: No」 (it read 「It went out: No」) and 「P1's hand: asked at
    Save」 (「Save asks P1's hand」)."""
    d = Driver(lang="en")
    _script_to_the_call_list(d)
    rows = d.app.top().rows()
    assert rows[0] == "Player went out: No"
    d.app.lang = "en"
    assert d.app.t("KK_NEED_ROW", {"name": "P1"}) == "P1's hand: asked at Save"


def test_the_hands_grid_is_a_keypad_entered_low_to_high_and_ok_held_ends_it():
    """A hand's grid is a keypad (A 2 3 / 4 5 6 / 7 8 9 / 10 J Q / K 決定), opens on
    A for every hand (they were left where the last hand ended), says 「小さい順にOK 最後は長押し」,
    OK moves on to the next rank, ←→ go on past a row's end, nothing wraps round, and OK held
    adds the last card and ends the hand (no 決定 to reach)."""
    with TextLog() as log:
        d = Driver(lang="ja")
        new_game(d, 2, 4)
        d.press("left")                                 # 「←:ツモ」
        pick(d, "P2")
        g = d.app.top()
        assert [[v for _, v in row] for row in g.cells] == [["A", "2", "3"], ["4", "5", "6"], ["7", "8", "9"],
                                                           ["10", "J", "Q"], ["K"]]
        grid_to(d, "8")
        d.press("ok")                                   # the last card: 8
        g = d.app.top()
        assert g.head == "払うP3の手札" and g.cell()[1] == "A"
        assert [v for _, v in g.cells[-1]] == ["K", None] and g.cells[0] == [("決定", None)]
        txt = frame_text(d, log)
        assert "小さい順にOK 最後は長押し" in txt and "払うP3の手札（0枚）" in txt, txt
        d.press("left")                                 # ← from A: the 決定 beside the hand
        assert g.r == 0
        d.seq("left up")                                # nothing wraps round
        assert g.r == 0
        d.seq("down right right ok")                    # 3; OK moves on past the row's end: 4
        assert g.cards == ["3"] and g.cell()[1] == "4"
        d.press("left")                                 # ← back past the row's start: 3 again
        assert g.cell()[1] == "3"
        d.seq("down down down down down")               # ▼ stops at the bottom row: 決定
        assert g.cell()[1] is None and g.r == len(g.cells) - 1
        d.press("left")                                 # K
        d.press("ok", "long")                           # OK held on K: the last card, the hand ends
        assert d.app.top().head == "払うP4の手札" and d.app.top().cell()[1] == "A"
        d.press("ok", "long")                           # P4: A, held
        d.press("right")
        d.press("ok", "long")                           # P1: 2, held
        assert d.screen() == "Calls" and d.app.top().rows()[d.app.top().sel] == "登録"
        d.press("ok")
    out = d.app.game.last_outcome
    assert [(p["payer"], p["amount"]) for p in out["payments"]] == [(2, 26), (3, 2), (0, 8)]
    assert d.app.state()["totals"] == [-8, 36, -26, -2]


def test_the_result_list_opens_on_tenhou_and_its_hands_end_at_five():
    """結果's list opens on 天和 (ドボン and ツモ上がり have their keys →, ←); a dealt
    hand's grid says 「小さい順にOK 5枚目で次へ」; OK held there is a plain OK (five cards are the
    hand)."""
    with TextLog() as log:
        d = Driver(lang="ja")
        new_game(d, 2, 3)
        d.press("ok")
        scr = d.app.top()
        assert scr.rows()[scr.sel] == "天和"
        d.press("ok")
        pick(d, "P2")
        assert "小さい順にOK 5枚目で次へ" in frame_text(d, log)
        g = d.app.top()
        d.press("ok", "long")                           # A held: added, the hand goes on
        assert d.app.top() is g and g.cards == ["A"]
        d.app.set_lang("en")
        assert "OK low to high; 5th: next" in frame_text(d, log)
