# 囲将会ドボン play screens: running totals and the next starter; each round's outcome (tsumo,
# dobon with its calls and gaeshi, tenhou) entered hand by hand and settled on a preview first.
from ui.screens_common import Screen, Menu, Choice, Form, Lines, ListScreen, Confirm, title, hint, fit, rtext, W
from scoreboard import kakoi_score as kk


def ranks(app):
    jokers = app.game.settings.get("jokers")
    return [(r, r) for r in kk.RANKS if r != "JOKER" or jokers]


def seat_opts(app, seats=None):
    if seats is None:
        seats = range(app.nseats())
    return [(app.name(i), i) for i in seats]


class Play(Screen):
    def on_button(self, kind, name):
        if kind != "click":
            return
        app = self.app
        if name == "ok":
            t = app.t
            app.push(Menu(app, t("RESULT"), [
                (t("KK_tsumo"), lambda: app.push(round_form(app, "tsumo"))),
                (t("KK_dobon"), lambda: app.push(round_form(app, "dobon"))),
                (t("KK_tenhou"), lambda: app.push(round_form(app, "tenhou"))),
                (t("KK_starter"), lambda: app.push(Choice(app, t("KK_starter"), seat_opts(app),
                                                          lambda v: app.submit({"t": "starter", "seat": v}),
                                                          app.state()["starter"])))]))
        elif name == "back":
            from ui.screens_menu import GameMenu
            app.push(GameMenu(app, [("KK_end", lambda: app.push(Confirm(app, app.t("KK_end"),
                                                                         lambda: app.submit({"t": "end"}))))]))

    def draw(self, c):
        app = self.app
        s = app.state()
        title(c, app.t("KK_HDR", {"r": s["round"] + 1, "name": app.name(s["starter"])}))
        for i in range(s["n"]):
            y = 8 * (i + 1)
            if s["starter"] == i:
                c.text("→", 0, y)
            c.text(fit(app.name(i), 60), 8, y)
            rtext(c, str(s["totals"][i]), 100, y)
        hint(c, app.t("ENTER_RESULT"))


def call_text(app, cl):
    on = cl.get("on", "card")
    if on == "card":
        tgt = app.t("KK_ON_CARD")
    else:
        tgt = "→" + ",".join([app.name(x) for x in on])
    return "%s %s %s" % (app.name(cl["seat"]), cl["top"], tgt)


class Calls(ListScreen):
    """The dobon calls in the order they were made; a gaeshi answers earlier callers."""

    def __init__(self, app, form, key):
        ListScreen.__init__(self, app, app.t("KK_calls"))
        self.form, self.key = form, key
        self.calls = list(form.values.get(key) or [])
        self.span = 6

    def rows(self):
        return [call_text(self.app, cl) for cl in self.calls] + ["+ " + self.app.t("ADD"), self.app.t("DONE")]

    def choose(self, i):
        app = self.app
        if i < len(self.calls):
            self.calls.pop(i)            # ok on a call deletes it (then add it again)
        elif i == len(self.calls):
            app.push(call_form(app, self))
        else:
            self.form.values[self.key] = self.calls
            app.pop()

    def draw(self, c):
        ListScreen.draw(self, c)
        hint(c, self.app.t("KK_DEL_HINT"))


def call_form(app, calls):
    t = app.t
    earlier = []   # each seat once, even when it called twice (a seat means its latest call)
    for cl in calls.calls:
        if cl["seat"] not in earlier:
            earlier.append(cl["seat"])

    def fields(v):
        f = [{"key": "seat", "label": t("KK_CALL"), "kind": "seat", "opts": seat_opts(app)},
             {"key": "top", "label": t("KK_top"), "kind": "card", "ranks": ranks(app)}]
        if earlier:
            f.append({"key": "on", "label": t("KK_on"), "kind": "seats", "opts": seat_opts(app, earlier),
                      "empty": t("KK_ON_CARD")})
        return f

    def add(v):
        cl = {"seat": v["seat"], "top": v["top"], "on": v["on"] if v["on"] else "card"}
        calls.calls.append(cl)
        app.pop()

    return Form(app, t("KK_CALL"), fields, {"seat": None, "top": None, "on": []}, add, "ADD")


def round_form(app, kind):
    t = app.t
    n = app.nseats()
    rk = ranks(app)

    def fields(v):
        if kind == "tsumo":
            f = [{"key": "seat", "label": t("KK_seat"), "kind": "seat", "opts": seat_opts(app)},
                 {"key": "card", "label": t("KK_last"), "kind": "card", "ranks": rk}]
        else:
            f = [{"key": "card", "label": t("KK_card"), "kind": "card", "ranks": rk}]
            if kind == "dobon":
                f.append({"key": "by", "label": t("KK_by"), "kind": "seat", "opts": seat_opts(app)})
                f.append({"key": "out", "label": t("KK_out"), "kind": "bool"})
            f.append({"key": "calls", "label": t("KK_calls"), "kind": "calls",
                      "edit": lambda form, fd: app.push(Calls(app, form, "calls")),
                      "fmt": lambda cs: str(len(cs))})
        for i in range(n):
            if kind == "tsumo" and v.get("seat") == i:
                continue
            if kind == "dobon" and v.get("out") and v.get("by") == i:
                continue
            f.append({"key": "h%d" % i, "label": t("KK_hand_of", {"name": app.name(i)}), "kind": "cards",
                      "ranks": rk, "opt": True})
        return f

    def event(v):
        ev = {"t": kind, "card": v["card"]}
        hands = []
        for i in range(n):
            h = v.get("h%d" % i)
            skip = (kind == "tsumo" and v.get("seat") == i) or (kind == "dobon" and v.get("out") and v.get("by") == i)
            hands.append(None if skip or not h else h)
        ev["hands"] = hands
        if kind == "tsumo":
            ev["seat"] = v["seat"]
        else:
            ev["calls"] = v.get("calls") or []
        if kind == "dobon":
            ev["by"] = v["by"]
            ev["out"] = bool(v.get("out"))
        return ev

    def go(v):
        ev = event(v)
        out = app.dry_run(ev)
        app.push(Lines(app, app.t("PREVIEW"), lines(app, out), lambda: app.submit(ev), app.t("COMMIT_HINT")))

    vals = {"seat": None, "card": None, "by": None, "out": False, "calls": []}
    return Form(app, t("KK_" + kind), fields, vals, go)


def lines(app, out):
    """Every payment (with its multiplier and the cap), each player's change, the next starter."""
    t = app.t
    ls = []
    for p in out.get("payments", []):
        s = t("KK_PAY", {"a": app.name(p["payer"]), "b": app.name(p["receiver"]), "n": p["amount"]})
        s += " (%d×%d)" % (p["points"], p["factor"])
        if p.get("capped"):
            s += " " + t("L_KAKOI_CAPPED")
        ls.append(s)
    d = out.get("deltas", [])
    for i in range(len(d)):
        tot = out["totals"][i] if "totals" in out else None
        s = "%s %s%d" % (fit(app.name(i), 24), "+" if d[i] >= 0 else "", d[i])
        if tot is not None:
            s += " = %d" % tot
        ls.append(s)
    if "next" in out:
        ls.append(t("KK_HDR", {"r": out.get("round", 0) + 1, "name": app.name(out["next"])}))
    return ls


def play(app):
    return Play(app)


def result(app, out):
    return Lines(app, app.t("KK_" + out["t"]) + " " + app.t("RESULT"), lines(app, out), app.show_play)


def describe(app, ev):
    k = ev.get("t")
    if k in ("tsumo", "dobon", "tenhou", "starter", "end"):
        s = app.t("KK_" + k)
        if k in ("tsumo", "starter"):
            s += " " + app.name(ev["seat"])
        return s
    return str(k)
