# 株ドボン endings entered step by step: a dobon or a gaeshi (winner, loser, the two hands on a rank
# grid, the dobon card offered from what the winner's hand reaches), the 起こし札 form, a four of a
# kind, a deck-out; each is dry-run and shown before it is saved.
from ui.screens.common import hint, seat_opts, fit, text_width, W
from ui.widgets.menu import Menu
from ui.widgets.choice import Choice
from ui.widgets.lines import Lines
from ui.widgets.confirm import Confirm
from ui.screens.entry import Form
from ui.widgets.grid import RankGrid, Step
from kinds.kabu.review import Review, review_lines, lines
from kinds.kabu import cards as kc
from kinds.kabu.cards import OTHER
from kinds.kabu.names import ranks, card_name, hand_text, one_more  # noqa: F401 (the screens' names)
from kinds.kabu import score as ks
from core.errors import fill

SPECIAL = (10, 11, 12)


def grid_field(app, key, label, maxn=40):
    """A form field whose hand is entered on the rank grid."""
    rk = ranks(app)

    def edit(form, fd):
        app.push(RankGrid(app, label, rk, form.values.get(key), lambda cards: form.set(key, cards), 4,
                          "kabu", check=one_more))
    return {"key": key, "label": label, "kind": "cards", "ranks": rk, "edit": edit, "max": maxn}


def pick_field(app, key, label):
    """A form field of one card, picked on the rank grid (one press once the cursor is on it)."""
    rk = ranks(app)

    def edit(form, fd):
        app.push(RankGrid(app, label, rk, [], lambda v: form.set(key, v), 4, "kabu", pick=True))
    return {"key": key, "label": label, "kind": "card", "ranks": rk, "edit": edit}


class Endings(Menu):
    """How the game ended: a dobon and a dobon-gaeshi are entered step by step, the rarer
    endings on a form (a drawn game is a yes/no). An entry: a hold of back anywhere in it
    returns to the table."""

    entry = True

    def __init__(self, app):
        t = app.t
        items = [(t("KB_dobon"), lambda: DobonEntry(app, 0).start()),
                 (t("KB_gaeshi_end"), lambda: DobonEntry(app, 1).start()),
                 (t("KB_okoshi"), lambda: app.push(okoshi_form(app))),
                 (t("KB_four"), lambda: FourEntry(app).start()),
                 (t("KB_deckout"), lambda: app.push(deckout_form(app))),
                 (t("KB_draw"), lambda: app.push(Confirm(app, t("KB_DRAW_Q"), lambda: app.submit({"t": "draw"}))))]
        if app.state()["games"] == 0:
            items.append((t("KB_parent"), lambda: app.push(Choice(
                app, t("KB_parent"), seat_opts(app), lambda v: app.submit({"t": "parent", "seat": v}),
                app.state()["parent"]))))
        Menu.__init__(self, app, t("RESULT"), items)
        self.sel = 2          # on 起こし札でドボン: ドボン and ドボン返し have their own keys (→ and ←)


class DobonEntry:
    """A dobon (gaeshi 0) or a dobon-gaeshi (gaeshi 1: W answered L's trump) in steps, each on
    top of the last so back walks back through them: W, L, W's hand, L's hand, the dobon card
    when the hand reaches two, then the review (起こし札, 切り札, 返し, −2 preset; OK saves)."""

    def __init__(self, app, gaeshi):
        self.app = app
        self.gaeshi = gaeshi
        self.w = self.l = self.card = None
        self.own = []
        self.their = []

    def start(self):
        app = self.app
        t = app.t
        head = t("KB_W_GAESHI" if self.gaeshi else "KB_winner")
        app.push(Step(app, head, seat_opts(app), self.pick_w, self.w))

    def pick_w(self, w):
        app = self.app
        n = app.nseats()
        self.w = w
        opts = [(app.name((w + k) % n), (w + k) % n) for k in range(1, n)]
        if len(opts) == 1:                # two players: the loser is the other one
            self.pick_l(opts[0][1])
            return
        head = app.t("KB_L_GAESHI" if self.gaeshi else "KB_loser")
        app.push(Step(app, head, opts, self.pick_l, self.l))

    def pick_l(self, l):
        app = self.app
        self.l = l
        hub = app.hub
        if hub is not None and (hub.has_phone(self.w) or hub.has_phone(l)):
            from kinds.kabu import hands       # a seat with a phone enters its own hand there
            hands.by_phones(self)
            return
        app.push(RankGrid(app, app.t("KB_hand_of", {"name": app.name(self.w)}), ranks(app), self.own,
                          self.own_done, 4, "kabu", accept=self.check_own, close=False, check=one_more,
                          hint_id="KB_ORDER_HINT"))

    def check_own(self, cards):
        from core.errors import Refusal
        if not cards:
            raise Refusal("E_KABU_EMPTY", {})
        kc.check_counts(cards)                 # a fifth 三, a second 赤ピン: said on the grid
        if not kc.dobon_cards(cards):
            raise Refusal("KB_NO_TARGET", {"sum": kc.hand_sum(cards)})

    def own_done(self, cards):
        app = self.app
        self.own = cards
        rk = [(card_name(app, c), c) for c in (10, OTHER, 11, 12)]
        app.push(RankGrid(app, app.t("KB_hand_of", {"name": app.name(self.l)}), rk, self.their,
                          self.their_done, 4, "kabu_l", start=OTHER, accept=self.check_their,
                          close=False, note="KB_L_HINT",
                          check=lambda cards, c: one_more(self.own + cards, c)))

    def targets(self, their):
        out = []
        for c in kc.dobon_cards(self.own):
            if c in (kc.RED, kc.SOUL) and (c in self.own or c in their):
                continue          # the one 赤ピン / 魂四 is in a hand: it cannot be the card too
            # a gaeshi answers one of L's trumps: a card L holds, or an ordinary one among 他
            if not self.gaeshi or c in their or (OTHER in their and c not in SPECIAL):
                out.append(c)
        return out

    def check_their(self, cards):
        from core.errors import Refusal
        kc.check_counts(self.own + [c for c in cards if c != OTHER])
        if self.gaeshi and not self.targets(cards):
            raise Refusal("KB_NO_GAESHI_CARD", {"sum": kc.hand_sum(self.own)})

    def their_done(self, cards):
        app = self.app
        self.their = cards
        cs = self.targets(cards)
        if len(cs) == 1:
            self.card_done(cs[0])
        else:                 # ピン or 赤ピン, 四 or 魂四: the ordinary card first
            app.push(Step(app, app.t("KB_card"), [(card_name(app, c), c) for c in cs], self.card_done,
                          self.card if self.card in cs else cs[0]))

    def card_done(self, c):
        app = self.app
        t = app.t
        self.card = c
        n = len(self.own)
        okoshi = [None, 10, 11, 12]
        # trump counts rise to the right (← fewer, → more), the usual answer, all shown, preset
        trumps = [None] + list(range(1, n + 1))
        # each list's words looked up once, a value's label made when it is shown (a function: the
        # 20 levels of a gaeshi filled at once took the review's press past 100 ms on the Pico)
        tn = t("KB_TRUMPS_N")
        # whose trumps: the winner's (and in a gaeshi the loser's, answered), by name
        opts = [[t("KB_okoshi_card"), okoshi, 0, [t("KB_OKOSHI_OTHER")] + [card_name(app, x) for x in okoshi[1:]]],
                [t("KB_trumps_of", {"name": fit(app.name(self.w), 24)}), trumps, n,
                 lambda k: fill(tn, {"n": k}) if k else t("KB_TRUMPS_NONE")]]
        if self.gaeshi:
            levels = list(range(1, ks.GAESHI_MAX + 1))
            gv = t("KB_GAESHI_V")
            m = len(self.their)
            their_t = [None] + list(range(1, m + 1))
            opts.append([t("KB_gaeshi"), levels, 0, lambda k: fill(gv, {"n": k + 1, "f": 2 << k})])
            opts.append([t("KB_trumps_of", {"name": fit(app.name(self.l), 24)}), their_t, m,
                         lambda k: t("KB_TRUMPS_ALL") if k == m else
                         fill(tn, {"n": k}) if k else t("KB_TRUMPS_NONE")])
        opts.append([t("KB_minus2"), [True, False], 0, [t("YES"), t("NO")]])
        # the title whole: two long names share what the words leave (「たかはし…がやまだ…に八でドボン」)
        sid = "KB_GAESHI_HEAD" if self.gaeshi else "KB_DOBON_HEAD"
        info = {"w": "", "l": "", "card": card_name(app, c)}
        r = W - text_width(t(sid, info))
        info["l"] = fit(app.name(self.l), r - min(text_width(app.name(self.w)), r // 2))
        info["w"] = fit(app.name(self.w), r - text_width(info["l"]))
        head = t(sid, info)
        extra = [t("KB_HAND_LINE", {"name": app.name(self.w), "cards": hand_text(app, self.own)}),
                 t("KB_HAND_LINE", {"name": app.name(self.l), "cards": hand_text(app, self.their)})]
        app.push(Review(app, head, opts, self.event, lambda out: review_lines(app, out), extra))

    def event(self, vals):
        ev = {"t": "dobon", "winner": self.w, "loser": self.l, "own": list(self.own),
              "their": list(self.their), "dobon_card": self.card, "okoshi": vals[0], "trumps": vals[1],
              "gaeshi": 0, "minus2": vals[-1]}
        if self.gaeshi:
            ev["gaeshi"] = vals[2]
            ev["their_trumps"] = vals[3]
        return ev


def _preview(app, ev):
    """Dry-run the event (a refusal shows its reason here, before anything is saved)."""
    out = app.dry_run(ev)
    scr = Lines(app, app.t("PREVIEW"), lines(app, out), lambda: app.submit(ev), app.t("COMMIT_HINT"))
    scr.ev = ev                  # what the phones' preview shows too (kinds/kabu/hands.py)
    app.push(scr)


def okoshi_form(app):
    t = app.t
    rk = ranks(app)
    n = app.nseats()

    def fields(v):
        f = [pick_field(app, "okoshi", t("KB_okoshi_card")),
             {"key": "winners", "label": t("KB_winners"), "kind": "seats", "opts": seat_opts(app)}]
        for i in range(n):
            f.append(grid_field(app, "h%d" % i, t("KB_hand_of", {"name": app.name(i)}), app.state()["deal"][i]))
        for w in v["winners"] or []:
            f.append({"key": "t%d" % w, "label": t("KB_trumps_of", {"name": app.name(w)}), "kind": "int",
                      "lo": 1, "hi": 40, "opt": True, "empty": t("KB_ALL_OPEN")})
        if len(v["winners"] or []) == n:
            # everyone dobon'd: nobody loses, and each of them takes the −2 or not
            for w in v["winners"]:
                f.append({"key": "m%d" % w, "label": t("KB_minus2_of", {"name": app.name(w)}), "kind": "bool"})
        else:
            f.append({"key": "minus2", "label": t("KB_minus2"), "kind": "bool"})
        return f

    def takers(v):
        """The event's "minus2": true / false for all the winners alike, else the seats that take it."""
        ws = v["winners"]
        if len(ws) < n:
            return v["minus2"]
        take = [w for w in ws if v.get("m%d" % w, True)]
        return True if len(take) == len(ws) else (take or False)

    def go(v):
        if v["okoshi"] is None:          # asked for by name, the cursor on it (as Form does)
            from core.errors import Refusal
            app.top().sel = 0
            raise Refusal("MISSING", {"field": t("KB_okoshi_card")})
        ev = {"t": "okoshi", "okoshi": v["okoshi"], "winners": v["winners"],
              "hands": [v.get("h%d" % i) or [] for i in range(n)],
              "trumps": [v.get("t%d" % i) for i in range(n)], "minus2": takers(v)}
        _preview(app, ev)

    vals = {"okoshi": None, "winners": [], "minus2": True}
    for i in range(n):
        vals["m%d" % i] = True
    form = Form(app, t("KB_okoshi"), fields, vals, go)
    if app.hub is not None and app.hub.any_phone():
        from kinds.kabu import hands       # every hand from its own phone first, then this form
        return hands.okoshi_by_phones(app, form)
    return form


class FourEntry:
    """4枚揃い in two steps: who holds it (the cursor on the largest deal: a four needs many
    cards), then that hand on the grid, titled whose it is and how many cards the deal gave
    (「P2の手札（6/9枚）」): the four and any 十 赤ピン 魂四; 決定 fills the rest with 他 (they
    score nothing), a card past the deal or a second 赤ピン is refused at once. Then the preview."""

    def __init__(self, app):
        self.app = app
        self.seat = None
        self.hand = []

    def start(self):
        app = self.app
        deal = app.state()["deal"]
        app.push(Step(app, app.t("KB_holder"), seat_opts(app), self.pick, deal.index(max(deal))))

    def pick(self, seat):
        app = self.app
        self.seat = seat
        self.deal = app.state()["deal"][seat]
        if app.hub is not None and app.hub.has_phone(seat):
            from kinds.kabu import hands       # the holder enters it on their own phone
            hands.four_by_phone(self, seat)
            return
        app.push(RankGrid(app, app.t("KB_hand_of", {"name": app.name(seat)}), ranks(app), self.hand,
                          self.done, 4, "kabu", extra=[(card_name(app, OTHER), OTHER)], check=self.check,
                          accept=self.accept, close=False, want=self.deal, hint_id="KB_F_HINT"))

    def check(self, cards, c):
        from core.errors import Refusal
        if len(cards) >= self.deal:
            raise Refusal("E_KABU_DEAL_SIZE", {"size": len(cards) + 1, "deal": self.deal})
        kc.check_counts(kc.real(cards + [c]))

    def full(self, cards):
        return list(cards) + [OTHER] * (self.deal - len(cards))

    def accept(self, cards):
        ks.four_kind(self.full(cards), self.deal)      # no four yet: said on the grid

    def done(self, cards):
        self.hand = cards
        _preview(self.app, {"t": "four", "seat": self.seat, "hand": self.full(cards)})


def single(sizes, pick):
    """The one seat with the most (pick=max) or fewest cards, or None on a tie (a drawn game)."""
    v = pick(sizes)
    seats = [i for i in range(len(sizes)) if sizes[i] == v]
    return seats[0] if len(seats) == 1 and max(sizes) != min(sizes) else None


class DeckOut(Form):
    """山切れ: every hand's size (←→, held: fast; a size not yet changed follows the one above,
    since most hands end the same length), then of the largest and the smallest hand only the
    cards that score there, 十 赤ピン 魂四 (the rest are 他, as in a dobon loser's hand)."""

    def __init__(self, app):
        t = app.t
        self.n = n = app.nseats()
        self.m2 = app.game.settings.get("minus2_endings")
        vals = {"most": [], "fewest": [], "minus2": True}
        for i in range(n):
            vals["s%d" % i] = 0
        self.changed = [False] * n
        Form.__init__(self, app, t("KB_deckout"), self.make_fields, vals, self.go)
        self.span = 6            # the bottom row is the hint

    def sizes(self, v):
        return [v["s%d" % i] for i in range(self.n)]

    def make_fields(self, v):
        app = self.app
        t = app.t
        f = []
        for i in range(self.n):
            f.append({"key": "s%d" % i, "label": t("KB_size_of", {"name": app.name(i)}), "kind": "int",
                      "lo": 0, "hi": 40})
        sz = self.sizes(v)
        for key, pick in (("most", max), ("fewest", min)):
            s = single(sz, pick)
            if s is not None:
                f.append(self.scoring_field(key, s, sz[s]))
        if self.m2:
            f.append({"key": "minus2", "label": t("KB_minus2"), "kind": "bool"})
        return f

    def scoring_field(self, key, seat, size):
        app = self.app
        rk = [(card_name(app, c), c) for c in SPECIAL]
        label = app.t("KB_D_HAND", {"name": app.name(seat)})

        def edit(form, fd):
            other = form.values.get("fewest" if key == "most" else "most") or []
            app.push(RankGrid(app, label, rk, form.values.get(key), lambda cards: form.set(key, cards), 4,
                              "kabu_d", check=lambda cards, c: kc.check_counts(cards + [c] + other)))
        return {"key": key, "label": label, "kind": "cards", "ranks": rk, "edit": edit, "empty": app.t("NONE")}

    def side(self, i, d):
        Form.side(self, i, d)
        self.follow(i)

    def follow(self, i):
        """Sizes below seat i that were never changed take its size."""
        if i >= self.n:
            return
        self.changed[i] = True
        v = self.values["s%d" % i]
        for j in range(i + 1, self.n):
            if not self.changed[j]:
                self.values["s%d" % j] = v

    def on_button(self, kind, name):
        if kind == "repeat" and name in ("left", "right"):
            self.side(self.sel, 1 if name == "right" else -1)     # held: the size runs
            return
        Form.on_button(self, kind, name)

    def draw(self, c):
        Form.draw(self, c)
        fl = self.flist()
        f = fl[self.sel] if self.sel < len(fl) else None       # None: 確認, the last line
        k = f and f["kind"]
        hint(c, self.app.t("KB_D_LAST_HINT" if f is None else "KB_D_SIZE_HINT" if k == "int"
                           else "SET_HINT" if k == "bool" else "KB_D_FORM_HINT"))

    def go(self, v):
        from core.errors import Refusal
        sz = self.sizes(v)
        ev = {"t": "deckout", "sizes": sz, "most": [], "fewest": []}
        for key, pick in (("most", max), ("fewest", min)):
            s = single(sz, pick)
            if s is None:
                continue
            cards = list(v[key] or [])
            if len(cards) > sz[s]:
                raise Refusal("E_KABU_SIZES", {"seat": s, "size": len(cards), "want": sz[s]})
            ev[key] = cards + [OTHER] * (sz[s] - len(cards))
        if self.m2:
            ev["minus2"] = v["minus2"]
        _preview(self.app, ev)


def deckout_form(app):
    if app.hub is not None and app.hub.any_phone():
        from kinds.kabu import hands       # each player's size and 十 赤ピン 魂四 from their phone
        return hands.deckout_by_phones(app, DeckOut, single)
    return DeckOut(app)
