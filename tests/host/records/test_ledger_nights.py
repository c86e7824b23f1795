"""host_tools.records.ledger over two nights of two games: import twice = same rows; standings (the games:
tests/kinds/<kind>/data.py, roles "ledger" and "ledger second game")."""
import json

from host_tools.records import ledger
from host_tools.__main__ import main as host_main

from ledger_game import NAMES
from log_lines import data_of

import game_data

# Each night: a game of the second one, then one of the "ledger" game, each its short play_log with
# these ids; each game's data names the first of its standings over the two nights (LEDGER_*).
SECOND_KIND = game_data.for_role("ledger second game")
SECOND = game_data.of(SECOND_KIND)
LEDGER_KIND = game_data.for_role("ledger")
LEDGER = game_data.of(LEDGER_KIND)
PLAYED = ((SECOND, "d0b0000%d"), (LEDGER, "c0c0000%d"))


def dump(db):
    return {t: db.execute("SELECT * FROM %s ORDER BY 1, 2" % t).fetchall() for t in ("results", "rounds")} | {
        "games": db.execute("SELECT key, g, kind, night, seq, kept, over, problems, sha256 FROM games ORDER BY key").fetchall()}


def nights(tmp_path):
    paths = []
    for i, night in enumerate(("2025-01-10", "2025-02-14")):
        d = tmp_path / "archive" / night
        d.mkdir(parents=True)
        for g, lines in (data.play_log(gid=gid % i, names=NAMES) for data, gid in PLAYED):
            p = d / ("%s.log" % g.game_id)
            p.write_bytes(data_of(lines))
            paths.append(str(p))
    return paths


def test_import_twice_changes_nothing(tmp_path):
    paths = nights(tmp_path)
    db = ledger.connect(str(tmp_path / "l.sqlite"))
    assert [ledger.import_log(db, p)[0] for p in paths] == ["added"] * 4
    first = dump(db)
    assert [ledger.import_log(db, p)[0] for p in paths] == ["unchanged"] * 4
    assert dump(db) == first
    assert len(first["games"]) == 4 and len(first["results"]) == 12


def test_standings_across_nights(tmp_path, capsys):
    paths = nights(tmp_path)
    dbp = str(tmp_path / "l.sqlite")
    assert host_main(["ledger", "import"] + paths + ["--db", dbp]) == 0
    assert host_main(["ledger", "import", str(tmp_path / "archive"), "--db", dbp]) == 0
    assert "4 unchanged" in capsys.readouterr().out
    db = ledger.connect(dbp)
    rows = ledger.standings(db, SECOND_KIND)
    assert rows[0] == SECOND.LEDGER_FIRST_ROW
    assert {r["name"] for r in rows} == set(NAMES)
    all_rows = ledger.standings(db)
    assert {r["kind"] for r in all_rows} == {SECOND_KIND, LEDGER_KIND}
    assert host_main(["ledger", "standings", "--db", dbp, "--kind", LEDGER_KIND, "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert [r["name"] for r in got][0] == LEDGER.LEDGER_FIRST_NAME and all(r["nights"] == 2 for r in got)
    assert host_main(["ledger", "standings", "--db", dbp, "--lang", "ja"]) == 0
    assert LEDGER.TITLE_JA in capsys.readouterr().out
