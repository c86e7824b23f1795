"""ドボン through the buttons: → straight to the winner, what was recorded, the card list's memory."""
from ui_harness import Driver, TextLog, frame_text, new_game, title_row

from test_ui_games import cards, choose, field, preview


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
    assert d.screen() == "Lines"           # the round's result says it was saved


def test_plays_and_draws_say_what_was_recorded_until_the_next_press():
    with TextLog() as log:
        d = Driver(lang="ja")
        start(d, 3)
        t = d.app.t
        d.seq("ok down ok")                # 「OK:札を出す」 -> 2
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


def test_card_list_opens_at_the_rank_last_played():
    d = Driver(lang="ja")
    start(d, 3)
    d.seq("ok " + "down " * 6 + "ok")      # 7
    assert d.app.game.state["turn"] == 1
    d.press("ok")
    scr = d.app.top()
    assert d.screen() == "CardList" and scr.rows()[scr.sel] == "7" and scr.head == "P2が出す札"
    d.press("ok")                          # another 7: two presses from the play screen
    assert d.app.game.state["turn"] == 2


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
        d.seq("ok down ok")               # P1 plays a 2: P2 has a pending draw of 2
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
    d.press("ok"); choose(d, "2")              # 「OK:card」
    assert d.app.state()["pending"] == 2
    d.press("left")                             # 「<-:Draw 2」
    assert d.app.state()["pending"] == 0
    d.press("right"); choose(d, "P2")           # 「->:won」
    assert d.screen() == "Lines"
    d.press("ok")
    assert d.screen() == "End"                  # a 1-round match
    assert d.app.game.standings()[0] == {"seat": 1, "score": 1, "place": 1}


def test_pending_twos_say_how_many_to_draw_and_the_list_opens_on_the_2():
    """Issue 27, item 11: with 4 cards pending the hint row says 「←:4枚引く」 (it said 引く) and the
    card list opens on the 2, the only card that may go on them (it opened on 札を出す's first
    card); 役札型 after a normal draw ← passes."""
    with TextLog() as log:
        d = Driver(lang="ja")
        start(d, 3)
        d.seq("ok down ok")                # P1 plays a 2
        d.seq("ok ok")                     # P2 stacks a 2 (the list opens on it): 4 pending
        assert d.app.state()["pending"] == 4
        assert "OK:札を出す ←:4枚引く →:勝ち" in frame_text(d, log)
        d.press("ok")
        scr = d.app.top()
        assert scr.rows()[scr.sel] == "2"
        d.seq("back left")                 # P3 draws the 4
        assert d.app.state()["pending"] == 0
        assert "OK:札を出す ←:引く →:勝ち" in frame_text(d, log)


def test_the_sum_check_shows_how_to_finish_the_hand():
    """Issue 37 (11): the 合計の確認's hand is entered on the rank grid every game uses, 決定 in view
    beside the hand and below the grid (it hid in the ←→ cycle left of A)."""
    with TextLog() as log:
        d = Driver(lang="ja")
        start(d, 3)
        d.press("back")
        choose(d, "合計の確認")
        field(d, "hand")
        assert d.screen() == "RankGrid"
        txt = frame_text(d, log)
        assert txt.count("決定") == 2 and "OK:足す 戻る:減らす" in txt, txt
        cards(d, ["3", "4"])
        field(d, "field"); choose(d, "7")
        preview(d)
        assert d.toast() == "合計7：ドボンできる"


def test_a_card_refused_on_a_pending_draw_says_why_and_is_not_remembered():
    """Issue 37 (11): a card on a pending draw is refused with why (the draw left) and what to do,
    not the bare rule 「2を出すか2枚引きます」; the refused card is not the list's memory: the list
    opens where it would have."""
    d = Driver(lang="ja")
    start(d, 3)
    d.seq("ok " + "down " * 6 + "ok")      # P1: 7
    d.seq("ok " + "up " * 5 + "ok")        # P2: 2 (the list opened on the 7)
    d.seq("ok down ok")                    # P3: a 3 on the pending 2
    assert d.app.state()["pending"] == 2 and d.screen() == "Play"
    assert d.toast() == "2枚引きが残っているので\n3は出せません\n（2で重ねるか←で引く）"
    d.press("left")                        # P3 draws the 2
    d.press("ok")                          # P1's list: on the 2 played last, not the refused 3
    scr = d.app.top()
    assert scr.rows()[scr.sel] == "2"
    d.app.lang = "en"
    assert d.app.t("E_DOBON_MUST_DRAW", {"n": 4, "rank": "J"}) == "Draw 4 pending: no J\n(stack a 2, or <- draws)"


def test_settings_list_the_rules_first():
    """Issue 37 (12): ルール (合計型／役札型), the choice that makes the game, is the first line, then
    回数, then 流局までの手数 (they were in the keys' alphabetical order, ルール last)."""
    d = Driver(lang="ja")
    d.seq("ok down down down ok")
    assert d.app.top().rows() == ["variant", "rounds", "max_actions", None]


def test_wins_are_a_label_in_english():
    """Issue 37 (16): 「P1  Wins: 0」 on the table and the result (it read 「P1 won 0」)."""
    with TextLog() as log:
        d = Driver(lang="en")
        start(d, 3)
        txt = frame_text(d, log)
        assert txt.count("Wins: 0") == 3 and "won" not in txt.replace("->:won", ""), txt
        assert d.app.t("PTS_dobon", {"n": 1}) == "Wins: 1"
