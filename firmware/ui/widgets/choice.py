# Choice: pick one of (label, value), the screen closes, then on_pick(value) runs.
from ui.widgets.listbox import ListScreen


class Choice(ListScreen):
    """Pick one of opts (label, value); the screen closes, then on_pick(value) runs."""

    def __init__(self, app, head, opts, on_pick, cur=None):
        ListScreen.__init__(self, app, head)
        self.opts = opts
        self.on_pick = on_pick
        for i in range(len(opts)):
            if opts[i][1] == cur:
                self.sel = i

    def rows(self):
        return [lab for lab, _ in self.opts]

    def choose(self, i):
        self.app.pop()
        self.on_pick(self.opts[i][1])
