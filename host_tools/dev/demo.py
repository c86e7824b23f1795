# `make demo`: a whole scripted 4-player game through the engine, printed and logged: the first game
# of the registry with a demo (host_tools/kinds/<kind>/play.py's demo(); 掛け引きほーるでむ today).
import os
import random
import sys

from host_tools import _paths  # noqa: F401  (firmware/ on sys.path)
from host_tools.kinds import play_games
from core import registry
from core.engine import Game

NAMES = ["あや", "Ben", "ちか", "Dan"]


def demo_kinds():
    """The games in registry order whose host module can play a demo."""
    return [k for k in registry.KINDS if hasattr(play_games.of(k), "demo")]


def play(seed=7, out_dir="demo-out", echo=print, kind=None):
    kind = kind or demo_kinds()[0]
    rng = random.Random(seed)
    os.makedirs(out_dir, exist_ok=True)
    lines = []
    game = Game.new(kind, NAMES, game_id="demo%04d" % seed, sink=lines.append)
    echo("%s / %s — %d players: %s" % (registry.name(kind, "ja"), registry.name(kind, "en"), len(NAMES), ", ".join(NAMES)))
    play_games.of(kind).demo(game, NAMES, rng, echo)
    path = os.path.join(out_dir, "%s-%s.log" % (kind, game.game_id))
    with open(path, "w", encoding="utf-8") as f:
        f.writelines(lines)
    echo("ログ log: %s (%d lines)" % (path, len(lines)))
    return game, path


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    usage = "usage: python -m host_tools.dev.demo [SEED] [GAME]  (GAME: %s)\n" % ", ".join(demo_kinds())
    try:
        seed = int(argv[0]) if argv else 7
    except ValueError:
        sys.stderr.write("demo: the seed must be a whole number, not %r\n%s" % (argv[0], usage))
        return 2
    kind = argv[1] if len(argv) > 1 else None
    if kind is not None and kind not in demo_kinds():
        sys.stderr.write("demo: no demo for game %r\n%s" % (kind, usage))
        return 2
    play(seed, kind=kind)
    return 0


if __name__ == "__main__":
    from host_tools.cli_io import run_command
    sys.exit(run_command(main))
