# 株ドボン through the core: every game vector replayed from its journal, standings, settings.
import json
import os

import pytest

from core.engine import Game
from core.errors import Refusal
from kinds.kabu import rules as kabu

HERE = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(HERE, "vectors", "games.json"), encoding="utf-8") as f:
    GAMES = [c for c in json.load(f)["cases"] if "game" in c]


@pytest.mark.parametrize("case", GAMES, ids=[c["name"] for c in GAMES])
def test_replay_from_journal_gives_the_same_state(case):
    lines = []
    game = Game.new("kabu", case.get("seats", 4), case.get("settings"), game_id="kabu0001", sink=lines.append)
    for step in case["steps"]:
        try:
            if step.get("undo"):
                game.undo()
            elif step.get("redo"):
                game.redo()
            else:
                game.submit(step["ev"])
        except Refusal:
            pass
    again = Game.from_lines(lines)
    assert again.state == game.state
    assert list(again.history()) == list(game.history())


def test_standings_share_places_and_fewest_wins():
    state = kabu.initial_state(kabu.default_settings(), 4)
    state["points"] = [20, 3, 20, 0]
    assert kabu.standings(state) == [
        {"seat": 0, "score": 20, "place": 3}, {"seat": 1, "score": 3, "place": 2},
        {"seat": 2, "score": 20, "place": 3}, {"seat": 3, "score": 0, "place": 1}]


def test_standings_after_a_match():
    g = Game.new("kabu", 3, {"length": "games", "games": 1}, game_id="kabu0002")
    g.submit({"t": "dobon", "winner": 2, "loser": 0, "own": [3, 3, 2], "their": [4, 5], "dobon_card": 8,
              "trumps": 3})
    assert g.is_over()
    assert g.standings() == [{"seat": 0, "score": 8, "place": 3}, {"seat": 1, "score": 0, "place": 1},
                             {"seat": 2, "score": 0, "place": 1}]


@pytest.mark.parametrize("settings", [{"length": "forever"}, {"games": 0}, {"games": True},
                                      {"minus2_endings": 1}])
def test_bad_settings(settings):
    with pytest.raises(Refusal) as e:
        Game.new("kabu", 4, settings)
    assert e.value.msg_id in ("E_SETTING_RANGE", "E_SETTING_CHOICE")   # core/settings.py


def test_seat_limits():
    for n in (1, 7):
        with pytest.raises(Refusal):
            Game.new("kabu", n)
    for n in range(2, 7):
        g = Game.new("kabu", n)
        assert g.state["target"] == n and g.state["deal"] == [4] * n


def test_state_and_outcomes_are_canonical_json():
    from core import cjson
    g = Game.new("kabu", 3, game_id="kabu0003")
    out = g.submit({"t": "okoshi", "okoshi": 10, "winners": [1], "hands": [[2, 3, 7, 9], [10, 4, 6, 10],
                                                                          [12, 5, 5, 8]]})
    assert json.loads(cjson.dumps(out)) == out
    assert json.loads(cjson.dumps(g.state)) == g.state
