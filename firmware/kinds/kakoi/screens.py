# 囲将会ドボン play screens: running totals and the next starter; each round's outcome is entered on
# kinds/kakoi/entry.py (imported at the first entry, not with the game).
from ui.screens.common import PlayScreen, title, hint, fit, rtext, in_entry
from ui.widgets.menu import Menu
from ui.widgets.choice import Choice
from ui.widgets.lines import Lines
from ui.screens.common import seat_opts
from kinds.kakoi.lines import lines, describe, header


def _entry(app, kind):
    """A round's outcome entered (dobon, tsumo, tenhou): its screens come with the first one."""
    from kinds.kakoi.entry import RoundEntry
    RoundEntry(app, kind).start()


class Play(PlayScreen):
    def act(self, name):
        app = self.app
        if name == "ok":
            t = app.t
            # the list opens on 天和: ドボン and ツモ上がり have their own keys (→ and ←)
            m = Menu(app, t("RESULT"), [
                (t("KK_dobon"), lambda: _entry(app, "dobon")),
                (t("KK_tsumo"), lambda: _entry(app, "tsumo")),
                (t("KK_tenhou"), lambda: _entry(app, "tenhou")),
                (t("KK_starter"), lambda: app.push(Choice(app, t("KK_starter"), seat_opts(app),
                                                          lambda v: app.submit({"t": "starter", "seat": v}),
                                                          app.state()["starter"])))])
            m.sel = 2
            app.push(in_entry(m))
        elif name == "right":            # the usual outcome, one press shorter (the hint says so)
            _entry(app, "dobon")
        elif name == "left":             # the other usual one, ツモ上がり (the hint says so too)
            _entry(app, "tsumo")

    def draw(self, c):
        app = self.app
        s = app.state()
        title(c, header(app, s["round"] + 1, s["starter"]))
        for i in range(s["n"]):
            y = 8 * (i + 1)
            if s["starter"] == i:
                c.text("→", 0, y)
            c.text(fit(app.name(i), 60), 8, y)
            rtext(c, str(s["totals"][i]), 100, y)
        hint(c, app.t("KK_PLAY_HINT"))


def big(app):
    """The large view's groups (ui/screens/big.py): the totals."""
    s = app.state()
    return [[(app.name(i), app.t("PTS", {"n": s["totals"][i]})) for i in range(s["n"])]]


def play(app):
    return Play(app)


def result(app, out):
    return Lines(app, app.t("RESULT_OF", {"what": app.t("KK_" + out["t"])}), lines(app, out), app.show_play)


def history(app, ev, before, out):
    """One line of the history screen: the round (局), then what was recorded; a round's outcome
    with who received how much (「第1局 P1のツモ上がり+18」「第2局 ドボン：P2+28」: the payers
    are in its result)."""
    t = app.t
    info = {"r": before["round"] + 1, "what": describe(app, ev)}
    if out is not None and "deltas" in out:
        d = out["deltas"]
        if ev["t"] == "tsumo":
            w = ev["seat"]
            return t("KK_HIST_TSUMO", {"r": info["r"], "name": app.name(w), "n": d[w]})
        info["what"] = t("KK_" + ev["t"])
        info["who"] = t("LIST_SEP").join([t("KK_GAIN", {"name": app.name(i), "n": d[i]})
                                           for i in range(len(d)) if d[i] > 0]) or "±0"
        return t("KK_HIST_PAID", info)
    return t("KK_HIST", info)
