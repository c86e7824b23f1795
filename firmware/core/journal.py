# Journal lines: one JSON object per line, sealed with a CRC-32; writing and checking them.
# Format, field by field: docs/log-format.md. The CRC is binascii.crc32, which MicroPython and
# CPython (binascii/zlib) compute identically.
import binascii
import json

from core import cjson
from core.errors import Refusal

SCHEMA = 1
SNAP_FORMAT = 3     # "v" of a snapshot record (docs/storage.md); any other: ignored
SNAP_MAX = 16384    # bytes of a snapshot line: a longer one is not written (it could not be read)
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
    except Exception:   # ValueError, and RecursionError/RuntimeError for deep nesting
        raise LogError("E_LOG_JSON", {"line": lineno})
    if not isinstance(rec, dict):
        raise LogError("E_LOG_JSON", {"line": lineno})
    del rec["crc"]
    return rec


def sealed_ok(line):
    """CRC check of one journal line (bytes) without parsing its JSON."""
    if not line.endswith(b"\n"):
        return False
    at = line.rfind(b',"crc":"')
    end = len(line) - 1
    if end > at and line[end - 1:end] == b"\r":
        end -= 1
    if at < 0 or end - at != 18 or line[end - 2:end] != b'"}':
        return False
    try:
        want = int(line[at + 8:end - 2], 16)
    except ValueError:
        return False
    return binascii.crc32(line[:at]) & 0xFFFFFFFF == want


def crc_field(line):
    """The 8 hex digits of a sealed line's CRC (bytes)."""
    s = line.rstrip(b"\r\n")
    return s[-10:-2].decode()


def make_header(kind, game_id, settings, seats, fw_version):
    return {"t": "header", "schema": SCHEMA, "kind": kind, "g": game_id, "seq": 0,
            "settings": settings, "seats": seats, "fw": fw_version}


# ---- what a line may carry: text every reader can write back, seat names -----------------------
# (the one validator of headers and events is validate.py, imported by the readers of a journal)
NAME_MAX = 40           # characters of a seat name


def name_ok(name):
    """A seat name every reader can show and write: text of at most NAME_MAX characters, no
    control characters, no lone surrogates."""
    if not isinstance(name, str) or len(name) > NAME_MAX or not text_ok(name):
        return False
    for c in name:
        if ord(c) < 32 or ord(c) == 127:
            return False
    return True


def is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def text_ok(s):
    """A string that can be written back out as UTF-8 (no lone surrogates from a "\\ud800")."""
    try:
        s.encode("utf-8")
    except UnicodeError:
        return False
    return True
