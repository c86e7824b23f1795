# 囲将会ドボン's calls on one round (a dobon or 天和): each checked in the order it was made, the ones
# nobody answered paid, and who starts next (頭ハネ). Read by score.settle, whose checks it uses.
# score's functions are reached through the module at call time (kk below), never bound here: a
# copy of this module would otherwise hold the score module it was loaded with, and both are
# dropped and loaded again as games change (core/registry.py).
from core.errors import Refusal


def kk():
    import kinds.kakoi.score as score
    return score


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
        s = kk().check_seat(c.get("seat"), len(hands), "call")
        if s == gone:
            raise Refusal("E_KAKOI_WENT_OUT", {"seat": s})
        on = c.get("on", "card")
        if on == "card":
            m = on_card(s, by, ref, made)
            aims = [card]
        else:
            m = gaeshi(s, on, made, done)
            aims = [made[done[t]]["top"] for t in on]
        shows(m, c.get("top"), kk().need_hand(hands, s), aims, jokers)
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
        if not kk().is_int(t) or t not in done:
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
    kk().check_rank(top, jokers)
    if top not in hand:
        raise Refusal("E_KAKOI_TOP", {"seat": s, "top": top})
    ops = []
    for aim in aims:
        w = kk().can_dobon(hand, aim, jokers)
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
            payments.append(kk().payment(hand_of(hands, p, gone, card), hand_of(hands, s, gone, card),
                                    m["level"], cap, p, s))
    return payments


def hand_of(hands, s, gone, card):
    if s == gone:
        return [card]  # the going-out card is the going-out player's hand
    return kk().need_hand(hands, s)


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
    return kk().first_after(cands, n)
