# The PC tools on bad input: a bad argument, a missing file, a database
# path that is no ledger, an out-of-range value in a sealed line, no board on the cable: exit 2
# (3: the device) with a message naming the problem, never a traceback; --help prints help.
import sys

import pytest

from host_tools.board import export

from host_cli import _code, _options
from log_lines import data_of, reseal

import game_data

LEDGER = game_data.of(game_data.for_role("ledger"))


def _log(tmp_path, name, gid):
    g, lines = LEDGER.play_log(gid=gid)
    p = tmp_path / name
    p.write_bytes(data_of(lines))
    return p, lines


def _bad_dbs(tmp_path):
    junk = tmp_path / "junk.sqlite"
    junk.write_bytes(b"this is no database\n" * 100)
    folder = tmp_path / "folder"
    folder.mkdir()
    return {"a folder": folder, "not a SQLite file": junk, "in a missing folder": tmp_path / "nope" / "l.sqlite"}


@pytest.mark.parametrize("what", ["a folder", "not a SQLite file", "in a missing folder"])
@pytest.mark.parametrize("cmd", ["import", "standings"])
def test_a_bad_database_path_exits_2_with_a_message(tmp_path, capsys, what, cmd):
    db = _bad_dbs(tmp_path)[what]
    log, _ = _log(tmp_path, "a.log", "c0c0aaaa")
    argv = ["ledger", "import", str(log)] if cmd == "import" else ["ledger", "standings"]
    assert _code(argv + ["--db", str(db)]) == 2
    err = capsys.readouterr().err
    assert str(db) in err and "Traceback" not in err


def test_an_out_of_range_value_is_a_refused_line_and_the_next_logs_are_imported(tmp_path, capsys):
    a, lines = _log(tmp_path, "a.log", "c0c0aaaa")
    lines[2] = reseal(lines[2], seq=10 ** 20)       # CRC-valid, no reader can store it
    a.write_bytes(data_of(lines))
    b, _ = _log(tmp_path, "b.log", "c0c0bbbb")
    db = tmp_path / "l.sqlite"
    assert _code(["ledger", "import", str(a), str(b), "--db", str(db)]) == 0
    out = capsys.readouterr().out
    assert "a.log:3:" in out and "2 added" in out
    from host_tools.records import ledger
    con = ledger.connect(str(db))
    assert sorted(r[0] for r in con.execute("SELECT g FROM games")) == ["c0c0aaaa", "c0c0bbbb"]


def test_an_out_of_range_value_in_an_event_field_is_refused_too(tmp_path, capsys):
    from host_tools.records import logs
    g, lines = LEDGER.play_log(gid="c0c0cccc")
    lines[1] = reseal(lines[1], extra=-10 ** 30)
    r = logs.read_bytes(data_of(lines), "x.log")
    assert [p.lineno for p in r.problems] == [2] and r.problems[0].msg_id == "E_LOG_EVENT"


@pytest.mark.parametrize("argv", [
    ["ledger", "import", "missing.log"],
    ["ledger", "import", "missing-folder/"],
    ["export", "--date", "../x"],
    ["export", "--bogus"],
    ["seal", "--bogus"],
    ["names", "--bogus", "Ann"],
    ["report", "--bogus", "x.log"],
    ["ledger", "standings", "--bogus"],
], ids=lambda a: " ".join(a))
def test_bad_arguments_exit_2_with_a_message(tmp_path, monkeypatch, capsys, argv):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(export, "mpremote_runner", lambda *a, **k: pytest.fail("the device was asked"))
    monkeypatch.setattr(sys, "stdin", None)           # seal must not wait on stdin
    assert _code(argv) == 2
    err = capsys.readouterr().err
    assert err.strip() and "Traceback" not in err
    assert not (tmp_path / "ledger.sqlite").exists()


@pytest.mark.parametrize("cmd", ["seal", "ledger", "export", "names", "report"])
def test_help_prints_without_waiting_on_stdin(monkeypatch, capsys, cmd):
    monkeypatch.setattr(sys, "stdin", None)
    assert _code([cmd, "--help"]) == 0
    assert capsys.readouterr().out.startswith("usage: python -m host_tools " + cmd)


@pytest.mark.parametrize("cmd", ["seal", "ledger", "export", "names", "report"])
def test_every_option_has_a_help_text(cmd):
    opts = _options(cmd, ["--help"] if cmd != "seal" else ["--help"])
    assert [o for o, h in opts if not h] == []


def test_no_board_says_what_deploy_says_not_the_command_line(tmp_path):
    quiet = [sys.executable, "-c", "import sys; sys.stderr.write('mpremote: no device found\\n'); sys.exit(1)"]
    run = export.mpremote_runner(exe=quiet, again="make export PORT=/dev/ttyACM0")
    with pytest.raises(export.DeviceError) as e:
        run(["fs", "cp", str(tmp_path / "tmp123.json"), ":names.json.tmp"])
    msg = str(e.value)
    assert msg.startswith("no board answered (is the Pico plugged in? `make export PORT=/dev/ttyACM0`")
    assert "tmp123" not in msg and sys.executable not in msg


def test_standings_say_how_many_games_in_progress_were_left_out(tmp_path, capsys):
    done, _ = _log(tmp_path, "done.log", "c0c0aaaa")
    part = tmp_path / "part.log"
    part.write_bytes(data_of(LEDGER.play_log(gid="c0c0eeee")[1][:3]))
    other = tmp_path / "other.log"
    other.write_bytes(data_of(LEDGER.play_log(gid="c0c0dddd")[1][:3]))
    db = str(tmp_path / "l.sqlite")
    assert _code(["ledger", "import", str(done), str(part), str(other), "--db", db]) == 0
    capsys.readouterr()
    assert _code(["ledger", "standings", "--db", db]) == 0
    assert "(2 games in progress left out: --all includes them)" in capsys.readouterr().out
    assert _code(["ledger", "standings", "--db", db, "--lang", "ja"]) == 0
    assert "途中のゲーム2件は入っていません（--allで含めます）" in capsys.readouterr().out
    assert _code(["ledger", "standings", "--db", db, "--all"]) == 0
    assert "left out" not in capsys.readouterr().out
