# 株ドボン on the host: the bench's long game and its random player (dobon outcomes from the
# worked examples, any seat count, and draws).
from host_tools.kinds import play_games

SETTINGS = {"length": "stop"}
BENCH_OPS = {"full": 800, "quick": 12}
ROLES = ("resume", "worst heap")   # "worst heap": the emulated Pico W with phones (bench_picow)
BENCH_TEXT = "株ドボン %d players (dobon outcomes from the worked examples, draws)"
HANDS = [
    {"own": [3, 3, 2], "their": [4, 5], "dobon_card": 8, "trumps": 3, "gaeshi": 0},
    {"own": [8], "their": [9], "dobon_card": 8, "trumps": None, "gaeshi": 0},
    {"own": [3, 7, 10], "their": [7, 9, 4, 3, 10], "dobon_card": 10, "trumps": 3, "gaeshi": 0,
     "okoshi": 10},
    {"own": [10, 10, 2, 2, 1, 1, 11], "their": [5, 1], "dobon_card": 7, "trumps": 7, "gaeshi": 0},
    {"own": [3, 5], "their": [9, 7, 6, 2], "dobon_card": 8, "trumps": 2, "gaeshi": 0},
]


class Policy(play_games.Policy):
    def moves(self, game):
        rng, n = self.rng, game.nseats
        if rng.randrange(25) == 0:
            return [{"t": "draw"}]
        w = rng.randrange(n)
        l = (w + 1 + rng.randrange(n - 1)) % n
        ev = {"t": "dobon", "winner": w, "loser": l}
        ev.update(rng.choice(HANDS))
        return [ev]
