"""host_tools.ledger over two nights of ドボン and 囲将会ドボン: import twice = same rows; standings."""
import json

from host_tools import ledger
from host_tools.__main__ import main as host_main

from game_data.dobon import play_log as play_dobon
from game_data.kakoi import play_log as play_kakoi
from test_ledger import NAMES
from test_logs import data_of


def dump(db):
    return {t: db.execute("SELECT * FROM %s ORDER BY 1, 2" % t).fetchall() for t in ("results", "rounds")} | {
        "games": db.execute("SELECT key, g, kind, night, seq, kept, over, problems, sha256 FROM games ORDER BY key").fetchall()}


def nights(tmp_path):
    paths = []
    for i, night in enumerate(("2025-01-10", "2025-02-14")):
        d = tmp_path / "archive" / night
        d.mkdir(parents=True)
        for g, lines in (play_dobon("d0b0000%d" % i, names=NAMES), play_kakoi("c0c0000%d" % i, names=NAMES)):
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
    rows = ledger.standings(db, "dobon")
    # play_dobon: Bob wins 2 of 3 rounds each night
    assert rows[0] == {"kind": "dobon", "name": "Bob", "nights": 2, "games": 2, "wins": 2,
                       "avg_place": 1.0, "total": 4}
    assert {r["name"] for r in rows} == set(NAMES)
    all_rows = ledger.standings(db)
    assert {r["kind"] for r in all_rows} == {"dobon", "kakoi"}
    assert host_main(["ledger", "standings", "--db", dbp, "--kind", "kakoi", "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert [r["name"] for r in got][0] == "ちえ" and all(r["nights"] == 2 for r in got)
    assert host_main(["ledger", "standings", "--db", dbp, "--lang", "ja"]) == 0
    assert "囲将会ドボン" in capsys.readouterr().out
