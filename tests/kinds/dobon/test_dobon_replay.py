# A ドボン match played through the engine, then rebuilt from its journal lines: same state, same history.
from core.engine import Game


def play(game, evs):
    for ev in evs:
        if ev == "undo":
            game.undo()
        elif ev == "redo":
            game.redo()
        else:
            game.submit(ev)


MATCH = [
    {"t": "start", "seat": 1, "card": "2"},
    {"t": "play", "rank": "2"}, {"t": "draw"}, {"t": "play", "rank": "J"},
    {"t": "play", "rank": "A"}, "undo", {"t": "play", "rank": "5"},
    {"t": "win", "seat": 0},
    {"t": "play", "rank": "2"}, {"t": "drawn"},
    {"t": "draw"}, {"t": "pass"}, {"t": "play", "rank": "Q", "n": 2},
    {"t": "win", "seat": 2}, "undo", "redo",
]


def test_match_replays_from_journal():
    lines = []
    game = Game.new("dobon", 3, {"variant": "action", "rounds": 3}, game_id="d0b0n001", sink=lines.append)
    play(game, MATCH)
    assert game.state["wins"] == [1, 0, 1]
    assert game.state["results"] == [0, None, 2]
    assert game.is_over()
    assert [(e["seat"], e["place"]) for e in game.standings()] == [(0, 1), (2, 1), (1, 3)]
    again = Game.from_lines(lines)
    assert again.state == game.state
    assert list(again.history()) == list(game.history())
    assert [o["winner"] for o in again.history()] == [0, None, 2]


def test_resume_mid_round_from_journal():
    lines = []
    game = Game.new("dobon", 4, {"variant": "sum", "rounds": 5}, game_id="d0b0n002", sink=lines.append)
    play(game, [{"t": "win", "seat": 3}, {"t": "play", "rank": "2"}, {"t": "play", "rank": "2"}])
    again = Game.from_lines(lines)
    assert again.state["pending"] == 4 and again.state["turn"] == 3 and again.state["round"] == 2
    again.submit({"t": "draw"})
    assert again.state["turn"] == 3 and again.state["pending"] == 0
