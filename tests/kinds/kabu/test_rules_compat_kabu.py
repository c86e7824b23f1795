# Logs written before the rules were corrected still replay: 株ドボン headers keep their
# match-length setting (only its label changed).
from core import journal
from core.engine import Game

OLD_FW = "0.0.1"   # an earlier firmware: the header's settings are what it wrote


def _rewrite_header(lines, **changes):
    head = journal.unseal(lines[0], 1)
    head.update(changes)
    return [journal.seal(head)] + lines[1:]


def _kabu_lines(settings):
    lines = []
    game = Game.new("kabu", 3, settings, game_id="kab00001", sink=lines.append)
    game.submit({"t": "dobon", "winner": 0, "loser": 1, "own": [3, 3, 2], "their": [4, 5],
                 "dobon_card": 8, "trumps": 3, "gaeshi": 0})
    game.submit({"t": "draw"})
    return game, lines


def test_old_kabu_header_with_the_old_length_replays():
    game, lines = _kabu_lines({"length": "seats", "games": 6, "minus2_endings": False})
    old = _rewrite_header(lines, fw=OLD_FW)
    again = Game.from_lines(old)
    assert again.settings["length"] == "seats"
    assert again.state == game.state
    assert again.state["target"] == 3 and again.state["games"] == 2 and not again.state["over"]


def test_kabu_header_without_settings_gets_the_defaults():
    game, lines = _kabu_lines(None)
    old = _rewrite_header(lines, fw=OLD_FW, settings={})
    again = Game.from_lines(old)
    assert again.settings == {"length": "seats", "games": 6, "minus2_endings": False}
    assert again.state["target"] == 3 and again.state["points"] == [0, 8, 0]
