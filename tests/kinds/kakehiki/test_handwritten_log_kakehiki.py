"""掛け引きほーるでむ's journal written by hand from docs/log-format.md replays to the result its rules give."""
from host_tools.records import seal
from core import journal
from core.engine import Game
from core.errors import Refusal

import game_data  # noqa: E402
DRAFT = game_data.of("kakehiki").HAND_WRITTEN_LOG


def test_sealed_by_hand_replays_to_the_rules_result():
    lines = seal.seal_lines(DRAFT.splitlines())
    game = Game.from_lines(lines)
    assert game.state["hold"] == [21, 18, 18]   # 19 + 3 fees - 1 fee of round 2
    assert game.state["round"] == 2 and game.state["parent"] == 1


def test_illegal_event_in_a_log_is_refused_with_its_line():
    lines = seal.seal_lines(DRAFT.splitlines()[:2])
    lines.append(journal.seal({"t": "raise", "p": 2, "v": 99, "seq": 2, "g": "0badcafe"}))
    try:
        Game.from_lines(lines)
    except Refusal as r:
        assert r.msg_id == "E_LOG_REFUSED" and r.info["line"] == 3 and r.info["why"] == "E_DIAL_MAX"
    else:
        raise AssertionError("an illegal logged event was folded in")
