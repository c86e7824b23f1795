# host_tools.records.ledger: a longer export of the same game updates it, a shorter one does not; unfinished
# games only on request; an unreadable log is named.
from host_tools.records import ledger
from host_tools.__main__ import main as host_main

from log_lines import data_of

from ledger_game import LEDGER, NAMES

# The game whose short log the generic checks import: tests/support/ledger_game.py; the standings
# of two games over two nights: tests/host/records/test_ledger_nights.py.


def test_longer_version_updates_shorter_does_not(tmp_path):
    g, lines = LEDGER.play_log(gid="c0c0aaaa", names=NAMES)
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


def test_unfinished_games_only_with_all(tmp_path):
    g, lines = LEDGER.play_log(gid="c0c0bbbb", names=NAMES)
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
