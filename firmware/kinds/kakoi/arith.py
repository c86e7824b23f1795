# 囲将会ドボン's arithmetic: the ranks' values and points, the ways a hand reaches a field card (the
# dobon check), one payment (x 2^n, the cap), the checks of a rank, a hand and a seat, 頭ハネ's order.
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


def need_hand(hands, s):
    h = hands[s]
    if not h:
        raise Refusal("E_KAKOI_NEED_HAND", {"seat": s})
    return h
