# Before a game: its settings (the rules module's defaults, edited by type) and its seats and
# names. Imported from the game menu when a game is chosen; App.new_game() forgets the module once
# the game has started (RAM on the Pico: these screens are used once per game).
from ui.screens_common import ListScreen, NumberEntry, fit, rtext, W

# What a table may change, per game (ranges as the rules modules' check_settings accept them).
# ("int", lo, hi, step) | ("choice", values) | ("bool",)
SPECS = {
    "kakehiki": {"start": ("int", 2, 99, 1), "dial_max": ("int", 1, 99, 1)},
    "kabu": {"length": ("choice", ("seats", "games", "stop")), "games": ("int", 1, 99, 1),
             "minus2_endings": ("bool",)},
    "kakoi": {"cap": ("int", 0, 1000000, 100), "jokers": ("bool",), "rounds": ("int", 0, 99, 1)},
    "dobon": {"variant": ("choice", ("sum", "action")), "rounds": ("choice", (1, 3, 5)),
              "max_actions": ("int", 1, 100000, 50)},
}
# A setting that only matters for one value of another is shown only then (株ドボン: the number of
# games only when the match length is "set number of games").
SHOWN_IF = {("kabu", "games"): ("length", "games")}


def _spec(kind, key, v):
    sp = SPECS.get(kind, {}).get(key)
    if sp is not None:
        return sp
    # A setting this screen does not know yet: edit it by its type.
    if v is True or v is False:
        return ("bool",)
    if isinstance(v, int):
        return ("int", 0, 999, 1)
    return ("choice", (v,))


class Settings(ListScreen):
    """The chosen game's settings (rules module defaults), then Next -> seats."""

    def __init__(self, app, kind):
        ListScreen.__init__(self, app, "")
        self.kind = kind
        from scoreboard.games import load
        self.values = load(kind).default_settings()
        self.keys = sorted(self.values.keys())
        app.choose_kind(kind)
        from ui.defaults import saved   # the table's own defaults (first screen → 設定)
        saved(app, kind, self.values)

    def shown(self):
        out = []
        for k in self.keys:
            cond = SHOWN_IF.get((self.kind, k))
            if cond is None or self.values.get(cond[0]) == cond[1]:
                out.append(k)
        return out

    def rows(self):
        return self.shown() + [None]

    def label(self, key):
        sid = "S_%s_%s" % (self.kind, key)
        s = self.app.t(sid)
        return key if s == sid else s

    def value_text(self, key):
        v = self.values[key]
        t = self.app.t
        if v is True or v is False:
            return t("YES") if v else t("NO")
        if isinstance(v, str):
            s = t("V_" + v)
            return v if s == "V_" + v else s
        return str(v)

    def draw_row(self, c, i, row, y):
        if row is None:
            c.text(self.app.t("NEXT"), 1, y)
            return
        w = c.text(fit(self.label(row), 84), 1, y)
        rtext(c, fit(self.value_text(row), W - w - 6), W - 1, y)

    def draw(self, c):
        self.head = self.app.t("SETTINGS_OF", {"game": self.app.t("G_" + self.kind)})
        ListScreen.draw(self, c)

    def side(self, i, d):
        keys = self.shown()
        if i >= len(keys):
            return
        k = keys[i]
        v = self.values[k]
        sp = _spec(self.kind, k, v)
        if sp[0] == "bool":
            self.values[k] = not v
        elif sp[0] == "choice":
            vals = sp[1]
            j = vals.index(v) if v in vals else 0
            self.values[k] = vals[(j + d) % len(vals)]
        else:
            self.values[k] = min(sp[2], max(sp[1], v + d * sp[3]))
        self.sel = self.shown().index(k)   # a row shown or hidden above: the cursor stays on k

    def on_button(self, kind, name):
        if kind == "repeat" and name in ("left", "right"):
            self.side(self.sel, 1 if name == "right" else -1)
            return
        ListScreen.on_button(self, kind, name)

    def choose(self, i):
        app = self.app
        keys = self.shown()
        if i >= len(keys):
            from scoreboard.games import load
            rules = load(self.kind)
            rules.check_settings(self.values, rules.SEATS[0])
            app.push(Seats(app, self.kind, self.values))
            return
        k = keys[i]
        sp = _spec(self.kind, k, self.values[k])
        if sp[0] == "int":
            def done(v, k=k):
                self.values[k] = v
            app.push(NumberEntry(app, self.label(k), sp[1], sp[2], self.values[k], done, sp[3]))
        else:
            self.side(i, 1)


class Seats(ListScreen):
    """How many players, and their names: P1..Pn or the names pushed from the PC."""

    def __init__(self, app, kind, settings):
        ListScreen.__init__(self, app, "")
        self.kind = kind
        self.settings = settings
        from scoreboard.games import seats
        self.lo, self.hi = seats(kind)
        self.n = min(4, self.hi)
        self.pc = []
        if app.store is not None:
            try:
                self.pc = [str(x) for x in (app.store.names() or [])]
            except (OSError, ValueError):
                self.pc = []
        self.use_pc = bool(self.pc)

    def names(self):
        out = []
        for i in range(self.n):
            if self.use_pc and i < len(self.pc) and self.pc[i]:
                out.append(self.pc[i])
            else:
                out.append("P%d" % (i + 1))
        return out

    def rows(self):
        r = ["n"]
        if self.pc:
            r.append("names")
        return r + ["list", "start"]

    def draw_row(self, c, i, row, y):
        t = self.app.t
        if row == "n":
            c.text(t("SEATS"), 1, y)
            rtext(c, "← %d →" % self.n, W - 1, y)
        elif row == "names":
            c.text(t("NAMES"), 1, y)
            rtext(c, t("NAMES_PC") if self.use_pc else t("NAMES_DEF"), W - 1, y)
        elif row == "list":
            c.text(fit(" ".join(self.names()), W - 2), 1, y)
        else:
            c.text(t("START"), 1, y)

    def draw(self, c):
        self.head = self.app.t("SEATS_OF", {"game": self.app.t("G_" + self.kind)})
        ListScreen.draw(self, c)

    def side(self, i, d):
        row = self.rows()[i]
        if row == "n":
            self.n = min(self.hi, max(self.lo, self.n + d))
        elif row == "names":
            self.use_pc = not self.use_pc

    def choose(self, i):
        row = self.rows()[i]
        if row == "start":
            self.app.new_game(self.kind, self.names(), self.settings)
        else:
            self.side(i, 1)
