# Hands entered all at once on the players' phones for a result the device has open: which seats
# still have to enter theirs, what each entered (RAM only, until the result is saved as one event).
from core.errors import Refusal
from ui.screens.common import W, hint
from ui.widgets.listbox import ListScreen
from draw.font import fit, text_width


class Hands:
    """The hands a result waits for. roles: [(seat, role)] of the seats whose hand counts, in
    order (the role is the game's: kabu's "own" for the winner, "their" for the loser). check(seat,
    cards, got) raises the Refusal a hand gets (alone, or beside the hands already in); the game's
    hands module (kinds/<kind>/hands.py) gives the phone's form (hand_form), reads what a phone
    sent (hand_cards), names a hand (hand_text) and gives the preview (preview);
    enter(seat) enters a hand on the device instead; done(got) goes on once every hand is in.
    app.hands holds the open one while its HandsScreen is on the stack; the phones' Hub reads it."""

    made = 0                        # results opened since boot: each one's id

    def __init__(self, app, roles, check, enter, done, phone):
        Hands.made += 1
        self.id = Hands.made        # in each form's event: a hand is for this result, no other
        self.app = app
        self.roles = dict(roles)
        self.seats = [s for s, _r in roles]
        self.check = check
        self.enter = enter
        self.done = done
        self.phone = phone          # the game's hands module
        self.got = {}               # seat -> cards
        self.by_phone = {}          # seat -> True when its phone sent it
        self.seq = app.game.seq     # a hand sent against another state of the game is stale
        self.v = 0                  # one more at every hand in: the phones' views follow
        self.screen = None          # its HandsScreen

    def live(self):
        """Still the open result: on the panel's stack, and the game not moved since."""
        app = self.app
        return (app.hands is self and self.screen in app.stack and app.game is not None
                and app.game.seq == self.seq)

    def waiting(self):
        return [s for s in self.seats if s not in self.got]

    def form(self, vo, seat):
        f = self.phone.hand_form(vo, seat, self)
        f["ev"]["h"] = self.id
        return f

    def from_phone(self, seat, ev):
        """A phone's hand (its form's fields) through the same checks as the device's."""
        self.put(seat, self.phone.hand_cards(seat, ev, self), True)

    def put(self, seat, cards, from_phone=False):
        """A seat's hand, from its phone or from the device; refused as the device refuses it."""
        if not self.live():
            raise Refusal("E_PH_STALE")
        if seat not in self.seats:
            raise Refusal("E_PH_SEAT")
        self.check(seat, cards, self.got)
        self.got[seat] = cards
        self.by_phone[seat] = from_phone
        self.v += 1
        self.app.dirty = True
        # the last hand goes on to the next step; a phone's, only while the panel shows this list
        # (the panel first: never over a hand being corrected here); else its 次へ row waits
        if not self.waiting() and (not from_phone or self.app.top() is self.screen):
            self.finish()

    def finish(self):
        # the panel goes on to the next step on top of this list: back from it returns here,
        # with every hand kept, to correct one
        self.done(self.got)


class HandsScreen(ListScreen):
    """「手札の入力」 on the panel: each seat whose hand counts, entered or still to come from its
    phone. ok on a seat enters (or corrects) its hand here; back drops the whole result."""

    entry = True

    def __init__(self, app, hands):
        ListScreen.__init__(self, app, app.t("HANDS_HEAD"))
        self.hands = hands
        hands.screen = self
        self.span = 5

    def open(self):
        self.app.hands = self.hands
        self.app.dirty = True

    def rows(self):
        app, h = self.app, self.hands
        out = []
        for s in h.seats:
            if s not in h.got:
                state = app.t("HAND_WAIT" if app.hub is not None and app.hub.has_phone(s) else "HAND_TODO")
            else:
                state = app.t("HAND_PHONE" if h.by_phone.get(s) else "HAND_IN")
            out.append((app.name(s), state))
        if not h.waiting():
            out.append((app.t("HANDS_NEXT"), ""))
        return out

    def draw_row(self, c, i, row, y):
        name, state = row
        w = text_width(state)
        c.text(fit(name, W - w - 6), 1, y)
        c.text(state, W - w - 1, y)

    def draw(self, c):
        ListScreen.draw(self, c)
        hint(c, self.app.t("HANDS_HINT"))

    def choose(self, i):
        h = self.hands
        if i < len(h.seats):
            h.enter(h.seats[i])
        else:
            h.finish()              # every hand in, the list seen again: on to the next step
