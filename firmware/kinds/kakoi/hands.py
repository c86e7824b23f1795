# 囲将会ドボン's payers' hands entered at once, each on its own seat's phone or on the panel
# (ui/hands.py; docs/phones.md). Loaded when a result needs them with a phone on the table.
def needed(e, first):
    """Every seat whose hand the payments still need, `first` among them: the round's event dry-run
    with a stand-in hand for each one found, until it needs no other (the payers follow from the
    calls, not from what the hands hold)."""
    from core.errors import Refusal
    app = e.app
    seats = [first]
    kept = dict(e.hands)
    try:
        while True:
            for s in seats:
                e.hands[s] = ["A"]
            try:
                app.dry_run(e.event())
                return seats
            except Refusal as r:
                s = r.info.get("seat")
                if r.msg_id != "E_KAKOI_NEED_HAND" or not isinstance(s, int) or s in seats:
                    return seats
                seats.append(s)
    finally:
        e.hands = kept


def by_phones(e, first):
    """The hands the payments need, at once, each on its seat's phone or here (RoundEntry `e`);
    False when none of those seats has a phone (then the panel asks them one by one as before)."""
    app = e.app
    seats = needed(e, first)
    if not [s for s in seats if app.hub.has_phone(s)]:
        return False
    from ui.hands import Hands, HandsScreen
    import kinds.kakoi.hands as me

    def done(got):
        for s in got:
            e.hands[s] = got[s]
        e.settle()
    h = Hands(app, [(s, "payer") for s in seats], lambda seat, cards, got: check(e, cards),
              lambda seat: enter_hand(e, seat), done, me)
    app.push(HandsScreen(app, h))
    return True


def caller_by_phone(e, seat, then):
    """A caller's hand (it decides the field card) from the caller's own phone, or here; then(seat)
    goes on with it as after the panel's grid."""
    from ui.hands import Hands, HandsScreen
    import kinds.kakoi.hands as me
    app = e.app

    def done(got):
        e.hands[seat] = got[seat]
        then(seat)
    h = Hands(app, [(seat, "caller")], lambda s, cards, got: check(e, cards),
              lambda s: enter_hand(e, s), done, me)
    app.push(HandsScreen(app, h))


def check(e, cards):
    from kinds.kakoi import score as kk
    kk.check_hand(cards, e.jokers())


def enter_hand(e, seat):
    """A hand entered on the device after all (no phone, or to correct what it sent)."""
    app = e.app
    h = app.hands

    def put(cards):
        h.put(seat, cards)
    head = "KK_hand_of" if h.roles[seat] == "caller" else "KK_PAYER"
    e.grid(app.t(head, {"name": app.name(seat)}), put, close=True, cards=h.got.get(seat, ()))


def _ranks(hands):
    from kinds.kakoi import score as kk
    jokers = hands.app.game.settings.get("jokers")
    return [r for r in kk.RANKS if r != "JOKER" or jokers]


def _most(r):
    return 2 if r == "JOKER" else 4        # in one hand (kinds/kakoi/score.count_cards)


def hand_form(vo, seat, hands):
    fields = []
    for r in _ranks(hands):
        fields.append({"key": "r" + r, "label": "JK" if r == "JOKER" else r, "min": 0,
                       "max": _most(r), "value": 0})
    head = "KK_hand_of" if hands.roles[seat] == "caller" else "KK_PAYER"
    return {"id": "hand", "label": vo.t(head, {"name": vo.name(seat)}), "cols": 2,
            "submit": vo.t("PH_HAND_SEND"), "ev": {"t": "hand", "seat": seat}, "fields": fields}


def hand_text(vo, cards):
    from kinds.kakoi.lines import hand_text as text
    return text(cards)


def hand_cards(seat, ev, hands):
    """The ranks of a phone's hand form; a count that is not one the form offers is refused."""
    from core.errors import Refusal
    cards = []
    for r in _ranks(hands):
        n = ev.get("r" + r, 0)
        if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= _most(r):
            raise Refusal("E_KAKOI_TOO_MANY", {"rank": r, "max": _most(r)})
        cards += [r] * n
    return cards


def preview(vo, top, hands):
    """Once every hand is in: the payments the panel's call list shows (the dry run of its event)."""
    ev = getattr(top, "ev", None)
    if not isinstance(ev, dict) or getattr(top, "err", None) is not None:
        return None
    from kinds.kakoi.lines import lines
    return lines(vo, hands.app.dry_run(ev))


def can_save(top):
    """The panel is on the call list with its payments (what its 登録 saves)."""
    return type(top).__name__ == "Calls" and isinstance(getattr(top, "ev", None), dict) \
        and getattr(top, "err", None) is None


def save(top):
    """The starter's phone saves: the panel's 登録 on the call list."""
    top.choose(len(top.actions()) - 1)
