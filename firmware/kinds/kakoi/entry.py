# 囲将会ドボン's round entry, step by step on a rank grid (a dobon: who played the card, who called with
# what hand, the field card offered from what that hand reaches, then further calls and gaeshi on one
# list) and settled on a review of every payment before it is saved. Imported at the first entry.
from ui.screens.common import hint, fit, W, seat_opts
from ui.widgets.listbox import ListScreen
from ui.widgets.confirm import Confirm
from ui.widgets.grid import RankGrid, Step
from kinds.kakoi.lines import card_word, lines, describe, hand_text, call_text, ranks
from kinds.kakoi import score as kk
from core.errors import Refusal

COLS = 3            # a keypad: A 2 3 / 4 5 6 / 7 8 9 / 10 J Q, then K (and the joker) beside 決定: a
                    # hand read low to high is fewer presses than on rows of 5 (▼ skips 3 ranks)
DEALT = 5           # a dealt hand: at 天和 nobody has played yet, so every hand has 5 cards


class RoundEntry:
    """One round's outcome in steps, each on top of the last (back walks back):
    dobon : who played the card, who called, that hand, the field card (offered from what the
            hand reaches), then the call list; tenhou: the same without the player of the card;
    tsumo : who went out and with which card.
    Then every hand the payments still need (asked one by one) and the review; OK saves."""

    def __init__(self, app, kind):
        self.app = app
        self.kind = kind
        self.by = None
        self.card = None
        self.out = False
        self.hands = {}       # seat -> ranks, each hand entered once
        self.calls = []       # {"seat", "top", "on", "fixed": the top is known (answered)}
        self.winner = None
        # ask the hands the payments still need now (a dobon: only once 登録 is pressed)
        self.saving = kind != "dobon"

    # ---- the steps ---------------------------------------------------------------------------
    def start(self):
        app = self.app
        t = app.t
        if self.kind == "dobon":
            app.push(Step(app, t("KK_by"), seat_opts(app), self.pick_by, app.state()["starter"]))
        elif self.kind == "tenhou":
            self.caller_step(t("KK_WHO_DOBON"), list(range(app.nseats())), self.first_call)
        else:
            app.push(Step(app, t("KK_seat"), seat_opts(app), self.pick_winner, app.state()["starter"]))

    def pick_by(self, by):
        n = self.app.nseats()
        self.by = by
        self.caller_step(self.app.t("KK_WHO_DOBON"), [(by + k) % n for k in range(1, n)], self.first_call)

    def caller_step(self, head, seats, then):
        if len(seats) == 1:                       # only one seat can: no question
            self.with_hand(seats[0], then)
            return
        self.app.push(Step(self.app, head, seat_opts(self.app, seats), lambda s: self.with_hand(s, then)))

    def with_hand(self, s, then):
        """The hand of seat s (asked once: the grid opens only when it is not known yet)."""
        app = self.app
        if self.hands.get(s):
            then(s)
            return
        if app.hub is not None and app.hub.has_phone(s):
            from kinds.kakoi import hands        # the caller enters it on their own phone
            hands.caller_by_phone(self, s, then)
            return

        def done(cards):
            self.hands[s] = cards
            then(s)
        self.grid(app.t("KK_hand_of", {"name": app.name(s)}), done)

    def grid(self, head, done, close=False, cards=()):
        """A hand on the grid, entered low to high (OK moves the cursor on to the next rank, OK held
        adds the last card); at 天和 a dealt hand of 5, its fifth card ends it. close: the grid
        goes once the hand is in (a hand entered from the phones' list, ui/hands.py)."""
        tenhou = self.kind == "tenhou"
        rk = ranks(self.app)
        self.app.push(RankGrid(self.app, head, rk[:12], list(cards), done, COLS, "kakoi", extra=rk[12:],
                               accept=self.a_hand,
                               check=lambda cards, r: kk.count_cards(cards + [r]),
                               close=close, want=DEALT if tenhou else None, auto=tenhou,
                               hint_id="KK_GRID_AUTO_HINT" if tenhou else "GRID_ORDER_HINT", advance=True))

    def jokers(self):
        return bool(self.app.game.settings.get("jokers"))

    def a_hand(self, cards):
        kk.check_hand(cards, self.jokers())      # empty, or five of a rank: refused with the reason

    def first_call(self, s):
        app = self.app
        hand = self.hands[s]
        tg = kk.targets(hand, self.jokers())
        fields = tg["fields"]
        if not fields:
            raise Refusal("KK_NO_FIELD", {})
        self.calls = [{"seat": s, "top": hand[0], "on": "card", "fixed": False}]
        cur = fields[0]
        opts = []
        for f in fields:
            expr = ""
            for w in tg["ways"]:
                if w["field"] == f:
                    if not expr:
                        expr = w["expr"]
                    if w["op"] == "sum":
                        cur = f          # the usual dobon is the sum: the cursor starts there
            # the table's signs, as the screens write them elsewhere: 1×2×3, 8÷4 (not * and /)
            how = expr.replace("*", "×").replace("/", "÷")
            opts.append((app.t("KK_FIELD_HOW", {"card": card_word(app, f), "how": how}), f))
        if len(opts) == 1:
            self.pick_card(fields[0])
        else:
            app.push(Step(app, app.t("KK_card"), opts, self.pick_card, cur))

    def pick_card(self, card):
        self.card = card
        self.settle()

    def pick_winner(self, w):
        app = self.app
        self.winner = w

        def last(card):
            self.card = card
            self.settle()
        app.push(RankGrid(app, app.t("KK_last"), ranks(app), [], last, COLS, "kakoi", pick=True, close=False))

    # ---- more calls and gaeshi (from the call list) -----------------------------------------
    def add_dobon(self):
        """Another call on the same field card."""
        called = [c["seat"] for c in self.calls if c["on"] == "card"]
        seats = [s for s in range(self.app.nseats()) if s not in called and s != self.by]
        if not seats:
            raise Refusal("KK_NO_MORE", {})
        self.caller_step(self.app.t("KK_WHO_DOBON"), seats, self.call_on_card)

    def call_on_card(self, s):
        hand = self.hands[s]
        if kk.can_dobon(hand, self.card, self.jokers()) is None:
            raise Refusal("E_KAKOI_NO_DOBON", {"seat": s, "card": self.card})
        self.calls.append({"seat": s, "top": hand[0], "on": "card", "fixed": False})
        self.back_to_list()

    def add_gaeshi(self):
        """Who answered: a seat with a call of someone else's to answer (never the only caller)."""
        callers = [c["seat"] for c in self.calls]
        seats = [s for s in range(self.app.nseats()) if [t for t in callers if t != s]]
        self.caller_step(self.app.t("KK_GAESHI_BY"), seats, self.answer)

    def latest(self):
        """Each seat's latest call (a seat in "on" means that call): [(seat, index)] in seat order."""
        out = []
        for s in range(self.app.nseats()):
            k = -1
            for i in range(len(self.calls)):
                if self.calls[i]["seat"] == s:
                    k = i
            if k >= 0:
                out.append((s, k))
        return out

    def level(self, i):
        """1 for a dobon on the field card, one more for each gaeshi above it."""
        on = self.calls[i]["on"]
        if on == "card":
            return 1
        for k in range(i - 1, -1, -1):
            if self.calls[k]["seat"] == on[0]:
                return self.level(k) + 1
        return 2

    def answer(self, s):
        """s answers an earlier call whose shown card its hand reaches; several calls of one
        level at once are offered too (「P2・P3」)."""
        app = self.app
        hand = self.hands[s]
        j = self.jokers()
        opts = []
        by_level = {}
        for t, i in self.latest():
            cl = self.calls[i]
            if t == s or [c for c in self.calls[i + 1:] if c["seat"] == s and t in c["on"]]:
                continue                          # itself, or a call s has answered already
            tops = [cl["top"]] if cl["fixed"] else self.hands[t]
            reach = []
            for r in tops:
                if r not in reach and kk.can_dobon(hand, r, j) is not None:
                    reach.append(r)
            for r in reach:
                opts.append(("%s（%s）" % (app.name(t), r), [(t, r)]))
            if reach:
                by_level.setdefault(self.level(i), []).append((t, reach[0]))
        for lv in sorted(by_level):
            both = by_level[lv]
            if len(both) > 1:
                opts.append((app.t("LIST_SEP").join([app.name(t) for t, r in both]), both))
        if not opts:
            raise Refusal("KK_NO_ANSWER", {})
        if len(opts) == 1:
            self.answered(s, opts[0][1])
        else:
            app.push(Step(app, app.t("KK_on"), opts, lambda v: self.answered(s, v)))

    def answered(self, s, targets):
        on = []
        for t, top in targets:
            for u, i in self.latest():
                if u == t:
                    self.calls[i]["top"] = top     # the card t showed: the one s answered
                    self.calls[i]["fixed"] = True
            on.append(t)
        self.calls.append({"seat": s, "top": self.hands[s][0], "on": on, "fixed": False})
        self.back_to_list()

    def back_to_list(self):
        self.settle()

    # ---- the event and the review -------------------------------------------------------------
    def event(self):
        n = self.app.nseats()
        hands = []
        for i in range(n):
            h = self.hands.get(i)
            if self.kind == "dobon" and self.out and i == self.by:
                h = None
            hands.append(h or None)
        ev = {"t": self.kind, "card": self.card, "hands": hands}
        if self.kind == "tsumo":
            ev["seat"] = self.winner
            return ev
        ev["calls"] = [{"seat": c["seat"], "top": c["top"], "on": c["on"]} for c in self.calls]
        if self.kind == "dobon":
            ev["by"] = self.by
            ev["out"] = self.out
        return ev

    def settle(self):
        """Show the call list with the payments (back on it, the cursor on 登録). A hand the
        payments still need is asked for only once 登録 is pressed: a gaeshi added before may
        leave its owner paying nothing (the card's player, once the call on it is answered).
        天和 and ツモ上がり ask at once: every other player pays."""
        app = self.app
        ev = self.event()
        try:
            out = app.dry_run(ev)
            err = None
        except Refusal as r:
            need = r.msg_id == "E_KAKOI_NEED_HAND" and isinstance(r.info.get("seat"), int)
            if need and self.saving:
                s = r.info["seat"]
                hub = app.hub
                if hub is not None and hub.any_phone():
                    from kinds.kakoi import hands        # the payers' hands on their own phones
                    if hands.by_phones(self, s):
                        return

                def done(cards):
                    self.hands[s] = cards
                    self.settle()
                self.grid(app.t("KK_PAYER", {"name": app.name(s)}), done)
                return
            out, err = None, r
        k = len(app.stack) - 1
        # the call list to show it on; not below the list of the phones' hands (ui/hands.py): a
        # new one goes on top of that, so back returns to the hands kept
        while k > 0 and not isinstance(app.stack[k], Calls) and app.stack[k] is not getattr(app.hands, "screen", 0):
            k -= 1
        if k > 0 and not isinstance(app.stack[k], Calls):
            k = 0
        if k > 0:
            while app.top() is not app.stack[k]:
                app.pop()
        else:
            app.push(Calls(app, self))
        app.top().show(ev, out, err)


def need_hand(err):
    return err.msg_id == "E_KAKOI_NEED_HAND" and isinstance(err.info.get("seat"), int)


class Calls(ListScreen):
    """What will be saved: 上がり札 (dobon), the calls in the order they were made, ＋ドボン,
    ＋返し, 登録 (the cursor starts there), then every payment. OK on a call asks before deleting
    it: never on the OK that follows adding one."""

    entry = True

    def __init__(self, app, entry):
        head = describe(app, {"t": entry.kind, "seat": entry.winner, "card": entry.card})
        ListScreen.__init__(self, app, head)
        self.e = entry
        self.span = 6
        self.ev = self.err = None
        self.text = []

    def show(self, ev, out, err):
        self.ev, self.err = ev, err
        if err is not None and need_hand(err):
            # not a fault: 登録 asks for it (the payments follow, then 登録 saves)
            self.text = [self.app.t("KK_NEED_ROW", {"name": self.app.name(err.info["seat"])})]
        elif err is not None:
            self.app.refuse(err)
            self.text = [self.app.toast or err.msg_id]
        else:
            self.text = lines(self.app, out)
        self.sel = len(self.actions()) - 1

    def actions(self):
        app = self.app
        e = self.e
        out = []
        if e.kind == "dobon":
            out.append(app.t("KK_OUT_ROW", {"v": app.t("YES" if e.out else "NO")}))
        for cl in e.calls:
            out.append("%s %s" % (call_text(app, cl), hand_text(e.hands.get(cl["seat"]) or [])))
        if e.kind != "tsumo":
            out.append(app.t("KK_ADD_DOBON"))
            out.append(app.t("KK_ADD_GAESHI"))
        out.append(app.t("SAVE"))
        return out

    def rows(self):
        return self.actions() + self.text

    def choose(self, i):
        app = self.app
        e = self.e
        if i >= len(self.actions()) - 1:       # 登録 (and OK on a payment line: the same)
            if self.err is not None and need_hand(self.err):
                e.saving = True
                e.settle()                     # the hands still needed, then the payments
                return
            if self.err is not None:
                app.refuse(self.err)
                return
            app.submit(self.ev)
            return
        if e.kind == "dobon":
            if i == 0:
                e.out = not e.out
                e.settle()
                return
            i -= 1
        k = len(e.calls)
        if i < k:
            who = app.name(e.calls[i]["seat"])

            def drop():
                del e.calls[i:]           # the calls after it answered it or came later
                if e.calls:
                    e.settle()
                else:
                    app.pop()             # no call left: back to the field card
            app.push(Confirm(app, app.t("KK_DEL_FROM_Q", {"name": who}), drop))
        elif i == k:
            e.add_dobon()
        else:
            e.add_gaeshi()

    def side(self, i, d):
        if self.e.kind == "dobon" and i == 0:
            self.choose(0)

    def on_button(self, kind, name):
        if name == "up" and self.sel == 0:      # ▲ from the top wraps to 登録, not a payment line
            self.sel = len(self.actions())
        ListScreen.on_button(self, kind, name)

    def draw_row(self, c, i, row, y):
        c.text(fit(row, W - 2), 1, y)
        if i == len(self.actions()):             # the payments start: a rule above them
            c.hline(0, y - 1, W, 1)

    def draw(self, c):
        ListScreen.draw(self, c)
        e = self.e
        i = self.sel
        k = len(self.actions())
        if i >= k:             # a payment line is read, not chosen: no bar on it (OK saves)
            c.invert_rect(0, 8 * (i - self.top + 1), W, 8)
        if self.top + self.span < len(self.rows()):     # more payments below: say so
            y = 8 * self.span
            on = i == self.top + self.span - 1 and i < k
            c.fill_rect(W - 9, y, 9, 8, 1 if on else 0)
            c.text("▼", W - 8, y, 0 if on else 1)
        # the hint says what OK does on the line under the cursor
        d = 1 if e.kind == "dobon" else 0
        if i >= k:
            h = "KK_LOOK_HINT"
        elif i == k - 1:
            h = "KK_SAVE_HINT"
        elif i < d:
            h = "SET_HINT"
        else:
            h = "KK_DEL_HINT" if i - d < len(e.calls) else "KK_ADD_HINT"
        hint(c, self.app.t(h))
