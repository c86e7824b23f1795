# Before a game: its settings (as its rules module declares them: core/settings.py) and
# its seats and names. Imported from the game menu when a game is chosen; App.new_game() forgets
# the module once the game has started (RAM on the Pico: these screens are used once per game).
from core.errors import Refusal
from ui.screens.common import fit, rtext, text_width, hint, ROWS, W
from ui.widgets.listbox import ListScreen


class Settings(ListScreen):
    """The chosen game's settings (declared in its rules module, in that order), then Next ->
    seats. The row under the cursor shows ← → round its value; the hint row says what the keys do
    there."""

    last, last_hint, head_id = "NEXT", "CONT_HINT", "SETTINGS_OF"
    sets_up = True       # a new game's (the phones are told which: net/seats.setting_up)

    def __init__(self, app, kind):
        ListScreen.__init__(self, app, "")
        self.span = ROWS - 2
        self.kind = kind
        if self.sets_up:
            self.sets_up = kind
        from core.registry import load
        self.rules = load(kind)
        self.values = self.rules.default_settings()
        app.choose_kind(kind)
        from ui.defaults import saved   # the table's own defaults (first screen → 設定)
        saved(app, kind, self.values)

    def decl(self, key):
        from core.settings import find
        return find(self.rules.SETTINGS, key)

    def shown(self):
        from core.settings import shown
        return shown(self.rules.SETTINGS, self.values)

    def rows(self):
        return self.shown() + [None]

    def label(self, key):
        sid = self.decl(key)[4]
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
            c.text(self.app.t(self.last), 1, y)
            return
        v = self.value_text(row)         # the value whole; the label takes the rest of the row
        if i == self.sel:
            v = "← " + v + " →"
        c.text(fit(self.label(row), W - 6 - text_width(v)), 1, y)
        rtext(c, v, W - 1, y)

    def draw(self, c):
        t = self.app.t
        self.head = t(self.head_id, {"game": t("G_" + self.kind)})
        ListScreen.draw(self, c)
        keys = self.shown()
        h = self.last_hint
        if self.sel < len(keys):
            h = "SET_NUM_HINT" if self.decl(keys[self.sel])[2] == "int" else "SET_HINT"
        hint(c, t(h))

    def side(self, i, d):
        keys = self.shown()
        if i >= len(keys):
            return
        k = keys[i]
        v = self.values[k]
        sp = self.decl(k)
        if sp[2] == "bool":
            self.values[k] = not v
        elif sp[2] == "choice":
            vals = sp[3]
            j = vals.index(v) if v in vals else 0
            self.values[k] = vals[(j + d) % len(vals)]
        else:
            lo, hi, step = sp[3]
            self.values[k] = min(hi, max(lo, v + d * step))
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
            rules = self.rules
            rules.check_settings(self.values, rules.SEATS[0])
            app.push(Seats(app, self.kind, self.values))
            return
        k = keys[i]
        sp = self.decl(k)
        if sp[2] == "int":
            def done(v, k=k):
                self.values[k] = v
            lo, hi, step = sp[3]
            from ui.screens.entry import NumberEntry     # here: only a number setting needs it
            app.push(NumberEntry(app, self.label(k), lo, hi, self.values[k], done, step))
        else:
            self.side(i, 1)


class Seats(ListScreen):
    """How many players, and their names: P1..Pn or the names pushed from the PC."""

    def __init__(self, app, kind, settings):
        ListScreen.__init__(self, app, "")
        self.kind = kind
        self.settings = settings
        self.sets_up = kind
        from core.registry import seats
        self.lo, self.hi = seats(kind)
        self.n = min(4, self.hi)
        self.pc = []
        if app.store is not None:
            try:
                self.pc = [str(x) for x in (app.store.names() or [])]
            except (OSError, ValueError):
                self.pc = []
        self.use_pc = bool(self.pc)
        self.custom = {}           # seat -> the name picked or typed on the names screen

    def names(self):
        """Each seat's name: the pushed names in order (the store keeps each once), then P<seat>
        for the seats they do not reach. A P<seat> that a pushed name already is goes to the first
        P<k> no seat has, so the table never shows a duplicate nobody typed here."""
        pushed = self.pc[:self.n] if self.use_pc else []
        out = pushed + [None] * (self.n - len(pushed))
        for i in range(len(pushed), self.n):
            if "P%d" % (i + 1) not in pushed:
                out[i] = "P%d" % (i + 1)
        k = 1
        for i in range(self.n):
            if out[i] is None:
                while "P%d" % k in out:
                    k += 1
                out[i] = "P%d" % k
        for i in self.custom:
            if i < self.n:
                out[i] = self.custom[i]
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
            c.text(fit(t("LIST_SEP").join(self.names()), W - 12), 1, y)     # 「P1・P2・P3」
            rtext(c, "→", W - 1, y)      # OK: each seat's name (ui/screens/names.py)
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
            names = self.names()
            for i in range(len(names)):
                if names[i] in names[:i]:
                    # a name typed or picked for one seat while another seat has it (after the
                    # seat count or the names row changed): two seats of one name would merge in
                    # the ledger. Pushed names cannot do this: the store keeps each once.
                    raise Refusal("KG_TAKEN", {"name": names[i]})
            self.app.new_game(self.kind, names, self.settings)
        elif row == "list":        # each seat's name: picked from the kept names, or typed
            from ui.screens.names import SeatNames
            self.app.push(SeatNames(self.app, self))
        else:
            self.side(i, 1)
