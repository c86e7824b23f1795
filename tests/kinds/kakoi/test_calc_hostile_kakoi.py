"""Hostile input to 囲将会ドボン's calculator (host_tools/kinds/kakoi/calc.py) beyond every calculator's cases;
a result holding odd text still prints."""
import json

import pytest

from host_tools.kinds.kakoi import calc as kakoi
from calc_hostile import HUGE_NAME, check, run

# the calculator's own input: settle and check cases (every calculator's cases: test_calc_hostile.py)
KAKOI_CASES = [
    ("kakoi huge player", json.dumps({"settle": {"players": [HUGE_NAME, "B"], "type": "tsumo"}}).encode()),
    ("kakoi surrogate player", b'{"settle": {"players": ["\\ud800", "B"], "type": "tsumo", "by": "\\ud800"}}'),
    ("kakoi deep hand", b'{"check": {"hand": ' + b"[" * 50000 + b"]" * 50000 + b"}}"),
    ("kakoi float cap", b'{"settle": {"players": ["A", "B"], "type": "tsumo", "cap": 1.5}}'),
    ("kakoi huge key", json.dumps({"check": {HUGE_NAME: 1}}).encode()),
]


@pytest.mark.parametrize("name,data", KAKOI_CASES, ids=[c[0] for c in KAKOI_CASES])
def test_kakoi_hostile(name, data, capsys, monkeypatch):
    rc, out, err = run(kakoi, data, capsys, monkeypatch)
    check(rc, out, err)
    assert rc == 2


def test_a_result_with_a_lone_surrogate_still_prints(capsys, monkeypatch):
    # a player name is echoed in the result: "\ud800" cannot be UTF-8, it is written escaped
    data = (b'{"settle": {"players": ["\\ud800","B","C"], "type": "dobon", "card": "Q", "by": "\\ud800",'
            b' "out": true, "hands": {"C": ["9","3"]}, "calls": [{"who": "C", "top": "9"}]}}')
    rc, out, err = run(kakoi, data, capsys, monkeypatch)
    check(rc, out, err)
    assert rc == 0 and "\\ud800" in out
    assert json.loads(out)["deltas"]["\ud800"] != 0
