# The ledger as the season reads it, and its merged names: one player under two spellings counted
# as one (`season alias`), kept in the ledger's aliases table; SeasonError, the season's bad input.
import datetime
import os
import sqlite3
import unicodedata

ALIASES = """CREATE TABLE IF NOT EXISTS aliases (
  old TEXT PRIMARY KEY, new TEXT NOT NULL, made TEXT NOT NULL)"""


class SeasonError(Exception):
    """Bad input for the season: the message names the problem (the CLI exits 2 with it)."""


def open_ledger(path):
    """The ledger at `path` for reading and aliases (its aliases table made when missing)."""
    if not os.path.isfile(path):
        raise SeasonError("no ledger %s: run 'python -m host_tools ledger import' first" % path)
    try:
        db = sqlite3.connect(path)
        tables = set(r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'"))
        if not {"games", "results", "rounds"} <= tables:
            db.close()
            raise SeasonError("%s is not a ledger (no games, results and rounds tables)" % path)
        db.execute(ALIASES)
        db.commit()
    except sqlite3.Error as e:
        raise SeasonError("cannot read the ledger %s: %s" % (path, e))
    return db


def aliases(db):
    """{old name: new name} as kept in the ledger."""
    return dict(db.execute("SELECT old, new FROM aliases"))


def resolve(amap, name):
    """The name `name` is counted as: its aliases followed to the end."""
    seen = set()
    while name in amap and name not in seen:
        seen.add(name)
        name = amap[name]
    return name


def add_alias(db, old, new):
    """Count `old` as `new` from now on (kept in the ledger); SeasonError when it cannot be."""
    if not isinstance(old, str) or not isinstance(new, str) or not old.strip() or not new.strip():
        raise SeasonError("a name cannot be empty")
    if old == new:
        raise SeasonError("%r and %r are the same name" % (old, new))
    amap = aliases(db)
    if old in amap:
        raise SeasonError("%r is already counted as %r: undo that first (season alias --undo %s)" % (
            old, amap[old], old))
    if resolve(amap, new) == old:
        raise SeasonError("%r is counted as %r already: merging back would go round in a circle" % (new, old))
    seated = {}
    for key, name in db.execute("SELECT key, name FROM results"):
        seated.setdefault(key, []).append(name)
    names = set(n for v in seated.values() for n in v)
    if old not in names:
        raise SeasonError("no player %r in the ledger" % old)
    # the names that become one: every name counted as old or as new's end
    target = resolve(amap, new)
    for key, mine in seated.items():
        ours = [n for n in mine if resolve(amap, n) == old]
        theirs = [n for n in mine if resolve(amap, n) == target]
        if ours and theirs:
            g, night = db.execute("SELECT g, night FROM games WHERE key = ?", (key,)).fetchone()
            raise SeasonError("%r and %r played in the same game (%s on %s): they are two players" % (
                ours[0], theirs[0], g, night))
    with db:
        db.execute("INSERT INTO aliases VALUES (?,?,?)", (old, new, datetime.datetime.now().isoformat(timespec="seconds")))


def undo_alias(db, old=None):
    """Takes back the merge of `old` (default: the latest merge); returns (old, new)."""
    if old is None:
        row = db.execute("SELECT old, new FROM aliases ORDER BY made DESC, rowid DESC LIMIT 1").fetchone()
        if row is None:
            raise SeasonError("no merged names to undo")
    else:
        row = db.execute("SELECT old, new FROM aliases WHERE old = ?", (old,)).fetchone()
        if row is None:
            raise SeasonError("%r is not merged into another name" % old)
    with db:
        db.execute("DELETE FROM aliases WHERE old = ?", (row[0],))
    return row[0], row[1]


def fold(name):
    """A name as it may be spelled differently: NFKC, case folded, katakana as hiragana."""
    s = unicodedata.normalize("NFKC", name).casefold()
    return "".join(chr(ord(c) - 0x60) if "\u30a1" <= c <= "\u30f6" else c for c in s).strip()
