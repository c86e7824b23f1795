# 株ドボン play screen: every player's die, laps, points and next deal size, and what the registry asks
# of a game's screens; the endings' entry (kinds/kabu/entry.py) and the itemised lines of an outcome
# (kinds/kabu/review.py) are imported when first used, so the play screen alone loads with the game.
from ui.screens.common import PlayScreen, title, hint, fit, named, text_width, W
from ui.widgets.lines import Lines


class Play(PlayScreen):
    def act(self, name):
        app = self.app
        if name == "ok":
            from kinds.kabu.entry import Endings
            app.push(Endings(app))
        elif name == "right":            # the usual ending, one press shorter (the hint says so)
            from kinds.kabu.entry import DobonEntry
            DobonEntry(app, 0).start()
        elif name == "left":
            from kinds.kabu.entry import DobonEntry
            DobonEntry(app, 1).start()

    def draw(self, c):
        app = self.app
        t = app.t
        s = app.state()
        info = {"g": s["games"] + 1, "of": s["target"]}
        title(c, named(app, "KB_HDR_OF" if s["target"] else "KB_HDR", info, "p", app.name(s["parent"])))
        rows = [t("KB_ROW", {"face": s["face"][i], "laps": s["laps"][i], "pts": s["points"][i],
                             "deal": s["deal"][i]}) for i in range(s["seats"])]
        x = W - max([text_width(r) for r in rows])     # the figures as wide as they are, the names the rest
        for i in range(s["seats"]):
            y = 8 * (i + 1)
            c.text(fit(app.name(i), x - 4), 0, y)
            c.text(rows[i], x, y)
        hint(c, t("KB_PLAY_HINT"))


def big(app):
    """The large view's groups (ui/screens/big.py): laps and deal sizes, then the points."""
    t = app.t
    s = app.state()
    name = app.name
    return [[(name(i), t("BIG_LAPS", {"laps": s["laps"][i], "deal": s["deal"][i]})) for i in range(s["seats"])],
            [(name(i), t("PTS", {"n": s["points"][i]})) for i in range(s["seats"])]]


def play(app):
    return Play(app)


def result(app, out):
    if out.get("kind") == "end":
        return None
    kind = out["kind"]
    if kind == "dobon" and [1 for it in out["score"]["breakdown"] if it["item"] == 9]:
        kind = "gaeshi_end"               # ⑨返し in the score: a dobon-gaeshi
    from kinds.kabu.review import lines
    return Lines(app, app.t("RESULT_OF", {"what": app.t("KB_" + kind)}), lines(app, out), app.show_play)


def history(app, ev, before, out):
    """One line of the history screen: the game, what was recorded, and for a dobon where the
    loser's points now stand (「第2戦 P1がP2にドボン 1周2」)."""
    t = app.t
    what = describe(app, ev)
    if ev.get("t") in ("dobon", "deckout") and out is not None and "laps" in out:
        l = out["loser"]
        if ev["t"] == "deckout":       # who lost it and how much (「山切れ：P3に+5点」)
            what = t("KB_DECKOUT_EV", {"l": app.name(l), "t": out["score"]["total"]})
        n = out["laps"][l]
        what = t("KB_HIST_LAPS1" if n == 1 else "KB_HIST_LAPS", {"what": what, "laps": n, "pips": out["pips"][l]})
    return t("KB_HIST", {"g": before["games"] + 1, "what": what})


def describe(app, ev):
    """What a saved action was, for the undo/redo line (never the event's raw type)."""
    t = app.t
    k = ev.get("t")
    if k == "dobon":
        return t("KB_GAESHI_EV" if ev.get("gaeshi") else "KB_DOBON_EV",
                 {"w": app.name(ev["winner"]), "l": app.name(ev["loser"])})
    if k in ("four", "parent"):
        return t("KB_" + k.upper() + "_EV", {"name": app.name(ev["seat"])})
    if k in ("okoshi", "deckout", "draw"):
        return t("KB_" + k)
    return t("LAST_STEP")
