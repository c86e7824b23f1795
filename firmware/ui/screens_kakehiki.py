# 掛け引きほーるでむ play screens: the table (holdings, dials, pot, phase, turn), the four actions
# with a bounded raise entry, secret predictions, sign/judge prompts, winner choice, round results.
from ui.screens_common import Screen, MultiSelect, Lines, title, hint, fit, rtext, W
from ui.canvas import text_width

ACTIONS = ("raise", "call", "check", "fold")
BETTING = ("select", "sign_bet", "judge_bet")


def _in(s):
    return [i for i in range(s["n"]) if not s["out"][i]]


def _top(s):
    m = 0
    for i in _in(s):
        if s["dial"][i] > m:
            m = s["dial"][i]
    return m


class Play(Screen):
    def __init__(self, app):
        Screen.__init__(self, app)
        self.sel = 0          # chosen action / yes-no
        self.raising = None   # the raise value while it is being entered

    def open(self):
        self.raising = None

    # ---- what the bottom row offers in this phase ----------------------------------------------
    def prompt(self, s):
        ph = s["phase"]
        if ph in BETTING:
            return "bet"
        if ph == "predict":
            return "predict"
        if ph == "showdown":
            return "win"
        if ph == "sign" or (ph == "reveal" and not s["sign_rev"]):
            return "sign"
        return "judge"

    def raise_range(self, s):
        p = s["turn"]
        hi = self.app.game.settings["dial_max"]
        if s["hold"][p] < hi:
            hi = s["hold"][p]
        return _top(s) + 1, hi

    def on_button(self, kind, name):
        app = self.app
        s = app.state()
        pr = self.prompt(s)
        if self.raising is not None:
            lo, hi = self.raise_range(s)
            if name == "up" and self.raising < max(hi, lo):
                self.raising += 1
            elif name == "down" and self.raising > lo:
                self.raising -= 1
            elif kind != "click":
                return
            elif name == "ok":
                v = self.raising
                self.raising = None
                app.submit({"t": "raise", "p": s["turn"], "v": v})
            elif name == "back":
                self.raising = None
            return
        if kind != "click":
            return
        n = 4 if pr == "bet" else 2
        if name == "left":
            self.sel = (self.sel - 1) % n
        elif name == "right":
            self.sel = (self.sel + 1) % n
        elif name == "back":
            from ui.screens_menu import GameMenu
            app.push(GameMenu(app))
        elif name == "ok":
            self.act(s, pr)

    def act(self, s, pr):
        app = self.app
        if pr == "bet":
            a = ACTIONS[self.sel % 4]
            if a == "raise":
                lo, hi = self.raise_range(s)
                self.raising = lo
                return
            app.submit({"t": a, "p": s["turn"]})
        elif pr == "predict":
            app.push(Predict(app, s["turn"]))
        elif pr == "win":
            opts = [(app.name(i), i) for i in _in(s)]
            app.push(MultiSelect(app, app.t("KH_WINNERS"), opts, [],
                                 lambda ws: app.submit({"t": "win", "p": ws})))
        else:
            yes = self.sel % 2 == 0
            if pr == "sign":
                app.submit({"t": "sign", "minus": yes})
            else:
                app.submit({"t": "judge", "small": yes})
            self.sel = 0

    # ---- drawing ---------------------------------------------------------------------------------
    def draw(self, c):
        app = self.app
        t = app.t
        s = app.state()
        title(c, t("KH_HDR", {"r": s["round"], "ph": t("KH_" + s["phase"]), "pot": s["pot"]}))
        hidden = {}
        shown = {}
        for pr in s["preds"]:
            if pr["res"] is None:
                hidden[pr["by"]] = True          # never the target or value before the reveal
            else:
                shown[pr["by"]] = "→%d:%d" % (pr["on"] + 1, pr["v"])
        for i in range(s["n"]):
            y = 8 * (i + 1)
            if s["turn"] == i:
                c.text("→", 0, y)
            c.text(fit(app.name(i), 24), 8, y)
            if s["parent"] == i:
                c.text("親", 34, y)
            rtext(c, str(s["hold"][i]), 60, y)
            if s["out"][i]:
                c.text("降" if app.lang == "ja" else "out", 66, y)
            else:
                c.text("[%d]" % s["dial"][i], 66, y)
            if s["success"][i]:
                c.text("★%d" % s["success"][i], 84, y)
            if i in hidden:
                c.text("●", 112, y)
            elif i in shown:
                rtext(c, shown[i], W, y)
        self.draw_bar(c, s)

    def draw_bar(self, c, s):
        app = self.app
        t = app.t
        pr = self.prompt(s)
        y = 56
        c.hline(0, 55, W, 1)
        if self.raising is not None:
            lo, hi = self.raise_range(s)
            x = c.text(t("KH_RAISE_TO", {"lo": lo, "hi": hi}), 0, y)
            c.text("▲%d▼" % self.raising, x + 4, y)
            c.invert_rect(x + 3, y, text_width("▲%d▼" % self.raising) + 2, 8)
            return
        if pr == "bet":
            self.options(c, [t("KH_" + a) for a in ACTIONS], 0, y)
        elif pr == "predict":
            c.text(fit(t("KH_PRED_GO", {"name": app.name(s["turn"])}), W), 0, y)
        elif pr == "win":
            c.text(t("KH_WIN_GO"), 0, y)
        else:
            x = c.text(t("KH_MINUS" if pr == "sign" else "KH_SMALL"), 0, y)
            self.options(c, [t("YES"), t("NO")], x + 4, y)

    def options(self, c, labels, x, y):
        n = len(labels)
        for k in range(n):
            w = text_width(labels[k])
            c.text(labels[k], x + 1, y)
            if k == self.sel % n:
                c.invert_rect(x, y, w + 2, 8)
            x += w + 5


class Predict(Screen):
    """A secret prediction: a privacy prompt, then target and value; the screen then clears."""

    def __init__(self, app, seat):
        Screen.__init__(self, app)
        self.seat = seat
        self.stage = 0       # 0 privacy prompt, 1 target, 2 value
        self.ti = 0
        self.v = 0

    def targets(self):
        return _in(self.app.state())

    def vmax(self):
        s = self.app.state()
        hi = self.app.game.settings["dial_max"]
        return min(hi, s["hold"][self.seat])

    def on_button(self, kind, name):
        app = self.app
        tg = self.targets()
        if self.stage == 1 and name in ("up", "down", "left", "right"):
            d = 1 if name in ("down", "right") else -1
            self.ti = (self.ti + d) % len(tg)
            return
        if self.stage == 2 and name in ("up", "down"):
            d = 1 if name == "up" else -1
            self.v = min(max(self.vmax(), 0), max(0, self.v + d))
            return
        if kind != "click":
            return
        if name == "ok":
            if self.stage < 2:
                self.stage += 1
            else:
                app.submit({"t": "predict", "p": self.seat, "on": tg[self.ti], "v": self.v})
        elif name == "back":
            if self.stage:
                self.stage -= 1
            else:
                app.pop()

    def draw(self, c):
        app = self.app
        t = app.t
        nm = app.name(self.seat)
        title(c, t("KH_predict") + " " + nm)
        if self.stage == 0:
            c.text(fit(t("KH_SECRET", {"name": nm}), W), 0, 20)
            c.text(t("KH_SECRET2"), 0, 32)
            return
        c.text(fit(t("KH_PRED_ON", {"name": nm}), W), 0, 8)
        tg = self.targets()
        x = 0
        for k in range(len(tg)):
            lab = fit(app.name(tg[k]), 24)
            w = c.text(lab, x + 1, 20)
            if k == self.ti:
                c.rect(x, 19, w + 2, 10, 1)
                if self.stage == 1:
                    c.invert_rect(x, 19, w + 2, 10)
            x += 25 if w <= 24 else w + 4
        c.text(t("KH_PRED_V", {"hi": self.vmax()}), 0, 36)
        if self.stage == 2:
            s = "▲%d▼" % self.v
            x = 84
            c.text(s, x, 36)
            c.invert_rect(x - 1, 36, text_width(s) + 2, 8)
        hint(c, "OK")


def result(app, out):
    """The round's result: winner and share, every player's net, then predictions and shuffles."""
    t = app.t
    lines = []
    ws = ",".join([app.name(w) for w in out["winners"]])
    lines.append("%s %s +%d" % (t("WINNER"), ws, out["share"]))
    for i in range(len(out["hold"])):
        net = out["net"][i]
        lines.append("%s %s%d  %d ★%d" % (fit(app.name(i), 24), "+" if net >= 0 else "", net,
                                          out["hold"][i], out["success"][i]))
    if not out["preds"]:
        lines.append(t("KH_NO_PREDS"))
    for pr in out["preds"]:
        got = pr.get("got")
        lines.append("%s→%s %d %s%s" % (fit(app.name(pr["by"]), 24), fit(app.name(pr["on"]), 24), pr["v"],
                                        t("KH_PRED_" + pr["res"]), "" if got is None else " +%d" % got))
    if out["pot_left"]:
        lines.append(t("KH_POT_LEFT", {"n": out["pot_left"]}))
    if out["sign_shuffle"]:
        lines.append(t("KH_SHUF_SIGN"))
    if out["judge_shuffle"]:
        lines.append(t("KH_SHUF_JUDGE"))
    if out.get("over"):
        lines.append(t("KH_OVER_" + out["over"]))
    return Lines(app, t("ROUND", {"n": out["round"]}) + " " + t("RESULT"), lines, app.show_play)


def play(app):
    return Play(app)


def describe(app, ev):
    """What an action was, for the undo toast; a prediction never says its target or value."""
    t = app.t
    k = ev.get("t")
    if k in ACTIONS:
        s = app.name(ev["p"]) + " " + t("KH_" + k)
        if k == "raise":
            s += " %d" % ev["v"]
        return s
    if k == "predict":
        return t("KH_PREDICTED", {"name": app.name(ev["p"])})
    if k == "sign":
        return t("KH_SIGN_EV")
    if k == "judge":
        return t("KH_JUDGE_EV")
    if k == "win":
        return t("KH_WIN_EV", {"who": ",".join([app.name(w) for w in ev["p"]])})
    return str(k)
