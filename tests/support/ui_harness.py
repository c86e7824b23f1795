"""Test helpers for the screens: a fake display and clock, text overflow capture, a driver."""
from draw import canvas as canvas_mod
from draw.font import text_width
from ui.app import App


class FakeDisplay:
    def __init__(self):
        self.shows = 0
        self.last = None

    def show(self, c):
        self.shows += 1
        self.last = bytes(c.buffer)


class FakeClock:
    def __init__(self):
        self.t = 0

    def ticks_ms(self):
        return self.t


class TextLog:
    """Wraps Canvas.text: remembers every string drawn and every one that leaves the panel."""

    def __init__(self):
        self.drawn = []
        self.over = []
        self._orig = None

    def install(self):
        orig = canvas_mod.Canvas.text
        self._orig = orig
        log = self

        def text(c, s, x, y, col=1):
            w = text_width(s)
            log.drawn.append((s, x, y))
            if x < 0 or y < 0 or x + w > canvas_mod.WIDTH or y + 8 > canvas_mod.HEIGHT:
                log.over.append((s, x, y, w))
            return orig(c, s, x, y, col)
        canvas_mod.Canvas.text = text

    def uninstall(self):
        canvas_mod.Canvas.text = self._orig

    def __enter__(self):
        self.install()
        return self

    def __exit__(self, *exc):
        self.uninstall()

    def frame_text(self):
        return " | ".join(s for s, _, _ in self.drawn)


class Driver:
    def __init__(self, store=None, lang="ja"):
        self.display = FakeDisplay()
        self.clock = FakeClock()
        self.app = App(self.display, store, self.clock, lang)
        self.app.frame()

    def press(self, name, kind="click"):
        self.app.on_button("press", name)
        self.app.on_button(kind, name)
        self.app.frame()

    def seq(self, names):
        for n in names.split():
            if n.startswith("L:"):
                self.press(n[2:], "long")
            elif n.startswith("R:"):
                self.press(n[2:], "repeat")
            else:
                self.press(n)

    def screen(self):
        return type(self.app.top()).__name__

    def toast(self):
        return self.app.toast

    def redraw(self):
        """Draw the top screen again under a TextLog; returns the log (strings drawn, overflows)."""
        with TextLog() as log:
            self.app.dirty = True
            self.app.frame()
        return log


def new_game(d, game_index, seats):
    """First screen → 新しいゲーム → the game at game_index → settings 次へ → `seats` players → 開始."""
    d.seq("ok " + "down " * game_index + "ok up ok")
    scr = d.app.top()
    while scr.n > seats:
        d.press("left")
    d.seq("down down ok")
    assert d.screen() == "Play"


def frame_text(d, log):
    """Draw a fresh frame with `log` (an installed TextLog) cleared first; its texts joined."""
    log.drawn.clear()
    d.app.dirty = True
    d.app.frame()
    return log.frame_text()


def title_row(d, log):
    """The texts drawn on the title row (y 0) of a fresh frame."""
    frame_text(d, log)
    return [s for s, _, y in log.drawn if y == 0]


def flash_store(tmp_path):
    """A Store in tmp_path/games on the PC's filesystem, as the device keeps games on its flash."""
    from storage.store import Store, OsFs
    return Store(fs=OsFs(), root=str(tmp_path / "games"))


def history_lines(lines, lang="ja"):
    """The history screen's lines of the game whose journal is `lines` (resumed, back, 「履歴」)."""
    from core.engine import Game
    d = Driver(lang=lang)
    d.app.start(Game.from_lines(lines))
    d.press("back")
    pick(d, d.app.t("HISTORY"))
    return list(d.app.top().lines)


def pick(d, label):
    """Press down until the menu's cursor is on `label`, then ok."""
    scr = d.app.top()
    i = [lab for lab, _ in scr.items].index(label)
    while scr.sel != i:
        d.press("down")
    d.press("ok")


def to_png(buf, path, scale=4):
    """Save a canvas buffer as a PNG (for looking at screens while developing)."""
    from PIL import Image
    img = Image.new("1", (128, 64))
    px = img.load()
    for x in range(128):
        for y in range(64):
            px[x, y] = 1 if buf[x + (y // 8) * 128] & (1 << (y % 8)) else 0
    img.resize((128 * scale, 64 * scale)).save(path)
