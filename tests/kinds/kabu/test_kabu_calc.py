# The 株ドボン calculator CLI: python -m host_tools.records.calc kabu (stdin JSON -> stdout JSON, exit 0/2).
import json
import os
import subprocess
import sys

import pytest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))   # tests/kinds/<kind>/


def run(case, raw=None):
    data = raw if raw is not None else json.dumps(case, ensure_ascii=False)
    p = subprocess.run([sys.executable, "-m", "host_tools.records.calc", "kabu"], input=data.encode("utf-8"),
                       cwd=ROOT, capture_output=True, timeout=60)
    return p.returncode, json.loads(p.stdout.decode("utf-8"))


def test_issue_example_cli():
    rc, out = run({"own": ["三", "三", "二"], "their": ["四", "五"], "dobon_card": "八", "okoshi": "六",
                   "trumps": 3, "gaeshi": 0})
    assert rc == 0
    assert (out["total"], out["laps"], out["pips"]) == (8, 1, 2)
    assert [(i["item"], i["points"]) for i in out["breakdown"]] == [(1, 1), (2, 4), (3, 1), (6, 2)]
    assert [i["mark"] for i in out["breakdown"]] == ["①", "②", "③", "⑥"]


def test_impossible_case_exits_2():
    rc, out = run({"own": ["四", "五"], "their": ["三"], "dobon_card": "八", "trumps": 1, "gaeshi": 0})
    assert rc == 2
    assert "E_KABU_NO_DOBON" in out["error"] and "9" in out["error"]


def test_bad_json_exits_2():
    rc, out = run(None, raw="{not json")
    assert rc == 2 and "error" in out


# The rest call main() in-process (one interpreter start is ~0.1 s; keep the suite fast).
from host_tools.kinds.kabu import calc  # noqa: E402


def call(case, capsys, monkeypatch):
    import io
    raw = json.dumps(case, ensure_ascii=False).encode("utf-8")
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(raw), encoding="utf-8"))
    rc = calc.main([])
    return rc, json.loads(capsys.readouterr().out)


HAND = [
    # (case, total, laps, pips) computed by hand from the seed
    ({"own": ["三", "七", "十"], "their": ["七", "九", "四", "三", "十"], "dobon_card": "十", "okoshi": "十",
      "trumps": 3, "gaeshi": 0}, 21, 3, 3),
    ({"own": ["十", "十", "二", "二", "ピン", "ピン", "赤ピン"], "their": ["五", "ピン"], "dobon_card": "七",
      "trumps": 7, "gaeshi": 0}, 220, 36, 4),
    ({"own": ["三", "五", "四", "ピン"], "their": ["八", "十", "六"], "dobon_card": "三", "trumps": 2,
      "gaeshi": 0}, 7, 1, 1),
    ({"own": ["赤ピン"], "their": ["八", "十"], "dobon_card": "ピン", "trumps": 1, "gaeshi": 0}, 100, 16, 4),
    ({"own": ["六", "六"], "their": ["二", "二", "五"], "dobon_card": "二", "okoshi": "魂四", "trumps": 2,
      "gaeshi": 0}, 24, 4, 0),
    ({"own": ["十", "十", "十", "十", "三"], "their": ["三", "四", "ピン", "赤ピン"], "dobon_card": "三",
      "trumps": None, "gaeshi": 1}, 600, 100, 0),
    ({"own": ["赤ピン"], "their": ["八", "十"], "dobon_card": "ピン", "trumps": None}, 100, 16, 4),
    ({"own": ["一"], "their": [], "dobon_card": "ピン"}, 10, 1, 4),
]


@pytest.mark.parametrize("case,total,laps,pips", HAND)
def test_hand_computed(case, total, laps, pips, capsys, monkeypatch):
    rc, out = call(case, capsys, monkeypatch)
    assert rc == 0, out
    assert (out["total"], out["laps"], out["pips"]) == (total, laps, pips)


BAD = [
    ({"own": ["三", "十一"], "their": [], "dobon_card": "三"}, "E_KABU_CARD", "十一"),
    ({"own": ["三", "三"], "their": ["三", "三"], "dobon_card": "六", "okoshi": "三"}, "E_KABU_TOO_MANY", "三"),
    ({"own": ["赤ピン", "赤ピン"], "their": [], "dobon_card": "二"}, "E_KABU_TWO_RED", "red"),
    ({"own": ["三", "三", "二"], "their": ["四", "五"], "dobon_card": "八", "trumps": 4}, "E_KABU_TRUMPS", "4"),
    ({"own": ["四", "五"], "their": [], "dobon_card": "八"}, "E_KABU_NO_DOBON", "八"),
    ({"own": [], "their": [], "dobon_card": "十"}, "E_KABU_EMPTY", ""),
    ({"own": ["ピン"], "their": ["ピン"], "dobon_card": "ピン", "gaeshi": 1}, "E_KABU_TANPIN", ""),
    ({"own": ["八"], "their": ["五", "三"], "dobon_card": "八", "gaeshi": 1}, "E_KABU_GAESHI_CARD", "八"),
    ({"their": ["五"], "dobon_card": "八"}, "E_KABU_VALUE", "own"),
    (["not", "a", "case"], "E_KABU_VALUE", "case"),
]


@pytest.mark.parametrize("case,msg_id,word", BAD)
def test_impossible(case, msg_id, word, capsys, monkeypatch):
    rc, out = call(case, capsys, monkeypatch)
    assert rc == 2
    assert out["error"].startswith(msg_id) and word in out["error"]
    assert out["id"] == msg_id


def test_every_message_id_is_defined_and_short():
    import re
    from kinds.kabu import texts as msg_kabu
    src = ""
    for f in ("rules.py", "score.py", "cards.py"):
        with open(os.path.join(ROOT, "firmware", "kinds", "kabu", f), encoding="utf-8") as fh:
            src += fh.read()
    used = set(re.findall(r'"(E_KABU_[A-Z_]+)"', src))
    assert used <= set(msg_kabu.MESSAGES), used - set(msg_kabu.MESSAGES)
    for en, ja in msg_kabu.MESSAGES.values():
        assert len(en) <= 48 and len(ja) <= 32, (en, ja)
