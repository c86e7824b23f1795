# Snapshots on the flash: the record's format and the checks a snapshot passes before a boot
# starts from it (docs/storage.md, "Recovery"). The journal stays the truth: a snapshot only
# saves folding it from the start, and the store still folds from the snapshot's base to it.
from scoreboard import journal

FORMAT = journal.SNAP_FORMAT


def _like(v, t, depth):
    """v has the shape of the rules' initial value t: every key of t, values of t's types (None
    allowed where the rules put something later), extra keys only plain JSON values."""
    if t is None:
        return journal._plain(v, depth)
    if v is None:
        return not isinstance(t, (dict, list))
    if isinstance(t, bool):
        return isinstance(v, bool)
    if isinstance(t, int):
        return isinstance(v, int) and not isinstance(v, bool)
    if isinstance(t, str):
        return isinstance(v, str) and journal._text_ok(v)
    if depth <= 0:
        return False
    if isinstance(t, dict):
        if not isinstance(v, dict):
            return False
        for k in t:
            if k not in v or not _like(v[k], t[k], depth - 1):
                return False
        for k in v:
            if k not in t and not journal._plain(v[k], depth - 1):
                return False
        return True
    if isinstance(t, list):
        if not isinstance(v, list):
            return False
        if not t:
            return journal._plain(v, depth)
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
        if not journal._is_int(a) or not journal._is_int(b) or not last < a <= b <= seq:
            return False
        last = b
    return True


def _place_ok(rec, nsegs):
    """Where a state sits in the journal, in form: its segment, seq, offset and the line's crc."""
    seg, seq, off = rec.get("seg"), rec.get("seq"), rec.get("off")
    if not journal._is_int(seg) or not 0 <= seg < nsegs:
        return False
    if not journal._is_int(seq) or seq < 1 or not journal._is_int(off) or off < 0:
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
    undone = rec.get("undone")
    if not isinstance(undone, list):
        return False
    for r in undone:
        journal.check_record(r, header["g"])      # raises: not trusted
        if not 1 <= r["seq"] <= seq:
            return False
    nseats = len(header["seats"])
    state = rec.get("state")
    if not _like(state, rules.initial_state(header["settings"], nseats), 6):
        return False
    rules.is_over(state)
    for e in rules.standings(state):
        if not 0 <= e["seat"] < nseats or not journal._is_int(e["score"]):
            return False
    return True


def check(rec, header, nsegs):
    """A snapshot record fit to start from: its base (the previous snapshot, or None: the start
    of the journal) is checked in form here; the snapshot's own state is then checked by folding
    the journal from the base up to it (Store._replay), which must give exactly that state."""
    from scoreboard.games import load
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
        if (not isinstance(e, list) or len(e) != 3 or not journal._is_int(e[0])
                or not journal._is_int(e[1]) or not journal._is_int(e[2]) or e[2] < last):
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
