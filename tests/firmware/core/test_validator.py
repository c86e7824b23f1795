# One validator for journal headers and events (core.journal): seal, the engine, the PC log
# reader (report/ledger/export) and the device's store accept the same logs and refuse the same
# ones with the same message id and line number.
import io
import json
import sys

import pytest

from host_tools.records import ledger, logs, seal
from core import journal
from core.engine import Game
from core.errors import Refusal

import game_data

# The game of the hand-written log (tests/kinds/<kind>/data.py): its header and first four events are the
# valid log that the cases below spoil one field at a time (its settings "start", "dial_max" and
# its seat field "p").
HAND = game_data.of(game_data.for_role("hand-written log"))
_HAND_RECORDS = [json.loads(line) for line in HAND.HAND_WRITTEN_LOG.splitlines()]
G = _HAND_RECORDS[0]["g"]
HEADER = _HAND_RECORDS[0]
EVENTS = [dict((k, v) for k, v in r.items() if k not in ("seq", "g")) for r in _HAND_RECORDS[1:5]]


def drafts(header=None, events=None):
    h = dict(HEADER) if header is None else header
    evs = EVENTS if events is None else events
    out = [json.dumps(h, ensure_ascii=False)]
    for i, e in enumerate(evs, 1):
        r = {"seq": i, "g": G}
        r.update(e)
        out.append(json.dumps(r, ensure_ascii=False))
    return out


def raw_seal(text):
    """A CRC-valid line around any JSON object text (floats, escaped surrogates included)."""
    prefix = text.rstrip()[:-1]
    return '%s,"crc":"%08x"}\n' % (prefix, journal.crc_of(prefix))


def sealed(lines):
    """Seal without the validator (what a hostile or older writer could put on the flash)."""
    return [raw_seal(json.dumps(json.loads(x), sort_keys=True)) for x in lines]


def refusals(lines):
    """(id, why, line) as seal, Game.from_lines and the log reader each name the first problem."""
    got = []
    try:
        seal.seal_lines(lines)
        got.append(None)
    except Refusal as r:
        got.append((r.msg_id, r.info.get("why"), r.info.get("line")))
    s = sealed(lines)
    try:
        Game.from_lines(s)
        got.append(None)
    except Refusal as r:
        got.append((r.msg_id, r.info.get("why"), r.info.get("line")))
    res = logs.read_bytes("".join(s).encode("utf-8"))
    if res.problems:
        p = res.problems[0]
        got.append((p.msg_id, p.info.get("why"), p.lineno))
    else:
        got.append(None)
    return got


def device_view(lines):
    """What the device's store makes of the same sealed lines as one game's segment 0:
    ("aside", reason) when the game is set aside, or ("prefix", events folded)."""
    from storage.store import Store
    from memfs import MemFs
    fs = MemFs()
    fs.dirs.add("/games")
    fs.files["/games/0001-%s.0.log" % G] = bytearray("".join(sealed(lines)).encode("utf-8"))
    st = Store(fs)
    game = st.open_game(G)
    if st.set_aside:
        return ("aside", st.set_aside[0][1])
    return ("prefix", game.seq if game else None)


def with_header(**changes):
    h = dict(HEADER)
    for k, v in changes.items():
        if v is None:
            del h[k]
        else:
            h[k] = v
    return h


def test_empty_settings_take_the_defaults_everywhere(tmp_path):
    lines = seal.seal_lines(drafts(with_header(settings={})))
    game = Game.from_lines(lines)
    assert game.settings == HAND.DEFAULT_SETTINGS
    res = logs.read_bytes("".join(lines).encode("utf-8"))
    assert res.ok and res.game.settings["dial_max"] == 9 and res.seq == 4
    p = tmp_path / "2026-01-01" / "hand.log"
    p.parent.mkdir()
    p.write_text("".join(lines), encoding="utf-8")
    db = ledger.connect(str(tmp_path / "l.sqlite"))
    status, r = ledger.import_log(db, str(p))
    assert status == "added" and r.ok


def test_missing_settings_field_takes_the_defaults():
    lines = seal.seal_lines(drafts(with_header(settings=None)))
    assert Game.from_lines(lines).settings == HAND.DEFAULT_SETTINGS


BAD_HEADERS = [
    ("unknown setting", with_header(settings={"cap": 3}), ("E_LOG_HEADER", "E_SETTING_UNKNOWN", 1)),
    ("settings not an object", with_header(settings=[1]), ("E_LOG_HEADER", "E_SETTING_UNKNOWN", 1)),
    ("setting of the wrong type", with_header(settings={"start": "x"}), ("E_LOG_HEADER", None, 1)),
    ("float schema", with_header(schema=1.0), ("E_LOG_SCHEMA", None, 1)),
    ("newer schema", with_header(schema=2), ("E_LOG_SCHEMA", None, 1)),
    ("bool schema", with_header(schema=True), ("E_LOG_SCHEMA", None, 1)),
    ("no kind", with_header(kind=None), ("E_LOG_HEADER_FIELD", None, 1)),
    ("unknown kind", with_header(kind="chess"), ("E_LOG_HEADER", "E_UNKNOWN_GAME", 1)),
    ("kind not a string", with_header(kind=[HEADER["kind"]]), ("E_LOG_HEADER", "E_UNKNOWN_GAME", 1)),
    ("id with a path", with_header(g="../x/evi"), ("E_LOG_HEADER", "E_LOG_ID", 1)),
    ("id uppercase", with_header(g="0BADCAFE"), ("E_LOG_HEADER", "E_LOG_ID", 1)),
    ("one seat", with_header(seats=["A"]), ("E_LOG_HEADER", "E_SEATS", 1)),
    ("seats not a list", with_header(seats="ABC"), ("E_LOG_HEADER", "E_SEATS", 1)),
    ("seat not text", with_header(seats=["A", 2, "C"]), ("E_LOG_HEADER", "E_LOG_NAME", 1)),
    ("seat name too long", with_header(seats=["A", "B" * 41, "C"]), ("E_LOG_HEADER", "E_LOG_NAME", 1)),
    ("seat lone surrogate", with_header(seats=["A", "\ud800", "C"]), ("E_LOG_HEADER", "E_LOG_NAME", 1)),
    ("seat with a newline", with_header(seats=["A", "B\nC", "C"]), ("E_LOG_HEADER", "E_LOG_NAME", 1)),
    ("seat with a NUL", with_header(seats=["A", "\x00", "C"]), ("E_LOG_HEADER", "E_LOG_NAME", 1)),
    ("not a header", {"t": "fold", "p": 1, "seq": 0, "g": G}, ("E_LOG_NO_HEADER", None, 1)),
]


@pytest.mark.parametrize("name,header,want", BAD_HEADERS, ids=[b[0] for b in BAD_HEADERS])
def test_bad_headers_are_refused_alike(name, header, want):
    raw = refusals(drafts(header))
    got = raw
    if want[1] is None:
        got = [(g[0], None, g[2]) if g else g for g in got]
    assert got == [want, want, want]
    if header.get("g") == G and want[0] != "E_LOG_NO_HEADER":
        # the device sets the game aside with the same reason
        assert device_view(drafts(header)) == ("aside", raw[0][1] or raw[0][0])


BAD_EVENTS = [
    ("gap", 3, {"seq": 5}, ("E_LOG_GAP", None, 3)),
    ("back", 3, {"seq": 1}, ("E_LOG_SEQ_BACK", None, 3)),
    ("seq not int", 2, {"seq": "1"}, ("E_LOG_SEQ", None, 2)),
    ("seq bool", 2, {"seq": True}, ("E_LOG_SEQ", None, 2)),
    ("other game", 2, {"g": "00000000"}, ("E_LOG_GAME", None, 2)),
    ("second header", 2, {"t": "header"}, ("E_LOG_KIND", None, 2)),
    ("float value", 2, {"p": 1.5}, ("E_LOG_EVENT", None, 2)),
    ("surrogate value", 2, {"x": "\udfff"}, ("E_LOG_EVENT", None, 2)),
    ("deep value", 2, {"x": [[[[[1]]]]]}, ("E_LOG_EVENT", None, 2)),
    ("illegal for the rules", 2, {"p": 9}, ("E_LOG_REFUSED", "E_BAD_SEAT", 2)),
    ("wrong type for the rules", 2, {"p": {"a": 1}}, ("E_LOG_REFUSED", None, 2)),
]


@pytest.mark.parametrize("name,line,change,want", BAD_EVENTS, ids=[b[0] for b in BAD_EVENTS])
def test_bad_events_are_refused_alike(name, line, change, want):
    lines = drafts()
    rec = json.loads(lines[line - 1])
    rec.update(change)
    lines[line - 1] = json.dumps(rec)
    got = refusals(lines)
    if want[1] is None:
        got = [(g[0], None, g[2]) if g else g for g in got]
    assert got == [want, want, want]
    # the device's journal ends at the same line: the events before it are the game
    assert device_view(lines) == ("prefix", line - 2)


def test_bad_header_stops_report_and_ledger_cleanly(tmp_path):
    p = tmp_path / "bad.log"
    p.write_text("".join(sealed(drafts(with_header(settings={"cap": 1})))), encoding="utf-8")
    db = ledger.connect(str(tmp_path / "l.sqlite"))
    status, res = ledger.import_log(db, str(p))
    assert status == "unreadable"
    assert res.problems[0].msg_id == "E_LOG_HEADER" and "E_SETTING_UNKNOWN" in res.problems[0].text()


SEAL_INPUTS = [
    ("invalid utf-8", b'{"t":"header"}\xff\xfe\n', "E_LOG_UTF8"),
    ("deep nesting", b"[" * 100000 + b"]" * 100000, "E_LOG_JSON"),
    ("non-object", b"[1,2]\n", "E_LOG_JSON"),
    ("string line", b'"hello"\n', "E_LOG_JSON"),
    ("huge number", b'{"t":"header","schema":' + b"9" * 5000 + b"}\n", "E_LOG_JSON"),
    ("NaN", b'{"t":"header","schema":NaN}\n', "E_LOG_JSON"),
    ("float schema", json.dumps(with_header(schema=1.5)).encode(), "E_LOG_SCHEMA"),
    ("huge string", json.dumps(with_header(seats=["A" * 10 ** 7, "B"])).encode(), "E_LOG_HEADER"),
    ("lone surrogate", json.dumps(with_header(seats=["\ud800", "B"])).encode(), "E_LOG_HEADER"),
    ("float in an event", ("\n".join(drafts()) + '\n{"t":"fold","p":1.0,"seq":5,"g":"%s"}' % G).encode(),
     "E_LOG_EVENT"),
]


@pytest.mark.parametrize("name,data,msg_id", SEAL_INPUTS, ids=[s[0] for s in SEAL_INPUTS])
def test_seal_exits_2_with_a_short_json_error(name, data, msg_id, monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))
    assert seal.main([]) == 2
    out = capsys.readouterr()
    assert out.out == ""
    err = json.loads(out.err)
    assert err["id"] == msg_id and len(err["error"]) <= 300


def test_seal_writes_utf8_whatever_the_console(monkeypatch, capsys):
    lines = drafts(with_header(seats=["あ", "い", "う"]))
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO("\n".join(lines).encode()), encoding="utf-8"))
    assert seal.main([]) == 0
    assert Game.from_lines(capsys.readouterr().out.splitlines(True)).header["seats"] == ["あ", "い", "う"]
