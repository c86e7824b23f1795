# Per-game host knowledge, one module per game kind (host_tools/kinds/<kind>/play.py), found
# through the registry's kinds: generic tools (bench, demo) name no game.
#
# A game's module holds:
#   SETTINGS    settings that keep a long scripted game going (the bench plays the most seats)
#   BENCH_OPS   {"full": n, "quick": n}: ops of the bench's MicroPython and display runs
#   ROLES       the bench's one-game workloads played with this game (see for_role)
#   BENCH_TEXT  what its scripted game is, for docs/benchmarks.md ("%d": the seats)
#   Policy(rng) a player of random legal moves: moves(game) -> candidate events, the first one the
#               engine accepts is played; accepted(outcome) after each accepted event
#   demo(game, names, rng, echo)  optional: plays a whole game for `make demo`, printing it
from host_tools import _paths  # noqa: F401  (firmware/ on sys.path)
from host_tools import kinds
from core import registry

# The bench's one-game workloads: "resume" (the resume cost against game length), "emulated" (the
# emulated Pico's scripted game), "host" (validator and report throughput), "report" (the
# report's memory on a big log), "imports" (the fuel of importing one game's modules).
WORKLOADS = ("resume", "emulated", "host", "report", "imports")


def of(kind):
    """The host module of `kind` (ImportError names the missing host_tools/kinds/<kind>/play.py)."""
    mod = kinds.part(kind, "play")
    if mod is None:
        raise ImportError("no host module for game %r (host_tools/kinds/%s/play.py)" % (kind, kind))
    return mod


def has(kind):
    """Whether `kind` has a host module (a game registered by a test or a table may have none)."""
    return kinds.name_of(kind, "play") is not None


def for_role(role, kinds=None):
    """The one kind (of the registry's, or of `kinds`) whose host module lists `role` in its ROLES."""
    kinds = [k for k in registry.KINDS if has(k)] if kinds is None else kinds
    found = [k for k in kinds if role in getattr(of(k), "ROLES", ())]
    if len(found) != 1:
        raise LookupError("bench workload %r: %d games claim it (%s), one must" % (role, len(found), found))
    return found[0]


class Policy:
    """No bookkeeping between moves: the games whose players see everything on the table."""

    def __init__(self, rng):
        self.rng = rng

    def moves(self, game):
        raise NotImplementedError

    def accepted(self, outcome):
        pass
