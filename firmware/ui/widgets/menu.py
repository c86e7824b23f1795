# Menu: a list of (label, fn), ok calls fn().
from ui.widgets.listbox import ListScreen


class Menu(ListScreen):
    """items: list of (label, fn); ok calls fn()."""

    def __init__(self, app, head, items):
        ListScreen.__init__(self, app, head)
        self.items = items

    def rows(self):
        return [lab for lab, _ in self.items]

    def choose(self, i):
        self.items[i][1]()
