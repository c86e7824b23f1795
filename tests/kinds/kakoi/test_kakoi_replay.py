# 囲将会ドボン rounds through the engine, then rebuilt from the journal lines: same totals and outcomes.
from core.engine import Game

SEED = {"t": "dobon", "card": "7", "by": 0, "hands": [["J", "2"], ["9", "2"], ["Q", "5"]],
        "calls": [{"seat": 1, "top": "9", "on": "card"}, {"seat": 2, "top": "Q", "on": "card"},
                  {"seat": 0, "top": "J", "on": [1]}]}
TSUMO = {"t": "tsumo", "seat": 1, "card": "5", "hands": [["K"], [], ["3", "3"]]}


def test_rounds_replay_from_journal():
    lines = []
    game = Game.new("kakoi", 3, None, game_id="ka0k0i01", sink=lines.append)
    game.submit(SEED)
    game.submit(TSUMO)
    game.undo()
    game.submit(TSUMO)
    game.submit({"t": "end"})
    assert game.state["totals"] == [118, -160, 42]
    assert [(e["seat"], e["score"], e["place"]) for e in game.standings()] == [
        (0, 118, 1), (2, 42, 2), (1, -160, 3)]
    again = Game.from_lines(lines)
    assert again.state == game.state
    hist = list(again.history())
    assert hist == list(game.history())
    assert [h["deltas"] for h in hist] == [[128, -176, 48], [-10, 16, -6]]
