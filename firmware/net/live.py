# The live table for phones: notices each change on the device, builds each language's view once per
# change, keeps the seat tokens and the claim being asked (docs/phones.md). No sockets here.
#
# A phone is one more source of events through App.submit(), never a second copy of the state:
# every view is read from the App (its game, its journal's seq, its screens) when it is asked for.
import gc
import json

from core import registry
from core.errors import Refusal
from words import texts
from net.seats import Seats, panel, setting_up

class Hub(Seats):
    """What every phone sees and may do. poll() runs once per turn of the loop (cheap: a few
    compares); the views are built only when a stream asks, once per language and change."""

    def __init__(self, app, key):
        self.app = app
        self.key = key
        self.v = 1                   # the view's version: one more on every change phones see
        self._game = None
        self._seq = -1
        self._top = None
        self._lang = None
        self._hands = None
        self.dropped = None          # the seq at which an open result's hands were dropped
        self.starter = None          # the seat whose phone started the open result
        Seats.__init__(self)
        self.views = {}              # lang -> the public view of version v, as JSON text
        self.voices = {}             # lang -> words/game.py Words of the game on the table
        self.words = {}              # lang -> the section of net/strings.py (the server's own texts)
        self.last = None             # (seq, outcome): the last result, for "the last result" lines
        self.wake = None             # callable: the server's streams wake up (set by the server)
        self.net = {}                # mode ("ap", "sta", "lan"), ip, port, ssid, password: the join codes
        self.on_memory = None        # callable: what the board does when the heap runs out

    def short_of_memory(self):
        if self.on_memory is not None:
            self.on_memory()

    def address(self):
        """The page's address with the table key (the second join code)."""
        port = self.net.get("port", 80)
        return "http://%s%s/?k=%s" % (self.net.get("ip", "0.0.0.0"), "" if port == 80 else ":%d" % port, self.key)

    # ---- noticing changes ------------------------------------------------------------------------
    def poll(self):
        app = self.app
        g = app.game
        if g is not self._game:
            self.forget_seats()          # a seat belongs to one game
        if self.asking is not None and not self.asked:
            if g is not self.asked_in or g.is_over():
                self.answer(False, "E_PH_STALE")     # the game it was for went away meanwhile
            else:
                self.ask()
        if self.leaving:
            self.notice_gone()
        seq = g.seq if g is not None else -1
        top = app.stack[-1] if app.stack else None
        h = open_hands(app)
        hv = None if h is None else (id(h), h.v, not h.waiting() and id(getattr(top, "ev", top)))
        if (g is self._game and seq == self._seq and type(top) is self._top and app.lang == self._lang
                and hv == self._hands):
            return False
        if self._hands is not None and hv is None and seq == self._seq:
            self.dropped = seq       # the panel dropped a result its phones were entering hands for
        elif seq != self._seq:
            self.dropped = None
        if h is None:
            self.starter = None
        self._hands = hv
        if app.lang != self._lang:
            self.voices = {}
        if g is not self._game:
            self.last = None
            self.voices = {}             # another game's texts
        self._game, self._seq, self._top, self._lang = g, seq, type(top), app.lang
        if g is not None:
            out = g.last_outcome
            if out is not None:
                self.last = (g.seq, out)
            elif self.last is not None and not _done(g.done, self.last[0]):
                self.last = None         # its action was undone
        self.changed()
        return True

    def changed(self):
        self.v += 1
        self.views = {}
        if self.wake is not None:
            self.wake()

    def panel(self):
        return panel(self.app)

    # ---- texts -----------------------------------------------------------------------------------
    def t(self, lang, sid, info=None):
        """A text of the server's own (net/strings.py), else the App's tables, in `lang`."""
        return self.voice(lang).t(sid, info)

    def _words(self, lang):
        sec = self.words.get(lang)
        if sec is None:
            sec = _words(lang)
            self.words[lang] = sec
        return sec

    # ---- views -----------------------------------------------------------------------------------
    def kind(self):
        """The kind of the game on the table (the App's may already be the next game's)."""
        g = self.app.game
        return g.header["kind"] if g is not None else self.app.kind

    def voice(self, lang):
        """The game on the table in `lang`'s words (words/game.py Words), kept till it changes: the
        App's own texts when it speaks that language, then the server's own (net/strings.py)."""
        app = self.app
        kind = self.kind()
        v = self.voices.get(lang)
        if v is None or v.kind != kind or v.game is not app.game:
            gc.collect()
            from words.game import Words
            if lang == app.lang and kind == app.kind:
                app.t("TITLE")           # the App's own texts, loaded: shared, not read twice
                tx = app._tx
            else:
                tx = texts.load(lang, kind)
            v = Words(lang, kind, tx + (self._words(lang),), app.game)
            self.voices[lang] = v
        return v

    def public(self, lang):
        """The view every phone of `lang` gets (no seat's part), built now."""
        return self._build(self.voice(lang))

    def mine(self, lang, tok):
        """The part of the view only the seat of token `tok` gets, or None."""
        seat = self.seat_of(tok)
        if seat is None or self.app.game is None:
            return None
        mod = self.phone_module()
        mine = {"seat": seat, "lines": [], "forms": []}
        f = getattr(mod, "mine", None)       # optional: a game whose phones only watch has none
        if f is not None and not self.app.game.is_over():
            f(self.voice(lang), seat, mine)
        if getattr(mod, "opens", None) is not None or self.app.hands is not None:
            from net import entries      # a result started, its hands, its saving from a phone
            entries.mine(self, self.voice(lang), seat, mine, mod)
        return mine

    def view(self, lang, tok=None):
        """The view a phone gets: the public one, and `mine` for a valid seat token only."""
        view = self.public(lang)
        mine = self.mine(lang, tok)
        if mine is not None:
            view["mine"] = mine
        return view

    def view_json(self, lang, tok=None):
        """view() as JSON text; the public part is encoded once per language and change and kept as
        text (smaller than its dicts), every stream of that language sends the same string."""
        text = self.views.get(lang)
        if text is None:
            text = json.dumps(self.public(lang))
            self.views[lang] = text
        mine = self.mine(lang, tok)
        if mine is None:
            return text
        return text[:-1] + ', "mine": ' + json.dumps(mine) + "}"

    def phone_module(self):
        kind = self.kind()
        if kind is None:
            return None
        try:
            return registry.module(registry.phone(kind))
        except ImportError:          # a game without phone views: the generic one (standings)
            return None

    def _build(self, vo):
        app = self.app
        g = app.game
        view = {"v": self.v, "lang": vo.lang, "title": vo.t("TITLE"), "progress": "", "note": "",
                "turn": None, "seats": [], "sections": []}
        if self.asking is not None:
            view["asking"] = self.asking[0]
        nxt = setting_up(app)
        if nxt is not None:      # the panel sets up the next game: the phones are told which
            view["next"] = registry.name(nxt, vo.lang)
        if g is None:
            view["screen"] = "games"
            view["sections"] = saved_games(vo, app)
            if nxt is not None:
                view["note"] = vo.t("PH_NEXT_GAME", {"game": view["next"]})
            return view
        kind = g.header["kind"]
        view["game"] = g.game_id
        view["title"] = registry.name(kind, vo.lang)
        view["seats"] = [{"name": app.name(i), "phone": self.has_phone(i)} for i in range(g.nseats)]
        from words.game import progress
        view["progress"] = progress(vo, kind, g.settings, g.state, g.is_over())
        try:
            if nxt is not None:
                view["note"] = vo.t("PH_NEXT_GAME", {"game": view["next"]})
            else:
                view["note"] = vo.t("PH_HANDS_DROPPED") if self.dropped == g.seq else _note(vo, app)
        except Exception:        # a confirmation line must never stop the view
            view["note"] = ""
        if g.is_over():
            view["screen"] = "end"
            view["sections"] = [standings(vo, "FINAL")]
            return view
        view["screen"] = "play"
        mod = self.phone_module()
        if mod is None:
            view["sections"] = [standings(vo)]
            return view
        turn = getattr(mod, "turn", None)
        view["turn"] = turn(g.state) if turn is not None else None
        view["sections"] = mod.sections(vo, self.last[1] if self.last else None)
        h = open_hands(app)
        if h is not None:
            from net.entries import sections     # a Hands is open: the phones' forms need it too
            view["sections"] = sections(vo, h) + view["sections"]
        return view

    # ---- what a phone sends ----------------------------------------------------------------------
    def hands(self):
        """The result the panel has open for the phones' hands (ui/hands.py), or None."""
        return open_hands(self.app)

    def act(self, tok, v, ev):
        """A phone's event through App.submit(), as a press: the seat must be the token's, the event
        one the game lets a phone send, and the phone must have seen the current view."""
        seat = self.seat_of(tok)
        if seat is None:
            return 403, None
        mod = self.phone_module()
        if isinstance(ev, dict) and ev.get("t") in ("hand", "open", "save"):
            from net import entries
            return entries.act(self, seat, v, ev, mod)
        acts = getattr(mod, "ACTS", None) or {}
        if not isinstance(ev, dict) or ev.get("t") not in acts:
            return 403, None
        field = acts[ev["t"]]
        if field is None:            # an event of the player to move: only on that seat's turn
            if getattr(mod, "turn", None) is None or mod.turn(self.app.game.state) != seat:
                return 403, None
        elif ev.get(field) != seat:
            return 403, None
        why = panel(self.app)
        if why is not None:          # the panel first: nothing a phone sends closes what it shows
            raise Refusal(why)
        if v != self.v:
            raise Refusal("E_PH_STALE")
        self.app.submit(ev)
        self.app.dirty = True
        self.poll()
        return 200, self.v


def open_hands(app):
    """The result waiting for hands (ui/hands.py), while it is still open on the panel."""
    h = app.hands
    return h if h is not None and h.live() else None


def _words(lang):
    """net/strings.py's section in `lang`: from ui/texts.bin as the App's tables are, else imported."""
    sec = None
    try:
        f, d = texts.open_file()
        try:
            sec = texts.read_section(f, d, "net.strings " + lang)
        finally:
            f.close()
    except Exception:        # no file, not ours, or this section damaged: the table itself
        sec = None
    if sec is None:
        from net import strings
        sec = texts.section(strings.MESSAGES, 1 if lang == "ja" else 0)
        registry.unload(("net.strings",))
    return sec


def _done(ranges, seq):
    for a, b in ranges:
        if a <= seq <= b:
            return True
    return False


def _note(vo, app):
    """What the device last recorded, undid or redid, in the phone's language (the panel's line)."""
    last = app.last_act
    if last is None:
        return ""
    sid, rec = last
    what = vo.describe(rec)
    return what if sid is None else vo.t(sid, {"what": what})


def standings(vo, head="STANDINGS"):
    """Place, name and score of every seat (any game: its rules' standings())."""
    st = sorted(vo.game.standings(), key=lambda e: (e["place"], e["seat"]))
    pts = "PTS_" + str(vo.kind)
    if vo.t(pts) == pts:
        pts = "PTS"
    rows = [[vo.t("PLACE", {"n": e["place"]}), vo.name(e["seat"]), vo.t(pts, {"n": e["score"]})]
            for e in st]
    return {"head": vo.t(head), "cols": ["", "", ""], "rows": rows, "hl": []}


def saved_games(vo, app):
    """Between games: the saved games, newest first (what the panel's list shows)."""
    if app.store is None:
        return [{"lines": [vo.t("PH_NO_GAME")]}]
    from words.game import progress as where
    rows = []
    gc.collect()
    for e in app.store.games():
        kind = e["kind"]
        if kind is None:
            rows.append([vo.t("GL_UNREADABLE"), "", ""])
            continue
        try:
            at = where(vo, kind, e["settings"], e["state"], e["over"])
        except Exception:
            at = ""
        rows.append([registry.name(kind, vo.lang), at, vo.t("GL_SEP").join(e["seats"])])
    registry.unload_except(app.kind)     # games() imported every listed game's rules
    gc.collect()
    return [{"head": vo.t("SAVED_GAMES"), "cols": ["", "", ""], "rows": rows, "hl": []}]
