# `python -m host_tools ledger import LOG|DIR... [--db FILE]` and
# `python -m host_tools ledger standings [--kind K] [--db FILE] [--all]`: the season ledger (SQLite).
#
# A game is keyed by its game id + the SHA-256 of its header line (ids are 4 random bytes per
# device; the header adds kind, seats and settings). Importing:
#   the same content again                      -> unchanged (nothing written)
#   a longer version of the same game           -> updated (exported mid-game, then at the end)
#   a shorter/older version                     -> kept the longer one already in the ledger
# Only the lines the log reader accepts are used (a log with refused lines is imported with what
# is valid, and its `problems` count is recorded).
import datetime
import hashlib
import json
import os
import sqlite3
import sys

from host_tools.records import logs
from host_tools.records.report.run import night_of
from core import registry

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
  key TEXT PRIMARY KEY, g TEXT NOT NULL, kind TEXT NOT NULL, night TEXT NOT NULL,
  seats TEXT NOT NULL, settings TEXT NOT NULL, seq INTEGER NOT NULL, kept INTEGER NOT NULL,
  over INTEGER NOT NULL, problems INTEGER NOT NULL, sha256 TEXT NOT NULL, source TEXT,
  imported TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS results (
  key TEXT NOT NULL REFERENCES games(key) ON DELETE CASCADE, seat INTEGER NOT NULL,
  name TEXT NOT NULL, score INTEGER NOT NULL, place INTEGER NOT NULL, PRIMARY KEY (key, seat));
CREATE TABLE IF NOT EXISTS rounds (
  key TEXT NOT NULL REFERENCES games(key) ON DELETE CASCADE, idx INTEGER NOT NULL,
  outcome TEXT NOT NULL, scores TEXT NOT NULL, PRIMARY KEY (key, idx));
"""


def connect(path):
    db = sqlite3.connect(path)
    db.execute("PRAGMA foreign_keys = ON")
    # one commit per game: with the default rollback journal each commit waits for the disk
    # (2,000 games took 20-75 s on a busy machine); a write-ahead log synced at its checkpoints
    # imports them in ~3 s and a crash still leaves the ledger whole (host_tools/dev/bench/season.py)
    db.execute("PRAGMA journal_mode = WAL")
    db.execute("PRAGMA synchronous = NORMAL")
    db.executescript(SCHEMA)
    return db


def game_key(res):
    return "%s:%s" % (res.game_id, hashlib.sha256(res.header_line).hexdigest()[:16])


def expand(paths):
    """Files as given; a directory stands for every *.log below it."""
    out = []
    for p in paths:
        if os.path.isdir(p):
            for root, dirs, files in os.walk(p):
                dirs.sort()
                out += [os.path.join(root, f) for f in sorted(files) if f.endswith(".log")]
        else:
            out.append(p)
    return out


def import_log(db, path, night=None):
    """Imports one log (a path, or the segment paths of one journal); returns (status, LogResult)
    with status one of "added", "updated", "unchanged", "kept longer", "unreadable"."""
    paths = [path] if isinstance(path, str) else list(path)
    path = paths[0]
    res = logs.read_paths(paths)[0]
    if res.game is None:
        return "unreadable", res
    key = game_key(res)
    row = db.execute("SELECT seq, kept, sha256, night FROM games WHERE key = ?", (key,)).fetchone()
    if row is not None:
        seq, kept, sha, old_night = row
        if sha == res.sha256:
            return "unchanged", res
        if (res.seq, res.kept) <= (seq, kept):
            return "kept longer", res
        night = old_night           # the game keeps the night it was first seen on
        status = "updated"
    else:
        night = night or night_of(path)
        status = "added"
    names = [str(n) for n in res.header["seats"]]
    with db:
        db.execute("DELETE FROM games WHERE key = ?", (key,))
        db.execute("INSERT INTO games VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)", (
            key, res.game_id, res.kind, night, json.dumps(names, ensure_ascii=False),
            json.dumps(res.header.get("settings"), sort_keys=True, ensure_ascii=False), res.seq, res.kept,
            1 if res.over() else 0, len(res.problems), res.sha256, os.path.abspath(path),
            datetime.datetime.now().isoformat(timespec="seconds")))
        db.executemany("INSERT INTO results VALUES (?,?,?,?,?)", [
            (key, e["seat"], names[e["seat"]], e["score"], e["place"]) for e in res.game.standings()])
        db.executemany("INSERT INTO rounds VALUES (?,?,?,?)", [
            (key, i + 1, json.dumps(o, sort_keys=True, ensure_ascii=False), json.dumps(sc))
            for i, (o, sc) in enumerate(logs.game_rounds(res))])
    return status, res


def standings(db, kind=None, include_unfinished=False):
    """Per kind and player: nights played, games, wins (1st places, shared included), average
    place, total score; best first."""
    q = ("SELECT g.kind, r.name, COUNT(DISTINCT g.night), COUNT(*), SUM(r.place = 1), "
         "AVG(r.place), SUM(r.score) FROM results r JOIN games g ON g.key = r.key WHERE 1")
    args = []
    if not include_unfinished:
        q += " AND g.over = 1"
    if kind:
        q += " AND g.kind = ?"
        args.append(kind)
    q += " GROUP BY g.kind, r.name ORDER BY g.kind, SUM(r.place = 1) DESC, AVG(r.place), SUM(r.score) DESC, r.name"
    return [{"kind": k, "name": n, "nights": ni, "games": ga, "wins": w, "avg_place": round(ap, 2),
             "total": t} for k, n, ni, ga, w, ap, t in db.execute(q, args)]


def _pad(s, width):
    import unicodedata
    w = sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in s)
    return s + " " * max(0, width - w)


def format_standings(rows, lang="en"):
    ja = lang == "ja"
    head = ("プレイヤー", "夜", "ゲーム", "1位", "平均順位", "合計得点") if ja else \
        ("player", "nights", "games", "wins", "avg place", "total")
    out = []
    kind = None
    for r in rows:
        if r["kind"] != kind:
            kind = r["kind"]
            names = registry.entry(kind)[registry.NAME] if kind in registry.KINDS else (kind, kind)
            out.append("")
            out.append("== %s ==" % (names[1] if ja else names[0]))
            out.append(_pad(head[0], 16) + " %6s %6s %5s %9s %9s" % head[1:])
        out.append(_pad(r["name"], 16) + " %6d %6d %5d %9.2f %9d" % (
            r["nights"], r["games"], r["wins"], r["avg_place"], r["total"]))
    if not rows:
        out.append("終わったゲームはまだありません" if ja else "(no finished games in the ledger)")
    return "\n".join(out).lstrip("\n")


def in_progress(db, kind=None):
    """How many games in the ledger are not finished (what standings leave out without --all)."""
    q, args = "SELECT COUNT(*) FROM games WHERE over = 0", []
    if kind:
        q += " AND kind = ?"
        args.append(kind)
    return db.execute(q, args).fetchone()[0]


def left_out(n, lang="en"):
    if lang == "ja":
        return "途中のゲーム%d件は入っていません（--allで含めます）" % n
    return "(%d game%s in progress left out: --all includes %s)" % (n, "" if n == 1 else "s",
                                                                   "it" if n == 1 else "them")


def _parser():
    import argparse
    ap = argparse.ArgumentParser(prog="python -m host_tools ledger", description="The season ledger (SQLite).")
    sub = ap.add_subparsers(dest="cmd", required=True, metavar="import|standings")
    db_help = "the ledger's SQLite file (default ledger.sqlite; import creates it)"
    imp = sub.add_parser("import", help="load logs (files or folders of *.log)",
                         description="Load game logs into the ledger: a game seen again is updated "
                                     "when the new copy is longer, else left as it is.")
    imp.add_argument("logs", nargs="+", metavar="LOG",
                     help="a log file (NNNN-GGGGGGGG.N.log segments of one game go together) or a folder of them")
    imp.add_argument("--db", default="ledger.sqlite", help=db_help)
    imp.add_argument("--night", help="game night label for new games (default: archive date folder)")
    st = sub.add_parser("standings", help="standings across game nights, per game kind",
                        description="Per game kind and player: nights, games, wins, average place, "
                                    "total score of the finished games (--all: those in progress too).")
    st.add_argument("--db", default="ledger.sqlite", help=db_help)
    st.add_argument("--kind", choices=sorted(registry.KINDS), help="only this game kind")
    st.add_argument("--all", action="store_true", help="include games still in progress")
    st.add_argument("--lang", choices=("en", "ja"), default="en", help="language of the table (default en)")
    st.add_argument("--json", action="store_true", help="the rows as JSON instead of a table")
    return ap


def _unusable(a):
    """Why the command cannot run with these files (a line for stderr), or None: checked before
    connecting, as connecting would create a ledger where there was none."""
    if a.cmd == "standings" and not os.path.exists(a.db):
        return "no ledger %s: run 'ledger import' first\n" % a.db
    if a.cmd == "import":
        missing = [p for p in a.logs if not os.path.exists(p)]
        if missing:
            return "ledger import: no such file or folder: %s\n" % ", ".join(missing)
    folder = os.path.dirname(os.path.abspath(a.db))
    if os.path.isdir(a.db) or not os.path.isdir(folder):
        return "ledger: --db %s: %s\n" % (a.db, "a folder, not a ledger file" if os.path.isdir(a.db)
                                          else "no folder %s to keep the ledger in" % folder)
    return None


def main(argv):
    a = _parser().parse_args(argv)
    why = _unusable(a)
    if why:
        sys.stderr.write(why)
        return 2
    try:
        db = connect(a.db)
    except (sqlite3.Error, OSError) as e:
        sys.stderr.write("ledger: cannot open %s as a ledger (%s)\n" % (a.db, e))
        return 2
    try:
        return _import_logs(db, a) if a.cmd == "import" else _print_standings(db, a)
    except sqlite3.Error as e:      # a SQLite file that is not a ledger (other tables, damage)
        sys.stderr.write("ledger: %s is not a ledger this tool can use (%s)\n" % (a.db, e))
        return 2
    finally:
        db.close()


def _import_logs(db, a):
    """One line per game (and its refused lines), then the counts; 1 when a log was unreadable."""
    counts = {}
    bad = 0
    for name, segs in logs.game_files(expand(a.logs)):
        p = segs[0] if len(segs) == 1 else "%s (%d segments)" % (name, len(segs))
        status, res = import_log(db, segs, a.night)
        counts[status] = counts.get(status, 0) + 1
        print("%-12s %s%s" % (status, p, " (%d line(s) refused)" % len(res.problems) if res.problems else ""))
        for s in res.report_lines():
            print("  " + s)
        bad += status == "unreadable"
    print(", ".join("%d %s" % (n, s) for s, n in sorted(counts.items())))
    return 1 if bad else 0


def _print_standings(db, a):
    rows = standings(db, a.kind, a.all)
    n = 0 if a.all else in_progress(db, a.kind)
    if a.json:
        # stdout stays pure JSON for a program to read; the note goes to stderr
        print(json.dumps(rows, ensure_ascii=False, indent=1))
        if n:
            sys.stderr.write(left_out(n) + "\n")
    else:
        print(format_standings(rows, a.lang))
        if n:
            print(left_out(n, a.lang))
    return 0
