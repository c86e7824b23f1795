"""ドボン's lines in the history (issue 27): the round first; a ドボン card with who played it (the
record does not keep it: the state before the action does)."""
from core.engine import Game
from ui_harness import Driver, pick

import game_data


def lines_of(kind, lines):
    d = Driver(lang="ja")
    d.app.start(Game.from_lines(lines))
    d.press("back")
    pick(d, d.app.t("HISTORY"))
    return list(d.app.top().lines)


def test_dobon_lines_say_who_played():
    _, lines = game_data.of("dobon").play_log()
    got = lines_of("dobon", lines[:4])          # 5 by P1, P2 wins; 5 by the next round's starter
    assert got == ["第2回 P2が5を出す", "第1回 P2の勝ち", "第1回 P1が5を出す"], got
