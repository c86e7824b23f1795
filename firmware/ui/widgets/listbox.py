# ListScreen: a titled list with a scrolling cursor, the base of Menu, Choice, MultiSelect and the screens' lists.
from ui.screens.common import Screen, title, fit, step_sel, ROW, ROWS, W


class ListScreen(Screen):
    """A titled list with a cursor; subclasses give rows and what ok does."""

    def __init__(self, app, head):
        Screen.__init__(self, app)
        self.head = head
        self.sel = 0
        self.top = 0
        self.span = ROWS - 1

    def rows(self):
        return []

    def choose(self, i):
        pass

    def on_button(self, kind, name):
        n = len(self.rows())
        if step_sel(self, name, n) or kind != "click":
            return
        if name == "ok" and n:
            self.choose(self.sel)
        elif name == "back":
            self.app.pop()
        elif name in ("left", "right"):
            self.side(self.sel, 1 if name == "right" else -1)

    def side(self, i, d):
        pass

    def draw_row(self, c, i, row, y):
        c.text(fit(row, W - 2), 1, y)

    def draw(self, c):
        title(c, self.head)
        rows = self.rows()
        if self.sel >= len(rows):
            self.sel = max(0, len(rows) - 1)
        if self.sel < self.top:
            self.top = self.sel
        if self.sel >= self.top + self.span:
            self.top = self.sel - self.span + 1
        for k in range(self.span):
            i = self.top + k
            if i >= len(rows):
                break
            y = ROW * (k + 1)
            self.draw_row(c, i, rows[i], y)
            if i == self.sel:
                c.invert_rect(0, y, W, ROW)
