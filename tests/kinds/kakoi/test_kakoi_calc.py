# `python -m host_tools.records.calc kakoi`: the calculator as a user runs it (subprocess, stdin/stdout, exit codes).
import json
import os
import subprocess
import sys

import pytest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))   # tests/kinds/<kind>/


def calc(case):
    text = case if isinstance(case, str) else json.dumps(case, ensure_ascii=False)
    p = subprocess.run([sys.executable, "-m", "host_tools.records.calc", "kakoi"], input=text.encode("utf-8"),
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT, timeout=60)
    return p.returncode, json.loads(p.stdout.decode("utf-8"))


SEED = {"settle": {
    "players": ["me", "X", "Y"], "type": "dobon", "card": "7", "by": "me",
    "hands": {"me": ["J", "2"], "X": ["9", "2"], "Y": ["Q", "5"]},
    "calls": [{"who": "X", "top": "9"}, {"who": "Y", "top": "Q"},
              {"who": "me", "top": "J", "answers": ["X"]}]}}


def test_seed_worked_example():
    rc, out = calc(SEED)
    assert rc == 0
    assert out["deltas"] == {"me": 128, "X": -176, "Y": 48}
    assert out["next"] == "me"
    by_pair = dict(((p["payer"], p["receiver"]), p) for p in out["payments"])
    x = by_pair[("X", "me")]
    assert (x["points"], x["n28"], x["level"], x["kind"], x["amount"]) == (11, 2, 2, "gaeshi", 176)
    assert x["formula"] == "11 x 2^2 x 4 = 176"
    y = by_pair[("me", "Y")]
    assert (y["points"], y["n28"], y["level"], y["kind"], y["amount"]) == (12, 1, 1, "dobon", 48)
    assert len(out["payments"]) == 2
    calls = dict((c["who"], c) for c in out["calls"])
    assert calls["X"]["answered_by"] == ["me"] and calls["Y"]["answered_by"] == []


@pytest.mark.parametrize("hand,fields", [
    (["4", "2", "A"], ["A", "2", "7", "8"]),
    (["5", "3"], ["A", "2", "8"]),
    (["j", "2"], ["9", "K"]),            # lower case is accepted
    (["K", "2"], ["A", "J"]),            # 13 + 2 = 15: a field A
    (["4", "4", "4", "4"], []),
])
def test_check(hand, fields):
    rc, out = calc({"check": {"hand": hand}})
    assert rc == 0
    assert out["fields"] == fields


def test_check_operations_named():
    rc, out = calc({"check": {"hand": ["4", "2", "A"]}})
    assert rc == 0
    assert [(w["field"], w["op"], w["expr"]) for w in out["ways"]] == [
        ("A", "minus", "4-2-1"), ("2", "divide", "4/2/1"), ("7", "sum", "4+2+1"), ("8", "product", "4*2*1")]
    rc, out = calc({"check": {"hand": ["5", "3"]}})
    assert [(w["field"], w["value"], w["op"]) for w in out["ways"]] == [
        ("A", 15, "product"), ("2", 2, "minus"), ("8", 8, "sum")]


def test_check_jokers():
    rc, out = calc({"check": {"hand": ["JOKER", "5"]}})      # a joker in the hand turns jokers on
    assert rc == 0 and out["fields"] == ["JOKER", "5"]
    rc, out = calc({"check": {"hand": ["3", "3"], "jokers": True}})
    assert out["fields"] == ["JOKER", "A", "6", "9"]
    rc, out = calc({"check": {"hand": ["JOKER"], "jokers": False}})
    assert rc == 2 and "E_KAKOI_JOKER_OFF" in out["error"]


def test_tenhou_at_the_cap():
    hands = {"A": ["2", "2", "2", "2"]}
    for p in "BCDEF":
        hands[p] = ["2", "2", "8", "8", "K"]
    rc, out = calc({"settle": {"players": list("ABCDEF"), "type": "tenhou", "card": "8",
                               "hands": hands, "calls": [{"who": "A", "top": "2"}]}})
    assert rc == 0
    assert out["deltas"] == {"A": 20000, "B": -4000, "C": -4000, "D": -4000, "E": -4000, "F": -4000}
    assert all(p["capped"] and p["raw"] == 15360 and p["kind"] == "tenhou" for p in out["payments"])


def test_earlier_caller_answers_again():
    # 返し返し by an earlier caller: X answers my J with 9+2 = 11 (level 3, ×8).
    case = json.loads(json.dumps(SEED))
    case["settle"]["calls"].append({"who": "X", "top": "9", "answers": "me"})
    rc, out = calc(case)
    assert rc == 0
    assert out["deltas"] == {"me": -432, "X": 384, "Y": 48}
    assert out["next"] == "X"
    last = out["payments"][-1]
    assert (last["payer"], last["receiver"], last["level"]) == ("me", "X", 3)
    assert last["formula"] == "12 x 2^2 x 8 = 384"
    assert [c["who"] for c in out["calls"]] == ["X", "Y", "me", "X"]


def test_two_dobons_at_the_cap():
    rc, out = calc({"settle": {"players": 3, "type": "dobon", "card": "7", "by": 1,
                               "hands": {"1": ["8", "8", "8", "8", "K", "Q", "J", "10"],
                                         "2": ["9", "2"], "3": ["5", "2"]},
                               "calls": [{"who": 2, "top": "9"}, {"who": 3, "top": "5"}]}})
    assert rc == 0
    assert out["deltas"] == {"1": -8000, "2": 4000, "3": 4000}
    assert out["next"] == "2"  # 頭ハネ: "2" is the first to play after "1", who played the 7


def test_tsumo():
    rc, out = calc({"settle": {"players": ["a", "b", "c", "d"], "type": "tsumo", "winner": "c",
                               "card": "8", "hands": {"a": ["K", "3"], "b": ["2", "5", "5"], "d": ["A"]}}})
    assert rc == 0
    assert out["deltas"] == {"a": -26, "b": -48, "c": 76, "d": -2}
    assert [p["payer"] for p in out["payments"]] == ["d", "a", "b"]
    assert all(p["kind"] == "tsumo" for p in out["payments"])


def test_cap_option():
    rc, out = calc({"settle": {"players": 2, "type": "dobon", "card": "4", "by": 1, "cap": 0,
                               "hands": {"1": ["8", "8", "8", "8"], "2": ["2", "2"]},
                               "calls": [{"who": 2, "top": "2"}]}})
    assert rc == 0 and out["deltas"] == {"1": -4096, "2": 4096}


@pytest.mark.parametrize("text,needle", [
    ("{not json", "invalid JSON"),
    ("", "invalid JSON"),
    ("[1, 2]", "a case is"),
    ('{"check": {"hand": []}}', "empty"),
    ('{"check": {"hand": ["4"], "foo": 1}}', "unknown key"),
    ('{"check": {"hand": ["14"]}}', "E_KAKOI_RANK"),
    ('{"settle": {"type": "dobon"}}', "players"),
    ('{"settle": {"players": 2, "type": "ron", "card": "5"}}', "settle.type"),
    ('{"settle": {"players": 2, "type": "dobon", "card": "5", "by": 9, "calls": []}}', "not one of the players"),
    ('{"settle": {"players": 2, "type": "dobon", "card": "5", "by": 1, "calls": []}}', "settle.calls"),
    ('{"settle": {"players": 2, "type": "tsumo", "card": "5", "winner": 1, "calls": []}}', "does not belong"),
])
def test_invalid_cases_exit_2(text, needle):
    rc, out = calc(text)
    assert rc == 2
    assert needle in out["error"]


def test_refusal_names_the_player():
    bad = json.loads(json.dumps(SEED))
    bad["settle"]["card"] = "8"
    rc, out = calc(bad)
    assert rc == 2
    assert out["id"] == "E_KAKOI_NO_DOBON"
    assert "X" in out["error"] and "8" in out["error"]


def test_usage_with_extra_argument():
    p = subprocess.run([sys.executable, "-m", "host_tools.records.calc", "kakoi", "extra"], input=b"{}",
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT, timeout=60)
    assert p.returncode == 2
