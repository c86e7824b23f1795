# What one export did: each file's report (FileReport), the run's (ExportResult) with the text it
# prints in English or Japanese, and the two report files it leaves in the archive folder.
import datetime
import json
import os

from host_tools.board.export_words import text_of


class FileReport:
    """One device file: its digests, where it went in the archive, its log's reading, its fate."""

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
        self.joined = 0             # lines joined from the board's write-ahead block (export.py)

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
        if self.joined:
            d["joined_from_write_ahead"] = self.joined
        if self.log is not None:
            r = self.log
            d.update({"game": r.game_id, "kind": r.kind, "lines": r.lines, "kept_lines": r.kept,
                      "seq": r.seq, "over": r.over(), "hole": r.hole,
                      "refused": [p.as_dict(r.kind) for p in r.problems]})
        return d


class ExportResult:
    """One run: every file's report, the games read, and what went wrong."""

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
            lines.append(("エラー：" if ja else "ERROR: ") + text_of(e, lang))
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
                lines.append("%s -> %s (%s)" % (f.path, f.stored, text_of(f.archive_note, lang)))
            if f.deleted:
                lines.append("  " + ("デバイスから削除しました" if ja else "deleted from the device"))
            elif f.kept_why:
                lines.append("  " + ("デバイスに残しました：" if ja else "kept on the device: ") + text_of(f.kept_why, lang))
        for d in self.damaged:
            lines.append(("%s：セグメント%dが閉じた後に壊れました：%d～%d手目（%d手）はログで裏付けられません"
                          if ja else "%s: segment %d damaged after it was closed: presses %d-%d (%d) "
                          "are no longer backed by the journal")
                         % (d["journal"], d["segment"], d["first"], d["last"], d["presses"]))
        n_ref = sum(len(r.problems) for r, _ in self.journals)
        lines.append(("%dファイル、%dゲーム、拒否した行%d" if ja else "%d files, %d games, %d lines refused")
                     % (len(self.files), len(self.journals), n_ref))
        return "\n".join(lines)


def write_reports(res, archive):
    os.makedirs(archive, exist_ok=True)
    with open(os.path.join(archive, "export-report.txt"), "a", encoding="utf-8", errors="backslashreplace") as fh:
        fh.write("# export %s\n%s\n\n" % (datetime.datetime.now().isoformat(timespec="seconds"), res.text("en")))
    with open(os.path.join(archive, "export-report.json"), "w", encoding="utf-8", errors="backslashreplace") as fh:
        json.dump({"archive": archive, "errors": res.errors, "damaged": res.damaged,
                   "files": [f.as_dict() for f in res.files]}, fh, ensure_ascii=False, indent=1)
