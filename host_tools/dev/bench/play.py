# Deterministic long games for the benchmarks: each game's random player (host_tools/dev/play_games/
# <kind>.py, found through the registry's kinds), checked on CPython.
#
# A script is a list of ops: ["ev", {...}] / ["undo"] / ["redo"]; every op in it was accepted by
# the engine when it was generated, so MicroPython replays it without a refusal (and the bench
# compares the final state on both interpreters). Same seed -> same script, on any machine.
import random

from host_tools import _paths  # noqa: F401  (firmware/ on sys.path)
from host_tools.dev import play_games
from host_tools.dev.bench.mp.fakes import apply_op  # noqa: F401  (one op of a script: bench.py, the guests)
from core.engine import Game
from core.errors import Refusal

from core import registry

KINDS = tuple(registry.KINDS)
# As many players as the rules allow (registry.seats); settings that keep a game going.
SEATS = dict((k, registry.seats(k)[1]) for k in KINDS)
SETTINGS = dict((k, play_games.of(k).SETTINGS) for k in KINDS)
UNDO_PCT, REDO_PCT = 3, 2      # players take back a few presses


def new_game(kind, game_id="bench001", sink=None, source=None):
    return Game.new(kind, SEATS[kind], SETTINGS[kind], game_id=game_id, sink=sink, source=source)


def script(kind, n_ops, seed=1):
    """A deterministic list of accepted ops for `kind`, at most n_ops long (shorter only when the
    rules end the game). Returns (ops, final Game)."""
    rng = random.Random("%s-%d" % (kind, seed))
    players = play_games.of(kind).Policy(rng)
    game = new_game(kind)
    ops = []
    while len(ops) < n_ops and not game.is_over():
        r = rng.randrange(100)
        if r < UNDO_PCT + REDO_PCT:
            try:
                if r < UNDO_PCT:
                    game.undo()
                    ops.append(["undo"])
                else:
                    game.redo()
                    ops.append(["redo"])
                continue
            except Refusal:
                pass
        for ev in players.moves(game):
            try:
                out = game.submit(ev)
            except Refusal:
                continue
            ops.append(["ev", ev])
            players.accepted(out)
            break
        else:
            raise RuntimeError("bench policy for %s found no legal move at op %d" % (kind, len(ops)))
    return ops, game


