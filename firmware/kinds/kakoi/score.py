# 囲将会ドボン (Kakoi-shogikai Dobon): the dobon check, payments and one round's settlement (its calls: calls.py).
# Pure functions on plain data (MicroPython/CPython common subset, integers only).
# Ranks are strings: "A" "2" .. "10" "J" "Q" "K", and "JOKER" (club 0) when jokers are on.
# Seats are 0-based; play passes to the left (seat i -> i + 1).
from core.errors import Refusal

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "JOKER")
# value in a dobon calculation (hand and field); a field A also counts as 15
VALUE = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10,
         "J": 11, "Q": 12, "K": 13, "JOKER": 0}
# hand points in a payment: A = 1, 2..10 face value, J/Q/K = 10, joker 0
POINTS = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10,
          "J": 10, "Q": 10, "K": 10, "JOKER": 0}
# field ranks in display order (JOKER first: it is the 0)
FIELD_ORDER = ("JOKER", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
OPS = ("single", "sum", "product", "minus", "divide")
CAP = 4000
MAX_SEATS = 6
KINDS = ("tsumo", "dobon", "tenhou")


def is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def check_rank(r, jokers):
    if not isinstance(r, str) or r not in VALUE:
        raise Refusal("E_KAKOI_RANK", {"rank": r})
    if r == "JOKER" and not jokers:
        raise Refusal("E_KAKOI_JOKER_OFF", {})
    return r


def check_hand(hand, jokers):
    if not isinstance(hand, list) or not hand:
        raise Refusal("E_KAKOI_HAND", {})
    for r in hand:
        check_rank(r, jokers)
    count_cards(hand)
    return hand


def field_values(rank):
    """The values a card counts as when it is the card dobon'd on (a field A: 1 or 15)."""
    if rank == "A":
        return (1, 15)
    return (VALUE[rank],)


def _capped_product(vals):
    # exact while <= 99; any larger product stays > 15 (only whether it is 0, a small exact value
    # or "too big" matters), so a long hand never builds a huge integer
    p = 1
    for v in vals:
        p = p * v
        if p > 99:
            p = 100
    return p


def ways(hand, jokers=False):
    """Every result the hand reaches: list of [value, op, expr], ops in OPS order.

    One card: op "single". Otherwise sum, product, minus (one card minus all the others),
    divide (one card divided by the product of all the others, exact; never by 0).
    Only results 0..15 are kept (0 only with jokers: a field joker is the club 0).
    """
    check_hand(hand, jokers)
    vals = [VALUE[r] for r in hand]
    lo = 0 if jokers else 1
    out = []
    seen = []

    def add(v, op, expr):
        if lo <= v <= 15 and v != 14 and (v, op) not in seen:
            seen.append((v, op))
            out.append([v, op, expr])

    if len(vals) == 1:
        add(vals[0], "single", str(vals[0]))
        return out
    total = 0
    for v in vals:
        total += v
    add(total, "sum", "+".join([str(v) for v in vals]))
    add(_capped_product(vals), "product", "*".join([str(v) for v in vals]))
    for i in range(len(vals)):
        rest = vals[:i] + vals[i + 1:]
        add(vals[i] - (total - vals[i]), "minus", "-".join([str(v) for v in [vals[i]] + rest]))
    for i in range(len(vals)):
        rest = vals[:i] + vals[i + 1:]
        d = _capped_product(rest)
        if d != 0 and vals[i] % d == 0:
            add(vals[i] // d, "divide", "/".join([str(v) for v in [vals[i]] + rest]))
    return out


def targets(hand, jokers=False):
    """The field cards the hand can dobon on: {"fields": [rank...], "ways": [{field, value, op, expr}]}."""
    w = ways(hand, jokers)
    fields = []
    items = []
    for f in FIELD_ORDER:
        if f == "JOKER" and not jokers:
            continue
        hit = False
        for fv in field_values(f):
            for op in OPS:
                for v, o, expr in w:
                    if v == fv and o == op:
                        items.append({"field": f, "value": v, "op": o, "expr": expr})
                        hit = True
        if hit:
            fields.append(f)
    return {"fields": fields, "ways": items}


def can_dobon(hand, field, jokers=False):
    """The first way the whole hand reaches the field card: {"value", "op", "expr"} or None."""
    check_rank(field, jokers)
    w = ways(hand, jokers)
    for fv in field_values(field):
        for op in OPS:
            for v, o, expr in w:
                if v == fv and o == op:
                    return {"value": v, "op": o, "expr": expr}
    return None


def hand_points(hand):
    p = 0
    for r in hand:
        p += POINTS[r]
    return p


def count28(hand):
    n = 0
    for r in hand:
        if r == "2" or r == "8":
            n += 1
    return n


def payment(payer_hand, receiver_hand, level, cap=CAP, payer=None, receiver=None):
    """One payment: payer's hand points x 2^(2s and 8s in both hands) x 2^level, capped.

    level 0 = ツモ上がり (x1), 1 = dobon / 天和 (x2), 2 = gaeshi (x4), 3 = gaeshi of a gaeshi (x8) ...
    cap 0 = no cap.
    """
    pts = hand_points(payer_hand)
    n28 = count28(payer_hand) + count28(receiver_hand)
    factor = 1
    for _ in range(n28 + level):
        factor *= 2
    raw = pts * factor
    amount = raw
    if cap and raw > cap:
        amount = cap
    return {"payer": payer, "receiver": receiver, "level": level, "points": pts, "n28": n28,
            "factor": factor, "raw": raw, "amount": amount, "capped": amount != raw}


def check_seat(v, n, what):
    if not is_int(v) or v < 0 or v >= n:
        raise Refusal("E_KAKOI_SEAT", {"what": what, "seat": v})
    return v


def count_cards(cards):
    # one hand holds at most 4 of a rank and 2 jokers (hands are not cross-checked: see docs)
    counts = {}
    for r in cards:
        counts[r] = counts.get(r, 0) + 1
    for r in RANKS:
        lim = 2 if r == "JOKER" else 4
        if counts.get(r, 0) > lim:
            raise Refusal("E_KAKOI_TOO_MANY", {"rank": r, "max": lim})


def first_after(callers, n):
    """頭ハネ: among [seat, ref] pairs, the seat whose turn comes first after its ref (the player
    of the card it answered): ref+1, ref+2, ...; a seat that is its own ref comes last.
    Equal distances (callers that answered different cards): the earlier call wins."""
    best = None
    best_d = None
    for s, ref in callers:
        d = (s - ref) % n
        if d == 0:
            d = n
        if best_d is None or d < best_d:
            best, best_d = s, d
    return best


def settle(nseats, ev, cap=CAP, jokers=False, starter=0):
    """Settle one round's outcome.

    ev["t"] is "tsumo", "dobon" or "tenhou":
      tsumo : {"seat": w, "card": last card, "hands": [...]}    every other player pays w (x1)
      dobon : {"card": c, "by": p, "out": bool, "hands": [...], "calls": [...]}
      tenhou: {"card": first field card, "hands": [...], "calls": [...]}
    hands: one entry per seat, a list of ranks or None when not needed.
    calls (in the order they were made): {"seat": s, "top": rank shown on top, "on": "card"} for a
    dobon on the card, or {"seat": s, "top": r, "on": [seats answered]} for a gaeshi; a seat in
    "on" means that seat's latest call before this one (a seat may call again: 返し返し).
    `starter` (the seat that started the round) is only used by 天和 to break ties for the next start:
    the first field card counts as played by the seat before it.
    Returns {"t", "payments": [...], "deltas": [...], "calls": [...], "next": seat}.
    """
    kind = _check_round(nseats, ev, cap, jokers)
    hands = ev["hands"]
    card = check_rank(ev.get("card"), jokers)
    if kind == "tsumo":
        w = check_seat(ev.get("seat"), nseats, "seat")
        payments = _tsumo_payments(ev, w, hands, card, cap)
        return {"t": kind, "payments": payments, "deltas": _deltas(payments, nseats), "calls": [],
                "next": w}
    by = None       # dobon: the player of the card dobon'd on
    gone = None     # by, when it went out with that card (its hand is that card)
    if kind == "dobon":
        by = check_seat(ev.get("by"), nseats, "by")
        gone = _gone_out(ev.get("out", False), hands, by)
        ref = by
    else:           # 天和: the first field card counts as played by the seat before the starter
        ref = (check_seat(starter, nseats, "starter") - 1) % nseats
    from kinds.kakoi import calls       # here: calls.py reads this module's checks and payment
    made = calls.checked(ev.get("calls"), hands, card, jokers, by, gone, ref)
    payments = calls.pay(made, by, gone, hands, card, cap)
    nxt = calls.next_starter(made, nseats)
    for m in made:
        del m["refs"]
    return {"t": kind, "payments": payments, "deltas": _deltas(payments, nseats), "calls": made,
            "next": nxt}


def _check_round(nseats, ev, cap, jokers):
    """The table's size, the event's kind, the cap and every hand given; returns the kind."""
    if not is_int(nseats) or nseats < 2 or nseats > MAX_SEATS:
        raise Refusal("E_KAKOI_SEATS", {"n": nseats})
    if not isinstance(ev, dict):
        raise Refusal("E_KAKOI_EVENT", {})
    kind = ev.get("t")
    if kind not in KINDS:
        raise Refusal("E_KAKOI_EVENT", {"t": kind})
    if not is_int(cap) or cap < 0:
        raise Refusal("E_KAKOI_CAP", {"cap": cap})
    hands = ev.get("hands")
    if not isinstance(hands, list) or len(hands) != nseats:
        raise Refusal("E_KAKOI_HANDS", {"n": nseats})
    for h in hands:
        if h is None:
            continue
        if not isinstance(h, list):
            raise Refusal("E_KAKOI_HANDS", {"n": nseats})
        for r in h:
            check_rank(r, jokers)
        count_cards(h)
    return kind


def need_hand(hands, s):
    h = hands[s]
    if not h:
        raise Refusal("E_KAKOI_NEED_HAND", {"seat": s})
    return h


def _gone_out(out, hands, by):
    if out is not True and out is not False:
        raise Refusal("E_KAKOI_EVENT", {"out": out})
    if out and hands[by]:
        raise Refusal("E_KAKOI_OUT_HAND", {"seat": by})
    return by if out else None


def _tsumo_payments(ev, w, hands, card, cap):
    """ツモ上がり: every other player pays the winner x1; the last card is the winner's hand."""
    if hands[w]:
        raise Refusal("E_KAKOI_OUT_HAND", {"seat": w})
    if ev.get("calls"):
        raise Refusal("E_KAKOI_CALLS", {})
    n = len(hands)
    payments = []
    for k in range(1, n):
        p = (w + k) % n
        payments.append(payment(need_hand(hands, p), [card], 0, cap, p, w))
    return payments


def _deltas(payments, n):
    deltas = [0] * n
    for item in payments:
        deltas[item["payer"]] -= item["amount"]
        deltas[item["receiver"]] += item["amount"]
    return deltas
