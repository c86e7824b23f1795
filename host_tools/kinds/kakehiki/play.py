# 掛け引きほーるでむ on the host: the bench's long game, its random player, and `make demo`'s game.
from host_tools.kinds import play_games
from host_tools.termtext import display_width, ljust
from core.errors import Refusal

SETTINGS = {"start": 99, "dial_max": 9}
BENCH_OPS = {"full": 2000, "quick": 12}
ROLES = ()
BENCH_TEXT = "掛け引き %d players (the players of make demo)"
SIGNS = ["足算", "引算", "掛算", "大きい方", "小さい方"]       # the sign deck: 引算 forces a reshuffle
JUDGES = ["強いのは大きい方", "強いのは小さい方", "奇数", "偶数", "7に近い"]  # 強いのは小さい方 forces one


class Deck:
    """The physical 5-card deck the device does not see; the players draw from it."""

    def __init__(self, cards, rng):
        self.cards, self.rng = list(cards), rng
        self.shuffle()

    def shuffle(self):
        self.pile = list(self.cards)
        self.rng.shuffle(self.pile)

    def draw(self):
        return self.pile.pop()


def choose(game, rng):
    """One table action for whoever the device is waiting for."""
    s = game.state
    phase, turn = s["phase"], s["turn"]
    alive = [i for i in range(s["n"]) if not s["out"][i]]
    if phase in ("select", "sign_bet", "judge_bet"):
        top = max(s["dial"][i] for i in alive)
        hold = s["hold"][turn]
        roll = rng.random()
        if top > hold or (roll < 0.18 and len(alive) > 1):
            return {"t": "fold", "p": turn}
        if roll < 0.30 and top < min(hold, game.settings["dial_max"], 4):
            return {"t": "raise", "p": turn, "v": top + 1}
        return {"t": "call", "p": turn}
    if phase == "predict":
        return {"t": "predict", "p": turn, "on": rng.choice(alive),
                "v": rng.randint(0, min(3, s["hold"][turn]))}
    if phase == "showdown":
        return {"t": "win", "p": [rng.choice(alive)]}
    raise AssertionError(phase)


class Policy(play_games.Policy):
    """The sign and judge decks drawn like the table does; choose() for the players' actions."""

    def __init__(self, rng):
        self.rng = rng
        self.signs, self.judges = Deck(SIGNS, rng), Deck(JUDGES, rng)

    def moves(self, game):
        s = game.state
        for d in (self.signs, self.judges):
            if not d.pile:      # an undone reveal leaves the card drawn: the players reshuffle
                d.shuffle()
        if s["phase"] in ("sign", "judge", "reveal"):
            if not s["sign_rev"]:
                return [{"t": "sign", "minus": self.signs.draw() == "引算"}]
            return [{"t": "judge", "small": self.judges.draw() == "強いのは小さい方"}]
        return [choose(game, self.rng)]

    def accepted(self, outcome):
        if outcome:
            if outcome.get("sign_shuffle"):
                self.signs.shuffle()
            if outcome.get("judge_shuffle"):
                self.judges.shuffle()


def demo(game, names, rng, echo):
    """A whole game by the Policy's players, a line per round, then the final scores."""
    width = max(display_width(n) for n in names)   # terminal cells: あや is as wide as Dan + 1
    players = Policy(rng)
    while not game.is_over():
        try:
            out = game.submit(players.moves(game)[0])
        except Refusal as r:  # the scripted players never try illegal moves; say so if they do
            raise SystemExit("demo made an illegal move: %s" % r)
        if out:
            players.accepted(out)
            won = " & ".join(names[w] for w in out["winners"])
            nets = "  ".join("%s %+3d" % (ljust(names[i], width), out["net"][i]) for i in range(len(names)))
            echo("第%2d局 round %2d  親 parent %s 勝者 winner %s 配当 share %2d | %s" % (
                out["round"], out["round"], ljust(names[out["parent"]], width), ljust(won, width), out["share"], nets))
    s = game.state
    reason = {"dango": "団子が1個以下 / a player holds 1 dango or fewer",
              "judge": "判定カード3回目のシャッフル / third judge-deck reshuffle"}[s["over"]]
    echo("終了 game over: %s" % reason)
    echo("最終得点 final scores (2 × 予想成功 success + 手持ち held):")
    for row in game.standings():
        i = row["seat"]
        echo("  %d位 place %d  %s %3d = 2×%d + %d" % (row["place"], row["place"], ljust(names[i], width), row["score"],
                                                     s["success"][i], s["hold"][i]))
