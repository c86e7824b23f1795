# The season's three CSVs: a row per player and game, head to head, and the games.
import csv
import os

from host_tools.records.report.files import inside, safe_cell
from host_tools.records.season import parts as season_games
from host_tools.records.season.figures import extra_value


def _csv(path, head, rows):
    tmp = path + ".part"
    with open(tmp, "w", newline="", encoding="utf-8-sig") as f:
        wr = csv.writer(f)
        wr.writerow(head)
        for r in rows:
            wr.writerow([safe_cell(c) for c in r])
    os.replace(tmp, path)
    return path


def player_rows(S):
    """One row per player and game (then per player over every game: game "all")."""
    extras = []
    for k in S.kinds:
        for f in season_games.of(k).FIGURES:
            extras.append((k, f))
    head = ["player", "game", "nights", "games", "wins", "win rate", "average place", "average score",
            "best score", "worst score", "longest winning streak", "beats most", "beats most (times)",
            "beaten most by", "beaten most by (times)"] + ["%s: %s" % (k, f[1][0]) for k, f in extras]
    rows = []
    for name in S.players():
        km, kn = S.kamo(name)
        tm, tn = S.tenteki(name)
        t = S.total[name]
        rows.append([name, "all", len(t.nights), t.games, t.wins, round(t.win_rate(), 3), round(t.avg_place(), 2),
                     "", "", "", t.streak, " / ".join(km), kn, " / ".join(tm), tn] + [""] * len(extras))
        for k in S.kinds:
            f = S.per.get((name, k))
            if f is None:
                continue
            rows.append([name, k, len(f.nights), f.games, f.wins, round(f.win_rate(), 3), round(f.avg_place(), 2),
                         round(f.avg_score(), 2), f.best, f.worst, f.streak, "", "", "", ""]
                        + [extra_value(f, x[1][0]) if x[0] == k else "" for x in extras])
    return head, rows


def write_csvs(S, out_dir):
    head, rows = player_rows(S)
    out = [_csv(inside(out_dir, "season.csv"), head, rows)]
    h2h = []
    for (a, b), (g, x, y, e) in sorted(S.pairs.items()):
        h2h.append([a, b, g, x, y, e])
        h2h.append([b, a, g, y, x, e])
    out.append(_csv(inside(out_dir, "season-h2h.csv"),
                    ["player", "opponent", "games together", "placed above", "placed below", "even"], h2h))
    games = ([g.night, g.kind, g.gid, "finished" if g.over else "in progress", "yes" if g.counted else "no",
              " / ".join(g.winners()) if g.counted else "", " / ".join(n for n, _, _ in g.seats)] for g in S.games)
    out.append(_csv(inside(out_dir, "season-games.csv"),
                    ["night", "game", "id", "status", "counted", "winners", "players"], games))
    return out
