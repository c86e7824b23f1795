"""ドボン through the buttons: → straight to the winner, what was recorded, the card keypad's memory,
a pending 2 played with one press, the next round on the play screen itself."""
from ui_harness import Driver, TextLog, frame_text, new_game, title_row

from ui_rows import cards, choose, field, preview
from ui_entry_helpers import grid_to


def play(d, rank):
    """「OK:札を出す」, the keypad to `rank`, OK."""
    d.press("ok")
    assert d.screen() == "RankGrid" and d.app.top().pick
    grid_to(d, rank)
    d.press("ok")


def start(d, players=4):
    d.seq("ok down down down ok")          # 新しいゲーム -> ドボン
    d.seq("up ok")                         # settings: 次へ
    assert d.screen() == "Seats"
    while d.app.top().n > players:
        d.press("left")
    d.seq("down down ok")                  # 開始
    assert d.screen() == "Play"


def test_right_goes_straight_to_the_winner_list_at_the_player_to_move():
    d = Driver(lang="ja")
    start(d)
    d.press("right")
    assert d.screen() == "Choice" and d.app.top().sel == d.app.state()["turn"] == 0
    d.seq("down ok")                       # P2 calls ドボン
    assert d.app.game.state["wins"] == [0, 1, 0, 0]
    assert d.screen() == "End"             # a 1-round match: its final standings, no screen between


def test_a_round_won_goes_on_at_the_next_round_with_the_winner_on_top():
    """A round's result was a screen whose only answer was OK:次へ; the play screen says it
    (the winner on its top line, every player's wins, the next round in its title)."""
    with TextLog() as log:
        d = Driver(lang="ja")
        d.seq("ok down down down ok")      # 新しいゲーム -> ドボン
        d.seq("down right down down ok")   # 回数 1 -> 3, 次へ
        d.seq("down down ok")              # 4 players: 開始
        d.seq("right down ok")             # P2 wins the first round
        assert d.screen() == "Play" and d.app.state()["round"] == 2
        assert "P2の勝ち" in title_row(d, log)
        d.press("back")                    # any press: the title is back
        d.press("back")
        txt = frame_text(d, log)
        assert "第2回（全3回）・合計型" in txt and txt.count("0勝") == 3 and "1勝" in txt, txt


def test_plays_and_draws_say_what_was_recorded_until_the_next_press():
    with TextLog() as log:
        d = Driver(lang="ja")
        start(d, 3)
        t = d.app.t
        play(d, "2")                       # 「OK:札を出す」 -> 2
        played = t("DB_PLAY_EV", {"name": "P1", "r": "2"})
        assert played in title_row(d, log)
        drew = t("DB_DRAW_EV", {"name": "P2", "n": 2})
        d.press("left")                    # 「←:2枚引く」
        assert drew in title_row(d, log)
        d.seq("ok back")                   # any press: the header is back
        assert drew not in frame_text(d, log)
        # undo takes the line away with the action
        d.press("left")                    # 合計型: P2 draws one more, the turn passes
        assert t("DB_DRAW_EV", {"name": "P2", "n": 1}) in title_row(d, log)
        d.press("back", "long")
        assert t("DB_DRAW_EV", {"name": "P2", "n": 1}) not in title_row(d, log)


def test_card_keypad_opens_at_the_rank_last_played():
    with TextLog() as log:
        d = Driver(lang="ja")
        start(d, 3)
        d.press("ok")
        assert d.app.top().cell()[1] == "A"    # nothing played yet: the keypad opens on A
        txt = frame_text(d, log)
        assert "▲▼←→札を選ぶ OK:出す" in txt and "P1が出す札" in txt, txt
        d.seq("down down ok")                  # A 2 3 / 4 5 6 / 7 8 9 / 10 J Q / K: ▼▼ is 7
        assert d.app.game.state["turn"] == 1 and d.app.game.state["actions"] == 1
        d.press("ok")
        scr = d.app.top()
        assert d.screen() == "RankGrid" and scr.cell()[1] == "7" and scr.head == "P2が出す札"
        d.press("ok")                          # another 7: two presses from the play screen
        assert d.app.game.state["turn"] == 2
        d.press("ok")
        d.seq("down down down right ok")       # the keypad never wraps round: ▼ stops at K's row
        assert d.app.state()["actions"] == 3


def test_turn_row_is_inverted_and_no_save_is_said():
    with TextLog() as log:
        d = Driver(lang="ja")
        start(d)
        d.app.toast = None                # the first screen's undo/redo hint box, over the rows
        assert "保存なし" in frame_text(d, log)      # short, on the right: the row stays for the pending draw
        buf = d.display.last
        page3 = buf[3 * 128:4 * 128]      # P1's row (y 24..31), the player to move
        page4 = buf[4 * 128:5 * 128]
        assert all(b == 0xFF for b in page3[110:])
        assert not any(page4[110:])
        play(d, "2")                      # P1 plays a 2: P2 has a pending draw of 2
        txt = frame_text(d, log)
        assert "※2枚引き（2で重ねる）" in txt and "保存なし" in txt
        page2 = d.display.last[2 * 128:3 * 128]
        assert not all(b == 0xFF for b in page2[100:110])   # plain text, not a third inverted bar


def test_dobon_round_and_sum_check():
    d = Driver(lang="en")
    new_game(d, 3, 3)
    d.press("back")                             # the rarer entries are in the game menu
    choose(d, "Sum check")
    field(d, "hand"); cards(d, ["3", "4"])
    field(d, "field"); choose(d, "7")
    preview(d)
    assert d.toast() == "Sum 7: DOBON"
    d.seq("back back")
    assert d.screen() == "Play"
    play(d, "2")                                # 「OK:card」
    assert d.app.state()["pending"] == 2
    d.press("left")                             # 「<-:Draw 2」
    assert d.app.state()["pending"] == 0
    d.press("right"); choose(d, "P2")           # 「->:won」
    assert d.screen() == "End"                  # a 1-round match
    assert d.app.game.standings()[0] == {"seat": 1, "score": 1, "place": 1}


def test_pending_twos_say_how_many_to_draw_and_ok_plays_the_2():
    """With 4 cards pending the hint row says 「←:4枚引く」 (it said 引く); a 2 is the only card that
    may go on them, so OK plays it at once, and the hint says so
    (「OK:2を出す」: the card list with one possible answer was two presses)."""
    with TextLog() as log:
        d = Driver(lang="ja")
        start(d, 3)
        play(d, "2")                       # P1 plays a 2
        assert "OK:2を出す ←:2枚引く →:勝ち" in frame_text(d, log)
        d.press("ok")                      # P2 stacks a 2, one press: 4 pending
        assert d.screen() == "Play" and d.app.state()["pending"] == 4
        assert "OK:2を出す ←:4枚引く →:勝ち" in frame_text(d, log)
        d.press("left")                    # P3 draws the 4
        assert d.app.state()["pending"] == 0
        assert "OK:札を出す ←:引く →:勝ち" in frame_text(d, log)
        d.app.set_lang("en")
        assert "OK:card <-:Draw ->:won" in frame_text(d, log)


def test_the_sum_check_shows_how_to_finish_the_hand():
    """The 合計の確認's hand is entered on the rank grid every game uses, 決定 in view
    beside the hand and below the grid (it hid in the ←→ cycle left of A)."""
    with TextLog() as log:
        d = Driver(lang="ja")
        start(d, 3)
        d.press("back")
        choose(d, "合計の確認")
        field(d, "hand")
        assert d.screen() == "RankGrid"
        txt = frame_text(d, log)
        assert txt.count("決定") == 2 and "OK:足す 最後は長押し 戻る:減らす" in txt, txt
        cards(d, ["3", "4"])
        field(d, "field"); choose(d, "7")
        preview(d)
        assert d.toast() == "合計7：ドボンできる"


def test_a_card_refused_on_a_pending_draw_says_why_and_is_not_remembered():
    """A card on a pending draw is refused with why (the draw left) and what to do,
    not the bare rule 「2を出すか2枚引きます」 (the panel's OK plays the 2 there: a phone's card can
    still be refused); a refused card is not the keypad's memory: it opens where it would have."""
    d = Driver(lang="ja")
    start(d, 3)
    play(d, "7")                           # P1: 7
    play(d, "2")                           # P2: 2 (the keypad opened on the 7)
    from core.errors import Refusal
    try:
        d.app.submit({"t": "play", "rank": "3"})      # P3: a 3 on the pending 2
    except Refusal as r:
        d.app.refuse(r)
    assert d.app.state()["pending"] == 2 and d.screen() == "Play"
    assert d.toast() == "2枚引きが残っているので\n3は出せません\n（2で重ねるか←で引く）"
    d.press("left")                        # P3 draws the 2 (合計型: then P3 plays)
    d.press("ok")                          # P3's keypad: on the 2 played last, not the refused 3
    assert d.app.top().cell()[1] == "2"
    d.press("ok")                          # P3: 2
    d.seq("ok ok ok")                      # P1, P2, P3 stack theirs: four 2s, 16 pending
    assert d.app.state()["pending"] == 16
    d.press("ok")                          # P1: a fifth 2 is refused, with why
    assert d.toast() == "2は4枚までです" and d.app.state()["pending"] == 16
    d.app.lang = "en"
    assert d.app.t("E_DOBON_MUST_DRAW", {"n": 4, "rank": "J"}) == "Draw 4 pending: no J\n(stack a 2, or <- draws)"


def test_settings_list_the_rules_first():
    """ルール (合計型／役札型), the choice that makes the game, is the first line, then
    回数, then 流局までの手数 (they were in the keys' alphabetical order, ルール last)."""
    d = Driver(lang="ja")
    d.seq("ok down down down ok")
    assert d.app.top().rows() == ["variant", "rounds", "max_actions", None]


def test_wins_are_a_label_in_english():
    """「P1  Wins: 0」 on the table and the result (it read 「P1 won 0」)."""
    with TextLog() as log:
        d = Driver(lang="en")
        start(d, 3)
        txt = frame_text(d, log)
        assert txt.count("Wins: 0") == 3 and "won" not in txt.replace("->:won", ""), txt
        assert d.app.t("PTS_dobon", {"n": 1}) == "Wins: 1"
