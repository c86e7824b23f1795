# 株ドボン in the season: the fewest points win; the most 周回 (laps) a player's tally grew by in one
# result, the dobons made (the winner of a dobon; each winner of a dobon on the 起こし札) and
# suffered (the loser; each player who paid a winner on the 起こし札).
BETTER = "low"
FIGURES = [("laps_max", ("Most laps in one result", "1回で増えた周回の最多"), "max"),
           ("dobons_made", ("Dobons made", "ドボンした回数"), "sum"),
           ("dobons_suffered", ("Dobons suffered", "ドボンされた回数"), "sum")]


def _seat(v, n):
    return isinstance(v, int) and not isinstance(v, bool) and 0 <= v < n


def figures(o, memo, n):
    out = []
    laps = o.get("laps")
    if isinstance(laps, list) and len(laps) == n:
        before = memo.get("laps") or [0] * n
        for i in range(n):
            if isinstance(laps[i], int) and isinstance(before[i], int) and laps[i] > before[i]:
                out.append((i, "laps_max", laps[i] - before[i]))
        memo["laps"] = list(laps)
    ending = o.get("kind")
    if ending == "dobon":
        if _seat(o.get("winner"), n):
            out.append((o["winner"], "dobons_made", 1))
        if _seat(o.get("loser"), n):
            out.append((o["loser"], "dobons_suffered", 1))
    elif ending == "okoshi":
        for w in o.get("winners") or []:
            if _seat(w, n):
                out.append((w, "dobons_made", 1))
        losers = []
        for p in o.get("pairs") or []:
            l = p.get("loser") if isinstance(p, dict) else None
            if _seat(l, n) and l not in losers:
                losers.append(l)
        out += [(l, "dobons_suffered", 1) for l in losers]
    return out
