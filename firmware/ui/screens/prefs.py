# The settings screen (first screen → 設定): brightness, when to dim and blank the panel, the
# language, and each game's default settings; kept in /prefs.json through the store. Imported
# when opened.
from ui.screens.common import fit, rtext, W
from ui.widgets.listbox import ListScreen
from ui import care
from core import registry

ROWS = ("bright", "dim", "blank", "lang")


def minutes(app, n):
    return app.t("P_NEVER") if n == 0 else app.t("P_MIN", {"n": n})


def _save(app, key, value):
    if app.store is None:           # memory only: the choice holds until power-off
        return
    try:
        app.store.set_pref(key, value)
    except Exception:               # a full flash: the same
        pass


class Prefs(ListScreen):
    def __init__(self, app):
        ListScreen.__init__(self, app, "")
        self.changed = {}

    def rows(self):
        return list(ROWS) + list(registry.KINDS)

    def value(self, row):
        c = self.app.care
        return {"bright": c.bright, "dim": c.dim_min, "blank": c.blank_min}[row]

    def draw_row(self, c, i, row, y):
        app = self.app
        t = app.t
        if row in registry.KINDS:      # a game's defaults: its own screen
            c.text(fit(t("G_" + row), 112), 1, y)
            rtext(c, "→", W - 1, y)
            return
        if row == "lang":
            label, v = t("LANGUAGE"), t("LANG_NAME")
        elif row == "bright":
            label, v = t("P_BRIGHT"), "%d/5" % self.value(row)
        else:
            label, v = t("P_" + row.upper()), minutes(app, self.value(row))
        c.text(fit(label, 72), 1, y)
        rtext(c, "← " + v + " →", W - 1, y)

    def draw(self, c):
        self.head = self.app.t("SETTINGS")
        ListScreen.draw(self, c)

    def side(self, i, d):
        app = self.app
        row = self.rows()[i]
        if row == "lang":
            app.set_lang("en" if app.lang == "ja" else "ja")   # saved by the app at once
            return
        if row in registry.KINDS:
            return
        vals = care.CHOICES[row]
        v = self.value(row)
        j = vals.index(v) if v in vals else 0
        j = min(len(vals) - 1, max(0, j + d))
        app.care.set(row, vals[j])
        self.changed[row] = vals[j]

    def on_button(self, kind, name):
        if kind == "repeat" and name in ("left", "right"):
            self.side(self.sel, 1 if name == "right" else -1)
            return
        if kind == "click" and name == "back":
            self.leave()
        ListScreen.on_button(self, kind, name)

    def leave(self):
        """Write what changed once, on the way out (not a flash write per press)."""
        for k in self.changed:
            _save(self.app, k, self.changed[k])
        self.changed = {}

    def choose(self, i):
        row = self.rows()[i]
        if row in registry.KINDS:
            self.leave()
            self.app.push(defaults_screen(self.app, row))
        else:
            self.side(i, 1)


def defaults_screen(app, kind):
    """The game's setup screen (screens_setup.Settings), its last row saving the values as this
    table's defaults instead of going on to the players."""
    from ui.screens.setup import Settings

    class Defaults(Settings):
        last, last_hint, head_id = "SAVE", "SAVE_HINT", "P_DEFAULTS"
        sets_up = False      # the table's defaults: no game is being set up

        def choose(self, i):
            if i < len(self.shown()):
                return Settings.choose(self, i)
            app = self.app
            registry.load(self.kind).check_settings(self.values, registry.seats(self.kind)[0])
            try:
                d = app.store.prefs().get("defaults") if app.store is not None else None
            except Exception:
                d = None
            d = dict(d) if isinstance(d, dict) else {}
            d[self.kind] = dict(self.values)
            _save(app, "defaults", d)
            app.pop()
            app.say(app.t("P_SAVED"))

    return Defaults(app, kind)
