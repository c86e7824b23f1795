"""株ドボン's lines in the history (issue 27): the game first; a dobon with where the loser's points
now stand (「第1戦 P1がP2にドボン 1周2」)."""
from ui_harness import history_lines

import game_data


def test_kabu_lines():
    _, lines = game_data.of("kabu").play_log()
    got = history_lines(lines[:3])           # the header, the first dobon, the drawn game
    assert got == ["第2戦 流局", "第1戦 P1がP2にドボン 1周2"], got
