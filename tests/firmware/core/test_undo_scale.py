# Undo at scale: replaying a journal costs the rules' fold a bounded number of
# applies per line whatever its shape (undos and redos included), the state it gives is the live
# one, and the Store keeps writing snapshots it can read back while the journal grows by undos.
import random

import pytest

from host_tools.dev.bench import play as bp
from host_tools.kinds import play_games
from core import journal
from core.engine import Game, count
from core.errors import Refusal
from core.registry import load

LINES = 1500
PER_LINE = 3          # applies per journal line a replay may cost (a plain journal: about 1)


def _act(game, players):
    for ev in players.moves(game):
        try:
            out = game.submit(ev)
        except Refusal:
            continue
        players.accepted(out)
        return True
    return False


def _undo_all(game, n):
    for _ in range(n):
        if not game.done:
            return
        game.undo()


def _redo_all(game, n):
    for _ in range(n):
        if not game.undone:
            return
        game.redo()


def _shape_then_undo(game, players, rng):
    """Half the lines actions, the other half undos (the issue's journal)."""
    while game.seq < LINES // 2 and not game.is_over() and _act(game, players):
        pass
    _undo_all(game, LINES)


def _shape_ping_pong(game, players, rng):
    """Actions, then everything undone, redone and undone again."""
    while game.seq < LINES // 4 and not game.is_over() and _act(game, players):
        pass
    n = count(game.done)
    _undo_all(game, n)
    _redo_all(game, n)
    _undo_all(game, n)


def _shape_staircase(game, players, rng):
    """Again and again: a run of actions, most of them undone, the next run on top."""
    while game.seq < LINES:
        k = 0
        while k < 80 and not game.is_over() and _act(game, players):
            k += 1
        if k == 0:
            return
        _undo_all(game, k - 8)


def _shape_mixed(game, players, rng):
    """Random presses, 40 % undo and 20 % redo attempts."""
    while game.seq < LINES:
        r = rng.randrange(100)
        if r < 40 and game.done:
            game.undo()
        elif r < 60 and game.undone:
            game.redo()
        elif game.is_over() or not _act(game, players):
            if not game.done:
                return
            game.undo()


SHAPES = [_shape_then_undo, _shape_ping_pong, _shape_staircase, _shape_mixed]


def _journal(kind, shape):
    lines = []
    game = bp.new_game(kind, game_id="scale001", sink=lines.append)
    rng = random.Random("%s-%s" % (kind, shape.__name__))
    shape(game, play_games.of(kind).Policy(rng), rng)
    return game, lines


class _Counting:
    """The rules' apply, counted."""

    def __init__(self, monkeypatch, kind):
        rules = load(kind)
        self.n = 0
        real = rules.apply

        def apply(state, ev, settings):
            self.n += 1
            return real(state, ev, settings)
        monkeypatch.setattr(rules, "apply", apply)


@pytest.mark.parametrize("shape", SHAPES, ids=[s.__name__[7:] for s in SHAPES])
@pytest.mark.parametrize("kind", bp.KINDS)
def test_a_replay_applies_a_bounded_number_of_times_per_line(kind, shape, monkeypatch):
    game, lines = _journal(kind, shape)
    counting = _Counting(monkeypatch, kind)
    again = Game.from_lines(lines)
    assert again.state == game.state and again.done == game.done and again.undone == game.undone
    assert counting.n <= PER_LINE * len(lines), (counting.n, len(lines))
    # and the replayed game goes on as the live one: undo and redo through the whole stack
    for _ in range(min(count(game.done), 80)):
        game.undo()
        again.undo()
        assert again.state == game.state
    _redo_all(game, 40)
    _redo_all(again, 40)
    assert again.state == game.state and again.done == game.done


def test_an_undo_heavy_journal_in_the_store_keeps_readable_snapshots(tmp_path):
    from storage.store import Store
    kind = bp.KINDS[0]
    st = Store(root=str(tmp_path / "games"))
    game = st.create(kind, bp.SEATS[kind], bp.SETTINGS[kind])
    players = play_games.of(kind).Policy(random.Random(1))
    while game.seq < 300 and not game.is_over() and _act(game, players):
        st.after_change(game)
    n = count(game.done)
    snaps = []
    for _ in range(n):
        game.undo()
        if st.after_change(game):
            snaps.append(game.seq)
    assert len(snaps) >= n // st.snap_every - 1     # one every snap_every lines, undos included
    snp = [p for p in (tmp_path / "games").iterdir() if p.name.endswith(".snp")][0]
    assert len(snp.read_bytes()) <= journal.SNAP_MAX
    st._close_all()
    st2 = Store(root=str(tmp_path / "games"))
    resumed = st2.resume_last()
    assert resumed.state == game.state and resumed.undone == game.undone
    assert st2._open[resumed.game_id].snap_seq == snaps[-1]      # resumed from the last snapshot
    resumed.redo()
    game.redo()
    assert resumed.state == game.state
