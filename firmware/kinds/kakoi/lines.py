# 囲将会ドボン's outcomes in words: every payment and change, one line of what was recorded, a call's row
# and the ranks' labels. The play screen, its round entry (the call list's review) and the phones each
# read them here: none imports another for them.
from ui.screens.common import fit, named, text_width, W


def hand_text(cards):
    """A hand as the list and the phones write it: 「A 2 JK」."""
    return " ".join(["JK" if r == "JOKER" else r for r in cards])


def card_word(app, r):
    """A card in a sentence or a title: the joker by its name (the grid and hand rows keep "JK")."""
    return app.t("KK_JOKER") if r == "JOKER" else r


def header(app, r, seat):
    """「第2局・P1から」, with the rounds when they are set: 「第2局（全3局）・P1から」."""
    n = app.game.settings.get("rounds")
    return named(app, "KK_HDR_OF" if n else "KK_HDR", {"r": r, "of": n}, "name", app.name(seat))


def lines(app, out):
    """Every payment (with its multiplier and the cap), each player's change and new total
    (「P1 +128→155」), the next starter, or that the last of the rounds set was played."""
    t = app.t
    ls = []
    for p in out.get("payments", []):
        s = t("KK_PAY", {"a": app.name(p["payer"]), "b": app.name(p["receiver"]), "n": p["amount"],
                         "p": p["points"], "f": p["factor"]})
        if p.get("capped"):
            s += t("KK_CAPPED_MARK")
        ls.append(s)
    d = out.get("deltas", [])
    for i in range(len(d)):
        tot = out["totals"][i] if "totals" in out else None
        s = "%s%d" % ("+" if d[i] >= 0 else "", d[i])
        if tot is not None:
            s += "→%d" % tot
        ls.append(fit(app.name(i), W - 4 - text_width(s)) + " " + s)     # the name the rest of the line
    if "next" in out:
        r = out.get("round", 0)
        n = app.game.settings.get("rounds")
        ls.append(t("KK_LAST", {"n": n}) if n and r >= n else header(app, r + 1, out["next"]))
    return ls


def describe(app, ev):
    """What a round's outcome or a saved action was (the call list's title, the undo/redo line)."""
    t = app.t
    k = ev.get("t")
    card = ev.get("card")
    info = {"card": card_word(app, card) if card else "",
            "name": app.name(ev["seat"]) if isinstance(ev.get("seat"), int) else ""}
    if k in ("tsumo", "dobon", "tenhou"):
        if k == "tsumo" and info["name"]:
            return t("KK_TSUMO_EV" if card else "KK_TSUMO_BY", info)
        return t("KK_%s_ON" % k.upper(), info) if card else t("KK_" + k)
    if k == "starter":
        return t("KK_STARTER_EV", info)
    return t("LAST_STEP")


def call_text(app, cl):
    """One call as the list shows it: 「P2 ドボン」, 「P1 返し→P2」."""
    on = cl.get("on", "card")
    seat = cl.get("seat")
    who = app.name(seat) if isinstance(seat, int) else "-"
    if on == "card":
        return "%s %s" % (who, app.t("KK_DOBON_ROW"))
    return "%s %s→%s" % (who, app.t("KK_GAESHI_ROW"), app.t("LIST_SEP").join([app.name(x) for x in on]))


def ranks(app):
    """The ranks the round entry's grids offer, each with its label (the joker only when it is on)."""
    from kinds.kakoi.score import RANKS
    jokers = app.game.settings.get("jokers")
    return [(r if r != "JOKER" else "JK", r) for r in RANKS if r != "JOKER" or jokers]
