# Where the report writes: output names from validated ids or a slug, never from the log, kept
# inside the output folder; the CSVs' columns and rows, formulas defused.
import hashlib
import os
import re

from host_tools.records.report import parts as report_games
from host_tools.records.report.text import _num
from core import registry      # the registry: every game's kind and name

GAME_ID = re.compile(r"^[0-9a-z]{8}$")   # what the journal validator accepts: no path in it


def slug(text, limit=40):
    """A file-name part from any text: letters, digits, - and _ only (never a path)."""
    s = re.sub(r"[^0-9A-Za-z_-]+", "_", str(text)).strip("_")[:limit]
    return s or "x"


def file_stem(kind, game_id):
    """`<kind>-<id>`: the id when it is 8 of 0-9 a-z (the device writes 8 hex digits), else
    `game-` + the first 8 hex digits of the id's SHA-256: the log never names a file."""
    k = kind if kind in registry.KINDS else "game"
    if isinstance(game_id, str) and GAME_ID.fullmatch(game_id):
        return "%s-%s" % (k, game_id)
    raw = game_id if isinstance(game_id, str) else repr(game_id)
    return "%s-x%s" % (k, hashlib.sha256(raw.encode("utf-8", "replace")).hexdigest()[:8])


def inside(out_dir, name):
    """The path of `name` in out_dir, checked to stay there."""
    path = os.path.join(out_dir, name)
    if os.path.dirname(os.path.abspath(path)) != os.path.abspath(out_dir):
        raise ValueError("output name %r leaves the output folder" % name)
    return path


# Each game's part is in host_tools/kinds/<kind>/report.py (report_games.of: generic for a game
# without one).
def csv_columns(kind, labels):
    fixed, per = report_games.of(kind).COLUMNS
    cols = list(fixed)
    for f in per:
        cols += ["%s: %s" % (f, lb) for lb in labels]
    cols += ["score: %s" % lb for lb in labels]
    return cols


def csv_row(kind, n, names, o, sc):
    part = report_games.of(kind)
    row = part.row(n, names, o)
    for f in part.PER:
        v = o.get(f)
        row += [_num(x) for x in v] if isinstance(v, list) and len(v) == len(names) else [""] * len(names)
    return row + list(sc)


def has_details(kind):
    """Whether the game has a long-format details CSV (predictions, payments, score items)."""
    return hasattr(report_games.of(kind), "detail_rows")


DETAIL_COLUMNS = ["round", "type", "from", "to", "item no", "item", "points", "factor", "amount", "result"]


def detail_rows(kind, n, names, o):
    """Long-format rows: predictions (掛け引き), payments (囲将会), score items (株)."""
    part = report_games.of(kind)
    return part.detail_rows(n, names, o) if hasattr(part, "detail_rows") else []


_FORMULA = ("=", "+", "-", "@", "\t", "\r")


def safe_cell(v):
    """Text a spreadsheet would run as a formula (=, +, -, @) gets a leading apostrophe."""
    if isinstance(v, str) and v.startswith(_FORMULA):
        return "'" + v
    return v
