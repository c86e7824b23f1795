# 掛け引きほーるでむ's secret prediction, on one screen of its own: opened from the play screen's
# hand-over line when a player predicts (imported then, not with the game).
from ui.screens_common import Screen, title, hint, fit, W
from draw.font import text_width
from kinds.kakehiki.rules import seats_in


class Predict(Screen):
    """A secret prediction on one screen: left/right the player, up/down the dango, OK saves; the
    play screen's hand-over line comes first, and the screen clears when it is saved."""

    entry = True          # a hold of back cancels the prediction, never undoes

    def __init__(self, app, seat):
        Screen.__init__(self, app)
        self.seat = seat
        tg = self.targets()
        self.ti = 0
        for k in range(len(tg)):          # the first player still in after the predictor
            if tg[k] > seat:
                self.ti = k
                break
        self.v = 1 if self.vmax() >= 1 else 0

    def targets(self):
        return seats_in(self.app.state())

    def vmax(self):
        s = self.app.state()
        hi = self.app.game.settings["dial_max"]
        return min(hi, s["hold"][self.seat])

    def on_button(self, kind, name):
        app = self.app
        tg = self.targets()
        if name in ("left", "right"):
            d = 1 if name == "right" else -1
            self.ti = (self.ti + d) % len(tg)
            return
        if name in ("up", "down"):
            d = 1 if name == "up" else -1
            self.v = min(max(self.vmax(), 0), max(0, self.v + d))
            return
        if kind != "click":
            return
        if name == "ok":
            # App.submit says what was recorded: describe() of a prediction, 「P2が予想」 (never its
            # target or value)
            app.submit({"t": "predict", "p": self.seat, "on": tg[self.ti], "v": self.v})
        elif name == "back":
            app.pop()

    def draw(self, c):
        app = self.app
        t = app.t
        nm = app.name(self.seat)
        title(c, t("KH_PRED_TITLE", {"name": nm}))
        c.text(fit(t("KH_PRED_WHO"), W), 0, 10)
        tg = self.targets()
        x = 0
        for k in range(len(tg)):
            lab = fit(app.name(tg[k]), 24)
            w = text_width(lab)
            c.text(lab, x + 1, 22)
            if k == self.ti:
                c.invert_rect(x, 21, w + 2, 10)
            x += 25 if w <= 24 else w + 4
        c.text(t("KH_PRED_V", {"hi": self.vmax()}), 0, 38)
        s = "▲%d▼" % self.v
        c.text(s, 84, 38)
        c.rect(83, 37, text_width(s) + 2, 10, 1)
        hint(c, t("KH_PRED_HINT"))

