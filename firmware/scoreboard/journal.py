# Journal lines: one JSON object per line, sealed with a CRC-32; writing and checking them.
# Format, field by field: docs/log-format.md. The CRC is binascii.crc32, which MicroPython and
# CPython (binascii/zlib) compute identically.
import binascii
import json

from scoreboard import cjson
from scoreboard.errors import Refusal

SCHEMA = 1
_CRC_TAG = ',"crc":"'


class LogError(Refusal):
    """A journal line that cannot be trusted; `info` names the line and what is wrong."""


def crc_of(text):
    return binascii.crc32(text.encode("utf-8")) & 0xFFFFFFFF


def seal(record):
    """Record dict -> one journal line (with its trailing newline)."""
    body = cjson.dumps(record)
    prefix = body[:-1]
    return "%s%s%08x\"}\n" % (prefix, _CRC_TAG, crc_of(prefix))


def unseal(line, lineno=0):
    """One journal line -> record dict (without "crc"); raises LogError naming the problem."""
    if isinstance(line, (bytes, bytearray)):
        try:
            line = line.decode("utf-8")
        except Exception:
            raise LogError("E_LOG_UTF8", {"line": lineno})
    if not line.endswith("\n"):
        raise LogError("E_LOG_CUT", {"line": lineno})
    line = line[:-1]
    if line.endswith("\r"):
        line = line[:-1]
    at = line.rfind(_CRC_TAG)
    tail = line[at + len(_CRC_TAG):] if at >= 0 else ""
    if at < 0 or len(tail) != 10 or not tail.endswith('"}'):
        raise LogError("E_LOG_NO_CRC", {"line": lineno})
    try:
        want = int(tail[:8], 16)
    except ValueError:
        raise LogError("E_LOG_NO_CRC", {"line": lineno})
    if crc_of(line[:at]) != want:
        raise LogError("E_LOG_CRC", {"line": lineno})
    try:
        rec = json.loads(line)
    except ValueError:
        raise LogError("E_LOG_JSON", {"line": lineno})
    if not isinstance(rec, dict):
        raise LogError("E_LOG_JSON", {"line": lineno})
    del rec["crc"]
    return rec


def make_header(kind, game_id, settings, seats, fw_version):
    return {"t": "header", "schema": SCHEMA, "kind": kind, "g": game_id, "seq": 0,
            "settings": settings, "seats": seats, "fw": fw_version}


def check_header(rec, lineno=1):
    if rec.get("t") != "header":
        raise LogError("E_LOG_NO_HEADER", {"line": lineno})
    schema = rec.get("schema")
    if not isinstance(schema, int) or schema > SCHEMA or schema < 1:
        raise LogError("E_LOG_SCHEMA", {"line": lineno, "schema": schema, "known": SCHEMA})
    for key in ("kind", "g", "settings", "seats"):
        if key not in rec:
            raise LogError("E_LOG_HEADER_FIELD", {"line": lineno, "field": key})
    return rec


def check_event(rec, expect_seq, game_id, lineno=0):
    """Sequence contiguous and game id matching; the rules module judges the content."""
    if rec.get("g") != game_id:
        raise LogError("E_LOG_GAME", {"line": lineno})
    if rec.get("seq") != expect_seq:
        raise LogError("E_LOG_SEQ", {"line": lineno, "want": expect_seq, "got": rec.get("seq")})
    if not isinstance(rec.get("t"), str) or rec["t"] == "header":
        raise LogError("E_LOG_KIND", {"line": lineno, "kind": rec.get("t")})
    return rec
