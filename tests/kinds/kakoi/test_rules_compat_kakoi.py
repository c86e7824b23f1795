# Logs written before the rules were corrected still replay: 囲将会 totals do not depend on
# the 頭ハネ change.
import json

from core import journal
from core.engine import Game

OLD_FW = "0.0.1"   # an earlier firmware: the header's settings are what it wrote


def _rewrite_header(lines, **changes):
    head = journal.unseal(lines[0], 1)
    head.update(changes)
    return [journal.seal(head)] + lines[1:]


def test_old_kakoi_log_keeps_its_totals_and_names_the_new_starter():
    lines = []
    game = Game.new("kakoi", 3, None, game_id="kak00001", sink=lines.append)
    # two dobons on seat 1's 7 (0-based 0): 頭ハネ gives seat 2 (index 1); the old rule gave index 2
    game.submit({"t": "dobon", "card": "7", "by": 0,
                 "hands": [["8", "8", "8", "8", "K", "Q", "J", "10"], ["9", "2"], ["5", "2"]],
                 "calls": [{"seat": 1, "top": "9", "on": "card"}, {"seat": 2, "top": "5", "on": "card"}]})
    again = Game.from_lines(_rewrite_header(lines, fw=OLD_FW))
    assert again.state["totals"] == [-8000, 4000, 4000]
    assert again.state["starter"] == 1
    assert json.loads(json.dumps(again.state)) == game.state
