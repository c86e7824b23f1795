# Recovery at power-up (and when a game is opened or listed): the longest valid prefix of a
# game's journal, its snapshot checked by folding from the snapshot's base, damaged closed
# segments counted, games that cannot be replayed set aside. Imported only while the Store
# recovers and forgotten after (RAM on the Pico); the design is in docs/storage.md.
import binascii

from scoreboard import journal, layout, snapshot
from scoreboard import store as _store
from scoreboard.engine import Game
from scoreboard.errors import Refusal

LINE_MAX = _store.LINE_MAX
SNAP_MAX = _store.SNAP_MAX
SET_ASIDE = "aside"             # what load_listed() returns for a game it moved aside


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


def load_safe(st, stem, segs, repair):
    """load() that never raises: a game that cannot be replayed is set aside, a flash that
    cannot be read (or no heap for it) just skips it (the device must reach its start screen)."""
    game = load_listed(st, stem, segs, repair)
    return None if game is SET_ASIDE else game


def read_header(st, path):
    f = st.fs.open(path, "rb")
    try:
        line = f.readline(LINE_MAX)
    finally:
        f.close()
    return line, journal.check_header(journal.unseal(line, 1), 1)


def read_snap(st, stem, header, nsegs):
    """The snapshot record when it can be trusted in form (format, fields, the state's shape
    and the rules' own reading of it); None otherwise: the journal is replayed instead."""
    try:
        f = st.fs.open("%s/%s" % (st.root, layout.snap(stem)), "rb")
    except OSError:
        return None
    try:
        line = f.readline(SNAP_MAX)
        rec = journal.unseal(line)
        if snapshot.check(rec, header, nsegs):
            return rec
    except OSError:
        raise
    except Exception:       # MemoryError included: a snapshot too big for the heap is not used
        pass
    finally:
        f.close()
    return None


def load(st, stem, segs, repair):
    """Recover one game: the longest valid prefix of its journal. Returns the Game (its sink
    attached when `repair`) or None when the files hold no game. Raises Unplayable when a
    sealed header is refused (the caller sets the game aside)."""
    gid = stem[stem.find("-") + 1:]
    nsegs = 0
    while nsegs < len(segs) and segs[nsegs] == nsegs:
        nsegs += 1              # only 0, 1, 2, ... without a gap count
    j = _store._Journal(st, stem, gid)
    if nsegs == 0:
        return None
    try:
        hline, header = read_header(st, j.path(0))
    except journal.LogError as e:
        if e.msg_id in TORN:
            hline, header = None, None
        else:               # a sealed header the validator refuses: no replay is possible
            raise Unplayable(e.msg_id == "E_LOG_HEADER" and e.info.get("why") or e.msg_id)
    except (OSError, Refusal):
        hline, header = None, None
    if header is not None and header.get("g") != gid:
        raise Unplayable("E_LOG_GAME")
    if header is None:
        # No committed header: create() never returned. Only such a torn creation is removed.
        if repair and nsegs == 1 and len(segs) == 1 and b"\n" not in head(st, j.path(0)):
            st._remove(layout.segment(stem, 0))
            st._remove(layout.snap(stem))
        return None
    snap = read_snap(st, stem, header, nsegs)
    res = None
    damaged = False
    if snap is not None:
        try:
            res = replay(st, j, header, len(hline), snap, nsegs)
        except Damaged:
            # an older, closed segment can no longer back the snapshot: resume from it as it
            # is (the screen says how many presses the journal lost) rather than cut the
            # journal short there. Damage in the snapshot's own segment is the journal's end
            # as before (a power cut can only have touched that one).
            damaged = True
            j.found_damage = False
            if covered_ok(st, j, len(hline), snap) and not j.found_damage:
                try:
                    res = replay(st, j, header, len(hline), snap, nsegs, True)
                except OSError:
                    raise
                except Exception:
                    res = None
            j.found_damage = True
        except OSError:
            raise
        except Exception:   # Unplayable, a fault from a state that only looked right, or
            res = None      # no heap for the snapshot's fold: the journal from its start
    if res is None:             # no usable snapshot: replay the journal from its start
        snap = None
        res = replay(st, j, header, len(hline), None, nsegs)
    game, end_seg, end_off, closed = res
    listed = st._listed
    dropped = 0
    sizes = []
    for i in range(len(segs)):
        s = segs[i]
        size = listed.get(layout.segment(stem, s)) if listed else None
        if size is None:
            if i < nsegs and s < end_seg and s < len(closed):
                size = closed[s][0]     # a closed segment: its size is on record
            else:
                size = st._size(j.path(s)) or 0
        sizes.append(size)
        if s > end_seg or i >= nsegs:
            dropped += size
        elif s == end_seg:
            dropped += size - end_off
    j.seg = end_seg
    j.size = end_off
    j.last_seq = game.seq
    j.closed = closed[:end_seg]
    j.snap_seq = snap["seq"] if snap else 0
    j.drop_snap = snap is None
    j.segs = segs
    if repair:
        st._close_all()
        st.last_recovery = {"events": game.seq, "dropped_bytes": dropped}
        st.damaged = check_closed(st, j, sizes, damaged or j.found_damage)
        if dropped or snap is None:
            try:
                st._repair(j)
            except Refusal:
                pass            # j.broken: the game is shown, nothing is appended to it
        game.sink = j.sink
        st._open[gid] = j
        # the next snapshot folds from here: the verified snapshot (the fold from it reaches
        # the end of the journal), or after a full replay the state now
        j.base = snapshot.bare(snap) if snap is not None else here(st, j, game)
    game.store_bytes = st._total(sizes) - dropped
    return game


def check_closed(st, j, sizes, every=False):
    """Closed segments are never written again: one whose size differs from the record, or
    (one per boot, picked at random, to keep the boot short: reading them all costs as much
    as the rest of a long game's resume) whose CRC differs, was damaged after it was closed. Returns None or {"segments", "presses"}: the presses no longer backed."""
    closed = j.closed
    if not closed:
        return None
    bad = []
    for s in range(len(closed)):
        if s < len(sizes) and sizes[s] != closed[s][0]:
            bad.append(s)
    turns = range(len(closed)) if every else [_store._pick(len(closed))]
    for turn in turns:
        if turn not in bad and st._file_crc(j.path(turn), closed[turn][0]) != closed[turn][1]:
            bad.append(turn)
    if not bad:
        return None
    presses = 0
    for s in bad:
        presses += closed[s][2] - (closed[s - 1][2] if s > 0 else 0)
    return {"segments": len(bad), "presses": presses}


def here(st, j, game):
    """The game's point now (state + where its last line is): the base of the next snapshot."""
    if game.seq == 0:
        return None
    last = st._last_line(j)
    if last is None:
        return None
    rec = game.snapshot()
    rec["seg"] = j.seg
    rec["off"] = last[0]
    rec["lcrc"] = last[1]
    return rec


def head(st, path):
    try:
        f = st.fs.open(path, "rb")
    except OSError:
        return b""
    try:
        return f.read(LINE_MAX)
    finally:
        f.close()


def covered_ok(st, j, hlen, point):
    """`point`'s offset falls on a line boundary of its segment (cheap: CRCs only, no JSON,
    at most SEG_MAX bytes). A bad line before it is damage after the fact (a power cut only
    tears the end of the journal): noted in j.found_damage, the point still holds. Earlier
    segments are closed files never written again: their sizes and CRCs are on record in
    the snapshot (_check_closed)."""
    seg = point["seg"]
    f = st.fs.open(j.path(seg), "rb")
    off = 0
    try:
        if seg == 0:
            f.readline(LINE_MAX)
            off = hlen
        limit = point["off"]
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


def replay(st, j, header, hlen, snap, nsegs, trust=False):
    """Fold the journal from the snapshot's base (the previous snapshot, or the start) to its
    end. The fold must pass through the snapshot with exactly its state, else the snapshot is
    not trusted (None: the caller replays from the start). Returns (game, seg, offset where
    the valid prefix ends, [size, CRC, last seq] of the segments before that one)."""
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
    game = Game.resume(header, start and snapshot.point(start), [], None, j.source)
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
            for line in _store.lines_of(f):
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
                    journal.check_event(rec, game.seq + 1, gid, lineno)
                    game.replay(rec)
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
                    closed.append([off, st._file_crc(j.path(seg), off) or 0, game.seq])
            else:
                closed.append([off, crc & 0xFFFFFFFF, game.seq])
        seg += 1
    if not verified:
        return None
    j.seg = end_seg
    return game, end_seg, end_off, closed


def put_aside(st, stem, segs, why):
    """Move a game that cannot be replayed into aside/, whole (the export copies it and names
    the refused line); the boot screen says so. When the move fails it is skipped."""
    st._open.pop(stem[stem.find("-") + 1:], None)
    d = "%s/%s" % (st.root, layout.ASIDE)
    try:
        st.fs.mkdir(d)
    except OSError:
        pass
    names = [layout.snap(stem)] + [layout.segment(stem, s) for s in segs]
    moved = True
    for name in names:
        try:
            st.fs.rename("%s/%s" % (st.root, name), "%s/%s" % (d, name))
        except OSError:
            if st._size("%s/%s" % (st.root, name)) is not None:
                moved = False
    if not moved:
        st._skip[stem] = why
    st.set_aside.append((stem[stem.find("-") + 1:], why))


def load_listed(st, stem, segs, repair=False):
    """For the list of games: the game as it reads (no repair), None when it does not read, or
    SET_ASIDE when it cannot be replayed (moved aside, left out of the list)."""
    if stem in st._skip:
        return SET_ASIDE
    try:
        return load(st, stem, segs, repair)
    except Unplayable as u:
        put_aside(st, stem, segs, u.why)
        return SET_ASIDE
    except Exception:       # OSError, MemoryError, or a fault nobody foresaw: never the boot's end
        return None
