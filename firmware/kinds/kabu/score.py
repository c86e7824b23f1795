# 株ドボン (kabu dobon) scoring: pure functions, no hardware, MicroPython/CPython common subset.
#
# Cards are kinds/kabu/cards.py codes (1..12, 0 = 他 in a hand that scores only by its size and specials).
# Score items: ① +1, ② trumps, ③ own size, ④ their size, ⑤ 十, ⑥ sets (own hand only),
# then factors ⑦ 魂四/赤ピン in a hand, ⑧ 魂四/赤ピン as 起こし札 or dobon card, ⑨ gaeshi, ⑩ 単ピン.
# Breakdown entries: {"item": n, "label": s, "points": p} or {"item": n, "label": s, "factor": f}.
# Impossible input raises Refusal("E_KABU_...", info); see kinds/kabu/texts.py.

from core.errors import Refusal
from kinds.kabu.cards import (PIN, TEN, RED, SOUL, OTHER, LABELS, is_card, label, code_of, rank,
                                   check_card, check_with_other, real, hand_sum, rank_counts, count,
                                   check_counts, can_dobon, is_tanpin)

GAESHI_MAX = 20
# Four of a kind in the dealt hand: laps every other player gets, by the holder's deal size.
FOUR_KIND_LAPS = {4: 30, 5: 25, 6: 20, 7: 15, 8: 10, 9: 5}


# --------------------------------------------------------------------------- score items

def item1():
    """① the loser always gets at least 1."""
    return {"item": 1, "label": "base", "points": 1}


def item2(trumps, gaeshi=0, their_size=0, their_trumps=None):
    """② +2 for each trump the winner showed beyond the first; None = none had to be shown.

    No points for a gaeshi made on trumps that were all shown (their_trumps == their hand size).
    """
    if trumps is None or trumps < 2:
        return None
    if gaeshi > 0 and their_trumps is not None and their_trumps == their_size:
        return None
    return {"item": 2, "label": "trumps", "points": 2 * (trumps - 1), "trumps": trumps}


def item3(own):
    """③ +1 for each card in the winner's hand beyond the second."""
    n = len(own) - 2
    if n <= 0:
        return None
    return {"item": 3, "label": "own cards", "points": n, "cards": len(own)}


def item4(their):
    """④ +1 for each card in the loser's hand beyond the second."""
    n = len(their) - 2
    if n <= 0:
        return None
    return {"item": 4, "label": "their cards", "points": n, "cards": len(their)}


def item5(own, their, okoshi=None):
    """⑤ +1 for each 十 in either hand; +10 when the 起こし札 is a 十."""
    a = count(own, TEN)
    b = count(their, TEN)
    k = 10 if okoshi == TEN else 0
    p = a + b + k
    if p == 0:
        return None
    return {"item": 5, "label": "tens", "points": p, "own": a, "their": b, "okoshi": k}


def item6(own):
    """⑥ sets in the winner's own hand: pair +2, three +20, four +50."""
    n = rank_counts(own)
    pairs = 0
    threes = 0
    fours = 0
    for r in range(1, 11):
        if n[r] == 2:
            pairs += 1
        elif n[r] == 3:
            threes += 1
        elif n[r] >= 4:
            fours += 1
    p = 2 * pairs + 20 * threes + 50 * fours
    if p == 0:
        return None
    return {"item": 6, "label": "sets", "points": p, "pairs": pairs, "threes": threes, "fours": fours}


def item7(own, their):
    """⑦ ×2 if the 魂四 is in either hand, ×5 if the 赤ピン is (both: ×10)."""
    f = 1
    soul = SOUL in own or SOUL in their
    red = RED in own or RED in their
    if soul:
        f *= 2
    if red:
        f *= 5
    if f == 1:
        return None
    return {"item": 7, "label": "hand specials", "factor": f, "soul4": soul, "red_pin": red}


def item8(card, okoshi=None):
    """⑧ ×4 if the 起こし札 or the card dobon'd on is the 魂四, ×10 if it is the 赤ピン (both: ×40)."""
    f = 1
    soul = card == SOUL or okoshi == SOUL
    red = card == RED or okoshi == RED
    if soul:
        f *= 4
    if red:
        f *= 10
    if f == 1:
        return None
    return {"item": 8, "label": "card specials", "factor": f, "soul4": soul, "red_pin": red}


def item9(gaeshi):
    """⑨ ×2 for each level of dobon-gaeshi."""
    if not gaeshi:
        return None
    return {"item": 9, "label": "gaeshi", "factor": 1 << gaeshi, "levels": gaeshi}


def item10(own):
    """⑩ ×10 for a 単ピン dobon (the winner's hand is one ピン, red or not)."""
    if not is_tanpin(own):
        return None
    return {"item": 10, "label": "tanpin", "factor": 10}


# ------------------------------------------------------------------------------- totals

def to_laps(points):
    """(laps, pips) of a number of points: 6 points make a lap."""
    return points // 6, points % 6


def add_points(laps, pips, points):
    """Add points to a player's laps and pips; pips of 6 or more carry into laps."""
    return to_laps(laps * 6 + pips + points)


def privilege(laps, pips, take=True):
    """The dobon winner's −2: lowers pips by up to 2, never below 0, never borrowing a lap.

    Returns [laps, pips, reduced].
    """
    if not take:
        return [laps, pips, 0]
    d = 2 if pips >= 2 else pips
    return [laps, pips - d, d]


def deal_size(pips):
    return 4 + pips


def _opt_card(x, field):
    if x is None:
        return None
    c = code_of(x) if isinstance(x, str) else x
    if not is_card(c):
        raise Refusal("E_KABU_CARD", {"card": label(x)})
    return c


def _int(x, field, lo, hi):
    if not isinstance(x, int) or isinstance(x, bool) or x < lo or x > hi:
        raise Refusal("E_KABU_VALUE", {"field": field})
    return x


def normalize(case):
    """Check one dobon case and return it with card codes and defaults filled in.

    Keys: own, their (lists of cards), dobon_card, okoshi (optional), trumps (None or 1..len(own)),
    gaeshi (0..20), on_okoshi (the dobon was on the 起こし札 itself), their_trumps (optional,
    gaeshi only: how many trumps the loser had shown).
    """
    if not isinstance(case, dict):
        raise Refusal("E_KABU_VALUE", {"field": "case"})
    own = case.get("own")
    their = case.get("their")
    if not isinstance(own, list):
        raise Refusal("E_KABU_VALUE", {"field": "own"})
    if not isinstance(their, list):
        raise Refusal("E_KABU_VALUE", {"field": "their"})
    own = [code_of(c) if isinstance(c, str) else check_card(c) for c in own]
    their = [OTHER if c == OTHER or c == "他" else code_of(c) if isinstance(c, str) else check_card(c)
             for c in their]
    if case.get("dobon_card") is None and not case.get("on_okoshi"):
        raise Refusal("E_KABU_VALUE", {"field": "dobon_card"})
    card = _opt_card(case.get("dobon_card"), "dobon_card")
    okoshi = _opt_card(case.get("okoshi"), "okoshi")
    on_okoshi = case.get("on_okoshi", False)
    if on_okoshi is not True and on_okoshi is not False:
        raise Refusal("E_KABU_VALUE", {"field": "on_okoshi"})
    gaeshi = _int(case.get("gaeshi", 0), "gaeshi", 0, GAESHI_MAX)
    if on_okoshi:
        card = okoshi = _okoshi_card(card, okoshi, gaeshi)
    _check_table(own, their, card, okoshi, gaeshi, on_okoshi)
    if not own:
        raise Refusal("E_KABU_EMPTY", {})
    trumps = _trumps(case.get("trumps"), "trumps", own)
    if not can_dobon(own, card):
        raise Refusal("E_KABU_NO_DOBON", {"sum": hand_sum(own), "card": LABELS[card]})
    their_trumps = None
    if gaeshi:
        _check_gaeshi(card, their)
        their_trumps = _trumps(case.get("their_trumps"), "their_trumps", their)
    return {"own": own, "their": their, "dobon_card": card, "okoshi": okoshi, "trumps": trumps,
            "gaeshi": gaeshi, "on_okoshi": on_okoshi, "their_trumps": their_trumps}


def _okoshi_card(card, okoshi, gaeshi):
    """A dobon on the 起こし札 itself: the card dobon'd on and the 起こし札 are one card, named as
    either or both; nobody can answer it (no gaeshi)."""
    if card is None:
        card = okoshi
    if okoshi is None:
        okoshi = card
    if card is None:
        raise Refusal("E_KABU_VALUE", {"field": "dobon_card"})
    if card != okoshi:
        raise Refusal("E_KABU_OKOSHI", {"card": LABELS[card], "okoshi": LABELS[okoshi]})
    if gaeshi:
        raise Refusal("E_KABU_OKOSHI_GAESHI", {})
    return card


def _check_table(own, their, card, okoshi, gaeshi, on_okoshi):
    """The physical cards on the table: both hands, the dobon card unless it is still in the
    loser's hand (a gaeshi answers a trump) or is the 起こし札 itself, and the 起こし札."""
    cards = own + their
    if not gaeshi and not on_okoshi:
        cards = cards + [card]
    if okoshi is not None:
        cards = cards + [okoshi]
    check_counts([c for c in cards if c != OTHER])


def _trumps(n, field, hand):
    """How many trumps a hand showed: None (not said) or 1..len(hand)."""
    if n is not None:
        _int(n, field, -1000, 1000)
        if n < 1 or n > len(hand):
            raise Refusal("E_KABU_TRUMPS", {"trumps": n, "max": len(hand)})
    return n


def _check_gaeshi(card, their):
    """A gaeshi answers L's dobon: its card is in L's hand (as itself, or among 他 when it is an
    ordinary card), a 単ピン cannot be answered, and L's hand could dobon (a sum of at most 13)."""
    if card not in their and not (OTHER in their and card <= 9):
        raise Refusal("E_KABU_GAESHI_CARD", {"card": LABELS[card]})
    if is_tanpin(their) or (their == [OTHER] and rank(card) == PIN):
        raise Refusal("E_KABU_TANPIN", {})
    if OTHER not in their:        # with 他 the sum is not known: the table has checked it
        s = hand_sum(their)
        if s > 13:
            raise Refusal("E_KABU_GAESHI_HAND", {"sum": s})


def breakdown(c):
    """The items ①..⑩ that apply to a normalized case, in order."""
    own = c["own"]
    their = c["their"]
    items = [item1(),
             item2(c["trumps"], c["gaeshi"], len(their), c["their_trumps"]),
             item3(own), item4(their), item5(own, their, c["okoshi"]), item6(own),
             item7(own, their), item8(c["dobon_card"], c["okoshi"]), item9(c["gaeshi"]),
             item10(own)]
    out = []
    for it in items:
        if it is not None:
            out.append(it)
    return out


def total_of(items):
    """Sum of the points items, then times every factor."""
    s = 0
    for it in items:
        if "points" in it:
            s += it["points"]
    subtotal = s
    for it in items:
        if "factor" in it:
            s *= it["factor"]
    return subtotal, s


def score(case):
    """Score one dobon (W = final winner, L = final loser): what L gets, itemised.

    Returns {"total", "laps", "pips", "subtotal", "breakdown"} (laps/pips = total as 6-point laps).
    """
    c = normalize(case)
    items = breakdown(c)
    subtotal, total = total_of(items)
    laps, pips = to_laps(total)
    return {"total": total, "laps": laps, "pips": pips, "subtotal": subtotal, "breakdown": items}


# ------------------------------------------------------------------------- other endings

def four_kind(hand, deal):
    """Four of a kind in a dealt hand: what every other player gets.

    Base = laps by the holder's deal size (9: 5 laps ... 4: 30 laps) as points; +1 per 十 in the
    holder's hand; ×2 for the 魂四, ×5 for the 赤ピン in it. The cards beside the four that are
    not 十 / 赤ピン / 魂四 score nothing and may be 他 (OTHER, 0).
    """
    check_with_other(hand)
    check_counts(real(hand))
    if deal not in FOUR_KIND_LAPS:
        raise Refusal("E_KABU_VALUE", {"field": "deal"})
    if len(hand) != deal:
        raise Refusal("E_KABU_DEAL_SIZE", {"size": len(hand), "deal": deal})
    n = rank_counts(hand)
    r4 = 0
    for r in range(1, 11):
        if n[r] >= 4:
            r4 = r
    if not r4:
        raise Refusal("E_KABU_NO_FOUR", {})
    items = [{"item": 11, "label": "four of a kind", "points": 6 * FOUR_KIND_LAPS[deal],
              "laps": FOUR_KIND_LAPS[deal], "deal": deal, "rank": LABELS[r4]}]
    t = count(hand, TEN)
    if t:
        items.append({"item": 5, "label": "tens", "points": t, "own": t, "their": 0, "okoshi": 0})
    it = item7(hand, [])
    if it is not None:
        items.append(it)
    subtotal, total = total_of(items)
    laps, pips = to_laps(total)
    return {"total": total, "laps": laps, "pips": pips, "subtotal": subtotal, "breakdown": items}


def deck_out(sizes, most, fewest):
    """The deck ran out: the most cards loses, the fewest wins; a tie for either is a draw.

    sizes: every seat's hand size; most / fewest: the cards of the largest / smallest hand
    (ignored for a draw); a card that scores nothing there may be 他 (OTHER, 0), as in a dobon
    loser's hand. L gets (most − fewest) + 1 per 十 in the two hands, ×2 for the 魂四,
    ×5 for the 赤ピン in them. Returns {"draw": True} or {"draw": False, "loser", "winner",
    "total", "laps", "pips", "subtotal", "breakdown"}.
    """
    if not isinstance(sizes, list) or len(sizes) < 2:
        raise Refusal("E_KABU_VALUE", {"field": "sizes"})
    tot = 0
    for s in sizes:
        _int(s, "sizes", 0, 40)
        tot += s
    if tot > 40:
        raise Refusal("E_KABU_VALUE", {"field": "sizes"})
    hi = max(sizes)
    lo = min(sizes)
    if hi == lo or count(sizes, hi) > 1 or count(sizes, lo) > 1:
        return {"draw": True}
    loser = sizes.index(hi)
    winner = sizes.index(lo)
    check_with_other(most, "most")
    check_with_other(fewest, "fewest")
    if len(most) != hi:
        raise Refusal("E_KABU_SIZES", {"seat": loser, "size": len(most), "want": hi})
    if len(fewest) != lo:
        raise Refusal("E_KABU_SIZES", {"seat": winner, "size": len(fewest), "want": lo})
    check_counts(real(most + fewest))
    items = [{"item": 12, "label": "deck out", "points": hi - lo, "most": hi, "fewest": lo}]
    t1 = count(most, TEN)
    t2 = count(fewest, TEN)
    if t1 + t2:
        items.append({"item": 5, "label": "tens", "points": t1 + t2, "own": t2, "their": t1,
                      "okoshi": 0})
    it = item7(fewest, most)
    if it is not None:
        items.append(it)
    subtotal, total = total_of(items)
    laps, pips = to_laps(total)
    return {"draw": False, "loser": loser, "winner": winner, "total": total, "laps": laps,
            "pips": pips, "subtotal": subtotal, "breakdown": items}
