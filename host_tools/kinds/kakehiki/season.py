# 掛け引きほーるでむ in the season: the highest final score wins; each player's predictions that
# came true (的中) and the dango taken from the pot as a round's winner (the share, not the
# predictions' dango, which go to the success area).
BETTER = "high"
FIGURES = [("preds_won", ("Predictions won", "予想の的中"), "sum"),
           ("pot_won", ("Dango won from the pot", "場から得ただんご"), "sum")]


def _seat(v, n):
    return isinstance(v, int) and not isinstance(v, bool) and 0 <= v < n


def figures(o, memo, n):
    out = []
    for p in o.get("preds") or []:
        if isinstance(p, dict) and p.get("res") == "won" and _seat(p.get("by"), n):
            out.append((p["by"], "preds_won", 1))
    share = o.get("share")
    if isinstance(share, int) and not isinstance(share, bool):
        for w in o.get("winners") or []:
            if _seat(w, n):
                out.append((w, "pot_won", share))
    return out
