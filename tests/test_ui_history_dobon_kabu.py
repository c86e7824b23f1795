"""株ドボン's and ドボン's lines in the history (issue 27): the game or round first; a dobon with where
the loser's points now stand (「第1戦 P1がP2にドボン 1周2」); a ドボン card with who played it
(the record does not keep it: the state before the action does)."""
from scoreboard.engine import Game
from ui_harness import Driver, pick

import game_data


def lines_of(kind, lines):
    d = Driver(lang="ja")
    d.app.start(Game.from_lines(lines))
    d.press("back")
    pick(d, d.app.t("HISTORY"))
    return list(d.app.top().lines)


def test_kabu_lines():
    _, lines = game_data.of("kabu").play_log()
    got = lines_of("kabu", lines[:3])           # the header, the first dobon, the drawn game
    assert got == ["第2戦 流局", "第1戦 P1がP2にドボン 1周2"], got


def test_dobon_lines_say_who_played():
    _, lines = game_data.of("dobon").play_log()
    got = lines_of("dobon", lines[:4])          # 5 by P1, P2 wins; 5 by the next round's starter
    assert got == ["第2回 P2が5を出す", "第1回 P2の勝ち", "第1回 P1が5を出す"], got
