# 掛け引きほーるでむ's secret prediction, on one screen of its own: opened from the play screen's
# hand-over line when a player predicts (imported then, not with the game).
from ui.screens.common import Screen, title, hint, fit, W
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
        # the players in cells, two or three to a row (each name kept apart from the next)
        tg = self.targets()
        cols = 2 if len(tg) <= 4 else 3
        cw = W // cols
        for k in range(len(tg)):
            x = cw * (k % cols)
            y = 20 + 10 * (k // cols)
            lab = fit(app.name(tg[k]), cw - 5)
            c.text(lab, x + 1, y)
            if k == self.ti:
                c.invert_rect(x, y - 1, text_width(lab) + 2, 10)
        c.text(t("KH_PRED_V", {"hi": self.vmax()}), 0, 43)
        s = "▲%d▼" % self.v
        c.text(s, 84, 43)
        c.rect(83, 42, text_width(s) + 2, 10, 1)
        hint(c, t("KH_PRED_HINT"))

