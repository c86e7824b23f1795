# Properties of the 囲将会ドボン scoring, against a separate brute-force reading of the seed's rules.
from fractions import Fraction

from hypothesis import given, settings, strategies as st

from kinds.kakoi import score as kakoi_score
from core.errors import Refusal

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
VAL = dict((r, i + 1) for i, r in enumerate(RANKS))
VAL["JOKER"] = 0


def brute_values(hand):
    """Every value reachable by one operation kind over all cards, with exact fractions."""
    v = [VAL[r] for r in hand]
    out = set()
    if len(v) == 1:
        return {v[0]}
    out.add(sum(v))
    p = 1
    for x in v:
        p *= x
    out.add(p)
    for i in range(len(v)):
        rest = v[:i] + v[i + 1:]
        out.add(v[i] - sum(rest))
        q = 1
        for x in rest:
            q *= x
        if q != 0:
            f = Fraction(v[i], q)
            if f.denominator == 1:
                out.add(int(f))
    return out


def brute_fields(hand, jokers):
    vals = brute_values(hand)
    fields = []
    for f in ["JOKER"] + RANKS:
        if f == "JOKER" and not jokers:
            continue
        want = {1, 15} if f == "A" else {VAL[f]}
        if vals & want:
            fields.append(f)
    return fields


hands = st.lists(st.sampled_from(RANKS), min_size=1, max_size=6).filter(
    lambda h: all(h.count(r) <= 4 for r in h))
joker_hands = st.lists(st.sampled_from(RANKS + ["JOKER"]), min_size=1, max_size=5).filter(
    lambda h: all(h.count(r) <= (2 if r == "JOKER" else 4) for r in h))


@settings(max_examples=300, deadline=None)
@given(hands)
def test_targets_match_brute_force(hand):
    assert kakoi_score.targets(hand, False)["fields"] == brute_fields(hand, False)


@settings(max_examples=200, deadline=None)
@given(joker_hands)
def test_targets_with_jokers_match_brute_force(hand):
    assert kakoi_score.targets(hand, True)["fields"] == brute_fields(hand, True)


@settings(max_examples=200, deadline=None)
@given(hands, hands, st.integers(min_value=0, max_value=5))
def test_payment_formula(payer, receiver, level):
    pts = sum(min(VAL[r], 10) for r in payer)
    n = sum(1 for r in payer + receiver if r in ("2", "8"))
    raw = pts * 2 ** n * 2 ** level
    got = kakoi_score.payment(payer, receiver, level)
    assert got["raw"] == raw
    assert got["amount"] == min(raw, 4000)
    assert got["capped"] == (raw > 4000)


hands_st = hands


@settings(max_examples=200, deadline=None)
@given(st.integers(min_value=2, max_value=6), st.data())
def test_settlement_is_zero_sum(n, data):
    """Random legal single-level dobons: deltas sum to 0, the card's player pays every caller."""
    card = data.draw(st.sampled_from(RANKS))
    by = data.draw(st.integers(min_value=0, max_value=n - 1))
    hands = [data.draw(hands_st) for _ in range(n)]
    calls = []
    for s in range(n):
        if s != by and kakoi_score.can_dobon(hands[s], card) is not None:
            calls.append({"seat": s, "top": hands[s][0], "on": "card"})
    if not calls:
        return
    res = kakoi_score.settle(n, {"t": "dobon", "card": card, "by": by, "hands": hands, "calls": calls})
    assert sum(res["deltas"]) == 0
    assert [p["payer"] for p in res["payments"]] == [by] * len(calls)
    assert res["next"] in [c["seat"] for c in calls]


def test_refusal_keeps_input():
    ev = {"t": "dobon", "card": "8", "by": 0, "hands": [["K"], ["9", "2"]],
          "calls": [{"seat": 1, "top": "9", "on": "card"}]}
    try:
        kakoi_score.settle(2, ev)
    except Refusal as r:
        assert r.msg_id == "E_KAKOI_NO_DOBON"
    else:
        raise AssertionError("not refused")
    assert ev["hands"] == [["K"], ["9", "2"]]


def test_message_ids_are_defined():
    import re
    from kinds.kakoi import texts as msg_kakoi
    from kinds.dobon import texts as msg_dobon
    import os
    here = os.path.dirname(os.path.abspath(__file__))
    fw = os.path.join(here, "..", "..", "..", "firmware", "kinds")
    for mod, table in (("kakoi/score.py", msg_kakoi.MESSAGES), ("kakoi/rules.py", msg_kakoi.MESSAGES),
                       ("dobon/rules.py", msg_dobon.MESSAGES)):
        with open(os.path.join(fw, mod), encoding="utf-8") as f:
            ids = set(re.findall(r'Refusal\("(E_[A-Z_]+)"', f.read()))
        assert ids, mod
        assert ids <= set(table), (mod, sorted(ids - set(table)))
    from ui.screens.common import wrap, W
    for table in (msg_kakoi.MESSAGES, msg_dobon.MESSAGES):
        for k, (en, ja) in table.items():
            for text in (en, ja):
                # a refusal is a toast: at most 3 lines of the panel less its frame (app.draw_toast);
                # a placeholder shows a player (P1..P6) or a card
                lines = wrap(re.sub(r"\{\w+\}", "P6", text), W - 4)
                assert len(lines) <= 3, (k, text, lines)
