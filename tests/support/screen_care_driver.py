# A driver whose display records screen care's panel commands (driver), the flash store it can take (store), and the settings screen opened (open_prefs).
from ui_harness import Driver, FakeDisplay
from storage.store import Store, OsFs


class PanelDisplay(FakeDisplay):
    """A fake display that also records the panel commands screen care sends."""

    def __init__(self):
        FakeDisplay.__init__(self)
        self.calls = []

    def contrast(self, v):
        self.calls.append(("contrast", v))

    def power(self, on):
        self.calls.append(("power", on))


def driver(store=None, lang="ja"):
    d = Driver.__new__(Driver)
    from ui_harness import FakeClock
    from ui.app import App
    d.display = PanelDisplay()
    d.clock = FakeClock()
    d.app = App(d.display, store, d.clock, lang)
    d.app.frame()
    return d


def store(tmp_path):
    return Store(fs=OsFs(), root=str(tmp_path / "games"))


def open_prefs(d):
    labels = [lab for lab, _ in d.app.top().items]
    for _ in range(labels.index("設定")):
        d.press("down")
    d.press("ok")
    assert d.screen() == "Prefs"
