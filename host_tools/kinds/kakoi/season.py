# 囲将会ドボン in the season: the highest total wins; the largest single payment each player made
# and received, and the rounds in which the player called 天和.
BETTER = "high"
FIGURES = [("pay_made_max", ("Largest payment made", "最大の支払い"), "max"),
           ("pay_got_max", ("Largest payment received", "最大の受け取り"), "max"),
           ("tenhou", ("Tenhou", "天和"), "sum")]


def _seat(v, n):
    return isinstance(v, int) and not isinstance(v, bool) and 0 <= v < n


def figures(o, memo, n):
    out = []
    for p in o.get("payments") or []:
        a = p.get("amount") if isinstance(p, dict) else None
        if not isinstance(a, int) or isinstance(a, bool):
            continue
        if _seat(p.get("payer"), n):
            out.append((p["payer"], "pay_made_max", a))
        if _seat(p.get("receiver"), n):
            out.append((p["receiver"], "pay_got_max", a))
    if o.get("t") == "tenhou":
        called = []
        for c in o.get("calls") or []:
            s = c.get("seat") if isinstance(c, dict) else None
            if isinstance(c, dict) and c.get("level") == 1 and _seat(s, n) and s not in called:
                called.append(s)
        out += [(s, "tenhou", 1) for s in called]
    return out
