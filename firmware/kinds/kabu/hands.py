# 株ドボン's hands on the players' own phones (ui/hands.py; docs/phones.md): a dobon's two at once, a
# 4枚揃い's holder's, every hand at 起こし札, every hand's size at 山切れ. Loaded when such a result
# is opened with a phone on the table.
# The winner's hand on every rank (赤ピン and 魂四 apart); the loser's in the short form the device
# uses (十, 他, 赤ピン, 魂四: only those count there). One field per card, its count.
OWN = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12)
THEIR = (10, 0, 11, 12)
MAX_OTHER = 30          # 他 in the loser's hand: the device's grid stops at 40 cards in all


def by_phones(e):
    """A dobon or gaeshi (kinds/kabu/entry.DobonEntry `e`, W and L chosen): both hands at once,
    each on its seat's phone or here, then the card and the review as without phones."""
    from ui.hands import Hands, HandsScreen
    import kinds.kabu.hands as me
    app = e.app
    h = Hands(app, [(e.w, "own"), (e.l, "their")], lambda seat, cards, got: check_hand(e, seat, cards, got),
              lambda seat: enter_hand(e, seat), lambda got: hands_done(e, got), me)
    app.push(HandsScreen(app, h))


def four_by_phone(f, seat):
    """4枚揃い (kinds/kabu/entry.FourEntry `f`, the holder chosen): the holder's hand from the holder's
    phone (the four and any 十 赤ピン 魂四; the rest of the deal is 他, as on the panel's grid)."""
    from ui.hands import Hands, HandsScreen
    import kinds.kabu.hands as me
    app = f.app

    def check(s, cards, got):
        from core.errors import Refusal
        from kinds.kabu import cards as kc
        if len(cards) > f.deal:
            raise Refusal("E_KABU_DEAL_SIZE", {"size": len(cards), "deal": f.deal})
        kc.check_counts(kc.real(cards))
        f.accept(cards)

    def enter(s):
        from ui.widgets.grid import RankGrid
        from kinds.kabu.cards import OTHER
        from kinds.kabu.names import ranks, card_name
        h = app.hands
        app.push(RankGrid(app, app.t("KB_hand_of", {"name": app.name(s)}), ranks(app), h.got.get(s, []),
                          lambda cards: h.put(s, cards), 4, "kabu", extra=[(card_name(app, OTHER), OTHER)],
                          check=f.check, accept=f.accept, want=f.deal, hint_id="KB_F_HINT"))
    h = Hands(app, [(seat, "four")], check, enter, lambda got: f.done(got[seat]), me)
    app.push(HandsScreen(app, h))


def okoshi_by_phones(app, form):
    """起こし札: every player's hand (every card counts) from their phones, or here, all at once;
    then the panel's 起こし札 form (`form`) with them filled in: the card, the winners, their
    trumps and −2 are chosen there, its OK previews it as without phones."""
    from ui.hands import Hands, HandsScreen
    import kinds.kabu.hands as me
    deal = app.state()["deal"]

    def check(s, cards, got):
        from core.errors import Refusal
        from kinds.kabu import cards as kc
        if len(cards) > deal[s]:
            raise Refusal("E_KABU_DEAL_SIZE", {"size": len(cards), "deal": deal[s]})
        kc.check_counts(kc.real(cards))

    def enter(s):
        from ui.widgets.grid import RankGrid
        from kinds.kabu.names import ranks, one_more
        h = app.hands
        app.push(RankGrid(app, app.t("KB_hand_of", {"name": app.name(s)}), ranks(app), h.got.get(s, []),
                          lambda cards: h.put(s, cards), 4, "kabu", check=one_more,
                          accept=lambda cards: check(s, cards, h.got)))

    def done(got):
        for s in got:
            form.values["h%d" % s] = got[s]
        app.push(form)
    h = Hands(app, [(i, "okoshi") for i in range(app.nseats())], check, enter, done, me)
    return HandsScreen(app, h)


def deckout_by_phones(app, DeckOut, single):
    """山切れ: every player's hand size and its 十 赤ピン 魂四 (the rest are 他) from their phones, or
    here, all at once; then the panel's 山切れ form (entry.DeckOut; single: the one largest or
    smallest hand) filled with them (only those two hands' scoring cards count) and its preview
    on top, on the panel and every phone: OK saves, back returns to the form."""
    from ui.hands import Hands, HandsScreen
    from kinds.kabu import cards as kc
    import kinds.kabu.hands as me
    n = app.nseats()

    def check(s, cards, got):
        from core.errors import Refusal
        if len(cards) > 40:
            raise Refusal("E_KABU_TOO_MANY", {"card": "0", "count": len(cards), "max": 40})
        kc.check_counts([c for c in cards if c != kc.OTHER])

    def enter(s):
        from ui.screens.entry import NumberEntry
        h = app.hands
        app.push(NumberEntry(app, app.t("KB_size_of", {"name": app.name(s)}), 0, 40, len(h.got.get(s, [])),
                             lambda v: h.put(s, [kc.OTHER] * v)))

    def done(got):
        form = DeckOut(app)
        sz = [len(got[i]) for i in range(n)]
        for i in range(n):
            form.values["s%d" % i] = sz[i]
            form.changed[i] = True
        for key, pick in (("most", max), ("fewest", min)):
            s = single(sz, pick)
            if s is not None:
                form.values[key] = [c for c in got[s] if c != kc.OTHER]
        form.sel = len(form.rows()) - 1     # all in: the cursor on 確認, and its preview at once
        app.push(form)                      # (back from it: the form, to change a size)
        from core.errors import Refusal
        try:
            form.go(form.values)
        except Refusal as r:
            app.refuse(r)
    h = Hands(app, [(i, "deck") for i in range(n)], check, enter, done, me)
    return HandsScreen(app, h)


def check_hand(e, seat, cards, got):
    """A hand alone, then beside the other one when it is in: whichever comes second is refused
    when the two cannot be together (two 赤ピン between them, no card to answer in a gaeshi)."""
    from kinds.kabu import cards as kc
    OTHER = kc.OTHER
    if seat == e.w:
        e.check_own(cards)
        if e.l in got:
            keep, e.own = e.own, cards
            try:
                e.check_their(got[e.l])
            finally:
                e.own = keep
        return
    if len(cards) > 40:
        from core.errors import Refusal
        raise Refusal("E_KABU_TOO_MANY", {"card": "0", "count": len(cards), "max": 40})
    kc.check_counts([c for c in cards if c != OTHER])
    if e.w in got:
        keep, e.own = e.own, got[e.w]
        try:
            e.check_their(cards)
        finally:
            e.own = keep


def enter_hand(e, seat):
    """A seat's hand entered on the device after all (no phone, or to correct what it sent)."""
    from ui.widgets.grid import RankGrid
    from kinds.kabu.cards import OTHER
    from kinds.kabu.names import ranks, card_name, one_more
    app = e.app
    h = app.hands

    def put(cards):
        h.put(seat, cards)

    def check(cards):
        check_hand(e, seat, cards, h.got)
    head = app.t("KB_hand_of", {"name": app.name(seat)})
    before = h.got.get(seat, [])
    if seat == e.w:
        app.push(RankGrid(app, head, ranks(app), before, put, 4, "kabu", accept=check, check=one_more,
                          hint_id="KB_ORDER_HINT"))
        return
    rk = [(card_name(app, c), c) for c in (10, OTHER, 11, 12)]
    app.push(RankGrid(app, head, rk, before, put, 4, "kabu_l", start=OTHER, accept=check, note="KB_L_HINT",
                      check=lambda cards, c: one_more(h.got.get(e.w, []) + cards, c)))


def hands_done(e, got):
    e.own = got[e.w]
    e.their_done(got[e.l])


SCORING = (10, 11, 12)  # at 山切れ: the hand's size, and of its cards only 十 赤ピン 魂四


def _codes(hands, seat):
    role = hands.roles[seat]
    return THEIR if role == "their" else SCORING if role == "deck" else OWN


def hand_form(vo, seat, hands):
    from kinds.kabu.cards import LIMIT
    from kinds.kabu.names import card_name
    fields = []
    deck = hands.roles[seat] == "deck"
    if deck:                        # 山切れ: the size, then the cards that score there
        fields.append({"key": "n", "label": vo.t("PH_KB_SIZE"), "min": 0, "max": 40,
                       "value": vo.state()["deal"][seat]})
    for c in _codes(hands, seat):
        fields.append({"key": "c%d" % c, "label": card_name(vo, c), "min": 0,
                       "max": MAX_OTHER if c == 0 else LIMIT[c], "value": 0})
    # cols: the page lays the steppers out two to a row (twelve of them one under another
    # would be three screens of a phone)
    return {"id": "hand", "label": vo.t("KB_hand_of", {"name": vo.name(seat)}), "cols": 2,
            "submit": vo.t("PH_HAND_SEND"), "ev": {"t": "hand", "seat": seat}, "fields": fields}


def hand_text(vo, cards):
    from kinds.kabu.names import hand_text as text     # the panel's own words for a hand
    return text(vo, cards)


def hand_cards(seat, ev, hands):
    """The cards of a phone's hand form; a count that is not one the form offers is refused."""
    from core.errors import Refusal
    from kinds.kabu.cards import LIMIT, too_many
    cards = []
    for c in _codes(hands, seat):
        n = ev.get("c%d" % c, 0)
        hi = MAX_OTHER if c == 0 else LIMIT[c]
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise Refusal("E_KABU_CARD", {"card": str(n)[:8]})
        if n > hi:
            if c:
                raise too_many(c, n)
            raise Refusal("E_KABU_TOO_MANY", {"card": "0", "count": n, "max": hi})
        cards += [c] * n
    if hands.roles[seat] == "deck":
        n = ev.get("n", 0)
        if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= 40:
            raise Refusal("E_KABU_VALUE", {"field": "n"})
        if len(cards) > n:
            raise Refusal("E_KABU_SIZES", {"seat": seat, "size": len(cards), "want": n})
        cards += [0] * (n - len(cards))       # the rest are 他 (kinds/kabu/cards.OTHER)
    return cards


def preview(vo, top, hands):
    """Once every hand is in: what the panel's review or preview shows (the dry run of its event)."""
    ev = getattr(top, "ev", None)
    if not isinstance(ev, dict) or ev.get("t") not in ("dobon", "four", "deckout", "okoshi"):
        return None
    from core.errors import Refusal
    from kinds.kabu.review import lines
    try:
        return lines(vo, hands.app.dry_run(ev))
    except Refusal as r:
        return [vo.t(r.msg_id, r.info)]


def can_save(top):
    """The panel is on the review or the preview of a result (what its OK saves)."""
    return isinstance(getattr(top, "ev", None), dict) and getattr(top, "err", None) is None \
        and type(top).__name__ in ("Review", "Lines")


def save(top):
    """The starter's phone saves: the panel's OK on that screen."""
    if type(top).__name__ == "Review":
        top.on_button("click", "ok")
    else:
        top.on_ok()
