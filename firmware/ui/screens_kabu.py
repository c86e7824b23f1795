# 株ドボン play screens: every player's die, laps, points and next deal size; the endings entered
# field by field (hands card by card by rank) with the itemised score shown before it is saved.
from ui.screens_common import Screen, Menu, Choice, Form, Lines, Confirm, title, hint, fit, W
from scoreboard import kabu_score as ks

CIRCLED = "①②③④⑤⑥⑦⑧⑨⑩⑪⑫"


def ranks(app):
    names = ks.NAMES if app.lang == "ja" else ks.LABELS
    return [(names[c], c) for c in ks.CODES]


class Play(Screen):
    def on_button(self, kind, name):
        if kind != "click":
            return
        app = self.app
        if name == "ok":
            app.push(Endings(app))
        elif name == "back":
            from ui.screens_menu import GameMenu
            app.push(GameMenu(app, [("KB_end", lambda: app.push(Confirm(app, app.t("KB_end"),
                                                                         lambda: app.submit({"t": "end"}))))]))

    def draw(self, c):
        app = self.app
        t = app.t
        s = app.state()
        info = {"g": s["games"] + 1, "of": s["target"], "p": app.name(s["parent"])}
        title(c, t("KB_HDR_OF" if s["target"] else "KB_HDR", info))
        for i in range(s["seats"]):
            y = 8 * (i + 1)
            c.text(fit(app.name(i), 24), 0, y)
            c.text(t("KB_ROW", {"face": s["face"][i], "laps": s["laps"][i], "pts": s["points"][i],
                                "deal": s["deal"][i]}), 28, y)
        hint(c, t("ENTER_RESULT"))


class Endings(Menu):
    """How the game ended: each opens its entry form (or a yes/no for a drawn game)."""

    def __init__(self, app):
        t = app.t
        items = [(t("KB_dobon"), lambda: app.push(dobon_form(app))),
                 (t("KB_okoshi"), lambda: app.push(okoshi_form(app))),
                 (t("KB_four"), lambda: app.push(four_form(app))),
                 (t("KB_deckout"), lambda: app.push(deckout_form(app))),
                 (t("KB_draw"), lambda: app.push(Confirm(app, t("KB_draw"), lambda: app.submit({"t": "draw"}))))]
        if app.state()["games"] == 0:
            items.append((t("KB_parent"), lambda: app.push(Choice(
                app, t("KB_parent"), seat_opts(app), lambda v: app.submit({"t": "parent", "seat": v}),
                app.state()["parent"]))))
        Menu.__init__(self, app, t("RESULT"), items)


def seat_opts(app):
    return [(app.name(i), i) for i in range(app.nseats())]


def _preview(app, ev):
    """Dry-run the event (a refusal shows its reason here, before anything is saved)."""
    out = app.dry_run(ev)
    app.push(Lines(app, app.t("PREVIEW"), lines(app, out), lambda: app.submit(ev), app.t("COMMIT_HINT")))


def items_lines(app, sc):
    out = []
    for it in sc["breakdown"]:
        n = it["item"]
        lab = CIRCLED[n - 1] + app.t("KB_I%d" % n)
        if "points" in it:
            out.append("%s +%d" % (lab, it["points"]))
        else:
            out.append("%s ×%d" % (lab, it["factor"]))
    return out


def lines(app, out):
    """An outcome as text: the itemised score, who gets it, the -2, then everyone's points."""
    t = app.t
    k = out["kind"]
    ls = []
    if k in ("dobon", "four", "deckout"):
        sc = out["score"]
        ls += items_lines(app, sc)
        if k == "four":
            ls.append(t("KB_GETS", {"name": "*", "t": sc["total"]}))
        else:
            ls.append(t("KB_TOTAL", {"t": sc["total"], "name": app.name(out["loser"])}))
        ls.append(t("KB_LAPS", {"laps": sc["laps"], "pips": sc["pips"]}))
        if out.get("minus2"):
            who = out["holder"] if k == "four" else out["winner"]
            ls.append(t("KB_M2", {"name": app.name(who), "d": out["minus2"]}))
    elif k == "okoshi":
        if not out["pairs"]:
            ls.append(t("KB_NO_LOSER"))
        for p in out["pairs"]:
            ls.append("%s←%s" % (app.name(p["loser"]), app.name(p["winner"])))
            ls += ["  " + x for x in items_lines(app, p)]
        for i in range(len(out["totals"])):
            if out["totals"][i]:
                ls.append(t("KB_GETS", {"name": app.name(i), "t": out["totals"][i]}))
        for i in range(len(out["minus2"])):
            if out["minus2"][i]:
                ls.append(t("KB_M2", {"name": app.name(i), "d": out["minus2"][i]}))
    elif k == "draw":
        ls.append(t("KB_DRAWN"))
    if "points" in out:
        for i in range(len(out["points"])):
            ls.append("%s %s" % (fit(app.name(i), 24), t("PTS", {"n": out["points"][i]})))
    if out.get("over"):
        ls.append(t("KB_OVER"))
    return ls


def dobon_form(app):
    t = app.t
    rk = ranks(app)

    def fields(v):
        f = [{"key": "winner", "label": t("KB_winner"), "kind": "seat", "opts": seat_opts(app)},
             {"key": "loser", "label": t("KB_loser"), "kind": "seat", "opts": seat_opts(app)},
             {"key": "own", "label": t("KB_own"), "kind": "cards", "ranks": rk},
             {"key": "their", "label": t("KB_their"), "kind": "cards", "ranks": rk},
             {"key": "dobon_card", "label": t("KB_card"), "kind": "card", "ranks": rk},
             {"key": "okoshi", "label": t("KB_okoshi_card"), "kind": "card", "ranks": rk, "opt": True},
             {"key": "trumps", "label": t("KB_trumps"), "kind": "int", "lo": 1, "hi": 40, "opt": True,
              "empty": t("KB_ALL_OPEN")},
             {"key": "gaeshi", "label": t("KB_gaeshi"), "kind": "int", "lo": 0, "hi": ks.GAESHI_MAX}]
        if v.get("gaeshi"):
            f.append({"key": "their_trumps", "label": t("KB_their_trumps"), "kind": "int", "lo": 1,
                      "hi": 40, "opt": True, "empty": t("KB_ALL_OPEN")})
        f.append({"key": "minus2", "label": t("KB_minus2"), "kind": "bool"})
        return f

    def go(v):
        ev = {"t": "dobon", "winner": v["winner"], "loser": v["loser"], "own": v["own"],
              "their": v["their"], "dobon_card": v["dobon_card"], "okoshi": v["okoshi"],
              "trumps": v["trumps"], "gaeshi": v["gaeshi"], "minus2": v["minus2"]}
        if v["gaeshi"]:
            ev["their_trumps"] = v.get("their_trumps")
        _preview(app, ev)

    vals = {"winner": None, "loser": None, "own": [], "their": [], "dobon_card": None, "okoshi": None,
            "trumps": None, "gaeshi": 0, "minus2": True}
    return Form(app, t("KB_dobon"), fields, vals, go)


def okoshi_form(app):
    t = app.t
    rk = ranks(app)
    n = app.nseats()

    def fields(v):
        f = [{"key": "okoshi", "label": t("KB_okoshi_card"), "kind": "card", "ranks": rk},
             {"key": "winners", "label": t("KB_winners"), "kind": "seats", "opts": seat_opts(app)}]
        for i in range(n):
            f.append({"key": "h%d" % i, "label": t("KB_hand_of", {"name": app.name(i)}), "kind": "cards",
                      "ranks": rk, "max": app.state()["deal"][i]})
        for w in v["winners"] or []:
            f.append({"key": "t%d" % w, "label": t("KB_trumps_of", {"name": app.name(w)}), "kind": "int",
                      "lo": 1, "hi": 40, "opt": True, "empty": t("KB_ALL_OPEN")})
        f.append({"key": "minus2", "label": t("KB_minus2"), "kind": "bool"})
        return f

    def go(v):
        ev = {"t": "okoshi", "okoshi": v["okoshi"], "winners": v["winners"],
              "hands": [v.get("h%d" % i) or [] for i in range(n)],
              "trumps": [v.get("t%d" % i) for i in range(n)], "minus2": v["minus2"]}
        _preview(app, ev)

    return Form(app, t("KB_okoshi"), fields, {"okoshi": None, "winners": [], "minus2": True}, go)


def four_form(app):
    t = app.t
    rk = ranks(app)

    def fields(v):
        return [{"key": "seat", "label": t("KB_holder"), "kind": "seat", "opts": seat_opts(app)},
                {"key": "hand", "label": t("KB_hand"), "kind": "cards", "ranks": rk}]

    def go(v):
        _preview(app, {"t": "four", "seat": v["seat"], "hand": v["hand"]})

    return Form(app, t("KB_four"), fields, {"seat": None, "hand": []}, go)


def deckout_form(app):
    t = app.t
    rk = ranks(app)
    n = app.nseats()
    m2 = app.game.settings.get("minus2_endings")

    def fields(v):
        f = []
        for i in range(n):
            f.append({"key": "s%d" % i, "label": t("KB_size_of", {"name": app.name(i)}), "kind": "int",
                      "lo": 0, "hi": 40})
        f.append({"key": "most", "label": t("KB_most"), "kind": "cards", "ranks": rk})
        f.append({"key": "fewest", "label": t("KB_fewest"), "kind": "cards", "ranks": rk})
        if m2:
            f.append({"key": "minus2", "label": t("KB_minus2"), "kind": "bool"})
        return f

    def go(v):
        ev = {"t": "deckout", "sizes": [v["s%d" % i] for i in range(n)], "most": v["most"],
              "fewest": v["fewest"]}
        if m2:
            ev["minus2"] = v["minus2"]
        _preview(app, ev)

    vals = {"most": [], "fewest": [], "minus2": True}
    for i in range(n):
        vals["s%d" % i] = 0
    return Form(app, t("KB_deckout"), fields, vals, go)


def play(app):
    return Play(app)


def result(app, out):
    if out.get("kind") == "end":
        return None
    return Lines(app, app.t("KB_" + out["kind"]) + " " + app.t("RESULT"), lines(app, out), app.show_play)


def describe(app, ev):
    k = ev.get("t")
    s = app.t("KB_" + k) if k in ("dobon", "okoshi", "four", "deckout", "draw", "parent", "end") else str(k)
    if k == "dobon":
        s += " %s←%s" % (app.name(ev["loser"]), app.name(ev["winner"]))
    elif k in ("four", "parent"):
        s += " " + app.name(ev["seat"])
    return s
