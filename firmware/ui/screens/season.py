# 通算成績 / "Season", from the first screen: each player's games, wins (1st places, shared ones
# included) and win rate over the finished games on this board's flash, in the large view's type
# (ui/screens/big.py). First page: how many games are counted and how many are not (unfinished, or one
# name at two seats);
# then one page per player, most wins first: the name, 1位率, 1位 of the games (「4/8」). ▲▼ turn the pages, OK or back return. Rules:
# docs/season.md. Imported when opened and forgotten when closed (RAM on the Pico): the figures
# are a few numbers per player, the games read one at a time (Store.each_standings).
import gc

from ui.screens.big import draw_page
from ui.screens.common import Screen
from words.game import tally, rate


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
            registry.unload(("ui.screens.season",))

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
