# Shared screen pieces: the Screen and PlayScreen bases and the drawing helpers. The lists every
# screen reuses are widgets, one a file, imported where used: ui/widgets/listbox.py (ListScreen),
# menu.py, choice.py, multiselect.py, lines.py, confirm.py; the entry editors: ui/screens/entry.py.
from draw.font import text_width, fit  # fit: a cut text ends in "…" (names pushed from the PC can be long)

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


def step_sel(scr, name, n):
    """up/down move scr.sel round a list of n rows; True when the press was one of them."""
    if n and (name == "up" or name == "down"):
        scr.sel = (scr.sel + (1 if name == "down" else -1)) % n
        return True
    return False
