# The entry editors the games' forms are made of: a number, a hand card by card, and the form of
# fields with its preview (not needed by the menus: imported with the screens that enter results).
from draw.font import text_width
from core.errors import Refusal
from ui.screens.common import Screen, ROW, W, title, hint, ctext, rtext, wrap, fit
from ui.widgets.listbox import ListScreen
from ui.widgets.choice import Choice
from ui.widgets.multiselect import MultiSelect


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
        elif kind == "cards":            # the rank grid, as every game enters a hand (決定 in view)
            from ui.widgets.grid import RankGrid
            app.push(RankGrid(app, f["label"], f["ranks"], cur, done, 5, "cards"))
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
