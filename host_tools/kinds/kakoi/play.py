# 囲将会ドボン on the host: the bench's long game and its random player (tsumo and single-card
# dobon rounds with random hands), and the game of the bench's one-game workloads.
from host_tools.kinds import play_games

SETTINGS = {"rounds": 0}
BENCH_OPS = {"full": 800, "quick": 12}
ROLES = ("emulated", "host", "report", "imports")
BENCH_TEXT = "囲将会ドボン %d players (tsumo and single-card dobon rounds with random hands)"
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
# The report's memory bench (host_tools/dev/bench/report_memory.py): its settings, and two hands that keep
# repeating, a tsumo and a dobon with a call; every event is valid in turn (3 players).
REPORT_SETTINGS = {"cap": 0}
REPORT_ROUNDS = [
    {"t": "tsumo", "seat": 0, "card": "5", "hands": [[], ["K", "Q"], ["3", "2"]]},
    {"t": "dobon", "card": "5", "by": 1, "out": False, "hands": [["5"], ["K", "Q"], ["3", "2"]],
     "calls": [{"seat": 2, "top": "3", "on": "card"}]},
    {"t": "tsumo", "seat": 2, "card": "9", "hands": [["A", "4"], ["7"], []]},
]


def _hand(rng, k):
    return [rng.choice(RANKS) for _ in range(k)]


class Policy(play_games.Policy):
    def moves(self, game):
        rng, n = self.rng, game.nseats
        if rng.randrange(30) == 0:
            return [{"t": "starter", "seat": rng.randrange(n)}]
        card = rng.choice(RANKS)
        hands = [_hand(rng, 1 + rng.randrange(4)) for _ in range(n)]
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
