# Snapshots on the flash, trusted or not (docs/storage.md, "Recovery"): the record's checks, and
# the fold of the journal from the snapshot's base (or from its start) to the end of the valid
# prefix, which must pass through the snapshot with exactly its state. The journal stays the
# truth: a snapshot only saves folding it from the start. Imported with recovery.py, forgotten
# with it (RAM on the Pico).
import binascii

from core import journal, validate
from core.engine import Game
from core.errors import Refusal
from storage.fsio import LINE_MAX, file_crc, lines_of

FORMAT = journal.SNAP_FORMAT
SNAP_MAX = journal.SNAP_MAX   # bytes of a snapshot line (two states, the action stacks, segments)


def _like(v, t, depth):
    """v has the shape of the rules' initial value t: every key of t, values of t's types (None
    allowed where the rules put something later), extra keys only plain JSON values."""
    if t is None:
        return validate.plain(v, depth)
    if v is None:
        return not isinstance(t, (dict, list))
    if isinstance(t, bool):
        return isinstance(v, bool)
    if isinstance(t, int):
        return isinstance(v, int) and not isinstance(v, bool)
    if isinstance(t, str):
        return isinstance(v, str) and journal.text_ok(v)
    if depth <= 0:
        return False
    if isinstance(t, dict):
        if not isinstance(v, dict):
            return False
        for k in t:
            if k not in v or not _like(v[k], t[k], depth - 1):
                return False
        for k in v:
            if k not in t and not validate.plain(v[k], depth - 1):
                return False
        return True
    if isinstance(t, list):
        if not isinstance(v, list):
            return False
        if not t:
            return validate.plain(v, depth)
        for x in v:
            if not _like(x, t[0], depth - 1):
                return False
        return True
    return False


def _ranges_ok(done, seq):
    if not isinstance(done, list):
        return False
    last = 0
    for r in done:
        if not isinstance(r, list) or len(r) != 2:
            return False
        a, b = r
        if not journal.is_int(a) or not journal.is_int(b) or not last < a <= b <= seq:
            return False
        last = b
    return True


def _redo_ok(undone, seq):
    """The redo stack: ranges [first, last] of seqs, each run going down, each below the last."""
    if not isinstance(undone, list):
        return False
    below = seq + 1
    for r in undone:
        if not isinstance(r, list) or len(r) != 2:
            return False
        a, b = r
        if not journal.is_int(a) or not journal.is_int(b) or not 1 <= b <= a < below:
            return False
        below = b
    return True


def _place_ok(rec, nsegs):
    """Where a state sits in the journal, in form: its segment, seq, offset and the line's crc."""
    seg, seq, off = rec.get("seg"), rec.get("seq"), rec.get("off")
    if not journal.is_int(seg) or not 0 <= seg < nsegs:
        return False
    if not journal.is_int(seq) or seq < 1 or not journal.is_int(off) or off < 0:
        return False
    return isinstance(rec.get("lcrc"), str)


def _point_ok(rec, header, nsegs, rules):
    """A state with its place in the journal (a snapshot, or its base): fields, the action
    stacks, the state's shape against the rules' initial state, the rules reading it."""
    if not _place_ok(rec, nsegs):
        return False
    seq = rec["seq"]
    done = rec.get("done")
    if not isinstance(done, list) or (done and not _ranges_ok(done[-1:], seq)):
        return False            # the rest is proved by the fold (a hundred ranges cost a boot)
    if not _redo_ok(rec.get("undone"), seq):
        return False
    nseats = len(header["seats"])
    state = rec.get("state")
    if not _like(state, rules.initial_state(header["settings"], nseats), 6):
        return False
    rules.is_over(state)
    for e in rules.standings(state):
        if not 0 <= e["seat"] < nseats or not journal.is_int(e["score"]):
            return False
    return True


def check(rec, header, nsegs):
    """A snapshot record fit to start from: its base (the previous snapshot, or None: the start
    of the journal) is checked in form here; the snapshot's own state is then checked by folding
    the journal from the base up to it (replay below), which must give exactly that state."""
    from core.registry import load
    if not isinstance(rec, dict) or rec.get("t") != "snap" or rec.get("v") != FORMAT:
        return False
    if rec.get("g") != header["g"]:
        return False
    if not _place_ok(rec, nsegs):
        return False
    seg, seq = rec["seg"], rec["seq"]
    base = rec.get("base")
    if base is not None:
        if not isinstance(base, dict) or not _point_ok(base, header, nsegs, load(header["kind"])):
            return False
        if not base["seq"] < seq or base["seg"] > seg:
            return False
    segs = rec.get("segs")
    if not isinstance(segs, list) or len(segs) > seg:
        return False
    last = 0
    for e in segs:
        if (not isinstance(e, list) or len(e) != 3 or not journal.is_int(e[0])
                or not journal.is_int(e[1]) or not journal.is_int(e[2]) or e[2] < last):
            return False
        last = e[2]
    return True


def bare(snap):
    """A snapshot record without what only the file needs: the base of the next snapshot."""
    out = {}
    for k in ("g", "seq", "done", "undone", "state", "seg", "off", "lcrc"):
        out[k] = snap[k]
    return out


def point(snap):
    """The engine's snapshot() fields of a snapshot record (or of its base)."""
    return {"g": snap.get("g"), "seq": snap["seq"], "done": snap["done"],
            "undone": snap["undone"], "state": snap["state"]}


# journal.unseal's ids for a line that is not whole (a power cut's tail, or damage): the valid
# prefix ends there. Any other refusal of a sealed line means the game cannot be replayed.
TORN = ("E_LOG_UTF8", "E_LOG_CUT", "E_LOG_NO_CRC", "E_LOG_CRC")


class Damaged(Exception):
    """The fold from a snapshot's base needs a closed segment that no longer reads back."""


class Unplayable(Exception):
    """A game whose sealed header or events the validator or the rules refuse."""

    def __init__(self, why):
        super().__init__(why)
        self.why = why


def covered_ok(st, j, hlen, at):
    """`at`'s offset (a snapshot or its base) falls on a line boundary of its segment (cheap: CRCs only, no JSON,
    at most SEG_MAX bytes). A bad line before it is damage after the fact (a power cut only
    tears the end of the journal): noted in j.found_damage, the place still holds. Earlier
    segments are closed files never written again: their sizes and CRCs are on record in
    the snapshot (recovery.check_closed)."""
    seg = at["seg"]
    f = st.fs.open(j.path(seg), "rb")
    off = 0
    try:
        if seg == 0:
            f.readline(LINE_MAX)
            off = hlen
        limit = at["off"]
        while off < limit:
            line = f.readline(LINE_MAX)
            if not line:
                break
            if not journal.sealed_ok(line):
                j.found_damage = True
            off += len(line)
    finally:
        f.close()
    return off == limit


def replay(st, j, header, hlen, snap, nsegs, trust=False, eager=False):
    """Fold the journal from the snapshot's base (the previous snapshot, or the start) to its
    end. The fold must pass through the snapshot with exactly its state, else the snapshot is
    not trusted (None: the caller replays from the start). Returns (game, seg, offset where
    the valid prefix ends, [size, CRC, last seq] of the segments before that one). Undos and redos
    fold lazily (Game.replay); when the last fold cannot read an older segment back, the fold
    runs again `eager`, folding at every line, so that the valid prefix ends where it did."""
    # trust: start from the snapshot itself, unverified (its base cannot be folded because a
    # deep undo on the way needs an older segment that was damaged)
    start = snap if trust else (snap.get("base") if snap is not None else None)
    if start is not None and not _start_ok(st, j, hlen, start, snap):
        return None
    fold = _Fold(j, header, hlen, snap, start, snap is None or trust, eager)
    seg = start["seg"] if start else 0
    closed = []
    if snap is not None:
        for e in snap["segs"][:seg]:
            closed.append(e)    # the segments before the base: as on record
    if len(closed) != seg:
        return None
    while seg < nsegs and not fold.stop:
        j.seg = seg             # deep undo while replaying reads up to here
        if not fold.read(st, seg):
            return None
        if not fold.stop and seg + 1 < nsegs:
            closed.append(fold.closed(st, seg))
        seg += 1
    if not fold.verified:
        return None
    if not eager:
        try:
            fold.game.settle()
        except Refusal:         # a damaged older segment: find the line it stops at
            return replay(st, j, header, hlen, snap, nsegs, trust, True)
    j.seg = fold.end_seg
    return fold.game, fold.end_seg, fold.end_off, closed


def _start_ok(st, j, hlen, start, snap):
    """The fold may start at `start` (the snapshot's base, or the snapshot trusted): its offset
    falls on a line boundary, and no damage lies before it in the snapshot's own segment (the
    journal ends at the damage there)."""
    j.found_damage = False
    if not covered_ok(st, j, hlen, start):
        return False
    return not (j.found_damage and start["seg"] >= snap["seg"])


# What one line tells the fold (_Fold.line).
_ON = 0         # folded in: on to the next line
_END = 1        # the valid prefix ends before this line
_NOT = 2        # the snapshot (or its base) is not this journal's: replay() gives None


class _Fold:
    """replay()'s walk through the journal: the game folded so far, where the valid prefix ends,
    and what has been found on the way (the base's own line, the snapshot's state)."""

    def __init__(self, j, header, hlen, snap, start, verified, eager):
        self.j = j
        self.hlen = hlen
        self.snap = snap
        self.start = start
        self.eager = eager
        self.game = Game.resume(header, start and point(start), [], None, j.source)
        self.matched = start is None    # the base's own line read (from the start: none to read)
        self.verified = verified        # the fold passed through the snapshot with its state
        self.stop = False               # the valid prefix ended before the journal did
        self.lineno = 0
        self.end_seg = 0
        self.end_off = hlen
        self.off = 0                    # in the segment being read
        self.crc = 0                    # of that segment so far; None: on record in the snapshot

    def read(self, st, seg):
        """Fold one segment's lines; False when the snapshot is not this journal's."""
        f = self.open(st, seg)
        try:
            for line in lines_of(f):
                self.lineno += 1
                go = self.line(line, seg)
                if go == _NOT:
                    return False
                if go == _END:
                    self.stop = True
                    break
        finally:
            f.close()
        return self.matched

    def open(self, st, seg):
        """The segment, open where the fold reads it from: the base's line, or past the header."""
        f = st.fs.open(self.j.path(seg), "rb")
        self.off = 0
        self.crc = 0
        if not self.matched:
            self.off = self.start["off"]    # straight to the line the base was taken after
            f.seek(self.off)
            self.crc = None     # the segment's CRC comes from the record, not from here
        elif seg == 0:
            line = f.readline(LINE_MAX)
            self.off = self.hlen
            self.crc = binascii.crc32(line)
        return f

    def line(self, line, seg):
        try:
            rec = journal.unseal(line, self.lineno)
        except Refusal:
            return self.torn(seg)
        if not self.matched:
            return self.base_line(rec, line, seg)
        if not self.fold_in(rec):
            return _END
        if not self.verified and self.game.seq == self.snap["seq"]:
            if not self.at_snapshot(line, seg):
                return _NOT
            self.verified = True
        if self.crc is not None:
            self.crc = binascii.crc32(line, self.crc)
        self.off += len(line)
        self.end_seg, self.end_off = seg, self.off
        return _ON

    def torn(self, seg):
        """A line that is not whole: the journal's end (a power cut's tail), or, in a closed
        segment before the snapshot's, damage after the fact."""
        if not self.matched:
            return _NOT
        snap = self.snap
        if snap is not None and not self.verified and seg < snap["seg"]:
            raise Damaged()
        return _END

    def base_line(self, rec, line, seg):
        """The base's own line: same game, same seq, same CRC, else it is not this journal's
        snapshot."""
        start = self.start
        if (rec.get("g") != self.j.gid or rec.get("seq") != start["seq"]
                or journal.crc_field(line) != start.get("lcrc")):
            return _NOT
        self.off += len(line)
        self.matched = True
        self.end_seg, self.end_off = seg, self.off
        return _ON

    def fold_in(self, rec):
        """The event checked and folded into the game; False: the valid prefix ends at it (a
        power cut's tail, or garbage after it). Before the snapshot is verified a refusal is
        the snapshot's (maybe its base is what is wrong: the caller replays from the start), or
        a damaged closed segment's that a deep undo read."""
        game = self.game
        checking = self.snap is not None and not self.verified
        try:
            validate.check_event(rec, game.seq + 1, self.j.gid, self.lineno)
            game.replay(rec)
            if self.eager or not self.verified and game.seq == self.snap["seq"]:
                game.settle()   # a replayed undo folds lazily: here, its reading errors
        except journal.LogError as e:
            if e.msg_id in TORN and checking:
                raise Damaged()
            if checking:
                raise Unplayable("E_SNAP")
            return False
        except Refusal:
            if checking:
                raise Unplayable("E_SNAP")
            return False
        return True

    def at_snapshot(self, line, seg):
        """At the snapshot's seq the fold is at its place, with its line, stacks and state."""
        snap = self.snap
        game = self.game
        return (seg == snap["seg"] and self.off == snap["off"]
                and journal.crc_field(line) == snap["lcrc"] and game.done == snap["done"]
                and game.undone == snap["undone"] and game.state == snap["state"])

    def closed(self, st, seg):
        """[size, CRC, last seq] of the segment just read, now closed behind the fold."""
        if self.crc is not None:
            return [self.off, self.crc & 0xFFFFFFFF, self.game.seq]
        if seg < len(self.snap["segs"]):
            return self.snap["segs"][seg]
        return [self.off, file_crc(st.fs, self.j.path(seg), self.off) or 0, self.game.seq]
