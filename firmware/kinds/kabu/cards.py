# 株ドボン (kabu dobon) cards: the codes, their names, the deck's limits and which hands dobon on what.
#
# Card codes (ints, used in events, vectors and the journal):
#   1..9  ピン 二 三 四 五 六 七 八 九 (plain cards; 1 and 4 are the three ordinary ピン / 四)
#   10    十 (counts 0 in a hand's sum)
#   11    赤ピン (the one red ピン: counts as a ピン everywhere)
#   12    魂四 (the one soul 四: counts as a 四 everywhere)
# A hand is a list of codes in any order; every count (十, pairs, 赤ピン...) is derived from it.
#   0     他 ("other"): only in the loser's hand of a dobon, a card that scores nothing there (any
#         ピン..九 but the 赤ピン and 魂四): the loser's hand counts only by its size, its 十 and
#         its 赤ピン / 魂四, so the table may enter it as that (see kinds/kabu/score.py, normalize()).
# Impossible input raises Refusal("E_KABU_...", info); see kinds/kabu/texts.py.

from core.errors import Refusal

PIN = 1
FOUR = 4
TEN = 10
RED = 11   # 赤ピン
SOUL = 12  # 魂四
OTHER = 0  # 他: an ordinary card in the loser's hand
CODES = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12)
NAMES = ("", "ピン", "二", "三", "四", "五", "六", "七", "八", "九", "十", "赤ピン", "魂四")
# Short ASCII labels for the 8x8 screen, messages and logs.
LABELS = ("", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "R1", "S4")
# How many physical cards carry each code (one ピン is red, one 四 is the soul four).
LIMIT = (0, 3, 4, 4, 3, 4, 4, 4, 4, 4, 4, 1, 1)


# ---------------------------------------------------------------------------------- cards

def is_card(c):
    return isinstance(c, int) and not isinstance(c, bool) and 1 <= c <= 12


def label(c):
    if is_card(c):
        return LABELS[c]
    s = str(c)
    return s[:8]


def name(c):
    return NAMES[c] if is_card(c) else label(c)


def code_of(x):
    """A card code from a code, a Japanese name (ピン..十, 赤ピン, 魂四, also 一) or an ASCII label."""
    if is_card(x):
        return x
    if isinstance(x, str):
        for c in CODES:
            if x == NAMES[c] or x == LABELS[c]:
                return c
        if x == "一":
            return PIN
    raise Refusal("E_KABU_CARD", {"card": label(x)})


def rank(c):
    """1..10: 赤ピン is a ピン, 魂四 is a 四."""
    if c == RED:
        return PIN
    if c == SOUL:
        return FOUR
    return c


def value(c):
    """A card's value in a hand's sum: 十 counts 0."""
    r = rank(c)
    return 0 if r == TEN else r


def check_card(c):
    if not is_card(c):
        raise Refusal("E_KABU_CARD", {"card": label(c)})
    return c


def check_hand(hand, field="hand"):
    if not isinstance(hand, list):
        raise Refusal("E_KABU_VALUE", {"field": field})
    for c in hand:
        check_card(c)
    return hand


def check_with_other(hand, field="hand"):
    """A hand whose cards are codes or 他 (OTHER): where only its size and its 十 / 赤ピン / 魂四
    count (a deck-out's two hands, a four of a kind's other cards, a dobon loser's hand)."""
    if not isinstance(hand, list):
        raise Refusal("E_KABU_VALUE", {"field": field})
    for c in hand:
        if c != OTHER or isinstance(c, bool):
            check_card(c)
    return hand


def real(hand):
    """The cards of `hand` that are not 他."""
    return [c for c in hand if c != OTHER]


def hand_sum(hand):
    s = 0
    for c in codes(hand):
        s += value(c)
    return s


def rank_counts(hand):
    """List of 11 ints: index r = number of cards of rank r (1..10) in the hand."""
    n = [0] * 11
    for c in hand:
        n[rank(c)] += 1
    return n


def count(hand, code):
    n = 0
    for c in hand:
        if c == code:
            n += 1
    return n


def check_counts(cards):
    """Refuse a set of physical cards that cannot exist in one 40-card kabufuda deck."""
    n = [0] * 13
    for c in cards:
        check_card(c)
        n[c] += 1
    if n[RED] > 1:
        raise Refusal("E_KABU_TWO_RED", {"count": n[RED]})
    if n[SOUL] > 1:
        raise Refusal("E_KABU_TWO_SOUL", {"count": n[SOUL]})
    for c in CODES:
        if n[c] > LIMIT[c]:
            raise too_many(c, n[c])
    return n


def too_many(c, n):
    """The refusal of `n` cards of code `c`, more than the deck holds. A plain ピン or 四 is told
    as what it is: three plain ones beside the deck's one 赤ピン / 魂四 (the grid shows them apart:
    「ピン×3」 and 赤ピン), never "four ピン", which the screen would contradict."""
    if c == PIN or c == FOUR:
        return Refusal("E_KABU_PLAIN_PIN" if c == PIN else "E_KABU_PLAIN_FOUR", {"count": n, "max": LIMIT[c]})
    return Refusal("E_KABU_TOO_MANY", {"card": LABELS[c], "count": n, "max": LIMIT[c]})


# ------------------------------------------------------------------------------- validity

def targets(card):
    """Hand sums that dobon on `card`: its value, and +10 for 十 (0/10), ピン, 二, 三."""
    r = rank(card)
    if r == TEN:
        return [0, 10]
    if r <= 3:
        return [r, r + 10]
    return [r]


def codes(hand):
    """A hand with every card as its code (names and labels accepted); refuses unknown cards."""
    return [code_of(c) for c in hand]


def can_dobon(hand, card):
    hand = codes(hand)
    card = code_of(card)
    if not hand:
        return False
    s = hand_sum(hand)
    if s < 0 or s > 13:
        return False
    return s in targets(card)


def dobon_cards(hand):
    """Every card code the hand could dobon on (what the UI offers after the hand is entered):
    can_dobon for each code, the hand summed once (a sum for each of the 12 codes took 10 ms of a
    press on the Pico)."""
    hand = codes(hand)
    if not hand:
        return []
    s = hand_sum(hand)
    if s < 0 or s > 13:
        return []
    return [c for c in CODES if s in targets(c)]


def is_tanpin(hand):
    return len(hand) == 1 and rank(hand[0]) == PIN
