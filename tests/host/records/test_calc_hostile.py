# Hostile input to the calculators (python -m host_tools.records.calc GAME, every game that has one): exit 2
# with one {"error": ...} JSON line and no traceback, errors quoting at most a short excerpt (a
# calculator's own cases: tests/test_calc_hostile_<kind>.py).
import importlib
import json

import pytest

from host_tools.records.calc.__main__ import calculators

from calc_hostile import HUGE_NAME, check, run

CALCULATORS = calculators()
assert CALCULATORS, "no calculator found under host_tools/records/calc/"

DEEP = b"[" * 100000 + b"]" * 100000

CASES = [
    ("invalid utf-8", b'{"own": ["\xff\xfe"]}'),
    ("deep nesting", DEEP),
    ("deep object", b'{"a":' * 100000 + b"1" + b"}" * 100000),
    ("lone surrogate", b'{"own": ["\\ud800"], "their": ["\\udfff"]}'),
    ("lone surrogate key", b'{"\\ud800": 1}'),
    ("huge integer", b'{"trumps": ' + b"9" * 5000 + b"}"),
    ("big integer", b'{"trumps": ' + b"9" * 4000 + b', "own": ["\xe4\xb8\x89"]}'),
    ("huge string", json.dumps({"own": [HUGE_NAME], "their": [HUGE_NAME]}).encode()),
    ("huge key", json.dumps({HUGE_NAME: 1}).encode()),
    ("not an object", b"[1, 2, 3]"),
    ("a string", b'"hello"'),
    ("null", b"null"),
    ("a float", b"1.5"),
    ("NaN", b'{"trumps": NaN}'),
    ("Infinity", b'{"trumps": Infinity}'),
    ("float fields", b'{"own": ["\xe4\xb8\x89"], "trumps": 1.5, "gaeshi": 0.0}'),
    ("empty", b""),
    ("garbage", b"\x00\x01\x02"),
    ("wrong types", b'{"own": 5, "their": {"a": 1}, "dobon_card": [], "trumps": "x"}'),
]

@pytest.mark.parametrize("kind", sorted(CALCULATORS))
@pytest.mark.parametrize("name,data", CASES, ids=[c[0] for c in CASES])
def test_every_calculator_refuses_hostile_input(kind, name, data, capsys, monkeypatch):
    rc, out, err = run(importlib.import_module(CALCULATORS[kind]), data, capsys, monkeypatch)
    check(rc, out, err)
    assert rc == 2
