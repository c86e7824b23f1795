# The seats of the game on the table: which phone holds which (the tokens), the claim the panel is
# asking, and whether a seat's phone is at the table now (docs/phones.md "Across games"). The Hub
# (net/live.py) is a Seats: app, changed() and poll()'s calls come from it. No sockets here.
from core.errors import Refusal

TOKEN_HEX = 16     # a seat token: 64 random bits
GONE_MS = 10000    # a seat's phone whose last stream closed this long ago is gone from the panel
                   # (a reload or a moment out of Wi-Fi reconnects well within it)


def rand_hex(n):
    """n random hex digits (os.urandom: the Pico's ROSC, CPython's system source)."""
    import os
    return "".join("%02x" % b for b in os.urandom((n + 1) // 2))[:n]


class Seats:
    """Who holds which seat of the game on the table. A seat belongs to one game: the Hub forgets
    every token when another game comes onto the table (forget_seats)."""

    def __init__(self):
        self.tokens = {}             # seat -> token of the game on the table (RAM only: a reboot,
                                     # and another game on the table, forget every claim)
        self.streaming = {}          # token -> its streams open now
        self.left = {}               # token -> ticks_ms its last stream closed; None once gone
        self.leaving = 0             # tokens in `left` not yet gone (poll() watches them)
        self.asking = None           # (seat, client id) while the panel asks the table
        self.asked_in = None         # ... in this game (a claim is for a seat of one game)
        self.asked = False           # ... and its question is on the panel (else held: the panel first)
        self.answers = {}            # client id -> the claim's answer, until its stream sends it

    def forget_seats(self):
        """Another game on the table (a new one, a kept one resumed, none): every phone claims
        again, its seats being that game's; a token of an earlier game opens nothing."""
        self.tokens = {}
        self.streaming = {}
        self.left = {}
        self.leaving = 0
        self.app.dirty = True

    def has_phone(self, seat):
        """The seat's phone is at the table: claimed in this game, and its page open now or
        within GONE_MS (the panel waits for it, counts it; a phone put away is not waited for)."""
        tok = self.tokens.get(seat)
        if tok is None:
            return False
        if tok not in self.left:
            return True
        at = self.left[tok]
        return at is not None and self._since(at) < GONE_MS

    def any_phone(self):
        for seat in self.tokens:
            if self.has_phone(seat):
                return True
        return False

    def phones_here(self):
        return len([s for s in self.tokens if self.has_phone(s)])

    def stream_on(self, tok):
        """A phone's stream with `tok` opened (net/stream.py). Only a seat's token is counted: what
        a page still holds from an earlier game, or a made-up one, costs nothing."""
        if self.seat_of(tok) is not None:
            self.streaming[tok] = self.streaming.get(tok, 0) + 1
            if self.left.pop(tok, 0) is None:    # it had gone: the panel shows it again
                self.app.dirty = True
                self.changed()
            self._count_leaving()

    def stream_off(self, tok):
        n = self.streaming.get(tok)
        if n is None:
            return
        if n > 1:
            self.streaming[tok] = n - 1
            return
        del self.streaming[tok]
        if self.seat_of(tok) is not None:       # a replaced token is not a phone that left
            self.left[tok] = self.app.now()
            self._count_leaving()

    def _drop(self, tok):
        """A token no seat holds any more (a takeover): nothing of it is kept."""
        self.streaming.pop(tok, None)
        if self.left.pop(tok, None) is not None:
            self._count_leaving()

    def _count_leaving(self):
        self.leaving = len([t for t in self.left if self.left[t] is not None])

    def notice_gone(self):
        """A phone whose page closed GONE_MS ago is gone: the panel and the phones are told."""
        gone = [t for t in self.left if self.left[t] is not None and self._since(self.left[t]) >= GONE_MS]
        for t in gone:
            self.left[t] = None
        if gone:
            self._count_leaving()
            self.app.dirty = True
            self.changed()

    def _since(self, at):
        return self.app.elapsed(at)

    def seat_of(self, tok):
        if not tok:
            return None
        for seat in self.tokens:
            if self.tokens[seat] == tok:
                return seat
        return None

    def claim(self, seat, cid):
        """A phone asks for a seat: the panel asks the table (ui/screens/phones.Claim)."""
        g = self.app.game
        n = g.nseats if g is not None else 0
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < n:
            raise Refusal("E_PH_SEAT")
        if not isinstance(cid, str) or not 8 <= len(cid) <= 32:
            raise Refusal("E_PH_CLIENT")
        if self.asking is not None:
            raise Refusal("E_PH_ASKING")
        if g.is_over():
            raise Refusal("E_PH_OVER")       # the final standings: no seat to play any more
        if setting_up(self.app) is not None:
            raise Refusal("E_PH_NEXT")       # the seats are the next game's, once it starts
        self.asking = (seat, cid)
        self.asked_in = g
        self.asked = False
        self.ask()

    def ask(self):
        """The claim's question goes on the panel once the panel shows the table alone: never over
        a question, an entry or a result someone is reading (the panel first); till then it is held
        and the phone waits."""
        if self.asking is None or self.asked or panel(self.app) is not None:
            return
        self.asked = True
        self.app.claim(self, self.asking[0])

    def answer(self, yes, why="E_PH_DECLINED"):
        """The table's answer on the panel: a token for the seat, or a refusal, to the asking phone.
        A new token makes the seat's old one worthless: that phone's next view has no `mine`."""
        seat, cid = self.asking
        self.asking = self.asked_in = None
        if yes:
            tok = rand_hex(TOKEN_HEX)
            old = self.tokens.get(seat)
            self.tokens[seat] = tok        # a seat has one phone: the new one replaces the old
            if old is not None:
                self._drop(old)
            self.answers[cid] = {"seat": seat, "tok": tok}
        else:
            self.answers[cid] = {"seat": seat, "refused": why}
        self.changed()


def panel(app):
    """None while the panel shows the table alone (the game's play screen, nothing half-entered
    on it): a phone may act. Else the refusal its act gets (the panel first, docs/phones.md): a
    yes/no question (E_PH_ASKED), an entry (E_PH_BUSY), or what someone is reading: a result, the
    standings, a menu, the large view (E_PH_SHOWN)."""
    st = app.stack
    top = st[-1] if st else None
    if top is not None and len(st) == 1 and top is app.playing:
        return "E_PH_BUSY" if top.entering() else None
    if getattr(top, "question", False):
        return "E_PH_ASKED"
    return "E_PH_BUSY" if getattr(top, "entry", False) else "E_PH_SHOWN"


def setting_up(app):
    """The kind of the game the panel is setting up (its settings or seats screens), or None."""
    for scr in app.stack:
        kind = getattr(scr, "sets_up", None)
        if kind:
            return kind
    return None
