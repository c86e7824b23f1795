# `python -m host_tools export [--port PORT] [--dest DIR] [--delete]`: game logs off the Pico.
#
# 1. list /games on the device (recursively)          mpremote fs ls
# 2. copy every file                                   mpremote fs cp
# 3. the device's SHA-256 of every file                mpremote fs sha256sum
#    == the SHA-256 of the copy, else the copy is not trusted (and never deleted)
# 3b. lines the board's write-ahead block holds (/games/ahead.wal: firmware/storage/wal.py) joined to
#    their segment's copy, when it is the size the block names (else the report says so)
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
import argparse
import datetime
import hashlib
import os
import sys
import zlib

from host_tools import _paths  # noqa: F401  (firmware/ on sys.path)
from host_tools.board.export_report import ExportResult, FileReport, write_reports
from host_tools.board.export_words import Said, reason
from host_tools.board.files import (ROOT_DIR, DeviceError, NoBoard, copy_each, device_files, device_rm,
                                    mpremote_runner, safe_name, sha256_each)
from host_tools.records import logs
from core import journal
from storage import layout, wal


def _store(archive, rel, data):
    """Writes `data` at archive/rel. An existing different file: replaced when it is a prefix of
    the new one (the same journal, exported mid-game and again later), else both are kept."""
    dest = os.path.join(archive, rel)
    os.makedirs(os.path.dirname(dest), exist_ok=True)
    note = Said("new")
    if os.path.exists(dest):
        with open(dest, "rb") as f:
            old = f.read()
        if old == data:
            return dest, Said("unchanged")
        if data.startswith(old):
            note = Said("grew")
        else:
            stem, ext = os.path.splitext(dest)
            dest = "%s-%s%s" % (stem, hashlib.sha256(data).hexdigest()[:8], ext)
            note = Said("kept_both")
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


def export(run, dest="archive", delete=False, root=ROOT_DIR, date=None, staging=None):
    """Copies, verifies, validates and archives every file under `root` on the device. Never
    stops half-way on what the device holds: a bad entry or log is reported, the staging folder
    is always removed, the report always written (DeviceError: the device itself failed)."""
    date = date or datetime.date.today().isoformat()
    if not safe_name(date):
        raise DeviceError(Said("bad_folder", name=repr(date[:40])))
    archive = os.path.join(dest, date)
    res = ExportResult(archive)
    refused = []
    listing = device_files(run, root, refused)
    for p, why in refused:
        res.errors.append(Said("refused_entry", path=p, why=reason(why)))
    if listing is None:
        res.errors.append(Said("no_root", root=root))
        return res
    res.files = [FileReport(p, s) for p, s in listing]
    if not res.files:
        if refused:
            write_reports(res, archive)
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
    write_reports(res, archive)
    return res


def _copy_and_check(run, res, root, archive, tmp):
    # copy, one mpremote call per device directory
    by_dir = {}
    for f in res.files:
        by_dir.setdefault(os.path.dirname(f.path), []).append(f)
    for d, fs in sorted(by_dir.items()):
        local = os.path.join(tmp, os.path.relpath(d, root)) if d != root else tmp
        os.makedirs(local, exist_ok=True)
        for p, why in sorted(copy_each(run, [f.path for f in fs], local).items()):
            res.errors.append(Said("not_copied", path=p, why=why))
            res.not_copied.append(p)
    shas = sha256_each(run, [f.path for f in res.files if f.path not in res.not_copied])
    held = _held_lines(res, root, tmp)
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
            res.errors.append(Said("not_copied", path=f.path, why=e))
            res.not_copied.append(f.path)
            continue
        f.sha_local = hashlib.sha256(data).hexdigest()
        if f.path in held:
            data = _joined(res, f, data, held.pop(f.path))
        datas[f.path] = data
        try:
            if f.verified:
                f.stored, f.archive_note = _store(archive, rel, data)
            else:
                f.stored, f.archive_note = _store(archive, rel + ".unverified", data)
        except OSError as e:
            res.errors.append(Said("not_stored", path=f.path, why=e))
    for path in sorted(held):
        _from_block(res, root, archive, datas, path, held[path])
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


def _held_lines(res, root, tmp):
    """{segment's device path: (its size then, lines)}: what the board's write-ahead block
    (/games/ahead.wal, firmware/storage/wal.py) holds that its segment's file does not have yet
    (the board folds them at its rest once 2 KiB are held, or at its next boot)."""
    for f in res.files:
        if f.path == root + "/" + wal.NAME and f.path not in res.not_copied:
            try:
                with open(os.path.join(tmp, wal.NAME), "rb") as fh:
                    bound, lines = wal.parse(fh.read())
            except OSError:
                return {}
            if bound is None or not lines:
                return {}
            return {root + "/" + layout.segment(bound[0], bound[1]): (bound[2], lines)}
    return {}


def _joined(res, f, data, held):
    """The segment's copy with the block's lines after it, when it is the size the block names."""
    base, lines = held
    if len(data) >= base + len(lines) and data[base:base + len(lines)] == lines:
        return data             # the board folded them already (the block is rewritten at its rest)
    if len(data) != base:
        res.errors.append(Said("ahead_left", path=f.path))
        return data
    f.joined = lines.count(b"\n")
    return data + lines


def _from_block(res, root, archive, datas, path, held):
    """A segment whose every line is still in the board's write-ahead block (a game just begun):
    archived from the block's verified copy, as the board will write it at its next fold."""
    base, lines = held
    block = [f for f in res.files if f.path == root + "/" + wal.NAME][0]
    if base != 0 or not block.verified:
        res.errors.append(Said("ahead_left", path=path))
        return
    f = FileReport(path, len(lines))
    f.sha_device = f.sha_local = hashlib.sha256(lines).hexdigest()
    f.joined = lines.count(b"\n")
    res.files.append(f)
    datas[path] = lines
    try:
        f.stored, f.archive_note = _store(archive, os.path.relpath(path, root), lines)
    except OSError as e:
        res.errors.append(Said("not_stored", path=path, why=e))


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
            why = Said("not_verified")
        elif any(f.joined for f in segs):
            why = Said("in_block")
        elif not r.ok:
            why = Said("refused_lines", n=len(r.problems))
        elif not r.over():
            why = Said("in_progress")
        else:
            bad = [c.path for c in comps if not c.verified]
            if bad:
                why = Said("companion", paths=", ".join(bad))
        if why:
            for f in segs:
                f.kept_why = why
            for c in comps:
                c.kept_why = c.kept_why or Said("belongs", name=r.name, why=why)
            continue
        doomed.extend(segs)
        doomed.extend(comps)
    if doomed:
        device_rm(run, [f.path for f in doomed])
        for f in doomed:
            f.deleted = True
    for f in res.files:
        if not f.deleted and not f.kept_why:
            f.kept_why = Said("not_a_game")


class _Args(argparse.ArgumentParser):
    """argparse saying its errors in the command's --lang (read before it parses)."""
    lang = "en"

    def error(self, message):
        self.print_usage(sys.stderr)
        said = message if isinstance(message, Said) else Said("bad_args", why=message)
        self.exit(2, "%s: %s%s\n" % (self.prog, "エラー：" if self.lang == "ja" else "error: ", said.text(self.lang)))


def _lang_asked(argv):
    """The --lang of a command line, before argparse reads it: its own errors follow it too."""
    for i, arg in enumerate(argv):
        if arg == "--lang" and i + 1 < len(argv):
            return argv[i + 1]
        if arg.startswith("--lang="):
            return arg[len("--lang="):]
    return "en"


def main(argv):
    ap = _Args(prog="python -m host_tools export", description="Copy, verify and archive the game logs of the Pico.")
    ap.lang = _lang_asked(argv)
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
        ap.error(Said("url_and_cable"))
    if a.date is not None and not safe_name(a.date):
        ap.error(Said("bad_date", date=repr(a.date[:40])))
    if a.url:
        return _over_url(a)
    run = mpremote_runner(a.port, a.mpremote.split() if a.mpremote else None)
    try:
        res = export(run, a.dest, a.delete, date=a.date)
    except DeviceError as e:
        return _failed(Said("failed", why=_device_said(e)), a.lang, 3)
    except OSError as e:        # the archive folder cannot be written: the command line's problem
        return _failed(Said("cannot_write", dest=a.dest, why=e.strerror or e), a.lang, 2)
    return _reported(res, a.lang)


def _device_said(e):
    """A DeviceError's reason, in words export can say in Japanese when it has them."""
    if isinstance(e, NoBoard):
        return Said("no_board", at=Said("at_port", port=e.port) if e.port else "", again=e.again, said=e.said)
    return e.args[0] if e.args and isinstance(e.args[0], Said) else str(e)


def _failed(said, lang, code):
    sys.stderr.write(said.text(lang) + "\n")
    return code


def _reported(res, lang):
    """Print an export's report and archive; its exit code (3: a file not verified)."""
    print(res.text(lang))
    print(Said("archive", path=res.archive).text(lang))
    if res.errors or not all(f.verified for f in res.files):
        return 3
    return 0 if res.ok else 1


def _over_url(a):
    """export --url: exit 2 with the reason when the board cannot be read (a wrong key, not a
    scoreboard, no answer, a connection dropped anywhere). The runner reads the whole board at
    export's first call, before export writes anything: the archive stays as it was."""
    from host_tools.board import export_url
    try:
        res = export(export_url.url_runner(a.url, ROOT_DIR, DeviceError), a.dest, False, date=a.date)
    except export_url.UrlError as e:
        return _failed(Said("failed_url", why=e.said), a.lang, 2)
    except DeviceError as e:
        return _failed(Said("failed_url", why=_device_said(e)), a.lang, 2)
    except OSError as e:
        return _failed(Said("cannot_write", dest=a.dest, why=e.strerror or e), a.lang, 2)
    return _reported(res, a.lang)
