"""掛け引きほーるでむ through the buttons only: a whole 4-player game against the engine driven directly."""
import random

import pytest

from core.engine import Game
from kinds.kakehiki import rules as kh
from ui_harness import Driver, TextLog, frame_text, title_row
from draw.font import text_width
from kakehiki_buttons import SETTINGS, drive, pick_event, start_game


def test_whole_game_by_buttons_matches_engine():
    with TextLog() as log:
        d = Driver(lang="ja")
        start_game(d)
        ref = Game.new("kakehiki", 4, SETTINGS)
        rng = random.Random(7)
        steps = 0
        while not ref.is_over():
            ev = pick_event(rng, ref.state)
            out = ref.submit(ev)
            drive(d, ev)
            assert d.app.state() == ref.state, ev
            total = kh.total_dango(d.app.state())
            assert total == 4 * SETTINGS["start"]
            if out is not None:
                assert d.screen() == "Lines"          # the round result
                d.press("ok")
            steps += 1
            assert steps < 2000
        assert d.screen() == "End"
        assert d.app.game.standings() == ref.standings()
        # the end screen shows each player's final score (2 x success + holdings)
        log.drawn.clear()
        d.app.dirty = True
        d.app.frame()
        txt = log.frame_text()
        for e in ref.standings():
            assert "%d点" % e["score"] in txt
        assert not log.over


def test_prediction_stays_hidden_until_revealed():
    with TextLog() as log:
        d = Driver(lang="en")
        start_game(d)
        # P2 folds in the selection round, the others check/call: P2 predicts P3 for 2.
        drive(d, {"t": "fold", "p": 1})
        drive(d, {"t": "call", "p": 2})
        drive(d, {"t": "call", "p": 3})
        drive(d, {"t": "check", "p": 0})
        assert d.app.state()["phase"] == "predict"
        drive(d, {"t": "predict", "p": 1, "on": 2, "v": 2})
        assert d.screen() == "Play"
        log.drawn.clear()
        d.app.dirty = True
        d.app.frame()
        txt = log.frame_text()
        assert "●" in txt and "→3" not in txt
        # undoing it must not reveal it either
        d.press("back", "long")
        assert d.toast().startswith("Undone: P2 predicted")
        assert "3" not in d.toast()[len("Undone: P2"):]
        # redone, then P3 folds: the prediction is paid, so the row shows its target by name
        d.press("ok", "long")
        drive(d, {"t": "sign", "minus": False})
        while not d.app.state()["out"][2]:
            s = d.app.state()
            drive(d, {"t": "fold" if s["turn"] == 2 else "check", "p": s["turn"]})
        txt = frame_text(d, log)
        assert "→P3:2" in txt and "●" not in txt
        d.app.set_lang("ja")
        assert "→P3 2個".replace(" ", "") in frame_text(d, log)


def test_bar_offers_only_legal_actions_with_the_usual_one_chosen():
    d = Driver(lang="ja")
    start_game(d)
    scr = d.app.top()
    s = d.app.state()
    # P2 (dial 0, top 1): every action, 受ける preselected
    assert scr.options(s, "bet")[1] == ["raise", "call", "check", "fold"]
    assert scr.cur(s, "bet") == 1
    drive(d, {"t": "raise", "p": 1, "v": 3})          # the dial maximum
    scr = d.app.top()
    s = d.app.state()
    # P3 cannot raise past the maximum: no 勝負; 受ける preselected, one OK calls
    assert scr.options(s, "bet")[1] == ["call", "check", "fold"]
    d.press("ok")
    assert d.app.game.state["dial"][2] == 3
    # P4 folds; P1 (the parent) calls; P2's dial is the top: 受ける would change nothing, so the
    # bar offers 様子見 and it is preselected
    drive(d, {"t": "fold", "p": 3})
    d.press("ok")
    assert d.app.state()["phase"] == "predict"


def test_every_action_says_what_was_recorded_and_whose_turn_it_is():
    with TextLog() as log:
        d = Driver(lang="ja")
        start_game(d)
        t = d.app.t
        drive(d, {"t": "raise", "p": 1, "v": 2})
        assert t("KH_RAISE_EV", {"name": "P2", "v": 2}) in title_row(d, log)
        # a 様子見 below the top dial is legal: it must not pass silently
        drive(d, {"t": "check", "p": 2})
        assert "P3 " + t("KH_check") in title_row(d, log)
        assert d.app.state()["turn"] == 3
        drive(d, {"t": "fold", "p": 3})
        assert t("KH_FOLDS", {"name": "P4"}) in title_row(d, log)      # as a phone's fold reads
        # the next press clears the line; the title is back
        d.press("right")
        assert title_row(d, log)[0].startswith("第1回")
        assert t("KH_FOLDS", {"name": "P4"}) not in frame_text(d, log)


def test_turn_row_is_inverted():
    d = Driver(lang="ja")
    start_game(d)
    buf = d.display.last
    # P2's row (y 16..23) is lit between the name and the figures (the names have the row up to
    # them), P3's (y 24..31) is not
    page2 = buf[2 * 128:3 * 128]
    page3 = buf[3 * 128:4 * 128]
    assert all(b == 0xFF for b in page2[40:80])
    assert not any(page3[40:80])


def test_prediction_is_three_presses_for_the_preselected_target():
    d = Driver(lang="ja")
    start_game(d)
    drive(d, {"t": "call", "p": 1})
    drive(d, {"t": "fold", "p": 2})
    drive(d, {"t": "call", "p": 3})
    drive(d, {"t": "check", "p": 0})
    assert d.app.state()["phase"] == "predict"
    d.seq("ok up ok")                # P4 (the first still in after P3), 2 dango
    assert d.app.state()["preds"] == [{"by": 2, "on": 3, "v": 2, "res": None}]


def test_deck_reshuffles_and_not_saved_warning():
    with TextLog() as log:
        d = Driver(lang="ja")                  # no store: memory only
        start_game(d)
        t = d.app.t
        txt = frame_text(d, log)
        # the warning is short, at the title's right end: the rows under the table stay free
        assert t("KH_NOT_SAVED_SHORT") in [s for s, _, y in log.drawn if y == 0]
        assert "保存されていません" not in txt and "保存" in t("KH_NOT_SAVED_SHORT")   # not the long form
        assert t("KH_DECKS", {"j": 0, "s": 0}) in txt
        d.app.game.state["judge_shuffles"] = 2
        d.app.game.state["sign_shuffles"] = 1
        assert t("KH_DECKS", {"j": 2, "s": 1}) in frame_text(d, log)
        assert "2/3" in t("KH_DECKS", {"j": 2, "s": 1})


def test_six_players_put_the_deck_count_and_warning_in_the_title():
    with TextLog() as log:
        d = Driver(lang="ja")
        d.seq("ok ok")
        d.seq("down down ok")                # settings: 次へ
        assert d.screen() == "Seats"
        while d.app.top().n < 6:
            d.press("right")
        d.seq("down down ok")
        assert d.screen() == "Play" and d.app.game.nseats == 6
        t = d.app.t
        txt = frame_text(d, log)
        assert t("KH_DECKS_SHORT", {"j": 0}) in txt and t("KH_NOT_SAVED_SHORT") in txt
        assert "保存されていません" not in txt     # no room for a long warning with six players
        assert not log.over


def test_the_next_round_opens_with_its_header_not_the_last_line():
    with TextLog() as log:
        d = Driver(lang="ja")
        start_game(d)
        for p in (1, 2, 3):
            drive(d, {"t": "fold", "p": p})      # all but P1: the unrevealed cards are told
        assert d.app.state()["phase"] == "reveal"
        drive(d, {"t": "sign", "minus": False})
        drive(d, {"t": "judge", "small": False})
        assert d.screen() == "Lines"             # the round's result
        d.press("ok")
        row = title_row(d, log)
        assert row[0].startswith("第2回"), row
        assert not [x for x in row if x.startswith(d.app.t("KH_SMALL"))], row


def _two_with_three_dango(d):
    """2 players, 3 dango each (dial maximum 9), to the play screen."""
    d.seq("ok ok")
    d.seq("left " * 17)                   # start 20 -> 3
    d.seq("down down ok")
    while d.app.top().n > 2:
        d.press("left")
    d.seq("down down ok")
    assert d.screen() == "Play" and d.app.game.settings["start"] == 3


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_end_is_said_first_and_the_standings_say_what_a_point_is(lang):
    """Only 降りる offered says why; the mid-game 順位 says the fee is paid; the last
    result opens with why the game ended; 最終順位 says it too and what a point is."""
    ja = lang == "ja"
    with TextLog() as log:
        d = Driver(lang=lang)
        _two_with_three_dango(d)
        drive(d, {"t": "fold", "p": 1})             # round 1: P2 folds, P1 takes the pot
        d.seq("ok ok ok")                           # the cards revealed now, the result
        drive(d, {"t": "raise", "p": 0, "v": 2})   # round 2: P2 holds 1, the dial is 2
        scr = d.app.top()
        assert scr.options(d.app.state(), "bet")[1] == ["fold"]
        why = "1個では2に届かない" if ja else "only 1, dial 2"
        assert why in frame_text(d, log)
        from kinds.kakehiki import phone
        mine = {"lines": [], "forms": []}
        phone.mine(d.app, 1, mine)                  # P2's phone says it above its one button
        assert [(f["label"], f["id"]) for f in mine["forms"]] == [(why, "fold")]
        d.press("back")                             # the game menu: 順位
        d.press("ok")
        assert d.screen() == "Standings"
        frame_text(d, log)
        assert [s for s, _, y in log.drawn if y == 56] == ["点＝残り＋★×2（参加費後）" if ja
                                                           else "pts = held + 2x★, fee paid"]
        d.seq("back back")
        drive(d, {"t": "fold", "p": 1})
        d.seq("ok ok")
        over = "だんご1個以下の人が出て終了" if ja else "Over: someone holds 1 or less"
        assert d.screen() == "Lines" and d.app.top().lines[0] == over
        d.press("ok")
        assert d.screen() == "End"
        assert title_row(d, log) == [over]
        assert [s for s, _, y in log.drawn if y == 56] == ["点＝残り＋★×2 OK:次へ" if ja
                                                           else "pts = held + 2x★ OK: next"]
        assert not log.over, log.over


def test_a_tie_with_nobody_ticked_stays_in_the_tie_form():
    """決定 with nobody ticked is refused and the form stays, its ticks kept."""
    d = Driver(lang="ja")
    start_game(d)
    for _ in range(20):
        if d.app.state()["phase"] == "showdown":
            break
        d.press("ok")
    d.press("ok")
    while d.app.top().sel != len(d.app.top().opts) - 1:   # 同点（複数）
        d.press("down")
    d.press("ok")
    scr = d.app.top()
    assert d.screen() == "MultiSelect"
    while scr.sel != len(scr.opts):
        d.press("down")
    d.press("ok")                                   # 決定, nobody ticked
    assert d.app.top() is scr and d.app.toast == "勝った人を選んでください"
    d.press("up")
    d.press("ok")                                   # tick the last one: the form still works
    while scr.sel != len(scr.opts):
        d.press("down")
    seq = d.app.game.seq
    d.press("ok")
    assert d.app.game.seq == seq + 1


def test_settings_list_the_starting_dango_before_the_dial_maximum():
    """最初のだんご, then ダイヤル上限 (the keys' alphabetical order put the dial first)."""
    d = Driver(lang="ja")
    d.seq("ok ok")
    assert d.app.top().rows() == ["start", "dial_max", None]


LONG = ["やまだみなみ", "たかはしけんじ", "すずきはなこ", "Christopher", "さとう", "Alexandra"]


def _long_table(lang):
    d = Driver(lang=lang)
    d.app.new_game("kakehiki", list(LONG), {"start": 20, "dial_max": 9})
    d.app.toast = None
    return d


@pytest.mark.parametrize("lang", ("ja", "en"))
def test_long_names_read_whole_on_the_table_the_prediction_and_the_hand_over(lang):
    """The table gives the names the row the figures leave (they were cut to two
    characters with a third of the row empty), also with a ★ and a revealed prediction; the
    prediction's candidates sit in cells apart (「やまだみな…」 ran together); the hand-over line
    cuts the name, never 「本人だけ見てOK」."""
    with TextLog() as log:
        d = _long_table(lang)
        frame_text(d, log)
        drawn = [s for s, _, _ in log.drawn]
        assert all(n in drawn for n in LONG), drawn
        assert not log.over
        for p in range(1, 6):                       # seat 3 folds, the others call, the parent
            drive(d, {"t": "fold" if p == 2 else "call", "p": p})     # checks: seat 3 predicts
        drive(d, {"t": "check", "p": 0})
        assert d.app.state()["phase"] == "predict"
        txt = frame_text(d, log)
        want = d.app.t("KH_PRED_PASS", {"name": ""})
        assert [x for x, _, y in log.drawn if y == 56 and x.endswith(want)], txt
        d.press("ok")
        assert d.screen() == "Predict"
        frame_text(d, log)
        cells = sorted((y, x, x + text_width(t)) for t, x, y in log.drawn if 20 <= y <= 30)
        assert len(cells) == 5
        for a, b in zip(cells, cells[1:]):
            if a[0] == b[0]:
                assert b[1] - a[2] >= 4, cells      # a gap between two names on a row
        assert not log.over
        d.press("ok")                               # predicts the first candidate
        assert d.screen() == "Play"
        frame_text(d, log)
        drawn = [x for x, _, _ in log.drawn]
        assert all(n in drawn for n in LONG) and "●" in drawn and not log.over
    s = d.app.state()
    assert s["preds"][0]["by"] == 2 and s["preds"][0]["res"] is None


def test_what_was_recorded_reads_as_one_sentence_in_english():
    """「P2 calls」 / 「P3 checks」 beside 「P2 raises to 2」 (it said 「P1 Call」), and
    the sign card's answer with its space (「Sign card: minus? No」)."""
    d = Driver(lang="en")
    d.app.new_game("kakehiki", ["P1", "P2", "P3", "P4"], None)
    d.app.toast = None
    d.press("ok")                                  # P2: the usual 受ける
    assert d.app.note == "P2 calls"
    from kinds.kakehiki.screens import answered, describe
    assert describe(d.app, {"t": "check", "p": 2}) == "P3 checks"
    assert describe(d.app, {"t": "fold", "p": 3}) == "P4 folds"
    assert answered(d.app, "sign", False) == "Sign card: minus? No"
