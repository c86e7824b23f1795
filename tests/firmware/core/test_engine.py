# Engine mechanics not tied to one game: deep undo through the journal, and a journal that fails to read.
import pytest

from core import journal
from core.engine import Game
from core.errors import Refusal
from core.fold import WINDOW

import game_data

# The game whose test data gives the long round (tests/kinds/<kind>/data.py: DEEP_UNDO_SEATS, deep_undo_events).
KIND = game_data.for_role("deep undo")


def _long_game(lines):
    """A round long enough that undo must re-read the journal."""
    data = game_data.of(KIND)
    game = Game.new(KIND, data.DEEP_UNDO_SEATS, game_id="eng00001", sink=lines.append)
    while game.seq < 3 * WINDOW:
        for ev in data.deep_undo_events(game.seq):
            game.submit(ev)
    return game


def _resumed(lines, fail_at=None):
    records = [journal.unseal(l) for l in lines[1:]]
    header = journal.unseal(lines[0])

    def source():
        for r in records:
            if fail_at is not None and r["seq"] == fail_at:
                raise journal.LogError("E_LOG_CRC", {"line": fail_at + 1})
            yield r

    full = Game.from_lines(lines)
    written = []
    game = Game.resume(header, full.snapshot(), [], sink=written.append, source=source)
    return full, game, written


def test_undo_past_the_snapshot_reads_the_journal_back():
    lines = []
    _long_game(lines)
    full, game, written = _resumed(lines)
    expected = Game.from_lines(lines)
    for _ in range(WINDOW + 5):
        game.undo()
        expected.undo()
        assert game.state == expected.state
    assert len(written) == WINDOW + 5


def test_a_damaged_old_line_refuses_the_undo_before_anything_is_written():
    lines = []
    _long_game(lines)
    full, game, written = _resumed(lines, fail_at=3)
    before = game.state
    with pytest.raises(Refusal) as err:
        game.undo()
    assert err.value.msg_id == "E_LOG_CRC"
    assert written == []               # no undo record on the flash
    assert game.state == before and game.seq == full.seq


def test_undo_with_no_journal_to_read_is_refused_cleanly():
    lines = []
    _long_game(lines)
    header = journal.unseal(lines[0])
    snap = Game.from_lines(lines).snapshot()
    game = Game.resume(header, snap, [])
    with pytest.raises(Refusal) as err:
        game.undo()
    assert err.value.msg_id == "E_UNDO_LIMIT"
