"""ドボン's lines in the history: the round first; a ドボン card with who played it (the
record does not keep it: the state before the action does)."""
from ui_harness import history_lines

import game_data


def test_dobon_lines_say_who_played():
    _, lines = game_data.of("dobon").play_log()
    got = history_lines(lines[:4])          # 5 by P1, P2 wins; 5 by the next round's starter
    assert got == ["第2回 P2が5を出す", "第1回 P2の勝ち", "第1回 P1が5を出す"], got
