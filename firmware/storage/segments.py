# One game's files on the flash: its journal in segments, the engine's sink (append + flush,
# rotation, what a failed write left behind) and source (read all back), and its snapshot written.
# docs/storage.md, "Commit protocol" and "Snapshots" (the snapshot's checks: snapshot.py).
from core import journal
from storage import layout
from core.errors import Refusal
from storage.fsio import LINE_MAX, file_crc, lines_of, replace, size


class Segments:
    """The files NNNN-G.0.log, .1.log, ... and NNNN-G.snp of one game in `store`'s folder."""

    def __init__(self, store, stem, gid, seg=0, size=0):
        self.store = store
        self.stem = stem
        self.gid = gid
        self.seg = seg              # segment being appended to
        self.size = size            # its committed size in bytes (with the lines the write-ahead
                                    # block holds for it: storage/wal.py)
        self.f = None
        self.broken = False         # an unrepaired tail: nothing may be appended
        self.snap_seq = 0           # seq of the last snapshot written
        self.writes = 0
        self.last_seq = 0           # seq of the last line written (the header is seq 0)
        self.closed = []            # [size, CRC-32, last seq] of segments 0 .. seg-1
        self.base = None            # the last trusted point: what the next snapshot folds from
        self.found_damage = False   # a bad line seen where no power cut can put one
        self.segs = None            # segment numbers on the flash, as recovery found them
        self.drop_snap = False      # the snapshot file does not belong to the journal: remove it

    def path(self, seg):
        return "%s/%s" % (self.store.root, layout.segment(self.stem, seg))

    def close(self):
        f = self.f
        self.f = None
        if f is not None:
            try:
                f.close()
            except OSError:
                pass

    def sink(self, line):
        data = line.encode("utf-8")
        st = self.store
        if self.broken:
            from storage.repair import cut_back  # rare: a tail the last boot could not repair
            cut_back(st, self)                      # raises Refusal if it still cannot be
        st._check_space()
        if self.size > 0 and self.size + len(data) > st.seg_max:
            if not st.fold():                   # the segment whole before it is closed
                raise Refusal("E_STORAGE_FULL")
            self.close()
            if len(self.closed) == self.seg:
                crc = file_crc(st.fs, self.path(self.seg), self.size)
                if crc is not None:
                    self.closed.append([self.size, crc, self.last_seq])
            self.seg += 1
            self.size = 0
        ahead = st.ahead
        if ahead is not None:
            if ahead.take(self, data):          # on the flash without a sector erase
                self.size += len(data)
                self.writes += 1
                self.last_seq += 1
                return
            if not st.fold():                   # lines held for another segment go first
                raise Refusal("E_STORAGE_FULL")
        old = self.size
        try:
            if self.f is None:
                self.f = st.fs.open(self.path(self.seg), "ab")
            self.f.write(data)
            self.f.flush()
        except OSError:
            # Find out what actually reached the flash: littlefs commits whole syncs, so the file
            # holds either the old bytes or the old bytes plus this line.
            self.close()
            now = size(st.fs, self.path(self.seg))
            if now == old + len(data):
                self.size = now
                self.writes += 1
                self.last_seq += 1
                return
            if now is not None and now != old:
                self.broken = True
            st.full = True
            raise Refusal("E_STORAGE_FULL")
        self.size = old + len(data)
        self.writes += 1
        self.last_seq += 1

    def source(self):
        """Every journal record with seq >= 1, across the segments and the lines the write-ahead
        block holds for the last one (deep undo, history)."""
        fs = self.store.fs
        ahead = self.store.ahead
        held = ahead.held_for(self.stem, self.seg) if ahead is not None else b""
        seg = 0
        lineno = 0
        while seg <= self.seg:
            try:
                f = fs.open(self.path(seg), "rb")
            except OSError:
                if seg < self.seg or not held:
                    raise
                break               # its file is made when the block's lines are folded
            try:
                for line in lines_of(f):
                    lineno += 1
                    rec = journal.unseal(line, lineno)
                    if rec.get("t") != "header":
                        yield rec
            finally:
                f.close()
            seg += 1
        for line in held.split(b"\n")[:-1]:
            lineno += 1
            rec = journal.unseal(line + b"\n", lineno)
            if rec.get("t") != "header":
                yield rec

    def last_line(self):
        """(offset, CRC field) of the last line of the segment being written: the line with the
        game's seq. None when it cannot be read back."""
        try:
            f = self.store.fs.open(self.path(self.seg), "rb")
        except OSError:
            return None
        try:
            back = self.size if self.size < LINE_MAX else LINE_MAX
            f.seek(self.size - back)
            tail = f.read(back)
        finally:
            f.close()
        if len(tail) != back or not tail.endswith(b"\n"):
            return None
        at = tail.rfind(b"\n", 0, len(tail) - 1) + 1
        if at == 0 and back != self.size:
            return None
        return self.size - back + at, journal.crc_field(tail[at:])

    def write_snapshot(self, game):
        """Snapshot to NNNN-G.snp.tmp, closed, renamed over NNNN-G.snp. False when it could not be
        written (the journal alone still holds everything)."""
        rec = game.snapshot()
        rec["t"] = "snap"
        rec["v"] = journal.SNAP_FORMAT
        rec["seg"] = self.seg
        last = self.last_line()
        if last is None:
            return False
        rec["off"] = last[0]        # where the line with seq == rec["seq"] starts in segment seg
        rec["lcrc"] = last[1]
        rec["segs"] = self.closed   # [size, CRC, last seq] of the closed segments
        rec["base"] = self.base     # the previous trusted point; a boot folds from it to here
        path = "%s/%s" % (self.store.root, layout.snap(self.stem))
        data = journal.seal(rec).encode("utf-8")
        if len(data) > journal.SNAP_MAX:
            self.snap_seq = game.seq    # a boot could not read it back: the journal alone
            return False                # serves, and the next try waits as long as a snapshot
        try:
            replace(self.store.fs, path, data)
        except OSError:
            return False
        self.snap_seq = game.seq
        del rec["t"], rec["v"], rec["segs"], rec["base"]
        self.base = rec
        return True
