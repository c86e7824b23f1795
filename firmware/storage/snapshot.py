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
    gid = j.gid
    # trust: start from the snapshot itself, unverified (its base cannot be folded because a
    # deep undo on the way needs an older segment that was damaged)
    start = snap if trust else (snap.get("base") if snap is not None else None)
    if start is not None:
        j.found_damage = False
        if not covered_ok(st, j, hlen, start):
            return None
        if j.found_damage and start["seg"] >= snap["seg"]:
            return None         # the snapshot's own segment: the journal ends at the damage
    game = Game.resume(header, start and point(start), [], None, j.source)
    seg = start["seg"] if start else 0
    closed = []
    if snap is not None:
        for e in snap["segs"][:seg]:
            closed.append(e)    # the segments before the base: as on record
    if len(closed) != seg:
        return None
    end_seg, end_off = 0, hlen
    matched = start is None
    verified = snap is None or trust
    lineno = 0
    stop = False
    while seg < nsegs and not stop:
        j.seg = seg             # deep undo while replaying reads up to here
        f = st.fs.open(j.path(seg), "rb")
        off = 0
        crc = 0
        if not matched:
            off = start["off"]  # straight to the line the base was taken after
            f.seek(off)
            crc = None          # the segment's CRC comes from the record, not from here
        elif seg == 0:
            line = f.readline(LINE_MAX)
            off = hlen
            crc = binascii.crc32(line)
        try:
            for line in lines_of(f):
                lineno += 1
                try:
                    rec = journal.unseal(line, lineno)
                except Refusal:
                    if not matched:
                        return None
                    if snap is not None and not verified and seg < snap["seg"]:
                        raise Damaged()  # a closed segment before the snapshot's
                    stop = True
                    break
                if not matched:
                    # the base's own line: same game, same seq, same CRC, else it is not
                    # this journal's snapshot
                    if (rec.get("g") != gid or rec.get("seq") != start["seq"]
                            or journal.crc_field(line) != start.get("lcrc")):
                        return None
                    off += len(line)
                    matched = True
                    end_seg, end_off = seg, off
                    continue
                try:
                    validate.check_event(rec, game.seq + 1, gid, lineno)
                    game.replay(rec)
                    if eager or not verified and game.seq == snap["seq"]:
                        game.settle()   # a replayed undo folds lazily: here, its reading errors
                except journal.LogError as e:
                    if e.msg_id in TORN and snap is not None and not verified:
                        raise Damaged()  # a deep undo read a damaged closed segment
                    if snap is not None and not verified:
                        raise Unplayable("E_SNAP")
                    stop = True
                    break
                except Refusal:
                    if snap is not None and not verified:
                        # maybe the snapshot's base is what is wrong: replay from the start
                        raise Unplayable("E_SNAP")
                    # the valid prefix ends here (a power cut's tail, or garbage after it)
                    stop = True
                    break
                if not verified and game.seq == snap["seq"]:
                    if (seg != snap["seg"] or off != snap["off"]
                            or journal.crc_field(line) != snap["lcrc"] or game.done != snap["done"]
                            or game.undone != snap["undone"] or game.state != snap["state"]):
                        return None
                    verified = True
                if crc is not None:
                    crc = binascii.crc32(line, crc)
                off += len(line)
                end_seg, end_off = seg, off
        finally:
            f.close()
        if not matched:
            return None
        if not stop and seg + 1 < nsegs:
            if crc is None:
                if seg < len(snap["segs"]):
                    closed.append(snap["segs"][seg])
                else:
                    closed.append([off, file_crc(st.fs, j.path(seg), off) or 0, game.seq])
            else:
                closed.append([off, crc & 0xFFFFFFFF, game.seq])
        seg += 1
    if not verified:
        return None
    if not eager:
        try:
            game.settle()
        except Refusal:         # a damaged older segment: find the line it stops at
            return replay(st, j, header, hlen, snap, nsegs, trust, True)
    j.seg = end_seg
    return game, end_seg, end_off, closed


