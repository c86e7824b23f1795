# A tiny screen in the App's shape for the simulator's tests (StandIn: a counter and the last event), also started as `--app stand_in_app:StandIn`.
from draw.canvas import Canvas


class StandIn:
    """A tiny screen in the App's shape (not the product): a counter and the last event."""

    def __init__(self, display, store, clock, lang="ja"):
        self.display, self.lang = display, lang
        self.store = None       # main.step asks whether a snapshot waits for the table's rest
        self.canvas = Canvas()
        self.n = 0
        self.events = []
        self.changed = True

    def on_button(self, kind, name):
        self.events.append((kind, name))
        if kind in ("click", "repeat") and name in ("up", "down"):
            self.n += 1 if name == "up" else -1
        if kind == "long" and name == "back":
            self.n = 0
        self.changed = True

    def rest(self):
        pass

    def frame(self):
        if not self.changed:
            return
        c = self.canvas
        c.fill(0)
        c.text("点数" if self.lang == "ja" else "Score", 0, 0)
        c.text("%d" % self.n, 0, 16)
        c.rect(0, 40, 128, 24, 1)
        self.display.show(c)
        self.changed = False
