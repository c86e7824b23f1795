# The one validator for journal headers and events. Every reader of a journal (the device's
# recovery, seal, the engine's from_lines, the PC log reader behind report, ledger and export)
# passes each header through check_header and each event through check_record + check_event: what
# one accepts the others fold, and what they refuse they refuse with the same message id and line
# number (docs/log-format.md). Imported when a journal is read; forgotten after a boot (RAM).
from core.errors import Refusal
from core.journal import SCHEMA, LogError, is_int, name_ok, text_ok

ID_LEN = 8              # game ids: 8 of 0-9 a-z (the device writes 8 hex digits): safe file names
_DEPTH = 4              # nesting of an event's values (the rules use at most a list of lists)
_ID_CHARS = "0123456789abcdefghijklmnopqrstuvwxyz"
INT_MAX = 2147483647    # the largest int a journal line holds (a seq, a count, points): beyond it
                        # the line is refused, so no reader's SQLite or C integer overflows


def valid_id(g):
    if not isinstance(g, str) or len(g) != ID_LEN:
        return False
    for c in g:
        if c not in _ID_CHARS:
            return False
    return True


def plain(v, depth):
    if isinstance(v, str):
        return text_ok(v)
    if v is None or isinstance(v, bool):
        return True
    if isinstance(v, int):
        return -INT_MAX <= v <= INT_MAX   # no floats: the device never writes one (cjson refuses them)
    if depth <= 0:
        return False
    if isinstance(v, list):
        for x in v:
            if not plain(x, depth - 1):
                return False
        return True
    if isinstance(v, dict):
        for k, x in v.items():
            if not text_ok(k) or not plain(x, depth - 1):
                return False
        return True
    return False


def _header_refusal(lineno, why, info=None):
    d = {"line": lineno, "why": why}
    if info:
        for k in info:
            if k not in d:
                d[k] = info[k]
    return LogError("E_LOG_HEADER", d)


def complete_settings(kind, nseats, settings, lineno=1):
    """The header's settings with every key the rules know: a key the writer left out takes the
    rules' default (no default has changed since schema 1: a change must bump SCHEMA and keep the
    old value here), an unknown key or a value the rules refuse is a named refusal."""
    from core.registry import load
    rules = load(kind)
    if not isinstance(settings, dict):
        raise _header_refusal(lineno, "E_SETTING_UNKNOWN", {"name": "settings"})
    merged = rules.default_settings()
    for k in settings:
        if k not in merged:
            raise _header_refusal(lineno, "E_SETTING_UNKNOWN", {"name": str(k)[:20]})
        merged[k] = settings[k]
    try:
        rules.check_settings(merged, nseats)
    except Refusal as r:
        raise _header_refusal(lineno, r.msg_id, r.info)
    except (TypeError, ValueError, KeyError, IndexError, AttributeError):
        raise _header_refusal(lineno, "E_SETTING_VALUE")
    return merged


def check_header(rec, lineno=1):
    """A header record -> the header every tool and the device use: fields checked, settings
    completed. Raises LogError naming the problem."""
    from core.registry import KINDS, load
    if not isinstance(rec, dict) or rec.get("t") != "header":
        raise LogError("E_LOG_NO_HEADER", {"line": lineno})
    schema = rec.get("schema")
    if not is_int(schema) or schema > SCHEMA or schema < 1:
        raise LogError("E_LOG_SCHEMA", {"line": lineno, "schema": str(schema)[:12], "known": SCHEMA})
    for key in ("kind", "g", "seats"):
        if key not in rec:
            raise LogError("E_LOG_HEADER_FIELD", {"line": lineno, "field": key})
    kind = rec["kind"]
    if not isinstance(kind, str) or kind not in KINDS:
        raise _header_refusal(lineno, "E_UNKNOWN_GAME", {"kind": str(kind)[:20]})
    if not valid_id(rec["g"]):
        raise _header_refusal(lineno, "E_LOG_ID")
    seats = rec["seats"]
    lo, hi = load(kind).SEATS
    if not isinstance(seats, list) or not lo <= len(seats) <= hi:
        raise _header_refusal(lineno, "E_SEATS", {"min": lo, "max": hi})
    for name in seats:
        if not name_ok(name):
            raise _header_refusal(lineno, "E_LOG_NAME")
    out = {}
    for k in rec:
        if not text_ok(k) or not plain(rec[k], _DEPTH):
            raise LogError("E_LOG_HEADER_FIELD", {"line": lineno, "field": str(k)[:20]})
        out[k] = rec[k]
    out["settings"] = complete_settings(kind, len(seats), rec.get("settings", {}), lineno)
    return out


def check_record(rec, game_id, lineno=0):
    """An event's bookkeeping (game id, type, sequence number's type, plain values); the rules
    module judges the content, check_event the sequence."""
    if not isinstance(rec, dict) or rec.get("g") != game_id:
        raise LogError("E_LOG_GAME", {"line": lineno})
    t = rec.get("t")
    if not isinstance(t, str) or t == "header" or t == "snap":
        raise LogError("E_LOG_KIND", {"line": lineno, "kind": str(t)[:20]})
    seq = rec.get("seq")
    if not is_int(seq) or seq > INT_MAX:
        raise LogError("E_LOG_SEQ", {"line": lineno, "want": None, "got": str(seq)[:12]})
    for k in rec:
        if not text_ok(k) or not plain(rec[k], _DEPTH):
            raise LogError("E_LOG_EVENT", {"line": lineno, "field": str(k)[:20]})
    return rec


def check_event(rec, expect_seq, game_id, lineno=0):
    """check_record, then the sequence: contiguous (E_LOG_GAP forward, E_LOG_SEQ_BACK back)."""
    check_record(rec, game_id, lineno)
    seq = rec["seq"]
    if seq > expect_seq:
        raise LogError("E_LOG_GAP", {"line": lineno, "want": expect_seq, "got": seq,
                                     "n": seq - expect_seq})
    if seq < expect_seq:
        raise LogError("E_LOG_SEQ_BACK", {"line": lineno, "want": expect_seq, "got": seq})
    return rec
