# Shared screen pieces: the Screen base, drawing helpers and the editors every game reuses
# (lists, number entry, multi-select, card-by-card hand entry, forms with a preview).
from ui.canvas import text_width, fit  # fit: a cut text ends in "…" (names pushed from the PC can be long)
from scoreboard.errors import Refusal

ROW = 8          # one text row of the misaki 8x8 font
ROWS = 8         # rows on the 128x64 panel
W = 128


class Screen:
    """One screen (micro-gui style): open()/hide() hooks, on_button() and draw(canvas).
    entry: True for a half-filled entry (a form, a hand, a number): a hold of back cancels it
    (App.long_back) instead of undoing a saved result."""

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

    def extra(self):
        """(text id, fn) items of this game in its game menu."""
        return ()

    def menu(self):
        self.app.game_menu(self.extra())


def end_item(app, sid):
    """A game menu item `sid` that ends the match after a confirmation (the rules' "end")."""
    return (sid, lambda: app.push(Confirm(app, app.t(sid), lambda: app.submit({"t": "end"}))))


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


def seat_opts(app, seats=None):
    """(label, seat) pairs for the given seats (default: every seat)."""
    if seats is None:
        seats = range(app.nseats())
    return [(app.name(i), i) for i in seats]


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
        # too, and the two must never look alike (issue 27): unticked a dotted square, ticked a
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
            self.on_done(picked)
            return
        v = self.opts[i][1]
        if v in self.chosen:
            self.chosen.remove(v)
        else:
            self.chosen.append(v)

    def draw(self, c):
        ListScreen.draw(self, c)
        hint(c, self.app.t("MULTI_HINT"))


class NumberEntry(Screen):
    """A bounded number: up/down by one (auto-repeat while held), left/right by ten."""

    entry = True

    def __init__(self, app, head, lo, hi, v, on_done, step=1):
        Screen.__init__(self, app)
        self.head, self.lo, self.hi, self.step = head, lo, hi, step
        self.v = min(hi, max(lo, v))
        self.on_done = on_done

    def on_button(self, kind, name):
        d = {"up": 1, "down": -1, "right": 10, "left": -10}.get(name)
        if d is not None:
            self.v = min(self.hi, max(self.lo, self.v + d * self.step))
        elif kind != "click":
            return
        elif name == "ok":
            self.app.pop()
            self.on_done(self.v)
        elif name == "back":
            self.app.pop()

    def draw(self, c):
        title(c, self.head)
        ctext(c, "▲", 16)
        s = str(self.v)
        ctext(c, s, 28)
        x = (W - text_width(s)) // 2
        c.rect(x - 3, 26, text_width(s) + 6, 12, 1)
        ctext(c, "▼", 40)
        c.text("%d～%d" % (self.lo, self.hi), 0, 56)
        rtext(c, "OK", W, 56)


class CardsEntry(Screen):
    """A hand entered card by card by rank: left/right picks a rank, ok adds it, back takes the
    last card away; the leftmost choice is Done. ranks: list of (label, value)."""

    entry = True

    def __init__(self, app, head, ranks, cards, on_done, maxn=40):
        Screen.__init__(self, app)
        self.head, self.ranks, self.on_done, self.maxn = head, ranks, on_done, maxn
        self.cards = list(cards or [])
        self.idx = 1

    def label(self, v):
        for lab, x in self.ranks:
            if x == v:
                return lab
        return str(v)

    def on_button(self, kind, name):
        n = len(self.ranks) + 1
        if name in ("right", "up"):
            self.idx = (self.idx + 1) % n
        elif name in ("left", "down"):
            self.idx = (self.idx - 1) % n
        elif kind != "click":
            return
        elif name == "ok":
            if self.idx == 0:
                self.app.pop()
                self.on_done(self.cards)
            elif len(self.cards) < self.maxn:
                self.cards.append(self.ranks[self.idx - 1][1])
        elif name == "back":
            if self.cards:
                self.cards.pop()
            else:
                self.app.pop()

    def draw(self, c):
        title(c, self.app.t("HAND_N", {"what": self.head, "n": len(self.cards)}))
        lines = wrap(" ".join([self.label(v) for v in self.cards]), W)
        if len(lines) > 3:
            lines = lines[-3:]
        for k in range(len(lines)):
            c.text(lines[k], 0, ROW * (k + 1))
        cur = self.app.t("DONE") if self.idx == 0 else self.ranks[self.idx - 1][0]
        s = "← " + cur + " →"
        ctext(c, s, 36)
        x = (W - text_width(s)) // 2
        c.invert_rect(x + 10, 36, text_width(cur) + 4, ROW)
        hint(c, self.app.t("CARDS_HINT"))


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


# ---- forms: several fields, then a preview, then the commit ------------------------------------
class Form(ListScreen):
    """fields(values) -> list of field dicts; each row shows label and value, ok edits it.
    Field: {"key", "label", "kind": seat|seats|card|cards|int|bool, "opts"/"ranks", "lo", "hi",
    "opt": True when it may be left empty, "edit": fn(form, field) for a custom editor}.
    The last row is Preview: preview(values) shows what the entry would do before it is saved."""

    entry = True

    def __init__(self, app, head, fields, values, preview, last="PREVIEW"):
        ListScreen.__init__(self, app, head)
        self.fields = fields
        self.values = values
        self.preview = preview
        self.last = last

    def flist(self):
        return self.fields(self.values)

    def rows(self):
        return self.flist() + [None]

    def show(self, f):
        v = self.values.get(f["key"])
        kind = f["kind"]
        t = self.app.t
        if v is None or v == []:
            if "empty" in f:
                return f["empty"]
            return "-" if not f.get("opt") else t("NONE")
        if kind == "bool":
            return t("YES") if v else t("NO")
        if kind in ("seat", "card"):
            return _label(f.get("opts") or f.get("ranks"), v)
        if kind == "seats":
            return t("LIST_SEP").join([_label(f["opts"], x) for x in v])
        if kind == "cards":
            return " ".join([_label(f["ranks"], x) for x in v])
        if "fmt" in f:
            return f["fmt"](v)
        return str(v)

    def draw_row(self, c, i, row, y):
        if row is None:
            c.text(self.app.t(self.last), 1, y)
            return
        w = c.text(fit(row["label"], 80), 1, y)
        val = fit(self.show(row), W - w - 6)
        rtext(c, val, W - 1, y)

    def set(self, key, v):
        self.values[key] = v

    def side(self, i, d):
        fl = self.flist()
        if i >= len(fl):
            return
        f = fl[i]
        k = f["key"]
        v = self.values.get(k)
        if f["kind"] == "bool":
            self.values[k] = not v
        elif f["kind"] == "int":
            if v is None:
                v = f["lo"] if d > 0 else (None if f.get("opt") else f["lo"])
            else:
                v += d
                if v < f["lo"]:
                    v = None if f.get("opt") else f["lo"]
                elif v > f["hi"]:
                    v = f["hi"]
            self.values[k] = v

    def missing(self, fl):
        """The index of the first field still to be chosen, or -1. A field may be left empty when
        it says so ("opt", or an "empty" label); hands and custom editors are checked by the rules."""
        for k in range(len(fl)):
            f = fl[k]
            if f.get("opt") or "empty" in f or "edit" in f:
                continue
            v = self.values.get(f["key"])
            if (f["kind"] in ("seat", "card", "int") and v is None) or (f["kind"] == "seats" and not v):
                return k
        return -1

    def choose(self, i):
        fl = self.flist()
        if i >= len(fl):
            k = self.missing(fl)
            if k >= 0:           # never submitted half-filled: ask for the field, cursor on it
                self.sel = k
                raise Refusal("MISSING", {"field": fl[k]["label"]})
            self.preview(self.values)
            return
        f = fl[i]
        app = self.app
        k = f["key"]
        kind = f["kind"]
        cur = self.values.get(k)
        done = lambda v: self.set(k, v)
        if "edit" in f:
            f["edit"](self, f)
        elif kind == "bool":
            self.values[k] = not cur
        elif kind in ("seat", "card"):
            opts = list(f.get("opts") or f.get("ranks"))
            if f.get("opt"):
                opts = [(app.t("NONE"), None)] + opts
            app.push(Choice(app, f["label"], opts, done, cur))
        elif kind == "seats":
            app.push(MultiSelect(app, f["label"], f["opts"], cur, done))
        elif kind == "cards":
            app.push(CardsEntry(app, f["label"], f["ranks"], cur, done, f.get("max", 40)))
        elif kind == "int":
            lo = f["lo"]
            if f.get("opt"):
                # "none" sits just below the range so the number entry can reach it
                def done(v, k=k, lo=lo):
                    self.set(k, None if v < lo else v)
                lo -= 1
            app.push(NumberEntry(app, f["label"], lo, f["hi"], cur if cur is not None else lo, done))


def _label(opts, v):
    for lab, x in opts:
        if x == v:
            return lab
    return str(v)


class Confirm(Menu):
    """Yes / No before something that cannot be taken back by a single undo."""

    def __init__(self, app, head, on_yes):
        def yes():
            app.pop()
            on_yes()
        Menu.__init__(self, app, head, [(app.t("NO"), app.pop), (app.t("YES"), yes)])
