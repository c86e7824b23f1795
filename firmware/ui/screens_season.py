# 通算成績 / "Season", from the first screen: each player's games, wins (1st places, shared ones
# included) and win rate over the finished games on this board's flash, in the large view's type
# (screens_big). First page: how many games are counted and how many are not (unfinished, or one
# name at two seats);
# then one page per player, most wins first: the name, 1位率, 1位 of the games (「4/8」). ▲▼ turn the pages, OK or back return. Rules:
# docs/season.md. Imported when opened and forgotten when closed (RAM on the Pico): the figures
# are a few numbers per player, the games read one at a time (Store.each_standings).
import gc

from ui.screens_big import draw_page
from ui.screens_common import Screen


def tally(store):
    """(games counted, games not counted, [[name, games, wins]] most wins first)."""
    per = {}
    counted = 0
    left_out = 0
    for seats, over, standings in store.each_standings():
        names = [str(n) for n in seats]
        if not over or len(set(names)) < len(names):
            left_out += 1        # unfinished, or one name at two seats (who won is lost): as the PC's
            continue
        counted += 1
        for e in standings:
            row = per.get(names[e["seat"]])
            if row is None:
                row = per[names[e["seat"]]] = [names[e["seat"]], 0, 0]
            row[1] += 1
            if e["place"] == 1:
                row[2] += 1
    rows = list(per.values())
    # most wins, then the higher win rate (per mille, no float), then the name: one key, as
    # MicroPython's sort is not stable
    rows.sort(key=lambda r: (-r[2], -(r[2] * 1000 // r[1]), r[0]))
    return counted, left_out, rows


def rate(t, wins, games):
    """The win rate as the table reads it, in the language of `t`: whole percent, rounded half up
    (「50％」, "50%")."""
    return t("SN_PCT", {"n": (200 * wins + games) // (2 * games)}) if games else "-"


class Season(Screen):
    def __init__(self, app):
        Screen.__init__(self, app)
        self.page = 0
        self.counted = 0
        self.left_out = 0
        self.rows = []

    def open(self):
        app = self.app
        if app.store is not None and not self.rows and not self.counted:
            gc.collect()
            self.counted, self.left_out, self.rows = tally(app.store)
            from core import registry
            registry.unload_except(app.kind)    # each_standings() imported every game's rules
            gc.collect()

    def hide(self):
        if self not in self.app.stack:      # popped or reset away (nothing opens over it)
            self.rows = []
            from core import registry
            registry.unload(("ui.screens_season",))

    def pages(self):
        t = self.app.t
        first = [(t("SEASON"), ""), (t("SN_GAMES"), str(self.counted))]
        if self.left_out:
            first.append((t("SN_OUT"), str(self.left_out)))
        out = [first]
        for name, games, wins in self.rows:
            # every figure with its word: the rate under the name (「1位率 50％」), the wins of the
            # games (「1位 4/8」)
            out.append([(name, ""), (t("SN_RATE"), rate(t, wins, games)), (t("SN_WINS"), "%d/%d" % (wins, games))])
        return out

    def on_button(self, kind, name):
        if kind != "click":
            return
        n = 1 + len(self.rows)
        if name in ("up", "down") and n > 1:
            self.page = (self.page + (1 if name == "down" else -1)) % n
        elif name in ("ok", "back"):
            self.app.pop()

    def draw(self, c):
        self.page = draw_page(c, self.pages(), self.page)
