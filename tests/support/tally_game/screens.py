# タリー's screens: the points so far; ok asks who took this round's point.
from ui.screens.common import PlayScreen, seat_opts, title, fit, rtext, W
from ui.widgets.choice import Choice


class Play(PlayScreen):
    def act(self, name):
        app = self.app
        if name == "ok":
            app.push(Choice(app, app.t("TALLY_WHO"), seat_opts(app), lambda s: app.submit({"t": "point", "seat": s})))

    def draw(self, c):
        app = self.app
        s = app.state()
        title(c, app.t("TALLY_HDR", {"k": s["round"] + 1}))
        for i in range(s["n"]):
            c.text(fit(app.name(i), 90), 0, 8 + 8 * i)
            rtext(c, str(s["points"][i]), W, 8 + 8 * i)


def play(app):
    return Play(app)


def result(app, out):
    return None


def describe(app, ev):
    if ev.get("t") == "point":
        return app.t("TALLY_POINT", {"seat": app.name(ev["seat"])})
    return str(ev.get("t"))
