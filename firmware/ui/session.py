# The game at the table: the chosen kind and its modules, a game started, its commits, undo and
# redo, and the screen that shows it. The App (ui/app.py) is a Session: the fields, the screen
# stack, the texts and the toasts used here are the App's.
#
# RAM (docs/ram.md): only the chosen game's rules and screen modules are ever imported; choosing a
# game forgets the other games' modules, and the screens opened now and then are not kept while
# playing.
import gc

from core.errors import Refusal
from core import registry

HINT_MS = 4000           # each half of the undo/redo hint on a new game's first screen
PASSING = ("ui.screens.games", "ui.screens.prefs", "ui.screens.names", "ui.screens.big", "ui.defaults",
           "ui.screens.history")
MENUS = ("ui.screens.menu",)   # not kept while playing: ~4 KB of heap (docs/performance.md)


class Session:
    """The App's game: what a screen, a phone or a gesture asks of it (ui/app.py holds the rest)."""

    def choose_kind(self, kind):
        """Load the chosen game's message table and screens (and nothing of the other games)."""
        if kind != self.kind:
            self.gmod = None
            self._tx = None
            registry.unload_except(kind)     # the other games' rules, messages and screens
            if not registry.CODE_IN_FLASH:
                gc.collect()
            self.kind = kind              # its screens come with the first use of gmod: not
                                          # while its settings and seats are chosen (RAM)

    def start(self, game):
        self.choose_kind(game.header["kind"])
        self.game = game
        self.last_act = None
        self.show_play()

    def new_game(self, kind, names, settings):
        self.choose_kind(kind)
        self.game = None
        if not registry.CODE_IN_FLASH:
            gc.collect()
        if self.store is not None:
            game = self.store.create(kind, names, settings)
        else:
            from core.engine import Game
            game = Game.new(kind, names, settings)
        self.start(game)
        # the settings and seats screens and the settings' check: used once per game
        registry.unload(("ui.screens.setup", "ui.defaults", "core.settings"))
        # once, on the new game's first screen: in the title row, not a box over the players' rows
        # (two lines, one after the other: 「戻る長押し：取り消し」, then 「OK長押し：やり直し」)
        self.recorded(self.t("UNDO_HINT"), HINT_MS)
        self.note_then = self.t("REDO_HINT")

    def to_start(self):
        """The first screen (resume / new game / language), the stack and its RAM let go."""
        from ui.screens import menu as screens_menu
        self.reset(screens_menu.Boot(self), True)

    def game_menu(self, extra=()):
        """The game menu over the play screen (standings, language, ...) with the game's `extra`
        (text id, fn) items: the App opens it so that no screen module imports the menus."""
        from ui.screens import menu as screens_menu
        self.push(screens_menu.GameMenu(self, extra))

    def show_play(self):
        registry.unload(PASSING)          # screens opened now and then: not kept while playing
        if self.game is None:
            from ui.screens import menu as screens_menu
            self.reset(screens_menu.Games(self))
            return
        registry.unload(MENUS)            # the start and game menus: imported again when opened
        kind = self.game.header["kind"]
        if kind != self.kind:     # another game's settings were looked at since: its screens
            self.choose_kind(kind)
        if self.game.is_over():
            from ui.screens import results as screens_results
            self.reset(screens_results.End(self))
        else:
            self.reset(self.gmod.play(self))
            self.playing = self.stack[0]   # the play screen: ▲▼ open the large view (big_ok)

    def _saved(self):
        if self.store is not None:
            self.store.after_change(self.game, True)
            if self.store.low_space():
                self.say(self.t("LOW_SPACE"))

    def submit(self, ev):
        """Commit one event; show its outcome (a finished round) or the play screen."""
        out = self.game.submit(ev)
        self.last_act = (None, ev)
        self._saved()
        self.show_play()
        if out is not None:
            scr = self.gmod.result(self, out)
            if scr is not None:
                self.push(scr)
        try:                       # every commit confirmed; a screen may say it better after this
            self.recorded(self.describe(ev))
        except Exception:          # a confirmation must never look like a failed commit
            pass
        return out

    def dry_run(self, ev):
        """What `ev` would do, without saving it: the outcome, or a Refusal with its reason."""
        from core.fold import clone
        g = self.game
        return g.rules.apply(clone(g.state), ev, g.settings)

    def long_back(self):
        """Hold back: inside an entry (a result's chooser, a form, a hand, a number, a review, a
        yes/no question, and what they opened) it cancels the whole entry and says so, back to
        the table (the play screen), never undoing a saved result; on the table (and on a screen
        that is no entry: a round's result, the final standings) it undoes the last saved action.
        Off the table (no game on it: the setup, the saved games) it cancels the entry only."""
        st = self.stack
        k = 1
        while k < len(st) and not getattr(st[k], "entry", False):
            k += 1
        if k < len(st):
            if st[0] is self.playing and self.game is not None:
                k = 1            # the whole entry, whatever menu it was opened from: the table
            while len(st) > k:
                st.pop().hide()
            st[-1].open()
            self.say(self.t("CANCELLED"))
            return
        cancel = getattr(st[0], "cancel", None) if len(st) == 1 and st[0] is self.playing else None
        if cancel is not None and cancel():     # an entry on the play screen itself (a number)
            self.say(self.t("CANCELLED"))
            return
        self.undo()

    def undo(self):
        if self.game is None:
            raise Refusal("E_NOTHING_TO_UNDO")
        rec = self.game.undo()
        self.last_act = ("UNDONE", rec)
        self._saved()
        self.show_play()
        self.say(self.t("UNDONE", {"what": self.describe(rec)}))

    def redo(self):
        if self.game is None:
            raise Refusal("E_NOTHING_TO_REDO")
        rec = self.game.redo()
        self.last_act = ("REDONE", rec)
        self._saved()
        self.show_play()
        out = self.game.last_outcome
        if out is not None:
            scr = self.gmod.result(self, out)
            if scr is not None:
                self.push(scr)
        self.say(self.t("REDONE", {"what": self.describe(rec)}))

    def describe(self, rec):
        if rec is None:
            return "?"
        if rec.get("t") == "end":      # every game's: the table stopped it (ui/screens/games.py)
            return self.t("ENDED")
        return self.gmod.describe(self, rec)
