# The app: owns the screen stack, the game, the language and the toast line; buttons in, frames out.
#
# Gestures (docs/playing.md): click = act, up/down repeat = fast number entry, long back = undo
# (on a play screen; inside a form it cancels the form), long ok = redo (on a hand's grid: its last
# card, ui/widgets/grid.py). Refusals become a toast in the current language and leave the game untouched.
# Only the chosen game's rules and screen modules are ever imported.
#
# Never a halt: any other exception a screen raises (on_button, open, draw) is caught here, written
# with the screen's name and the last gestures to errors.txt beside the games (exported with the
# logs, docs/export.md), and the table is taken back to the play screen; the journal is untouched.
#
# RAM (docs/ram.md): the texts of the current language only, three compact objects per table, read
# from ui/texts.bin (host_tools/board/make_texts.py) without importing the tables, or copied out of a
# table the file lacks (its module is then forgotten); choosing a game forgets the other games'
# modules (ui/session.py: the game's part of the App, its commits, undo and redo).
import gc

from core.errors import Refusal, fill
from core import registry
from words import texts
from ui.session import Session

TOAST_MS = 2500
FONT_MS = 30000          # "the font file is damaged": until a press, or half a minute
REST_MS = 1500           # no gesture this long: the table rests, the store's deferred snapshot is written
NOTE_MS = 4000           # "what was recorded": over the play screen's title row until the next press
GESTURES_KEPT = 16       # the last gestures written with an error (a ring: nothing allocated per press)
G_KINDS = ("click", "long", "repeat")
G_NAMES = ("up", "down", "left", "right", "ok", "back")
SEAT_KEYS = ("seat", "winner", "loser", "by")   # refusal info naming a seat (an index)
TEXTS_KEPT = 16          # texts kept by t(): each one looked up again is a seek and a read
BIG_KEYS = ("up", "down")   # on a play screen: the large view (readable across the table)
CARD_KEYS = ("card", "rank", "okoshi", "top")          # ... naming a card (its label)


def _ms(clock):
    # every clock the App is given has ticks_ms() (hw/clock.py, the tests' and tools' fakes)
    return 0 if clock is None else clock.ticks_ms()


class App(Session):
    def __init__(self, display, store, clock, lang="ja"):
        self.display = display
        self.store = store
        self.clock = clock
        self.lang = lang
        if store is not None:
            try:
                saved = store.lang()
            except Exception:   # a preference must never stop the boot
                saved = None
            if saved in ("ja", "en"):
                self.lang = saved
        self.canvas = None
        self.stack = []
        self.game = None
        self.kind = None
        self.playing = None        # the play screen on the stack (show_play)
        self.gmod = None           # the chosen game's screen module (kinds/<kind>/screens.py: play/result/describe)
        self._tx = None            # texts of (lang, kind): see _texts()
        self._tx_lang = None
        self._tx_kind = None
        self._kept = {}            # the last texts looked up, id -> text (a redraw asks for the same)
        self.toast = None
        self.toast_at = 0
        self.toast_ms = TOAST_MS
        self.note = None           # one line of what the last commit recorded (recorded())
        self.note_at = 0
        self.note_ms = NOTE_MS
        self.note_then = None      # a second line shown when the note's time is up (session)
        self.last_act = None       # (None | "UNDONE" | "REDONE", record): what phones' note says
        self.hub = None            # net.live.Hub on a board that serves phones (docs/phones.md)
        self.hands = None          # ui.hands.Hands: a result waiting for the players' own hands
        self.dirty = True
        self.frames = 0
        self.ring = bytearray(GESTURES_KEPT)   # the last gestures, kind * 8 + name + 1 (0: none)
        self.ring_at = 0
        self.errors = []           # "Screen: TypeError: ..." of every caught error (tests assert none)
        self.errors_in_row = 0     # caught errors since the last good press or frame
        self.font_told = False     # the damaged font file was said (once a boot: frame())
        prefs = {}
        if store is not None:
            try:
                prefs = store.prefs()
            except Exception:   # a preference must never stop the boot
                prefs = {}
        from ui.care import Care
        self.care = Care(self, prefs)   # dim, blank, wake (ui/care.py)
        from ui.screens import menu as screens_menu
        self.reset(screens_menu.Boot(self))

    # ---- text ----------------------------------------------------------------------------------
    def set_lang(self, lang):
        """Switch the language; remembered on the flash beside the games, never in a game's log."""
        self.lang = lang
        if self.store is not None:
            try:
                self.store.set_lang(lang)
            except Exception:   # a full flash: the switch still holds until power-off
                pass

    def t(self, sid, info=None):
        """The text `sid` in the current language with `info` filled in; an unknown id shows as
        itself. Looks in the games' names, the engine's table, the UI's, then the chosen game's
        (the first one holding `sid` wins), as core.messages.text() does."""
        if self._tx is None or self._tx_lang != self.lang or self._tx_kind != self.kind:
            self._texts()
        kept = self._kept
        s = kept.get(sid)
        if s is None:
            s = texts.look(self._tx, sid)
            if s is None:
                return sid
            if len(kept) >= TEXTS_KEPT:
                kept.clear()
            kept[sid] = s
        return fill(s, info) if info else s      # (a call saved: most texts have no fields)

    def _texts(self):
        """The current language's texts (words/texts.py): read from ui/texts.bin, or copied out of a
        table the file lacks."""
        self._tx = None          # the old texts can go before the new ones are read (RAM)
        self._kept = {}
        self._tx = texts.load(self.lang, self.kind)
        self._tx_lang, self._tx_kind = self.lang, self.kind

    def name(self, i):
        if self.game is not None:
            seats = self.game.header["seats"]
            if 0 <= i < len(seats):
                return seats[i]
        return "P%d" % (i + 1)

    def nseats(self):
        return self.game.nseats if self.game else 0

    def say(self, s, ms=TOAST_MS):
        self.toast = s
        self.toast_at = _ms(self.clock)
        self.toast_ms = ms
        self.dirty = True

    def recorded(self, line, ms=NOTE_MS):
        """Confirm a commit in one line (「P4 様子見」) over the play screen's title row. It never
        blocks: the next press replaces it, and it goes by itself after `ms`."""
        self.note = line
        self.note_then = None      # a commit's line replaces a hint's second line too
        self.note_at = _ms(self.clock)
        self.note_ms = ms
        self.dirty = True

    def elapsed(self, since):
        now = _ms(self.clock)
        diff = getattr(self.clock, "ticks_diff", None)
        return diff(now, since) if diff is not None else now - since   # ticks wrap on the Pico

    def big_ok(self):
        """▲/▼ opens the large view (ui/screens/big.py) on a play screen, where they are free: not in an
        entry (掛け引き's raise amount uses them), not once the game is over."""
        if len(self.stack) != 1 or self.game is None or self.game.is_over():
            return False
        top = self.stack[0]
        return top is self.playing and getattr(top, "raising", None) is None

    def now(self):
        return _ms(self.clock)

    def refuse(self, r):
        """A refusal in the table's words: seats become names, cards their names, an engine field
        its label; a value still to be chosen (None, seat -1) is asked for, never shown."""
        info = r.info
        if info:
            info = dict(info)
            n = self.nseats()
            for k in info:
                v = info[k]
                if k in SEAT_KEYS:
                    if isinstance(v, int) and 0 <= v < n:
                        info[k] = self.name(v)
                        continue
                    v = None
                elif k in CARD_KEYS and v is not None and v != "None" and v != -1:
                    info[k] = self._known("CARD_" + str(v), v)
                    continue
                elif k == "field" and v is not None:
                    info[k] = self._known("F_" + str(v), v)
                    continue
                elif k == "setting":           # a setting's label id (core/settings.py)
                    info[k] = self._known(str(v), v)
                    continue
                if v is None or v == "None" or v == -1:
                    self.say(self._known("ASK_" + k, None) or self.t("ASK"))
                    return
        self.say(self.t(r.msg_id, info))

    def _known(self, sid, default):
        s = self.t(sid)
        return default if s == sid else s

    # ---- the screen stack ------------------------------------------------------------------------
    def top(self):
        return self.stack[-1]

    def claim(self, hub, seat):
        """A phone asks for `seat` (net/seats.py): the question on the panel."""
        from ui.screens.phones import Claim
        self.push(Claim(self, hub, seat))

    def push(self, s):
        if self.stack:
            self.stack[-1].hide()
        self.stack.append(s)
        s.open()
        self.dirty = True

    def pop(self):
        if len(self.stack) > 1:
            self.stack.pop().hide()
            self.stack[-1].open()
        self.dirty = True

    def reset(self, s, collect=False):
        """Empty the stack, then show `s`. collect: gc.collect() in between (17 ms on the Pico:
        only when much was let go, not on every press - show_play() resets on every commit)."""
        while self.stack:
            self.stack.pop().hide()
        if collect:
            gc.collect()
        self.push(s)

    # ---- buttons and frames ----------------------------------------------------------------------
    def on_button(self, kind, name):
        if self.care.gesture(kind, name):   # the press that woke the panel does nothing else
            self.dirty = True
            return
        if kind == "press":
            return
        if kind in G_KINDS and name in G_NAMES:
            self.ring[self.ring_at] = G_KINDS.index(kind) * 8 + G_NAMES.index(name) + 1
            self.ring_at = (self.ring_at + 1) % GESTURES_KEPT
        self.note = self.note_then = None     # the next press replaces the confirmation line
        try:
            if kind == "long":
                if name == "back":
                    self.long_back()
                elif name == "ok":
                    held = getattr(self.top(), "long_ok", None)   # a hand's grid: the last card
                    if held is not None:
                        held()
                    else:
                        self.redo()
            else:
                if kind == "click" and self.toast is not None:
                    self.toast = None
                if kind == "click" and name in BIG_KEYS and self.big_ok():
                    from ui.screens.big import Big
                    self.push(Big(self))
                else:
                    self.top().on_button(kind, name)
            self.errors_in_row = 0
        except Refusal as r:
            self.refuse(r)
        except Exception as e:   # never a halt: log it, back to the play screen
            self.crashed(e)
        self.dirty = True

    # ---- never a halt ----------------------------------------------------------------------------
    def crashed(self, e):
        """A screen raised: log it, then show the play screen (the start screen when there is no
        game, or when the play screen itself fails again). The journal is never touched."""
        scr = type(self.stack[-1]).__name__ if self.stack else "-"
        if isinstance(e, MemoryError) and self.hub is not None:
            try:
                self.hub.short_of_memory()   # the phones give way to the table (net/radio.py)
            except Exception:
                pass
        first = "%s: %s: %s" % (scr, type(e).__name__, e)
        if len(self.errors) < 8:
            self.errors.append(first)
        self.errors_in_row += 1
        gc.collect()
        self.log_error(e, scr)
        try:
            if self.errors_in_row > 1 or self.game is None:
                raise RuntimeError("to the start screen")
            self.show_play()
        except Exception:
            from ui.screens import menu as screens_menu
            self.stack = []      # no hide(): the screens below may be what fails
            self.push(screens_menu.Boot(self))
        self.say(self.t("ERR_SHOWN", {"what": type(e).__name__}))

    def gestures(self):
        """The last gestures, oldest first: ["click ok", "long back", ...]."""
        out = []
        for k in range(GESTURES_KEPT):
            v = self.ring[(self.ring_at + k) % GESTURES_KEPT]
            if v:
                out.append(G_KINDS[(v - 1) >> 3] + " " + G_NAMES[(v - 1) & 7])
        return out

    def log_error(self, e, scr):
        """Append the error to errors.txt beside the games (ui/errlog.py, imported only now)."""
        try:
            from ui import errlog
            errlog.append(self.store, e, scr, self.game, self.gestures(), _ms(self.clock))
        except Exception:    # a failed note must never stop the table
            pass

    def rest(self):
        """Between presses, every button up: the store's work for the table's rest (a snapshot, the
        write-ahead block folded or made ready) is done once no gesture came for REST_MS, where its
        erases delay no press."""
        st = self.store
        if st is None or not st.rest_due() or self.elapsed(self.care.since) < REST_MS:
            return
        try:
            st.idle()
        except Exception as e:    # the journal alone holds everything: the table goes on
            self.log_error(e, "Store")

    def frame(self):
        """Redraw when something changed; returns True when a picture was sent to the display."""
        self.care.tick()
        if self.toast is not None and self.elapsed(self.toast_at) >= self.toast_ms:
            self.toast = None
            self.dirty = True
        if self.note is not None and self.elapsed(self.note_at) >= self.note_ms:
            self.note = None
            self.dirty = True
            if self.note_then is not None:
                self.recorded(self.note_then, self.note_ms)     # (which lets note_then go)
        if not self.dirty:
            return False
        if self.canvas is None:
            gc.collect()
            from draw.canvas import Canvas
            self.canvas = Canvas()
        c = self.canvas
        for attempt in range(3):     # a failing draw: recover, then draw what recovery shows
            c.fill(0)
            try:
                self.top().draw(c)
                self.errors_in_row = 0
                break
            except Exception as e:
                if attempt == 2:
                    raise
                self.crashed(e)
        if self.note is not None and len(self.stack) == 1:
            self.draw_note(c)
        if not self.font_told:
            from draw import font
            if font.damaged:     # a glyph it could not vouch for was drawn as a box: say why
                self.font_told = True
                self.say(self.t("FONT_DAMAGED"), FONT_MS)
        if self.toast is not None:
            self.draw_toast(c)
        self.dirty = False
        self.frames += 1
        if self.display is not None:
            self.display.show(c)
        return True

    def draw_note(self, c):
        from ui.screens.common import fit, text_width, W
        c.fill_rect(0, 0, W, 8, 1)
        s = fit(self.note, W)
        c.text(s, 1 if text_width(s) <= W - 2 else 0, 0, 0)   # a full-width line from the edge

    def draw_toast(self, c):
        from ui.screens.common import wrap, W
        lines = wrap(self.toast, W - 4)[:3]
        # above the bottom row (the action bar or the hint stays in view under a toast), from a
        # row boundary down to it: no half-covered line of text above the box
        y = (55 - 8 * len(lines) - 3) // 8 * 8
        h = 55 - y
        c.fill_rect(0, y, W, h, 0)
        c.rect(0, y, W, h, 1)
        top = y + 1 + (h - 8 * len(lines)) // 2
        for k in range(len(lines)):
            c.text(lines[k], 2, top + 8 * k)

    # ---- the game (the rest of it: ui/session.py) ------------------------------------------------
    @property
    def gmod(self):
        """The chosen game's screen module (kinds/<kind>/screens.py: play/result/describe), imported when first
        asked for."""
        m = self._gmod
        if m is None and self.kind is not None:
            m = self._gmod = registry.screens(self.kind)
        return m

    @gmod.setter
    def gmod(self, m):
        self._gmod = m

    def state(self):
        return self.game.state
