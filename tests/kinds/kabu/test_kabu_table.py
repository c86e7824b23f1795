# The 株ドボン score table (tests/kinds/kabu/vectors/table.json): generated here, expected values computed
# by an independent reference written straight from the seed's rules (it never imports kabu_score).
# Regenerate after changing the cases:  .venv/bin/python tests/kinds/kabu/test_kabu_table.py
import json
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
TABLE = os.path.join(HERE, "vectors", "table.json")

RANK = {"ピン": 1, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9, "十": 10,
        "赤ピン": 1, "魂四": 4}
DECK = (["ピン"] * 3 + ["赤ピン"] + ["二"] * 4 + ["三"] * 4 + ["四"] * 3 + ["魂四"]
        + ["五"] * 4 + ["六"] * 4 + ["七"] * 4 + ["八"] * 4 + ["九"] * 4 + ["十"] * 4)


def hsum(hand):
    return sum(0 if RANK[c] == 10 else RANK[c] for c in hand)


def hits(hand, card):
    """Seed: sum of all cards (十 = 0) equals the card; 十 also 10, ピン/二/三 also +10; 0..13."""
    if not hand:
        return False
    s = hsum(hand)
    r = RANK[card]
    ok = {10: (0, 10), 1: (1, 11), 2: (2, 12), 3: (3, 13)}.get(r, (r,))
    return 0 <= s <= 13 and s in ok


def reference(own, their, card, okoshi=None, trumps=None, gaeshi=0, their_trumps=None):
    """The seed's ①..⑩ written out by hand: returns (total, items)."""
    items = [{"item": 1, "points": 1}]
    if trumps is not None and trumps > 1 and not (gaeshi and their_trumps == len(their)):
        items.append({"item": 2, "points": (trumps - 1) * 2})
    if len(own) > 2:
        items.append({"item": 3, "points": len(own) - 2})
    if len(their) > 2:
        items.append({"item": 4, "points": len(their) - 2})
    tens = own.count("十") + their.count("十") + (10 if okoshi == "十" else 0)
    if tens:
        items.append({"item": 5, "points": tens})
    sets = 0
    for r in range(1, 11):
        n = len([c for c in own if RANK[c] == r])
        sets += {2: 2, 3: 20, 4: 50}.get(n, 0)
    if sets:
        items.append({"item": 6, "points": sets})
    both = own + their
    f7 = (2 if "魂四" in both else 1) * (5 if "赤ピン" in both else 1)
    if f7 > 1:
        items.append({"item": 7, "factor": f7})
    f8 = (4 if "魂四" in (card, okoshi) else 1) * (10 if "赤ピン" in (card, okoshi) else 1)
    if f8 > 1:
        items.append({"item": 8, "factor": f8})
    if gaeshi:
        items.append({"item": 9, "factor": 2 ** gaeshi})
    if len(own) == 1 and RANK[own[0]] == 1:
        items.append({"item": 10, "factor": 10})
    total = sum(i.get("points", 0) for i in items)
    for i in items:
        total *= i.get("factor", 1)
    return total, items


def case(name, own, their, card, okoshi=None, trumps=None, gaeshi=0, their_trumps=None, note=None):
    args = {"own": own, "their": their, "dobon_card": card, "okoshi": okoshi, "trumps": trumps,
            "gaeshi": gaeshi}
    if their_trumps is not None:
        args["their_trumps"] = their_trumps
    assert hits(own, card), name
    table = own + their + ([] if gaeshi else [card]) + ([okoshi] if okoshi else [])
    for c in set(table):
        assert table.count(c) <= DECK.count(c), name
    total, items = reference(own, their, card, okoshi, trumps, gaeshi, their_trumps)
    c = {"name": name, "call": "kinds.kabu.score:score", "args": [args],
         "expect": {"total": total, "laps": total // 6, "pips": total % 6, "breakdown": items}}
    if note:
        c["note"] = note
    return c


def hand_picked():
    C = []
    # ① alone, and the minimum of every dobon
    C.append(case("1 alone: 八 on 八", ["八"], ["九"], "八"))
    C.append(case("1 alone: 十 on 十 (sum 0)", ["十"], ["九"], "十"))
    C.append(case("1 alone: their hand empty", ["五"], [], "五"))
    C.append(case("1 alone: trumps 1", ["三", "五"], ["九"], "八", trumps=1))
    # ② trumps
    C.append(case("2: trumps 2 -> +2", ["三", "五"], ["九"], "八", trumps=2))
    C.append(case("2: trumps null -> 0", ["三", "五"], ["九"], "八", trumps=None))
    C.append(case("2+3: trumps 3 -> +4, own 3 -> +1", ["ピン", "三", "四"], ["九"], "八", trumps=3))
    C.append(case("2+3: trumps 4 -> +6, own 4 -> +2", ["ピン", "二", "三", "六"], ["九"], "二", trumps=4))
    C.append(case("2+3+5: trumps 5 -> +8, own 5 -> +3, 十 +1", ["ピン", "二", "三", "五", "十"], ["九"], "ピン",
                  trumps=5))
    C.append(case("2+3+5: trumps 2 of 5", ["ピン", "二", "三", "五", "十"], ["九"], "ピン", trumps=2))
    # ③ own size alone
    C.append(case("3 alone: own 3", ["ピン", "三", "四"], ["九"], "八"))
    C.append(case("3 alone: own 4", ["ピン", "二", "三", "六"], ["九"], "二"))
    C.append(case("3 alone: own 4 (sum 13 on 三)", ["ピン", "二", "三", "七"], ["九"], "三"))
    # ④ their size alone
    for k in range(3, 10):
        their = ["九", "九", "九", "八", "八", "八", "七", "七", "七"][:k]
        C.append(case("4 alone: their %d -> +%d" % (k, k - 2), ["六"], their, "六"))
    # ⑤ tens
    C.append(case("5: own 十 +1", ["十", "六"], ["九"], "六"))
    C.append(case("5: their 十 +1", ["六"], ["十"], "六"))
    C.append(case("5: own 十十 pair: +2 (⑤) +2 (⑥ pair)", ["十", "十"], ["九"], "十"))
    C.append(case("5: okoshi 十 +10", ["六"], ["九"], "六", okoshi="十"))
    C.append(case("5: okoshi 十 and dobon card 十", ["十"], ["九"], "十", okoshi="十"))
    C.append(case("5: 十 in both hands and okoshi 十", ["十", "七"], ["十", "九"], "七", okoshi="十"))
    C.append(case("5+6: own 十十十 three +20", ["十", "十", "十"], ["九"], "十"))
    C.append(case("5+6: own 十x4 + 三: four +50, own 5 +3", ["十", "十", "十", "十", "三"], ["九"], "三"))
    # ⑥ sets in own hand only
    C.append(case("6: pair ピン", ["ピン", "ピン"], ["九"], "二"))
    C.append(case("6: pair 六 (sum 12 on 二)", ["六", "六"], ["九"], "二"))
    C.append(case("6: two pairs", ["ピン", "ピン", "二", "二"], ["九"], "六"))
    C.append(case("6: three 二", ["二", "二", "二"], ["九"], "六"))
    C.append(case("6: three 四 with 魂四", ["四", "四", "魂四"], ["九"], "二"))
    C.append(case("6: four 三 (sum 12)", ["三", "三", "三", "三"], ["九"], "二"))
    C.append(case("6: four ピン with 赤ピン", ["ピン", "ピン", "ピン", "赤ピン"], ["九"], "四"))
    C.append(case("6: four 二 + pair ピン", ["二", "二", "二", "二", "ピン", "ピン"], ["九"], "十"))
    C.append(case("6: pair in their hand scores nothing", ["八"], ["五", "五"], "八"))
    C.append(case("6: three + pair", ["ピン", "ピン", "ピン", "二", "二"], ["九"], "七"))
    # ⑦ specials in a hand
    C.append(case("7: 魂四 in own x2", ["魂四"], ["九"], "四"))
    C.append(case("7: 魂四 in their x2", ["八"], ["魂四"], "八"))
    C.append(case("7: 赤ピン in own x5 (not tanpin)", ["赤ピン", "七"], ["九"], "八"))
    C.append(case("7: 赤ピン in their x5", ["八"], ["赤ピン"], "八"))
    C.append(case("7: both in own x10", ["赤ピン", "魂四"], ["九"], "五"))
    C.append(case("7: 魂四 own, 赤ピン their x10", ["魂四", "四"], ["赤ピン"], "八"))
    # ⑧ okoshi or dobon card
    C.append(case("8: dobon card 魂四 x4", ["四"], ["九"], "魂四"))
    C.append(case("8: okoshi 魂四 x4", ["八"], ["九"], "八", okoshi="魂四"))
    C.append(case("8: dobon card 赤ピン x10", ["六", "五"], ["九"], "赤ピン"))
    C.append(case("8: okoshi 赤ピン x10", ["八"], ["九"], "八", okoshi="赤ピン"))
    C.append(case("8: okoshi 赤ピン, card 魂四: x40", ["四"], ["九"], "魂四", okoshi="赤ピン"))
    C.append(case("8: okoshi 魂四, card 赤ピン: x40", ["ピン"], ["九"], "赤ピン", okoshi="魂四",
                  note="also tanpin x10"))
    C.append(case("7+8: 魂四 in own, 赤ピン card: x2 x10", ["魂四", "七"], ["九"], "赤ピン"))
    # ⑨ gaeshi
    for g in range(1, 6):
        C.append(case("9: gaeshi %d -> x%d" % (g, 2 ** g), ["三", "五"], ["八", "三"], "八", trumps=2,
                      gaeshi=g))
    C.append(case("9: gaeshi 3 on 魂四 trump: x8 x2 x4", ["四"], ["魂四", "五"], "魂四", gaeshi=3))
    C.append(case("9: gaeshi on 赤ピン trump: x5 (hand) x10 (card) x2", ["ピン"], ["赤ピン", "二"],
                  "赤ピン", gaeshi=1, note="own ピン alone: tanpin x10 too"))
    C.append(case("2+9: gaeshi on all-shown trumps: no ②", ["三", "五"], ["八", "三"], "八", trumps=2,
                  gaeshi=1, their_trumps=2, note="RULES ②: no points for a gaeshi on trumps all shown"))
    C.append(case("2+9: gaeshi on some trumps: ② counts", ["三", "五"], ["八", "三"], "八", trumps=2,
                  gaeshi=1, their_trumps=1))
    # ⑩ tanpin
    C.append(case("10: tanpin ピン on ピン x10", ["ピン"], ["九"], "ピン"))
    C.append(case("10: tanpin ピン on 赤ピン: x10 x10", ["ピン"], ["九"], "赤ピン"))
    C.append(case("10: tanpin 赤ピン x5 x10 = x50", ["赤ピン"], ["九"], "ピン"))
    C.append(case("10: tanpin 赤ピン, their 4 cards", ["赤ピン"], ["九", "八", "七", "六"], "ピン", trumps=1))
    C.append(case("10: not tanpin: ピン + 十", ["ピン", "十"], ["九"], "ピン"))
    C.append(case("10: not tanpin: 十 alone on 十", ["十"], ["九"], "十"))
    C.append(case("10: tanpin with okoshi 十", ["ピン"], ["十"], "ピン", okoshi="十"))
    C.append(case("10: tanpin with okoshi 魂四 x4", ["ピン"], ["九", "十"], "ピン", okoshi="魂四"))
    # double targets
    C.append(case("target 十 by sum 10", ["三", "七"], ["九"], "十"))
    C.append(case("target ピン by sum 11", ["五", "六"], ["九"], "ピン"))
    C.append(case("target 二 by sum 12", ["五", "七"], ["九"], "二"))
    C.append(case("target 三 by sum 13", ["五", "八"], ["九"], "三"))
    C.append(case("target 三 by sum 13 with 十十", ["五", "八", "十", "十"], ["九"], "三",
                  note="seed: 5+8+0+0 = 13"))
    C.append(case("target 赤ピン by sum 11", ["九", "二"], ["三"], "赤ピン"))
    # big combination
    C.append(case("all adds: trumps 7, 十十, four 二", ["二", "二", "二", "二", "十", "十", "三"], ["九", "十", "七"],
                  "ピン", okoshi="十", trumps=7))
    return C


def random_cases(n, seed=20080711):
    rng = random.Random(seed)
    out = []
    names = sorted(set(DECK), key=lambda c: (RANK[c], c))
    while len(out) < n:
        deck = list(DECK)
        rng.shuffle(deck)
        k = rng.choice((1, 1, 2, 2, 3, 3, 4, 5, 6, 7))
        own = deck[:k]
        rest = deck[k:]
        gaeshi = rng.choice((0, 0, 0, 1, 2, 3))
        m = rng.choice((0, 1, 2, 3, 4, 5, 6))
        if gaeshi:
            cands = [c for c in rest if hits(own, c)]
            if not cands:
                continue
            card = cands[0]
            rest.remove(card)
            their = [card] + rest[:m]
            rest = rest[m:]
            if hsum(their) > 13 or (len(their) == 1 and RANK[their[0]] == 1):
                continue
        else:
            cands = [c for c in rest if hits(own, c)]
            if not cands:
                continue
            card = cands[0]
            rest.remove(card)
            their = rest[:m]
            rest = rest[m:]
        okoshi = rest[0] if rng.random() < 0.5 else None
        trumps = None if rng.random() < 0.3 else rng.randint(1, k)
        name = "mix %d: %s / %s on %s%s%s%s" % (
            len(out) + 1, "".join(own), "".join(their) or "-", card,
            " okoshi " + okoshi if okoshi else "", " trumps %s" % trumps, " gaeshi %d" % gaeshi)
        out.append(case(name, own, their, card, okoshi, trumps, gaeshi))
    return out


def build():
    return {"cases": hand_picked() + random_cases(80)}


def test_table_is_current():
    with open(TABLE, encoding="utf-8") as f:
        assert json.load(f) == build(), "regenerate: .venv/bin/python tests/kinds/kabu/test_kabu_table.py"


def test_reference_reproduces_the_worked_examples():
    assert reference(["三", "三", "二"], ["四", "五"], "八", trumps=3)[0] == 8
    assert reference(["三", "七", "十"], ["七", "九", "四", "三", "十"], "十", "十", 3)[0] == 21
    assert reference(["十", "十", "二", "二", "ピン", "ピン", "赤ピン"], ["五", "ピン"], "七", trumps=7)[0] == 220


if __name__ == "__main__":
    with open(TABLE, "w", encoding="utf-8") as f:
        json.dump(build(), f, ensure_ascii=False, indent=1)
        f.write("\n")
    print(len(build()["cases"]), "cases ->", TABLE)
