# Deterministic long games for the benchmarks: each game's random player (host_tools/kinds/<kind>/
# play.py, found through the registry's kinds), checked on CPython; os.urandom seeded while they play.
#
# A script is a list of ops: ["ev", {...}] / ["undo"] / ["redo"]; every op in it was accepted by
# the engine when it was generated, so MicroPython replays it without a refusal (and the bench
# compares the final state on both interpreters). Same seed -> same script, on any machine.
import json
import os
import random
import threading

from host_tools import _paths  # noqa: F401  (firmware/ on sys.path)
from host_tools.kinds import play_games
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


_SEEDED = threading.local()     # the calling thread's seeded generator, while a FixedRandom is active
_REAL_URANDOM = os.urandom


def _urandom(n):
    rng = getattr(_SEEDED, "rng", None)
    return _REAL_URANDOM(n) if rng is None else bytes(rng.getrandbits(8) for _ in range(n))


class FixedRandom:
    """os.urandom repeatable for the calling thread while active: the firmware draws game ids and
    the boot's spot-checked segment from it, and the page's figures must repeat exactly (other
    threads keep the real one). One dispatcher is installed for good, and each thread's seed lives
    in a thread-local: two of these active at once in the bench's two worker threads used to
    restore each other's os.urandom on exit, so the later one drew real randomness (a game id
    differing from run to run moved the undo-at-scale fuel across a rounding step)."""

    def __init__(self, seed):
        import random
        self.rng = random.Random(seed)

    def __enter__(self):
        os.urandom = _urandom
        self.prev, _SEEDED.rng = getattr(_SEEDED, "rng", None), self.rng
        return self

    def __exit__(self, *exc):
        _SEEDED.rng = self.prev


def write_ops(path, ops):
    with open(path, "w") as f:
        for op in ops:
            f.write(json.dumps(op, ensure_ascii=False) + "\n")
