# The game's history (the game menu's 「履歴」): every effective action as one line in the table's
# words, newest first; OK on a line takes the game back to before it, asked first, through the
# engine's undo (one per action, kept for redo as the long press keeps them). Imported when opened.
import gc

from core.errors import Refusal
from words.game import lines
from ui.screens.common import hint, fit, ROWS, W
from ui.widgets.listbox import ListScreen
from ui.widgets.menu import Menu
from ui.widgets.confirm import Confirm


def back_to(app, n):
    """Undo the newest `n` actions, one engine undo each, each committed before the next."""
    g = app.game
    k = 0
    try:
        while k < n:
            g.undo()
            k += 1
            if app.store is not None:
                app.store.after_change(g, True)
    except Refusal as r:
        app.show_play()
        if not k:
            raise
        app.say(app.t("HIST_PART", {"k": k, "n": n}))
        return
    app.show_play()
    app.say(app.t("HIST_DONE", {"n": n}))


class History(ListScreen):
    """The list: the title says which line of how many; OK offers 「ここまで戻す」."""

    def __init__(self, app):
        ListScreen.__init__(self, app, "")
        self.span = ROWS - 2      # the bottom row is the hint
        self.lines = []
        self.total = 0

    def open(self):
        self.lines = []
        gc.collect()
        self.lines, self.total = lines(self.app)

    def rows(self):
        if self.total > len(self.lines):
            return self.lines + [self.app.t("HIST_OLDER", {"n": self.total - len(self.lines)})]
        return self.lines

    def choose(self, i):
        if i >= len(self.lines):       # the count of older actions: nothing to do there
            return
        app = self.app
        n = i + 1                      # this action and every newer one
        ask = lambda: app.push(Confirm(app, app.t("HIST_BACK1_Q" if n == 1 else "HIST_BACK_Q", {"n": n}), lambda: back_to(app, n)))
        app.push(Menu(app, self.lines[i], [(app.t("HIST_BACK", {"n": n}), ask)]))

    def draw(self, c):
        t = self.app.t
        if not self.lines:
            self.head = t("HISTORY")
            ListScreen.draw(self, c)
            c.text(fit(t("HIST_NONE"), W), 0, 16)
            return
        self.head = t("HIST_HEAD", {"i": min(self.sel + 1, self.total), "n": self.total})
        ListScreen.draw(self, c)
        hint(c, t("HIST_HINT"))
