# export against a hostile device: listing entries with paths in them are refused (never copied,
# never stored outside the archive), a log reader failure does not stop the export half-way or
# leave the staging folder behind, and a closed segment damaged after the device closed it is
# named in the report with the presses the journal no longer backs.
import json
import os

from host_tools.board import export
from host_tools.records import logs
from export_device import hostile_export_device, store_games
from folder_runner import FolderRunner


class HostileRunner(FolderRunner):
    """The device folder plus extra listing lines the real files cannot express."""

    def __init__(self, root, extra):
        FolderRunner.__init__(self, root)
        self.extra = extra

    def __call__(self, args):
        out = FolderRunner.__call__(self, args)
        if "ls" in args and args[-1] == ":/games":
            out += "".join("{:12} {}\n".format(10, n) for n in self.extra)
        if "cp" in args or "sha256sum" in args:
            for a in args:
                assert ".." not in a and "evil" not in a, a
        return out


HOSTILE = ["../x/evil.log", "..", ".hidden.log", "a\\b.log", "x" * 200 + ".log", "sp ace.log",
           "nul\x01.log", "0001-../../e.0.log"]


def test_listing_entries_with_paths_are_refused(tmp_path):
    dev = hostile_export_device(tmp_path)
    run = HostileRunner(str(dev), HOSTILE)
    res = export.export(run, str(tmp_path / "archive"), date="2025-01-02")
    assert [f.path for f in res.files] == ["/games/aaaa0001.log"]
    assert len(res.errors) == len(HOSTILE) and all("refused" in e for e in res.errors)
    stored = []
    for r, ds, fs in os.walk(str(tmp_path)):
        stored += [os.path.join(r, f) for f in fs]
    assert not [p for p in stored if "evil" in p]
    assert not [p for p in stored if ".export-" in p]
    report = json.load(open(str(tmp_path / "archive" / "2025-01-02" / "export-report.json")))
    assert len(report["errors"]) == len(HOSTILE)


def test_unsafe_date_folder_is_refused(tmp_path):
    dev = hostile_export_device(tmp_path)
    try:
        export.export(FolderRunner(str(dev)), str(tmp_path / "archive"), date="../up")
    except export.DeviceError:
        pass
    else:
        raise AssertionError("an archive folder outside --dest was accepted")
    assert not (tmp_path / "up").exists()


def test_a_reader_failure_is_reported_and_leaves_no_staging_folder(tmp_path, monkeypatch):
    dev = hostile_export_device(tmp_path)
    (dev / "games" / "bbbb0002.log").write_bytes(b'{"t":"header","settings":{}}\n')

    def boom(name, segments):
        raise RuntimeError("a bug")
    monkeypatch.setattr(logs, "read_segments", boom)
    res = export.export(FolderRunner(str(dev)), str(tmp_path / "archive"), date="2025-01-02")
    arch = tmp_path / "archive" / "2025-01-02"
    assert not [n for n in os.listdir(str(arch)) if n.startswith(".export-")]
    assert (arch / "export-report.txt").exists() and len(res.journals) == 2
    assert all(r.problems[0].msg_id == "E_LOG_READ" for r, _ in res.journals)


def test_a_closed_segment_damaged_after_closing_is_named_in_the_report(tmp_path):
    dev = tmp_path / "device"
    done, live = store_games(dev / "games")
    names = sorted(os.listdir(str(dev / "games")))
    stem = [n for n in names if live.game_id in n][0].split(".")[0]
    seg0 = dev / "games" / ("%s.0.log" % stem)
    assert (dev / "games" / ("%s.1.log" % stem)).exists()
    data = bytearray(seg0.read_bytes())
    at = data.index(b'"seq":1,')
    data[at + 6:at + 7] = b"7"
    seg0.write_bytes(bytes(data))
    snap = json.loads(open(str(dev / "games" / ("%s.snp" % stem))).read())
    res = export.export(FolderRunner(str(dev)), str(tmp_path / "archive"), date="2025-01-02")
    assert res.damaged == [{"segment": 0, "presses": snap["segs"][0][2], "first": 1,
                            "last": snap["segs"][0][2], "journal": "%s.log" % stem}]
    assert "no longer backed by the journal" in res.text() and not res.ok
    report = json.load(open(str(tmp_path / "archive" / "2025-01-02" / "export-report.json")))
    assert report["damaged"][0]["segment"] == 0


class VanishingRunner(FolderRunner):
    """The device folder where one file goes away between the listing and the copy: mpremote then
    fails every call that names it, as the real one does (ENOENT from the device)."""

    def __init__(self, root, gone):
        FolderRunner.__init__(self, root)
        self.gone = gone

    def __call__(self, args):
        if "ls" not in args:
            path = os.path.join(self.root, self.gone.lstrip("/"))
            if os.path.exists(path):
                os.remove(path)
            if ":" + self.gone in args:
                raise export.DeviceError("mpremote fs %s failed (1): OSError: [Errno 2] ENOENT" % args[1])
        return FolderRunner.__call__(self, args)


def test_a_file_that_cannot_be_copied_is_reported_and_the_others_archived(tmp_path, monkeypatch, capsys):
    from host_tools.__main__ import main as host_main
    dev = tmp_path / "device"
    done, live = store_games(dev / "games")
    names = sorted(os.listdir(str(dev / "games")))
    gone = "/games/" + [n for n in names if live.game_id in n and n.endswith(".snp")][0]
    keep = ["/games/" + n for n in names if "/games/" + n != gone]
    monkeypatch.setattr(export, "mpremote_runner", lambda port, exe=None: VanishingRunner(str(dev), gone))
    rc = host_main(["export", "--dest", str(tmp_path / "archive"), "--date", "2025-01-02"])
    out = capsys.readouterr().out
    assert rc == 3                                  # docs/export.md: a transfer problem
    assert "%s: not copied" % gone in out
    arch = tmp_path / "archive" / "2025-01-02"
    for p in keep:                                  # every other file archived and verified
        assert (arch / os.path.basename(p)).exists(), p
    report = json.load(open(str(arch / "export-report.json")))
    verified = dict((f["path"], f["verified"]) for f in report["files"])
    assert all(verified[p] for p in keep) and not verified[gone]
    assert [e for e in report["errors"] if e.startswith(gone + ": not copied")]
    assert len([r for r in report["files"] if r.get("game")]) == len(keep) - 1   # the logs read


def test_a_bad_date_argument_exits_2_with_a_message(tmp_path, capsys):
    from host_tools.__main__ import main as host_main
    with __import__("pytest").raises(SystemExit) as e:
        host_main(["export", "--dest", str(tmp_path / "a"), "--date", "../x"])
    assert e.value.code == 2 and "--date" in capsys.readouterr().err
    assert not (tmp_path / "x").exists()
