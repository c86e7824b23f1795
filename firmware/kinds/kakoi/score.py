# 囲将会ドボン's one round settled: a ツモ上がり's payments, or a dobon's / 天和's calls, each checked in
# the order it was made, the ones nobody answered paid, and who starts next (頭ハネ).
# The arithmetic (values, ways, a payment, the checks) is arith.py's; this module gives its names
# too, so the rules, the screens and the calculators read every part as kakoi_score.X.
from core.errors import Refusal
from kinds.kakoi.arith import *  # noqa: F401,F403


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
    made = checked(ev.get("calls"), hands, card, jokers, by, gone, ref)
    payments = pay(made, by, gone, hands, card, cap)
    nxt = next_starter(made, nseats)
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


def checked(calls, hands, card, jokers, by, gone, ref):
    """The calls in the order they were made, each checked: [{"seat", "top", "level", "on",
    "ops", "answered_by", "refs": the players of the cards it answered, for 頭ハネ}]."""
    if not isinstance(calls, list) or not calls:
        raise Refusal("E_KAKOI_NO_CALLS", {})
    done = {}  # seat -> index into made of its latest call
    made = []
    for c in calls:
        if not isinstance(c, dict):
            raise Refusal("E_KAKOI_EVENT", {})
        s = check_seat(c.get("seat"), len(hands), "call")
        if s == gone:
            raise Refusal("E_KAKOI_WENT_OUT", {"seat": s})
        on = c.get("on", "card")
        if on == "card":
            m = on_card(s, by, ref, made)
            aims = [card]
        else:
            m = gaeshi(s, on, made, done)
            aims = [made[done[t]]["top"] for t in on]
        shows(m, c.get("top"), need_hand(hands, s), aims, jokers)
        if on != "card":
            for t in on:
                made[done[t]]["answered_by"].append(s)
        done[s] = len(made)
        made.append(m)
    return made


def on_card(s, by, ref, made):
    """A dobon on the card (level 1): never on one's own card, once a round."""
    if s == by:
        raise Refusal("E_KAKOI_OWN_CARD", {"seat": s})
    for m in made:
        if m["seat"] == s and m["level"] == 1:
            raise Refusal("E_KAKOI_TWICE", {"seat": s})
    return {"seat": s, "top": None, "level": 1, "on": "card", "ops": None, "answered_by": [],
            "refs": [ref]}


def gaeshi(s, on, made, done):
    """A gaeshi on the latest calls of the seats in `on` (others, each once, none answered by s
    before), all of one level: it is one level above them."""
    if not isinstance(on, list) or not on:
        raise Refusal("E_KAKOI_ON", {"seat": s})
    level = None
    refs = []
    for t in on:
        if not is_int(t) or t not in done:
            raise Refusal("E_KAKOI_ON", {"seat": s, "on": t})
        if t == s or t in refs:
            raise Refusal("E_KAKOI_ON", {"seat": s, "on": t})
        m = made[done[t]]
        if s in m["answered_by"]:
            raise Refusal("E_KAKOI_TWICE", {"seat": s})
        if level is not None and m["level"] + 1 != level:
            raise Refusal("E_KAKOI_MIXED", {"seat": s})
        level = m["level"] + 1
        refs.append(t)
    return {"seat": s, "top": None, "level": level, "on": on, "ops": None, "answered_by": [],
            "refs": refs}


def shows(m, top, hand, aims, jokers):
    """The call's card on top is in its hand, and the whole hand reaches every card it answers."""
    s = m["seat"]
    check_rank(top, jokers)
    if top not in hand:
        raise Refusal("E_KAKOI_TOP", {"seat": s, "top": top})
    ops = []
    for aim in aims:
        w = can_dobon(hand, aim, jokers)
        if w is None:
            raise Refusal("E_KAKOI_NO_DOBON", {"seat": s, "card": aim})
        ops.append(w["op"])
    m["top"] = top
    m["ops"] = ops


def pay(made, by, gone, hands, card, cap):
    """Each call nobody answered is paid: a gaeshi by the seats it answered, a dobon on the card by
    its player, 天和 by every other player who did not call on the card too. An answered call
    receives nothing (its caller pays the answer, in the answer's own entry)."""
    level1 = [m["seat"] for m in made if m["level"] == 1]
    n = len(hands)
    payments = []
    for m in made:
        if m["answered_by"]:
            continue
        s = m["seat"]
        if m["level"] != 1:
            payers = m["on"]
        elif by is not None:
            payers = [by]
        else:
            payers = [(s + k) % n for k in range(1, n) if (s + k) % n not in level1]
        for p in payers:
            payments.append(payment(hand_of(hands, p, gone, card), hand_of(hands, s, gone, card),
                                    m["level"], cap, p, s))
    return payments


def hand_of(hands, s, gone, card):
    if s == gone:
        return [card]  # the going-out card is the going-out player's hand
    return need_hand(hands, s)


def next_starter(made, n):
    """頭ハネ at the highest level: each caller counts from the player of the card it answered
    (a gaeshi answering several: the nearest of them)."""
    top_level = 0
    for m in made:
        if m["level"] > top_level:
            top_level = m["level"]
    cands = []
    for m in made:
        if m["level"] == top_level:
            best = None
            for ref in m["refs"]:
                d = (m["seat"] - ref) % n or n
                if best is None or d < best[0]:
                    best = (d, ref)
            cands.append((m["seat"], best[1]))
    return first_after(cands, n)
