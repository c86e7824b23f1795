# `python -m host_tools export [--port PORT] [--dest DIR] [--delete]`: game logs off the Pico.
#
# 1. list /games on the device (recursively)          mpremote fs ls
# 2. copy every file                                   mpremote fs cp
# 3. the device's SHA-256 of every file                mpremote fs sha256sum
#    == the SHA-256 of the copy, else the copy is not trusted (and never deleted)
# 4. every *.log checked line by line (host_tools.records.logs: CRC, schema, sequence, game id, the fold)
# 5. the files stored in the archive folder (default ./archive/<date>/), with export-report.txt
#    and export-report.json naming each refused line and why
# 6. --delete: removes from the device only the games whose copy is verified, whose every line is
#    valid and that are finished; a game in progress is never deleted (it stays resumable).
#
# Reading does not change the device: mpremote interrupts main.py (Ctrl-C) and only reads the
# files, so a game exported in the middle stays resumable: reset or re-plug the Pico and it
# resumes from its journal (snapshots and segments are copied too, and left alone).
#
# Every mpremote call goes through one function, `runner(args) -> stdout`; the default runs the
# real mpremote CLI, the tests hand in a runner for the emulated Pico or a folder playing the device.
# The board's side of each call (the runner, listing, copying, hashing): host_tools/board/files.py.
import datetime
import hashlib
import json
import os
import sys
import zlib

from host_tools import _paths  # noqa: F401  (firmware/ on sys.path)
from host_tools.board.files import (ROOT_DIR, DeviceError, copy_each, device_files, device_rm, mpremote_runner,
                                    safe_name, sha256_each)
from host_tools.records import logs
from core import journal


class FileReport:
    def __init__(self, path, size):
        self.path = path            # on the device
        self.size = size
        self.sha_device = None
        self.sha_local = None
        self.stored = None          # where it went in the archive
        self.archive_note = ""      # new / unchanged / grew / kept both
        self.log = None             # logs.LogResult for *.log files
        self.deleted = False
        self.kept_why = ""

    @property
    def verified(self):
        return self.sha_device is not None and self.sha_device == self.sha_local

    @property
    def is_log(self):
        return self.path.endswith(".log")

    def as_dict(self):
        d = {"path": self.path, "size": self.size, "sha256": self.sha_local,
             "sha256_device": self.sha_device, "verified": self.verified, "stored": self.stored,
             "archive": self.archive_note, "deleted": self.deleted}
        if self.kept_why:
            d["kept"] = self.kept_why
        if self.log is not None:
            r = self.log
            d.update({"game": r.game_id, "kind": r.kind, "lines": r.lines, "kept_lines": r.kept,
                      "seq": r.seq, "over": r.over(), "hole": r.hole,
                      "refused": [p.as_dict(r.kind) for p in r.problems]})
        return d


def _store(archive, rel, data):
    """Writes `data` at archive/rel. An existing different file: replaced when it is a prefix of
    the new one (the same journal, exported mid-game and again later), else both are kept."""
    dest = os.path.join(archive, rel)
    os.makedirs(os.path.dirname(dest), exist_ok=True)
    note = "new"
    if os.path.exists(dest):
        with open(dest, "rb") as f:
            old = f.read()
        if old == data:
            return dest, "unchanged"
        if data.startswith(old):
            note = "grew"
        else:
            stem, ext = os.path.splitext(dest)
            dest = "%s-%s%s" % (stem, hashlib.sha256(data).hexdigest()[:8], ext)
            note = "kept both (differs from the archived copy)"
    tmp = dest + ".part"
    with open(tmp, "wb") as f:
        f.write(data)
    os.replace(tmp, dest)
    return dest, note


def _companions(files, journal_name, segs):
    """Snapshot/temporary files that belong to one journal: same stem (stem.*, stem-*, stem_*)
    or inside a directory named after it."""
    stem = journal_name[:-4] if journal_name.endswith(".log") else journal_name
    out = []
    for f in files:
        if f in segs:
            continue
        parts = f.path.strip("/").split("/")
        base = parts[-1]
        if any(base.startswith(stem + c) for c in ".-_") or stem in parts[:-1]:
            out.append(f)
    return out


class ExportResult:
    def __init__(self, archive):
        self.archive = archive
        self.files = []
        self.journals = []    # [(LogResult, [FileReport of its segments])]
        self.errors = []      # device-level problems (no /games, mpremote failure, refused entries)
        self.damaged = []     # closed segments whose size/CRC differ from the snapshot's record
        self.not_copied = []  # device paths listed but not copied (the others are archived)

    @property
    def logs(self):
        return [f for f in self.files if f.is_log]

    @property
    def ok(self):
        return not self.errors and not self.damaged and all(f.verified for f in self.files) and \
            all(r.ok for r, _ in self.journals)

    def text(self, lang="en"):
        ja = lang == "ja"
        lines = []
        for e in self.errors:
            lines.append(("エラー: " if ja else "ERROR: ") + e)
        for r, segs in self.journals:
            lines.append(r.summary(lang) + ("  [%s]" % ", ".join(os.path.basename(f.path) for f in segs)
                                            if len(segs) > 1 else ""))
            for s in r.report_lines(lang):
                lines.append("  " + s)
        for f in self.files:
            if not f.verified:
                lines.append("%s: %s" % (f.path, "SHA-256がデバイスと違います（コピーは信用できません）" if ja else
                                         "SHA-256 differs from the device's: copy not trusted (%s vs %s)"
                                         % (f.sha_local, f.sha_device)))
            if f.log is None:
                lines.append("%s: %s" % (f.path, "ログ以外（スナップショット等）：コピーのみ" if ja else
                                         "not a log (snapshot/segment): copied, not validated"))
            if f.stored:
                lines.append("%s -> %s (%s)" % (f.path, f.stored, f.archive_note))
            if f.deleted:
                lines.append("  " + ("デバイスから削除しました" if ja else "deleted from the device"))
            elif f.kept_why:
                lines.append("  " + ("デバイスに残しました：" if ja else "kept on the device: ") + f.kept_why)
        for d in self.damaged:
            lines.append(("%s：セグメント%dが閉じた後に壊れました：%d～%d手目（%d手）はログで裏付けられません"
                          if ja else "%s: segment %d damaged after it was closed: presses %d-%d (%d) "
                          "are no longer backed by the journal")
                         % (d["journal"], d["segment"], d["first"], d["last"], d["presses"]))
        n_ref = sum(len(r.problems) for r, _ in self.journals)
        lines.append(("%dファイル、%dゲーム、拒否した行%d" if ja else "%d files, %d games, %d lines refused")
                     % (len(self.files), len(self.journals), n_ref))
        return "\n".join(lines)


def export(run, dest="archive", delete=False, root=ROOT_DIR, date=None, staging=None):
    """Copies, verifies, validates and archives every file under `root` on the device. Never
    stops half-way on what the device holds: a bad entry or log is reported, the staging folder
    is always removed, the report always written (DeviceError: the device itself failed)."""
    date = date or datetime.date.today().isoformat()
    if not safe_name(date):
        raise DeviceError("bad archive folder name %r" % date[:40])
    archive = os.path.join(dest, date)
    res = ExportResult(archive)
    refused = []
    listing = device_files(run, root, refused)
    for p, why in refused:
        res.errors.append("%s: refused (%s), not copied" % (p, why))
    if listing is None:
        res.errors.append("no %s on the device (nothing exported)" % root)
        return res
    res.files = [FileReport(p, s) for p, s in listing]
    if not res.files:
        if refused:
            _write_reports(res, archive)
        return res
    os.makedirs(archive, exist_ok=True)
    import tempfile
    tmp = staging or tempfile.mkdtemp(prefix=".export-", dir=archive)
    try:
        _copy_and_check(run, res, root, archive, tmp)
    finally:
        # the staging copies are gone once stored (or when anything failed)
        for r, ds, fs in os.walk(tmp, topdown=False):
            for n in fs:
                os.remove(os.path.join(r, n))
            for n in ds:
                os.rmdir(os.path.join(r, n))
        if staging is None:
            os.rmdir(tmp)
    if delete:
        _delete_verified(run, res)
    _write_reports(res, archive)
    return res


def _write_reports(res, archive):
    os.makedirs(archive, exist_ok=True)
    with open(os.path.join(archive, "export-report.txt"), "a", encoding="utf-8", errors="backslashreplace") as fh:
        fh.write("# export %s\n%s\n\n" % (datetime.datetime.now().isoformat(timespec="seconds"), res.text("en")))
    with open(os.path.join(archive, "export-report.json"), "w", encoding="utf-8", errors="backslashreplace") as fh:
        json.dump({"archive": archive, "errors": res.errors, "damaged": res.damaged,
                   "files": [f.as_dict() for f in res.files]}, fh, ensure_ascii=False, indent=1)


def _copy_and_check(run, res, root, archive, tmp):
    # copy, one mpremote call per device directory
    by_dir = {}
    for f in res.files:
        by_dir.setdefault(os.path.dirname(f.path), []).append(f)
    for d, fs in sorted(by_dir.items()):
        local = os.path.join(tmp, os.path.relpath(d, root)) if d != root else tmp
        os.makedirs(local, exist_ok=True)
        for p, why in sorted(copy_each(run, [f.path for f in fs], local).items()):
            res.errors.append("%s: not copied (%s)" % (p, why))
            res.not_copied.append(p)
    shas = sha256_each(run, [f.path for f in res.files if f.path not in res.not_copied])
    datas = {}
    for f in res.files:
        f.sha_device = shas.get(f.path)
        rel = os.path.relpath(f.path, root)
        local = os.path.join(tmp, rel)
        if f.path in res.not_copied:
            continue
        try:
            with open(local, "rb") as fh:
                data = fh.read()
        except OSError as e:
            res.errors.append("%s: not copied (%s)" % (f.path, e))
            res.not_copied.append(f.path)
            continue
        f.sha_local = hashlib.sha256(data).hexdigest()
        datas[f.path] = data
        try:
            if f.verified:
                f.stored, f.archive_note = _store(archive, rel, data)
            else:
                f.stored, f.archive_note = _store(archive, rel + ".unverified", data)
        except OSError as e:
            res.errors.append("%s: not stored (%s)" % (f.path, e))
    by_path = dict((f.path, f) for f in res.files)
    for name, segs in logs.game_files([f.path for f in res.files if f.is_log and f.path in datas]):
        try:
            r = logs.read_segments(name, [(os.path.basename(p), datas[p]) for p in segs])
        except Exception as e:     # a log reader bug must not cost the other games their report
            r = logs.LogResult(name, b"")
            r.problems.append(logs.Problem(0, "E_LOG_READ", {"why": type(e).__name__}))
        frs = [by_path[p] for p in segs]
        for f in frs:
            f.log = r
        res.journals.append((r, frs))
        snp = _snapshot_of(segs, datas)
        if snp is not None:
            for d in closed_damage(snp, [datas[p] for p in segs]):
                d["journal"] = name
                res.damaged.append(d)


def _snapshot_of(segs, datas):
    """The snapshot record stored beside a segmented journal (NNNN-G.snp), when it reads."""
    m = logs.SEGMENT.match(segs[0])
    if not m:
        return None
    data = datas.get(m.group(1) + m.group(2) + ".snp")
    if not data:
        return None
    try:
        return journal.unseal(data.split(b"\n")[0] + b"\n")
    except Exception:
        return None


def closed_damage(snap, seg_datas):
    """[{"segment", "presses", "first", "last"}] for each closed segment whose size or CRC-32
    differs from what the device recorded in its snapshot when it closed it: those presses are
    no longer backed by the journal (the device's screen says so too)."""
    out = []
    segs = snap.get("segs")
    if not isinstance(segs, list):
        return out
    prev = 0
    for i, e in enumerate(segs):
        if not (isinstance(e, list) and len(e) == 3 and all(isinstance(x, int) for x in e)):
            break
        size, crc, last = e
        data = seg_datas[i] if i < len(seg_datas) else None
        if data is None or len(data) != size or (zlib.crc32(data) & 0xFFFFFFFF) != crc:
            out.append({"segment": i, "presses": last - prev, "first": prev + 1, "last": last})
        prev = last
    return out


def _delete_verified(run, res):
    doomed = []
    for r, segs in res.journals:
        comps = _companions(res.files, r.name, segs)
        why = ""
        if not all(f.verified for f in segs):
            why = "copy not verified (SHA-256)"
        elif not r.ok:
            why = "%d line(s) refused" % len(r.problems)
        elif not r.over():
            why = "game in progress"
        else:
            bad = [c.path for c in comps if not c.verified]
            if bad:
                why = "companion file not verified: %s" % ", ".join(bad)
        if why:
            for f in segs:
                f.kept_why = why
            for c in comps:
                c.kept_why = c.kept_why or "belongs to %s (%s)" % (r.name, why)
            continue
        doomed.extend(segs)
        doomed.extend(comps)
    if doomed:
        device_rm(run, [f.path for f in doomed])
        for f in doomed:
            f.deleted = True
    for f in res.files:
        if not f.deleted and not f.kept_why:
            f.kept_why = "not a game's file"


def main(argv):
    import argparse
    ap = argparse.ArgumentParser(prog="python -m host_tools export",
                                 description="Copy, verify and archive the game logs of the Pico.")
    ap.add_argument("--port", help="serial port (default: mpremote's auto-detection)")
    ap.add_argument("--dest", default="archive", help="archive root (default ./archive); files go to DEST/<date>/")
    ap.add_argument("--date", help="archive sub-folder name (default: today, YYYY-MM-DD)")
    ap.add_argument("--delete", action="store_true",
                    help="delete from the device the finished games whose every file was verified")
    ap.add_argument("--lang", choices=("en", "ja"), default="en", help="language of the report printed (default en)")
    ap.add_argument("--mpremote", help="mpremote command (default: this Python's mpremote module)")
    ap.add_argument("--url", help="over Wi-Fi instead of the cable: the page's address with the table "
                    "key, 'http://<board>/?k=<key>' (the panel's 「スマホで見る」)")
    a = ap.parse_args(argv)
    if a.url and (a.delete or a.port):
        ap.error("--url reads the board over Wi-Fi: --delete and --port are for the cable")
    if a.date is not None and not safe_name(a.date):
        ap.error("--date %r: an archive folder name is letters, digits, '.', '_' and '-' "
                 "(not starting with '.')" % a.date[:40])
    if a.url:
        return _over_url(a)
    run = mpremote_runner(a.port, a.mpremote.split() if a.mpremote else None)
    try:
        res = export(run, a.dest, a.delete, date=a.date)
    except DeviceError as e:
        sys.stderr.write("export failed: %s\n" % e)
        return 3
    except OSError as e:        # the archive folder cannot be written: the command line's problem
        sys.stderr.write("export: cannot write the archive under %s: %s\n" % (a.dest, e.strerror or e))
        return 2
    return _reported(res, a.lang)


def _reported(res, lang):
    """Print an export's report and archive; its exit code (3: a file not verified)."""
    print(res.text(lang))
    print(("アーカイブ: " if lang == "ja" else "archive: ") + res.archive)
    if res.errors or not all(f.verified for f in res.files):
        return 3
    return 0 if res.ok else 1


def _over_url(a):
    """export --url: exit 2 with the reason when the board cannot be read (a wrong key, not a
    scoreboard, no answer, a connection dropped): every file is fetched before the first is
    stored, so the archive is left as it was (a date folder this run made is removed again)."""
    from host_tools.board import export_url
    date = a.date or datetime.date.today().isoformat()
    archive = os.path.join(a.dest, date)
    existed = os.path.exists(archive)
    try:
        run = export_url.url_runner(a.url, ROOT_DIR, DeviceError)
        res = export(run, a.dest, False, date=date)
    except (export_url.UrlError, DeviceError) as e:
        if not existed and os.path.isdir(archive) and not os.listdir(archive):
            os.rmdir(archive)
        sys.stderr.write("export failed: %s; nothing was archived\n" % e)
        return 2
    except OSError as e:
        sys.stderr.write("export: cannot write the archive under %s: %s\n" % (a.dest, e.strerror or e))
        return 2
    return _reported(res, a.lang)
