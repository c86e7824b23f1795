# A calculator's main() on hostile stdin (run), the one-JSON-line answer it must give (check), a million-character name (HUGE_NAME).
import io
import json
import sys

HUGE_NAME = "A" * 10 ** 6


def run(mod, data, capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))
    rc = mod.main([])
    out = capsys.readouterr()
    return rc, out.out, out.err


def check(rc, out, err):
    assert err == ""
    lines = out.splitlines()
    assert len(lines) == 1
    obj = json.loads(lines[0])
    if rc == 2:
        assert set(obj) <= {"error", "id"} and len(obj["error"]) <= 300
        assert "Traceback" not in obj["error"] and "internal error" not in obj["error"]
    else:
        assert rc == 0
    assert len(out) < 20000
