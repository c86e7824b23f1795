# Standings (any time, from the game menu) and the end-of-game screen; every game's standings()
# gives seat/score/place, so one screen serves all four games.
from ui.screens.common import Screen, title, hint, fit, rtext, W


def standing_lines(app):
    st = app.game.standings()
    st = sorted(st, key=lambda e: (e["place"], e["seat"]))
    pts = "PTS_" + str(app.kind)          # ドボン counts round wins (「2勝」), the others points
    if app.t(pts) == pts:
        pts = "PTS"
    return [(app.t("PLACE", {"n": e["place"]}), app.name(e["seat"]), app.t(pts, {"n": e["score"]}))
            for e in st]


class Standings(Screen):
    def __init__(self, app):
        Screen.__init__(self, app)
        self.head_id = "STANDINGS"

    def draw(self, c):
        app = self.app
        note = getattr(app.gmod, "standings_note", None)     # a game's own title and foot
        head, foot = note(app) if note else (None, None)
        title(c, head or app.t(self.head_id))
        y = 8
        for place, nm, pts in standing_lines(app)[:6]:
            c.text(place, 0, y)
            c.text(fit(nm, 56), 24, y)
            rtext(c, pts, W, y)
            y += 8
        self.foot(c, foot)

    def foot(self, c, note):
        if note:
            hint(c, note)


class End(Standings):
    """The end of the game: final standings; ok goes back to the first screen (undo still works)."""

    def __init__(self, app):
        Standings.__init__(self, app)
        self.head_id = "FINAL"

    def on_button(self, kind, name):
        if kind == "click" and name in ("ok", "back"):
            self.app.to_start()

    def foot(self, c, note):
        t = self.app.t("CONT_HINT")
        hint(c, note + " " + t if note else t)
