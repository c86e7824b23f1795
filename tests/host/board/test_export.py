# host_tools.board.export against a local folder that plays the device: `FolderRunner` answers the
# mpremote fs commands the export uses (ls, cp, sha256sum, rm) from a temp dir, in mpremote's own
# output format. This is NOT the end-to-end test: that one runs the real mpremote against the
# emulated Pico (tests/emu/test_export_emu.py, marked `emu`).
import json
import os
import shutil

import pytest

from host_tools.board import export
from host_tools.__main__ import main as host_main

from export_device import FINISHED, IN_PROGRESS, device_with_games, store_games
from folder_runner import FolderRunner
from log_lines import data_of, reseal


def test_export_copies_verifies_validates_and_reports(tmp_path):
    dev = device_with_games(tmp_path)
    run = FolderRunner(str(dev))
    before = {p: open(os.path.join(dev, "games", p), "rb").read() for p in os.listdir(dev / "games")}
    res = export.export(run, str(tmp_path / "archive"), date="2025-01-02")
    arch = tmp_path / "archive" / "2025-01-02"
    assert res.archive == str(arch)
    # copies byte for byte, SHA-256 checked against the device's
    for name, data in before.items():
        assert (arch / name).read_bytes() == data
    assert all(f.verified for f in res.files)
    # read-only on the device without --delete
    assert {p: open(os.path.join(dev, "games", p), "rb").read() for p in os.listdir(dev / "games")} == before
    assert not any(c[1:3] == ["--no-verbose", "rm"] for c in run.calls)
    # exactly which lines were refused, and why
    by = {os.path.basename(f.path): f for f in res.files}
    assert by["aaaa0001.log"].log.ok
    assert [(p.lineno, p.msg_id) for p in by["bbbb0002.log"].log.problems] == [(30, "E_LOG_CUT")]
    assert [(p.lineno, p.msg_id) for p in by["cccc0003.log"].log.problems] == [(3, "E_LOG_CRC")]
    txt = res.text()
    assert "bbbb0002.log:30: Log line 30: cut off" in txt
    assert "cccc0003.log:3: Log line 3: bad CRC" in txt
    assert "aaaa0001.snap: not a log (snapshot/segment): copied, not validated" in txt
    assert "ログ3行目：CRCが合いません" in res.text("ja")
    rep = json.loads((arch / "export-report.json").read_text())
    refused = {os.path.basename(f["path"]): [r["line"] for r in f.get("refused", [])] for f in rep["files"]}
    assert refused["bbbb0002.log"] == [30] and refused["cccc0003.log"] == [3]
    assert "cccc0003.log:3" in (arch / "export-report.txt").read_text()
    # few device round trips: ls, cp, sha256sum
    assert len(run.calls) == 3
    assert not [n for n in os.listdir(arch) if n.startswith(".export-")]


def test_delete_only_what_was_verified_and_finished(tmp_path):
    dev = device_with_games(tmp_path)
    run = FolderRunner(str(dev))
    res = export.export(run, str(tmp_path / "archive"), delete=True, date="d")
    left = sorted(os.listdir(dev / "games"))
    # the finished, clean game and its snapshot are gone; the game in progress and the one with a
    # refused line stay (with their snapshots)
    assert left == ["bbbb0002.log", "bbbb0002.snap", "cccc0003.log"]
    by = {os.path.basename(f.path): f for f in res.files}
    assert by["aaaa0001.log"].deleted and by["aaaa0001.snap"].deleted
    assert by["bbbb0002.log"].kept_why == "1 line(s) refused"
    assert by["cccc0003.log"].kept_why == "1 line(s) refused"
    assert os.path.exists(dev / "names.json")


def test_in_progress_game_is_kept_and_resumable(tmp_path):
    dev = tmp_path / "device"
    (dev / "games").mkdir(parents=True)
    g, lines = IN_PROGRESS.in_progress_log(9)
    (dev / "games" / "eeee0005.log").write_bytes(data_of(lines[:40]))
    res = export.export(FolderRunner(str(dev)), str(tmp_path / "a"), delete=True, date="d")
    f = res.files[0]
    assert f.log.ok and not f.log.over() and f.kept_why == "game in progress"
    assert (dev / "games" / "eeee0005.log").read_bytes() == data_of(lines[:40])


def test_damaged_copy_is_flagged_and_never_deleted(tmp_path):
    dev = device_with_games(tmp_path)
    run = FolderRunner(str(dev), corrupt_copy="/games/aaaa0001.log")
    res = export.export(run, str(tmp_path / "archive"), delete=True, date="d")
    f = [f for f in res.files if f.path == "/games/aaaa0001.log"][0]
    assert not f.verified and f.stored.endswith(".unverified")
    assert f.kept_why == "copy not verified (SHA-256)"
    assert os.path.exists(dev / "games" / "aaaa0001.log") and os.path.exists(dev / "games" / "aaaa0001.snap")
    assert "SHA-256 differs" in res.text()
    assert not res.ok


def test_second_export_mid_game_then_end_grows_the_archived_copy(tmp_path):
    dev = tmp_path / "device"
    (dev / "games").mkdir(parents=True)
    g, lines = FINISHED.play_log(gid="ffff0006")
    log = dev / "games" / "ffff0006.log"
    log.write_bytes(data_of(lines[:3]))
    r1 = export.export(FolderRunner(str(dev)), str(tmp_path / "a"), date="d")
    assert r1.files[0].archive_note == "new"
    r2 = export.export(FolderRunner(str(dev)), str(tmp_path / "a"), date="d")
    assert r2.files[0].archive_note == "unchanged"
    log.write_bytes(data_of(lines))
    r3 = export.export(FolderRunner(str(dev)), str(tmp_path / "a"), date="d")
    assert r3.files[0].archive_note == "grew"
    assert (tmp_path / "a" / "d" / "ffff0006.log").read_bytes() == data_of(lines)


def test_no_games_folder(tmp_path):
    (tmp_path / "device").mkdir()
    res = export.export(FolderRunner(str(tmp_path / "device")), str(tmp_path / "a"), date="d")
    assert res.errors and "no /games" in res.errors[0] and not res.files


def test_cli_dispatch_with_a_fake_mpremote(tmp_path, monkeypatch, capsys):
    dev = device_with_games(tmp_path)
    monkeypatch.setattr(export, "mpremote_runner", lambda port, exe=None: FolderRunner(str(dev)))
    rc = host_main(["export", "--dest", str(tmp_path / "arch"), "--date", "n1"])
    out = capsys.readouterr().out
    assert rc == 1                       # lines were refused
    assert "cccc0003.log:3: Log line 3: bad CRC" in out and "archive: " in out
    assert host_main([]) == 2 and host_main(["nope"]) == 2


def test_mpremote_runner_builds_the_command(tmp_path):
    # the real runner: a stand-in executable prints its argv
    fake = tmp_path / "fake_mpremote.py"
    fake.write_text("import sys\nprint(' '.join(sys.argv[1:]))\n")
    import sys
    run = export.mpremote_runner("/dev/pts/7", [sys.executable, str(fake)])
    assert run(["fs", "ls", ":/games"]).strip() == "connect /dev/pts/7 fs ls :/games"
    bad = export.mpremote_runner(None, [sys.executable, "-c", "import sys; sys.exit('boom')"])
    with pytest.raises(export.DeviceError, match="boom"):
        bad(["fs", "ls"])


# ---- the device's own layout: segmented journals + snapshots written by storage.store -----------


def test_segmented_journals_from_the_store(tmp_path):
    dev = tmp_path / "device"
    done, live = store_games(dev / "games")
    names = sorted(os.listdir(dev / "games"))
    segs = [n for n in names if n.endswith(".log")]
    assert len(segs) > 2 and any(n.endswith(".snp") for n in names)
    res = export.export(FolderRunner(str(dev)), str(tmp_path / "a"), delete=True, date="d")
    assert len(res.journals) == 2
    by_gid = {r.game_id: (r, fs) for r, fs in res.journals}
    r, fs = by_gid[done.game_id]
    assert r.ok and len(fs) > 1 and r.over() and r.game.state == done.state
    assert all(f.deleted for f in fs)
    r2, fs2 = by_gid[live.game_id]
    assert r2.ok and not r2.over() and r2.game.state == live.state
    left = sorted(os.listdir(dev / "games"))
    assert left and all(live.game_id in n for n in left)          # the game in progress stays, snapshot too
    assert any(n.endswith(".snp") for n in left)
    # report and ledger read the archived segments as one game each
    from host_tools.records import ledger
    from host_tools.records.report import run as report
    arch = [os.path.join(res.archive, n) for n in sorted(os.listdir(res.archive)) if n.endswith(".log")]
    w = report.report(arch, str(tmp_path / "rep"), "en", night="n", plots=False)
    assert len(w["csv"]) == 2 and w["problems"] == 0
    db = ledger.connect(str(tmp_path / "l.sqlite"))
    st = [ledger.import_log(db, segs)[0] for _, segs in __import__("host_tools.records.logs").records.logs.game_files(arch)]
    assert st == ["added", "added"]


def test_bad_line_in_a_later_segment_names_that_file(tmp_path):
    dev = tmp_path / "device"
    done, live = store_games(dev / "games")
    seg1 = sorted(n for n in os.listdir(dev / "games") if done.game_id in n and n.endswith(".1.log"))[0]
    p = dev / "games" / seg1
    lines = p.read_bytes().split(b"\n")
    lines[1] = lines[1].replace(b'"t":', b'"t" :', 1)
    p.write_bytes(b"\n".join(lines))
    res = export.export(FolderRunner(str(dev)), str(tmp_path / "a"), date="d")
    r = [r for r, _ in res.journals if r.game_id == done.game_id][0]
    assert [(p.file, p.lineno, p.msg_id) for p in r.problems] == [(seg1, 2, "E_LOG_CRC")]
    assert "%s:2: Log line 2: bad CRC" % seg1 in res.text()


def _lines_moved_to_the_write_ahead_block(games, stem, n, base_off=0):
    """The last `n` lines of `stem`'s last segment taken out of its file and put in /games/ahead.wal
    as the board's write-ahead block holds them (firmware/storage/wal.py); the file's old bytes."""
    from storage import layout, wal
    segs = sorted(int(p.split(".")[1]) for p in os.listdir(games) if p.startswith(stem + ".") and p.endswith(".log"))
    path = os.path.join(games, layout.segment(stem, segs[-1]))
    whole = open(path, "rb").read()
    lines = whole.splitlines(True)
    assert len(lines) >= n
    kept, held = b"".join(lines[:-n]), b"".join(lines[-n:])
    open(path, "wb").write(kept)
    block = wal.MARK + b"0000beef\n" + b"@%s %d %d\n" % (stem.encode(), segs[-1], len(kept) + base_off) + held
    open(os.path.join(games, wal.NAME), "wb").write(block + b"\xff" * (4096 - len(block)))
    return path, whole


def test_lines_the_boards_write_ahead_block_holds_are_joined_to_their_segment(tmp_path):
    dev = tmp_path / "device"
    done, live = store_games(dev / "games")
    stem = [n for n in os.listdir(dev / "games") if live.game_id in n][0].split(".")[0]
    path, whole = _lines_moved_to_the_write_ahead_block(str(dev / "games"), stem, 1)
    res = export.export(FolderRunner(str(dev)), str(tmp_path / "a"), date="d")
    assert not res.errors
    f = [f for f in res.files if f.path.endswith(os.path.basename(path))][0]
    assert f.verified and f.joined == 1
    assert open(os.path.join(res.archive, os.path.basename(path)), "rb").read() == whole
    r = [r for r, _ in res.journals if r.game_id == live.game_id][0]
    assert r.ok and r.game.state == live.state
    # the board folded them since (a phone's /files folds first): the block still says them
    open(path, "wb").write(whole)
    res = export.export(FolderRunner(str(dev)), str(tmp_path / "a2"), date="d")
    f = [f for f in res.files if f.path.endswith(os.path.basename(path))][0]
    assert not res.errors and f.joined == 0
    assert open(os.path.join(res.archive, os.path.basename(path)), "rb").read() == whole
    # a block naming a size the file does not have: the file is archived as it is, and said so
    dev2 = tmp_path / "device2"
    _, live2 = store_games(dev2 / "games")
    stem2 = [n for n in os.listdir(dev2 / "games") if live2.game_id in n][0].split(".")[0]
    path2, _ = _lines_moved_to_the_write_ahead_block(str(dev2 / "games"), stem2, 1, base_off=5)
    res2 = export.export(FolderRunner(str(dev2)), str(tmp_path / "b"), date="d")
    assert [e for e in res2.errors if "write-ahead block holds lines" in e]
    assert open(os.path.join(res2.archive, os.path.basename(path2)), "rb").read() == open(path2, "rb").read()


def test_a_game_whose_every_line_is_in_the_write_ahead_block_is_archived_and_kept(tmp_path):
    """A game just begun on the Pico: its header and first presses are all in the block, its
    segment's file not made yet. The archive gets the segment from the block's verified copy; the
    device keeps the game (--delete never takes a game whose lines are in the block)."""
    dev = tmp_path / "device"
    done, live = store_games(dev / "games")
    games = str(dev / "games")
    stem = [n for n in os.listdir(games) if live.game_id in n][0].split(".")[0]
    for n in sorted(os.listdir(games)):
        if n.startswith(stem + ".1."):
            os.remove(os.path.join(games, n))
    path, whole = _lines_moved_to_the_write_ahead_block(games, stem, 4)   # segment 0 whole
    os.remove(path)
    res = export.export(FolderRunner(str(dev)), str(tmp_path / "a"), delete=True, date="d")
    assert not res.errors
    f = [f for f in res.files if f.path.endswith(os.path.basename(path))][0]
    assert f.joined == 4 and f.kept_why and not f.deleted
    assert open(os.path.join(res.archive, os.path.basename(path)), "rb").read() == whole
    r = [r for r, _ in res.journals if r.game_id == live.game_id][0]
    assert r.ok and r.game.seq == 3
    assert os.path.exists(os.path.join(games, "ahead.wal"))
