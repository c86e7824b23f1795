# The saved games: a list (kind, players, round, progress, finished or not), and for each one
# resume / look at the standings, end it (its standings become final in its log) or delete it;
# and the question asked before a new game while one is unfinished. Imported when opened.
import gc

from draw.font import text_width
from ui.screens.common import Screen, title, fit, rtext, step_sel, W
from ui.widgets.menu import Menu
from ui.widgets.confirm import Confirm
from core import registry
from words.game import progress

ROW3 = 24                # one game takes three rows: what, where, who (none cut to fit the other)
SHOWN = 2                # games on the screen at once (rows 1-6 under the title)


def _rows(app, listed):
    """The list as plain text (the folded states are let go: RAM on the Pico). A row starts
    with the game's key on the flash (Store.games()): two games may share an id, never a key."""
    out = []
    for e in listed:
        kind = e["kind"]
        if kind is None:
            out.append((e["key"], None, False, app.t("GL_UNREADABLE"), "", ""))
            continue
        try:
            where = progress(app, kind, e["settings"], e["state"], e["over"])
        except Exception:          # a registered game this list does not know: its name alone
            where = ""
        out.append((e["key"], kind, e["over"], app.t("G_" + kind), where, app.t("GL_SEP").join(e["seats"])))
    return out


class GamesList(Screen):
    """Every saved game, newest first; ok opens what can be done with it."""

    def __init__(self, app):
        Screen.__init__(self, app)
        self.sel = 0
        self.top = 0
        self.rows = None

    def open(self):
        self.reload()

    def reload(self):
        app = self.app
        self.rows = None
        gc.collect()
        listed = app.store.games() if app.store is not None else []
        self.rows = _rows(app, listed)
        listed = None
        registry.unload_except(app.kind)     # games() imported every listed game's rules
        gc.collect()
        if self.sel >= len(self.rows):
            self.sel = max(0, len(self.rows) - 1)

    def on_button(self, kind, name):
        n = len(self.rows)
        if step_sel(self, name, n) or kind != "click":
            return
        if name == "ok" and n:
            self.app.push(GameActions(self.app, self, self.rows[self.sel]))
        elif name == "back":
            self.app.pop()

    def draw(self, c):
        app = self.app
        n = len(self.rows)
        # the count as 履歴 writes it: 「保存したゲーム（1/3）」
        title(c, app.t("GL_HEAD", {"i": self.sel + 1, "n": n}) if n else app.t("SAVED_GAMES"))
        if not n:
            c.text(app.t("GL_NONE"), 0, 12)
            return
        if self.sel < self.top:
            self.top = self.sel
        if self.sel >= self.top + SHOWN:
            self.top = self.sel - SHOWN + 1
        cur = _key(app.game)
        for k in range(SHOWN):
            i = self.top + k
            if i >= n:
                break
            gid, kind, over, name, where, players = self.rows[i]
            y = 8 + ROW3 * k
            # line 1: the game (▶ the unfinished one on the table) and finished or not; then
            # where it is, then who plays
            mark = app.t("GL_OVER" if over else "GL_OPEN")
            rtext(c, mark, W - 1, y)
            c.text(fit(("▶" if gid == cur and not over else "") + name, W - 3 - text_width(mark)), 1, y)
            c.text(fit(where, W - 5), 5, y + 8)
            c.text(fit(players, W - 5), 5, y + 16)
            if i == self.sel:
                c.invert_rect(0, y, W, ROW3)


def _key(game):
    """The game's key on the flash (Store sets it on the games it creates and opens)."""
    return getattr(game, "store_key", None) if game is not None else None


def _open(app, gid):
    """The game keyed `gid` on the table (the one already there, or read back from the flash)."""
    g = app.game
    if g is None or _key(g) != gid:
        g = None
        app.game = None
        gc.collect()
        g = app.store.open_game(gid)
    if g is None:
        app.say(app.t("GL_CANT_OPEN"))
        return None
    app.start(g)        # a finished game shows its final standings
    return g


def end_game(app):
    """The table stops this game: an "end" in its log, then its final standings."""
    app.submit({"t": "end"})


class GameActions(Menu):
    """What can be done with one saved game."""

    def __init__(self, app, listing, row):
        gid, kind, over, name, where, players = row
        t = app.t
        items = []
        if kind is not None:
            items.append((t("STANDINGS" if over else "GL_CONTINUE"), lambda: _open(app, gid)))
            if not over:
                items.append((t("GL_END"), lambda: app.push(Confirm(app, t("GL_END_Q"), self.end))))
        items.append((t("GL_DELETE"), lambda: app.push(Confirm(app, t("GL_DELETE_Q"), self.delete))))
        Menu.__init__(self, app, name, items)
        self.gid = gid
        self.listing = listing
        self.about = (where, players)

    def draw(self, c):
        """The game's name as the title (it was cut beside where it is); where and who under the
        choices, whole."""
        Menu.draw(self, c)
        y = 8 * len(self.items) + 12
        for s in self.about:
            c.text(fit(s, W), 0, y)
            y += 8

    def end(self):
        if _open(self.app, self.gid) is not None:
            end_game(self.app)

    def delete(self):
        app = self.app
        if _key(app.game) == self.gid:
            app.game = None
        app.store.delete(self.gid)
        app.pop()                 # this menu; the list below reads the flash again
        app.say(app.t("GL_DELETED"))


class AskNew(Menu):
    """A new game while one is unfinished: end it first (final standings in its log), keep it in
    the saved games, or stay."""

    def __init__(self, app, then):
        t = app.t
        items = [(t("GL_END_NEW"), self.end_then_new)]
        if app.store is not None:
            items.append((t("GL_KEEP_NEW"), self.keep_then_new))
        else:
            items.append((t("GL_DROP_NEW"), self.keep_then_new))
        items.append((t("GL_STAY"), app.pop))
        Menu.__init__(self, app, t("GL_UNFINISHED"), items)
        self.then = then

    def end_then_new(self):
        app = self.app
        g = app.game
        g.submit({"t": "end"})
        if app.store is not None:
            app.store.after_change(g, True)
        app.pop()
        self.then()

    def keep_then_new(self):
        self.app.pop()
        self.then()
