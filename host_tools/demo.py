# `make demo`: a whole scripted 4-player 掛け引きほーるでむ game through the engine, printed and logged.
import os
import random
import sys

from host_tools import _paths  # noqa: F401  (firmware/ on sys.path)
from host_tools.termtext import display_width, ljust
from scoreboard.engine import Game
from scoreboard.errors import Refusal

NAMES = ["あや", "Ben", "ちか", "Dan"]
SIGNS = ["足算", "引算", "掛算", "大きい方", "小さい方"]       # the sign deck: 引算 forces a reshuffle
JUDGES = ["強いのは大きい方", "強いのは小さい方", "奇数", "偶数", "7に近い"]  # 強いのは小さい方 forces one


class Deck:
    """The physical 5-card deck the device does not see; the demo draws from it like a player."""

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


def play(seed=7, out_dir="demo-out", echo=print):
    rng = random.Random(seed)
    width = max(display_width(n) for n in NAMES)   # terminal cells: あや is as wide as Dan + 1
    os.makedirs(out_dir, exist_ok=True)
    lines = []
    game = Game.new("kakehiki", NAMES, game_id="demo%04d" % seed, sink=lines.append)
    signs, judges = Deck(SIGNS, rng), Deck(JUDGES, rng)
    echo("掛け引きほーるでむ / Kakehiki Hold'em — %d players: %s" % (len(NAMES), ", ".join(NAMES)))
    while not game.is_over():
        s = game.state
        if s["phase"] in ("sign", "judge", "reveal"):
            if not s["sign_rev"]:
                card = signs.draw()
                out = game.submit({"t": "sign", "minus": card == "引算"})
            else:
                card = judges.draw()
                out = game.submit({"t": "judge", "small": card == "強いのは小さい方"})
        else:
            try:
                out = game.submit(choose(game, rng))
            except Refusal as r:  # the scripted players never try illegal moves; say so if they do
                raise SystemExit("demo made an illegal move: %s" % r)
        if out:
            if out["sign_shuffle"]:
                signs.shuffle()
            if out["judge_shuffle"]:
                judges.shuffle()
            won = " & ".join(NAMES[w] for w in out["winners"])
            nets = "  ".join("%s %+3d" % (ljust(NAMES[i], width), out["net"][i]) for i in range(len(NAMES)))
            echo("第%2d局 round %2d  親 parent %s 勝者 winner %s 配当 share %2d | %s" % (
                out["round"], out["round"], ljust(NAMES[out["parent"]], width), ljust(won, width), out["share"], nets))
    s = game.state
    reason = {"dango": "団子が1個以下 / a player holds 1 dango or fewer",
              "judge": "判定カード3回目のシャッフル / third judge-deck reshuffle"}[s["over"]]
    echo("終了 game over: %s" % reason)
    echo("最終得点 final scores (2 × 予想成功 success + 手持ち held):")
    for row in game.standings():
        i = row["seat"]
        echo("  %d位 place %d  %s %3d = 2×%d + %d" % (row["place"], row["place"], ljust(NAMES[i], width), row["score"],
                                                     s["success"][i], s["hold"][i]))
    path = os.path.join(out_dir, "kakehiki-%s.log" % game.game_id)
    with open(path, "w", encoding="utf-8") as f:
        f.writelines(lines)
    echo("ログ log: %s (%d lines)" % (path, len(lines)))
    return game, path


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    seed = int(argv[0]) if argv else 7
    play(seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
