# Deterministic long games for the benchmarks: one small policy per game kind, checked on CPython.
#
# A script is a list of ops: ["ev", {...}] / ["undo"] / ["redo"]; every op in it was accepted by
# the engine when it was generated, so MicroPython replays it without a refusal (and the bench
# compares the final state on both interpreters). Same seed -> same script, on any machine.
import random

from host_tools import _paths  # noqa: F401  (firmware/ on sys.path)
from host_tools.demo import choose as kakehiki_choose
from scoreboard.engine import Game
from scoreboard.errors import Refusal

from scoreboard import games

KINDS = tuple(games.KINDS)
# As many players as the rules allow (games.seats); settings that keep a game going.
SEATS = dict((k, games.seats(k)[1]) for k in KINDS)
SETTINGS = {"kakehiki": {"start": 99, "dial_max": 9}, "kabu": {"length": "stop"},
            "kakoi": {"rounds": 0}, "dobon": {"rounds": 5, "max_actions": 100000}}
UNDO_PCT, REDO_PCT = 3, 2      # players take back a few presses

# --- kabu: dobon outcomes from the worked examples (any seat count), draws ----------------------
KABU_HANDS = [
    {"own": [3, 3, 2], "their": [4, 5], "dobon_card": 8, "trumps": 3, "gaeshi": 0},
    {"own": [8], "their": [9], "dobon_card": 8, "trumps": None, "gaeshi": 0},
    {"own": [3, 7, 10], "their": [7, 9, 4, 3, 10], "dobon_card": 10, "trumps": 3, "gaeshi": 0,
     "okoshi": 10},
    {"own": [10, 10, 2, 2, 1, 1, 11], "their": [5, 1], "dobon_card": 7, "trumps": 7, "gaeshi": 0},
    {"own": [3, 5], "their": [9, 7, 6, 2], "dobon_card": 8, "trumps": 2, "gaeshi": 0},
]
KAKOI_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
DOBON_RANKS = ("A", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


class _Decks:
    """kakehiki's sign and judge decks, as demo.py deals them."""

    def __init__(self, rng):
        from host_tools.demo import JUDGES, SIGNS, Deck
        self.signs, self.judges = Deck(SIGNS, rng), Deck(JUDGES, rng)


def _kakehiki(game, rng, decks):
    s = game.state
    for d in (decks.signs, decks.judges):
        if not d.pile:      # an undone reveal leaves the card drawn: the players reshuffle
            d.shuffle()
    if s["phase"] in ("sign", "judge", "reveal"):
        if not s["sign_rev"]:
            return [{"t": "sign", "minus": decks.signs.draw() == "引算"}]
        return [{"t": "judge", "small": decks.judges.draw() == "強いのは小さい方"}]
    return [kakehiki_choose(game, rng)]


def _kabu(game, rng, decks):
    n = game.nseats
    if rng.randrange(25) == 0:
        return [{"t": "draw"}]
    w = rng.randrange(n)
    l = (w + 1 + rng.randrange(n - 1)) % n
    ev = {"t": "dobon", "winner": w, "loser": l}
    ev.update(rng.choice(KABU_HANDS))
    return [ev]


def _kakoi_hand(rng, k):
    return [rng.choice(KAKOI_RANKS) for _ in range(k)]


def _kakoi(game, rng, decks):
    n = game.nseats
    if rng.randrange(30) == 0:
        return [{"t": "starter", "seat": rng.randrange(n)}]
    card = rng.choice(KAKOI_RANKS)
    hands = [_kakoi_hand(rng, 1 + rng.randrange(4)) for _ in range(n)]
    cands = []
    if rng.randrange(2):
        # dobon on the played card by one caller holding exactly that card; tsumo as a fallback
        by = rng.randrange(n)
        caller = (by + 1 + rng.randrange(n - 1)) % n
        hands[caller] = [card]
        cands.append({"t": "dobon", "card": card, "by": by, "hands": hands,
                      "calls": [{"seat": caller, "top": card, "on": "card"}]})
    w = rng.randrange(n)
    th = [list(h) for h in hands]
    th[w] = []
    cands.append({"t": "tsumo", "seat": w, "card": card, "hands": th})
    return cands


def _dobon(game, rng, decks):
    s = game.state
    variant = game.settings["variant"]
    if rng.randrange(400) == 0:
        return [{"t": "win", "seat": rng.randrange(game.nseats)}]
    if s["pending"]:
        return [{"t": "play", "rank": "2"}, {"t": "draw"}] if rng.randrange(3) == 0 else [{"t": "draw"}]
    if variant == "action" and s["drew"]:
        return [{"t": "pass"}] if rng.randrange(2) else [{"t": "play", "rank": rng.choice(DOBON_RANKS)}]
    r = rng.randrange(10)
    if r < 2:
        return [{"t": "draw"}]
    if r == 2:
        return [{"t": "play", "rank": "2"}]
    return [{"t": "play", "rank": rng.choice(DOBON_RANKS)}]


POLICY = {"kakehiki": _kakehiki, "kabu": _kabu, "kakoi": _kakoi, "dobon": _dobon}


def new_game(kind, game_id="bench001", sink=None, source=None):
    return Game.new(kind, SEATS[kind], SETTINGS[kind], game_id=game_id, sink=sink, source=source)


def script(kind, n_ops, seed=1):
    """A deterministic list of accepted ops for `kind`, at most n_ops long (shorter only when the
    rules end the game). Returns (ops, final Game)."""
    rng = random.Random("%s-%d" % (kind, seed))
    decks = _Decks(rng) if kind == "kakehiki" else None
    game = new_game(kind)
    ops = []
    policy = POLICY[kind]
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
        for ev in policy(game, rng, decks):
            try:
                out = game.submit(ev)
            except Refusal:
                continue
            ops.append(["ev", ev])
            if kind == "kakehiki" and out:
                if out.get("sign_shuffle"):
                    decks.signs.shuffle()
                if out.get("judge_shuffle"):
                    decks.judges.shuffle()
            break
        else:
            raise RuntimeError("bench policy for %s found no legal move at op %d" % (kind, len(ops)))
    return ops, game


def apply_op(game, op):
    if op[0] == "ev":
        return game.submit(op[1])
    if op[0] == "undo":
        return game.undo()
    return game.redo()
