# `python -m host_tools season [--db FILE] [--kind K] [--since YYYY-MM-DD] [--lang ja|en|both] [--out DIR] [--all]`
# and `python -m host_tools season alias OLD NEW | alias --undo [OLD] | alias --list`: every
# player's record across the game nights of the ledger (host_tools/records/ledger.py), as pages and CSVs.
#
# What is counted, what a win is, how ties and nights go, and every figure: docs/season.md. Each
# game's own figures and which way its score is better: host_tools/kinds/<kind>/season.py.
# Trust: names are plain text everywhere (HTML-escaped, CSV formulas defused, no mathtext in the
# charts); a player's page is named by a digest of the name, never by the name or a game id.
# Memory: the games' seats and places are held (a few numbers per game); the rounds are streamed
# from SQLite once, each game's figures added as its rounds pass.
import os
import sqlite3
import sys

from host_tools.records.season.aliases import SeasonError, add_alias, aliases, open_ledger, resolve, undo_alias
from host_tools.records.season.csvs import write_csvs
from host_tools.records.season.figures import build, valid_since
from host_tools.records.season.pages import write_pages
from core import registry


def season(db_path, out_dir, lang="both", kind=None, since=None, include_unfinished=False, plots=True):
    """Builds and writes everything: {"html": [...], "csv": [...], "season": Season}."""
    if kind is not None and kind not in registry.KINDS:
        raise SeasonError("no game %r (one of: %s)" % (kind, ", ".join(registry.KINDS)))
    since = valid_since(since) if since is not None else None
    db = open_ledger(db_path)
    try:
        S = build(db, kind, since, include_unfinished)
    except sqlite3.Error as e:
        raise SeasonError("cannot read the ledger %s: %s" % (db_path, e))
    finally:
        db.close()
    try:
        os.makedirs(out_dir, exist_ok=True)
        langs = ["ja", "en"] if lang == "both" else [lang]
        pages = write_pages(S, out_dir, langs, os.path.basename(db_path), plots)
        csvs = write_csvs(S, out_dir)
    except OSError as e:
        raise SeasonError("cannot write the season to %s: %s" % (out_dir, e))
    return {"html": pages, "csv": csvs, "season": S}


def _parser(prog, description):
    """argparse raising SeasonError instead of exiting (its messages kept): one exit, 2, for all bad input."""
    import argparse

    class Parser(argparse.ArgumentParser):
        def error(self, message):
            raise SeasonError("%s: %s" % (self.prog, message))
    return Parser(prog=prog, description=description)


def _alias_main(argv):
    ap = _parser("python -m host_tools season alias", "Count one spelling of a name as another "
                      "(kept in the ledger; --undo takes it back).")
    ap.add_argument("names", nargs="*", metavar="NAME", help="OLD NEW: count OLD as NEW")
    ap.add_argument("--undo", action="store_true", help="take back the merge of OLD (default: the latest)")
    ap.add_argument("--list", action="store_true", help="the merged names")
    ap.add_argument("--db", default="ledger.sqlite", help="the ledger (default ./ledger.sqlite)")
    a = ap.parse_args(argv)
    if a.undo and len(a.names) > 1 or not a.undo and len(a.names) not in (0, 2) or a.list and a.names:
        raise SeasonError("usage: season alias OLD NEW | season alias --undo [OLD] | season alias --list")
    db = open_ledger(a.db)
    try:
        if a.undo:
            old, new = undo_alias(db, a.names[0] if a.names else None)
            print("%s is its own name again (was counted as %s)" % (old, new))
        elif a.names:
            add_alias(db, a.names[0], a.names[1])
            print("%s is counted as %s (undo: season alias --undo %s)" % (a.names[0], a.names[1], a.names[0]))
        else:
            amap = aliases(db)
            for old in sorted(amap):
                print("%s -> %s" % (old, resolve(amap, old)))
            if not amap:
                print("(no merged names)")
    except sqlite3.Error as e:
        raise SeasonError("cannot change the ledger %s: %s" % (a.db, e))
    finally:
        db.close()
    return 0


def _main(argv):
    if argv and argv[0] == "alias":
        return _alias_main(argv[1:])
    ap = _parser("python -m host_tools season", "Every player's record across the game nights "
                      "of the ledger: HTML pages and CSVs (docs/season.md). 'season alias --help': merge names.")
    ap.add_argument("--db", default="ledger.sqlite", help="the ledger (default ./ledger.sqlite)")
    ap.add_argument("--kind", help="only this game: " + ", ".join(registry.KINDS))
    ap.add_argument("--since", metavar="YYYY-MM-DD",
                    help="only the nights from this day on (exactly YYYY-MM-DD, a real day; else exit 2)")
    ap.add_argument("--lang", choices=("ja", "en", "both"), default="both",
                    help="the pages' language (default both, linked to each other)")
    ap.add_argument("--out", default="season", help="output folder (default ./season)")
    ap.add_argument("--all", action="store_true", help="count games still in progress (standings so far)")
    a = ap.parse_args(argv)
    made = season(a.db, a.out, a.lang, a.kind, a.since, a.all)
    for p in [p for p in made["html"] if os.path.basename(p).startswith("season.")] + made["csv"]:
        print(p)
    S = made["season"]
    print("%d page(s), %d player(s), %d game(s) counted, %d in progress%s" % (
        len(made["html"]), len(S.total), sum(1 for g in S.games if g.counted), S.unfinished,
        " (counted)" if S.include_unfinished else " (not counted)"))
    return 0


def main(argv):
    try:
        return _main(argv)
    except SeasonError as e:
        sys.stderr.write("season: %s\n" % e)
        return 2


if __name__ == "__main__":
    from host_tools.cli_io import run_command
    sys.exit(run_command(main, sys.argv[1:]))
