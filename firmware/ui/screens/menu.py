# Menus before and around a game: boot/resume, choose a game, the language, and the in-game menu
# (standings, language, back to the first screen). A game's settings, seats and names are in
# ui/screens/setup.py, imported when a game is chosen and forgotten once it starts (RAM on the Pico).
from ui.screens.common import fit, W
from ui.widgets.menu import Menu
from ui.widgets.choice import Choice
from core import registry


class Boot(Menu):
    """The first screen: resume the unfinished game (with recovery figures), or start a new one."""

    def __init__(self, app):
        Menu.__init__(self, app, "", [])
        self.info = []
        self.checked = False

    def open(self):
        app = self.app
        if not self.checked:
            self.checked = True
            if app.game is None and app.store is not None:
                g = app.store.resume_last()
                if g is not None:
                    app.choose_kind(g.header["kind"])
                    app.game = g
                    rec = getattr(app.store, "last_recovery", None) or {}
                    if rec.get("dropped_bytes"):
                        self.info = [("RECOVERED", {"events": rec.get("events", 0)}),
                                     ("DROPPED", {"bytes": rec["dropped_bytes"]})]
                # what the players must know first: presses whose log lines were damaged after
                # they were saved, and games that could not be read (kept for the export)
                st = app.store
                first = []
                if getattr(st, "damaged", None):
                    first.append(("UNBACKED", {"n": st.damaged["presses"]}))
                if getattr(st, "set_aside", None):
                    first.append(("SET_ASIDE", {"n": len(st.set_aside)}))
                self.info = (first + self.info)[:2 if g is not None else 4]
                # resume_last() may have imported the rules of older, finished games
                from core.registry import unload_except
                unload_except(app.kind)
        self.build()

    def build(self):
        app = self.app
        t = app.t
        self.head = t("TITLE")
        items = []
        g = app.game
        if g is not None and not g.is_over():
            items.append((t("RESUME_GAME", {"game": t("G_" + g.header["kind"])}), app.show_play))
        items.append((t("NEW_GAME"), lambda: new_game(app)))
        if app.store is not None:
            items.append((t("SAVED_GAMES"), lambda: _saved_games(app)))
            items.append((t("SEASON"), lambda: _season(app)))
        items.append((t("SETTINGS"), lambda: _prefs(app)))   # the language is there too
        phones_item(app, items)
        self.items = items
        self.span = 7 - len(self.info) - (1 if g is not None else 0)

    def draw(self, c):
        self.build()  # labels follow a language change
        Menu.draw(self, c)
        app = self.app
        g = app.game
        # under the rows the menu shows (it scrolls within span when the notices need the room)
        y = 8 * (min(len(self.items), self.span) + 1)
        lines = len(self.info) + (1 if g is not None and not g.is_over() else 0)
        if y + 8 * lines + 2 <= 64:  # a gap under the menu when every line still fits
            y += 2
        if g is not None and not g.is_over():
            c.text(fit(resume_line(app, g), W), 0, y)
            y += 8
        for sid, info in self.info:
            if y > 56:             # the most important first; the rest would be off the panel
                break
            c.text(fit(app.t(sid, info), W), 0, y)
            y += 8


def resume_line(app, g):
    """Where the unfinished game is (its name is on 「続きから：株ドボン」 above), as the saved-games
    list says it (「第3戦（全4戦）」), never a count of journal lines (undos and redos are lines
    too); a game without progress(): ""."""
    f = getattr(g.rules, "progress", None)
    if f is None:
        return ""
    sid, info = f(g.settings, g.state, False)
    return app.t("RESUME_OF", {"where": app.t(sid, info)})


class Language(Choice):
    """日本語 / English: changes only what the screens say, never the saved game."""

    def __init__(self, app):
        Choice.__init__(self, app, "Language / 言語", [("日本語", "ja"), ("English", "en")], None, app.lang)

    def choose(self, i):
        # set first: the screen below rebuilds its labels when it opens again
        self.app.set_lang(self.opts[i][1])
        self.app.pop()


def new_game(app):
    """Choose a game; while the one on the table is unfinished, ask first (ui/screens/games.py)."""
    g = app.game
    if g is not None and not g.is_over():
        from ui.screens.games import AskNew
        app.push(AskNew(app, lambda: app.push(Games(app))))
    else:
        app.push(Games(app))


def _prefs(app):
    from ui.screens.prefs import Prefs
    app.push(Prefs(app))


def _season(app):
    from ui.screens.season import Season
    app.push(Season(app))


def _saved_games(app):
    from ui.screens.games import GamesList
    app.push(GamesList(app))


def phones_item(app, items):
    """「スマホで見る」: the join codes, on a board that serves phones only (app.hub: docs/phones.md)."""
    hub = app.hub
    if hub is not None:
        items.append((hub.t(app.lang, "PH_MENU"), lambda: _phones(app)))


def _phones(app):
    from ui.screens.phones import Join
    app.push(Join(app))


def _history(app):
    from ui.screens.history import History
    app.push(History(app))


def _end_game(app):
    from ui.widgets.confirm import Confirm
    app.push(Confirm(app, app.t("GL_END_Q"), lambda: app.submit({"t": "end"})))


def _settings(app, kind):
    from ui.screens.setup import Settings
    app.push(Settings(app, kind))


class Games(Menu):
    def __init__(self, app):
        items = []
        for k in registry.KINDS:      # the registry: every game, in its order
            items.append((app.t("G_" + k), lambda k=k: _settings(app, k)))
        Menu.__init__(self, app, app.t("CHOOSE_GAME"), items)


class GameMenu(Menu):
    """Back on a play screen: standings, language, the game's own extras, the first screen.
    extra: (string id, fn) pairs; labels are rebuilt on open so a language change shows."""

    def __init__(self, app, extra=()):
        Menu.__init__(self, app, "", [])
        self.extra = extra

    def open(self):
        app = self.app
        t = app.t
        from ui.screens import results as screens_results
        items = [(t("STANDINGS"), lambda: app.push(screens_results.Standings(app))),
                 (t("HISTORY"), lambda: _history(app))]
        for sid, fn in self.extra:
            items.append((t(sid), fn))
        items.append((t("LANGUAGE"), lambda: app.push(Language(app))))
        phones_item(app, items)
        # every game can be ended, in the same words and place in every game (and the saved games)
        items.append((t("GL_END"), lambda: _end_game(app)))
        items.append((t("TO_MENU"), lambda: app.reset(Boot(app), True)))
        self.items = items
        self.head = t("GAME_MENU")
