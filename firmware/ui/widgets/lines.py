# Lines: scrollable text (previews, round results); ok runs on_ok, back returns.
from ui.screens.common import Screen, title, hint, rtext, fit, ROW, ROWS, W


class Lines(Screen):
    """Scrollable text (previews, round results); ok runs on_ok, back returns (or on_back)."""

    def __init__(self, app, head, lines, on_ok=None, foot=None):
        Screen.__init__(self, app)
        self.head, self.lines, self.on_ok, self.foot = head, lines, on_ok, foot
        self.top = 0

    def on_button(self, kind, name):
        span = ROWS - 2
        if name == "down" and self.top + span < len(self.lines):
            self.top += 1
        elif name == "up" and self.top:
            self.top -= 1
        elif kind != "click":
            return
        elif name == "ok":
            if self.on_ok:
                self.on_ok()
            else:
                self.app.pop()
        elif name == "back":
            self.app.pop()

    def draw(self, c):
        title(c, self.head)
        span = ROWS - 2
        for k in range(span):
            i = self.top + k
            if i >= len(self.lines):
                break
            c.text(fit(self.lines[i], W), 0, ROW * (k + 1))
        if self.top + span < len(self.lines):
            rtext(c, "▼", W, 48)
        hint(c, self.foot or self.app.t("CONT_HINT"))
