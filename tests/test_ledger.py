# host_tools.ledger: import twice = same rows; a longer export of the same game updates it;
# standings across game nights.
import json

from host_tools import ledger
from host_tools.__main__ import main as host_main

from game_data.dobon import play_log as play_dobon
from game_data.kakoi import play_log as play_kakoi
from test_logs import data_of

NAMES = ["あき", "Bob", "ちえ"]


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


def test_longer_version_updates_shorter_does_not(tmp_path):
    g, lines = play_kakoi("c0c0aaaa", names=NAMES)
    d = tmp_path / "archive" / "2025-03-01"
    d.mkdir(parents=True)
    mid, end = d / "mid.log", tmp_path / "end.log"
    mid.write_bytes(data_of(lines[:3]))
    end.write_bytes(data_of(lines))
    db = ledger.connect(str(tmp_path / "l.sqlite"))
    assert ledger.import_log(db, str(mid))[0] == "added"
    assert db.execute("SELECT seq, over FROM games").fetchall() == [(2, 0)]
    assert ledger.import_log(db, str(end))[0] == "updated"
    assert ledger.import_log(db, str(mid))[0] == "kept longer"
    rows = db.execute("SELECT seq, over, night FROM games").fetchall()
    assert rows == [(g.seq, 1, "2025-03-01")]          # one game, first night kept
    assert db.execute("SELECT COUNT(*) FROM rounds").fetchone()[0] == len(list(g.history()))


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


def test_unfinished_games_only_with_all(tmp_path):
    g, lines = play_kakoi("c0c0bbbb", names=NAMES)
    p = tmp_path / "x.log"
    p.write_bytes(data_of(lines[:3]))
    db = ledger.connect(str(tmp_path / "l.sqlite"))
    ledger.import_log(db, str(p), night="n")
    assert ledger.standings(db) == []
    assert len(ledger.standings(db, include_unfinished=True)) == 3


def test_unreadable_log_is_reported(tmp_path, capsys):
    p = tmp_path / "bad.log"
    p.write_bytes(b"garbage\n")
    assert host_main(["ledger", "import", str(p), "--db", str(tmp_path / "l.sqlite")]) == 1
    assert "bad.log:1:" in capsys.readouterr().out
