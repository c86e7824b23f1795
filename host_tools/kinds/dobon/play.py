# ドボン on the host: the bench's long game and its random player (plays, draws, 2-stacks, round
# wins).
from host_tools.kinds import play_games

SETTINGS = {"rounds": 5, "max_actions": 100000}
BENCH_OPS = {"full": 800, "quick": 12}
ROLES = ()
BENCH_TEXT = "ドボン %d players (the rules allow 2-4; plays, draws, 2-stacks, round wins)"
RANKS = ("A", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


class Policy(play_games.Policy):
    def moves(self, game):
        rng, s = self.rng, game.state
        variant = game.settings["variant"]
        if rng.randrange(400) == 0:
            return [{"t": "win", "seat": rng.randrange(game.nseats)}]
        if s["pending"]:
            return [{"t": "play", "rank": "2"}, {"t": "draw"}] if rng.randrange(3) == 0 else [{"t": "draw"}]
        if variant == "action" and s["drew"]:
            return [{"t": "pass"}] if rng.randrange(2) else [{"t": "play", "rank": rng.choice(RANKS)}]
        r = rng.randrange(10)
        if r < 2:
            return [{"t": "draw"}]
        if r == 2:
            return [{"t": "play", "rank": "2"}]
        return [{"t": "play", "rank": rng.choice(RANKS)}]
