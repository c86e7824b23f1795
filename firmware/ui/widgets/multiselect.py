# MultiSelect: tick any of (label, value) (ties, several dobon players); the last row confirms.
from ui.screens.common import hint, fit, ROWS, W
from ui.widgets.listbox import ListScreen
from core.errors import Refusal


class MultiSelect(ListScreen):
    """Tick any of opts (ties, several dobon players); the last row confirms."""

    entry = True

    def __init__(self, app, head, opts, chosen, on_done):
        ListScreen.__init__(self, app, head)
        self.opts = opts
        self.chosen = list(chosen or [])
        self.on_done = on_done
        self.span = ROWS - 2

    def rows(self):
        return [lab for lab, _ in self.opts] + [self.app.t("DONE")]

    def draw_row(self, c, i, row, y):
        if i >= len(self.opts):
            ListScreen.draw_row(self, c, i, row, y)
            return
        # the tick box is drawn, not the 「□」 glyph: a glyph missing from the font is a hollow box
        # too, and the two must never look alike: unticked a dotted square, ticked a
        # solid one
        if self.opts[i][1] in self.chosen:
            c.fill_rect(2, y + 1, 6, 6, 1)
        else:
            for k in range(0, 6, 2):
                c.pixel(2 + k, y + 1, 1)
                c.pixel(3 + k, y + 6, 1)
                c.pixel(2, y + 2 + k, 1)
                c.pixel(7, y + 1 + k, 1)
        c.text(fit(row, W - 12), 11, y)

    def choose(self, i):
        if i == len(self.opts):
            picked = [v for _, v in self.opts if v in self.chosen]
            self.app.pop()
            try:
                self.on_done(picked)
            except Refusal:              # refused (none ticked): the form stays, with the reason
                self.app.push(self)
                raise
            return
        v = self.opts[i][1]
        if v in self.chosen:
            self.chosen.remove(v)
        else:
            self.chosen.append(v)

    def draw(self, c):
        ListScreen.draw(self, c)
        hint(c, self.app.t("MULTI_HINT"))
