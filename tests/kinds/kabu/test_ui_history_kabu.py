"""株ドボン's lines in the history (issue 27): the game first; a dobon with where the loser's points
now stand (「第1戦 P1がP2にドボン 1周2」)."""
from core.engine import Game
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
