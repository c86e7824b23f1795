# Shared screen pieces: the Screen base, drawing helpers and the lists every screen reuses
# (menus, choices, multi-select, scrollable lines, yes/no); the entry editors: ui/screens/entry.py.
from draw.font import text_width, fit  # fit: a cut text ends in "…" (names pushed from the PC can be long)
from core.errors import Refusal

ROW = 8          # one text row of the misaki 8x8 font
ROWS = 8         # rows on the 128x64 panel
W = 128


class Screen:
    """One screen (micro-gui style): open()/hide() hooks, on_button() and draw(canvas).
    entry: True for a screen of an entry (a result's chooser, a form, a hand, a number, a review,
    a yes/no question): a hold of back cancels the whole entry, back to the table (App.long_back),
    instead of undoing a saved result. A screen the table opens with OK, ← or → is an entry."""

    entry = False

    def __init__(self, app):
        self.app = app

    def open(self):
        pass

    def hide(self):
        pass

    def on_button(self, kind, name):
        # Screens see "click" and "repeat"; "long" is the app's (undo/redo), "press" is ignored.
        if name == "back" and kind == "click":
            self.app.pop()

    def draw(self, c):
        pass


class PlayScreen(Screen):
    """What every game's play screen shares (its module's play(app) returns one): a click of ok,
    ← or → is the game's (act), back opens the game menu with the game's own items (extra);
    holds are the App's (undo, redo)."""

    def on_button(self, kind, name):
        if kind != "click":
            return
        if name == "back":
            self.menu()
        else:
            self.act(name)

    def act(self, name):
        pass

    def cancel(self):
        """A hold of back on the table: True when it cancelled an entry of this screen's own (a
        number being entered on the bottom row) instead of undoing."""
        return False

    def entering(self):
        """True while an entry of this screen's own is half done (a phone's act waits for it)."""
        return False

    def extra(self):
        """(text id, fn) items of this game in its game menu."""
        return ()

    def menu(self):
        self.app.game_menu(self.extra())


# ---- drawing helpers --------------------------------------------------------------------------
def rtext(c, s, xr, y):
    """Right-aligned text ending at x = xr."""
    c.text(s, xr - text_width(s), y)


def ctext(c, s, y):
    c.text(s, (W - text_width(s)) // 2, y)


def title(c, s):
    # Underlined, not inverted: the inverted bar is the cursor, and the two must not look alike.
    c.text(fit(s, W), 0, 0)
    c.hline(0, 7, W, 1)


def hint(c, s):
    c.hline(0, 55, W, 1)
    c.text(fit(s, W), 0, 56)


def wrap(s, maxw):
    """Split text into lines no wider than maxw (at spaces when possible; kana break anywhere)."""
    out = []
    for para in s.split("\n"):
        line = ""
        lw = 0                      # text_width(line), kept as the line grows
        for ch in para:
            cw = text_width(ch)
            if lw + cw > maxw:
                cut = line.rfind(" ")
                if cut > 0 and ch != " ":
                    out.append(line[:cut])
                    line = line[cut + 1:] + ch
                else:
                    out.append(line)
                    line = "" if ch == " " else ch
                lw = text_width(line)
            else:
                line += ch
                lw += cw
        out.append(line)
    return out


def named(app, sid, info, key, name, room=W):
    """The text `sid` with `name` at `key`, the name cut so the whole text fits `room`: the rest
    of the line is never the part that goes (「第1戦（全4戦）・親たかはし…」)."""
    info[key] = ""
    info[key] = fit(name, room - text_width(app.t(sid, info)))
    return app.t(sid, info)


def seat_opts(app, seats=None):
    """(label, seat) pairs for the given seats (default: every seat)."""
    if seats is None:
        seats = range(app.nseats())
    return [(app.name(i), i) for i in seats]


def in_entry(s):
    """The screen `s` (a Choice, a Menu) marked as a step of an entry (who won, how the round
    ended): a hold of back cancels the entry, back to the table. Returns `s`."""
    s.entry = True
    return s


# ---- lists -------------------------------------------------------------------------------------
def step_sel(scr, name, n):
    """up/down move scr.sel round a list of n rows; True when the press was one of them."""
    if n and (name == "up" or name == "down"):
        scr.sel = (scr.sel + (1 if name == "down" else -1)) % n
        return True
    return False


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


class Menu(ListScreen):
    """items: list of (label, fn); ok calls fn()."""

    def __init__(self, app, head, items):
        ListScreen.__init__(self, app, head)
        self.items = items

    def rows(self):
        return [lab for lab, _ in self.items]

    def choose(self, i):
        self.items[i][1]()


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


class Confirm(Menu):
    """Yes / No before something that cannot be taken back by a single undo. `head` is the
    question, ending in ？ / ? (every one a `..._Q` text). A hold of back cancels it (an entry)."""

    entry = True
    question = True          # a phone's act waits for the answer (net/seats.panel)

    def __init__(self, app, head, on_yes):
        def yes():
            app.pop()
            on_yes()
        Menu.__init__(self, app, head, [(app.t("NO"), app.pop), (app.t("YES"), yes)])
