# A board's games folder: one finished game of every kind and a 6 MB file that is no game's (games_folder).
import os

import game_data


def games_folder(folder, big=True):
    """FOLDER/games: one finished game of every kind (numbered in the registry's order, so the
    first kind's is the oldest) and a 6 MB file that is no game's."""
    games = os.path.join(folder, "games")
    os.makedirs(games)
    for i, kind in enumerate(game_data.kinds()):
        gid = "%08x" % (0xa0 + i)
        _, lines = game_data.of(kind).play_log(gid=gid)
        with open(os.path.join(games, "%04d-%s.0.log" % (i + 1, gid)), "w", encoding="utf-8", newline="") as f:
            f.write("".join(lines))
    if big:
        with open(os.path.join(games, "big.bin"), "wb") as f:
            f.write(os.urandom(6 * 1024 * 1024))
    return games
