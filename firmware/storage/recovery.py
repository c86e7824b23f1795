# Recovery at power-up (and when a game is opened or listed): the longest valid prefix of a
# game's journal (the fold: snapshot.py), its snapshot checked, damaged closed segments counted,
# the files cut back to the prefix (repair.py), games that cannot be replayed set aside. Imported
# only while the Store recovers and forgotten after (RAM on the Pico); design: docs/storage.md.
from core import journal, validate
from storage import layout, snapshot
from core.errors import Refusal
from storage.fsio import LINE_MAX, file_crc, size
from storage.segments import Segments
from storage.snapshot import TORN, Damaged, Unplayable, covered_ok, replay

SET_ASIDE = "aside"             # what load_listed() returns for a game it moved aside


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
    return line, validate.check_header(journal.unseal(line, 1), 1)


def read_snap(st, stem, header, nsegs):
    """The snapshot record when it can be trusted in form (format, fields, the state's shape
    and the rules' own reading of it); None otherwise: the journal is replayed instead."""
    try:
        f = st.fs.open("%s/%s" % (st.root, layout.snap(stem)), "rb")
    except OSError:
        return None
    try:
        line = f.readline(snapshot.SNAP_MAX)
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
    gid = layout.game_id(stem)
    nsegs = 0
    while nsegs < len(segs) and segs[nsegs] == nsegs:
        nsegs += 1              # only 0, 1, 2, ... without a gap count
    j = Segments(st, stem, gid)
    if nsegs == 0:
        return None
    hline, header = _header(st, j, gid)
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
            damaged = True
            res = _replay_damaged(st, j, header, len(hline), snap, nsegs)
        except OSError:
            raise
        except Exception:   # Unplayable, a fault from a state that only looked right, or
            res = None      # no heap for the snapshot's fold: the journal from its start
    if res is None:             # no usable snapshot: replay the journal from its start
        snap = None
        res = replay(st, j, header, len(hline), None, nsegs)
    game, end_seg, end_off, closed = res
    sizes = _sizes(st, j, segs, nsegs, end_seg, closed)
    dropped = _dropped(segs, sizes, nsegs, end_seg, end_off)
    j.seg = end_seg
    j.size = end_off
    j.last_seq = game.seq
    j.closed = closed[:end_seg]
    j.snap_seq = snap["seq"] if snap else 0
    j.drop_snap = snap is None
    j.segs = segs
    if repair:
        _take_over(st, j, game, snap, sizes, dropped, damaged)
    game.store_bytes = sum(sizes) - dropped
    return game


def _header(st, j, gid):
    """(header line, header) of segment 0; (None, None) when it holds no whole line (a torn
    creation) or cannot be read. A sealed header the validator refuses, or another game's,
    raises Unplayable: no replay is possible."""
    try:
        hline, header = read_header(st, j.path(0))
    except journal.LogError as e:
        if e.msg_id in TORN:
            return None, None
        raise Unplayable(e.msg_id == "E_LOG_HEADER" and e.info.get("why") or e.msg_id)
    except (OSError, Refusal):
        return None, None
    if header is not None and header.get("g") != gid:
        raise Unplayable("E_LOG_GAME")
    return hline, header


def _replay_damaged(st, j, header, hlen, snap, nsegs):
    """An older, closed segment can no longer back the snapshot: resume from it as it is (the
    screen says how many presses the journal lost) rather than cut the journal short there.
    Damage in the snapshot's own segment is the journal's end as before (a power cut can only
    have touched that one). None: the journal is replayed from its start."""
    res = None
    j.found_damage = False
    if covered_ok(st, j, hlen, snap) and not j.found_damage:
        try:
            res = replay(st, j, header, hlen, snap, nsegs, True)
        except OSError:
            raise
        except Exception:
            res = None
    j.found_damage = True
    return res


def _sizes(st, j, segs, nsegs, end_seg, closed):
    """Each segment file's size: from the store's listing, else (a closed segment) its record,
    else the file's."""
    listed = st._listed
    sizes = []
    for i in range(len(segs)):
        s = segs[i]
        n = listed.get(layout.segment(j.stem, s)) if listed else None
        if n is None:
            if i < nsegs and s < end_seg and s < len(closed):
                n = closed[s][0]        # a closed segment: its size is on record
            else:
                n = size(st.fs, j.path(s)) or 0
        sizes.append(n)
    return sizes


def _dropped(segs, sizes, nsegs, end_seg, end_off):
    """The bytes past the valid prefix: the end segment's tail, later segments, and those after
    a gap."""
    dropped = 0
    for i in range(len(segs)):
        s = segs[i]
        if s > end_seg or i >= nsegs:
            dropped += sizes[i]
        elif s == end_seg:
            dropped += sizes[i] - end_off
    return dropped


def _take_over(st, j, game, snap, sizes, dropped, damaged):
    """The recovered game becomes the store's open game: what recovery found recorded, the files
    cut back to the valid prefix, the sink attached."""
    st._close_all()
    st.last_recovery = {"events": game.seq, "dropped_bytes": dropped}
    st.damaged = check_closed(st, j, sizes, damaged or j.found_damage)
    if dropped or snap is None:
        from storage.repair import cut_back   # only when the files may need it
        try:
            cut_back(st, j)
        except Refusal:
            pass            # j.broken: the game is shown, nothing is appended to it
    game.sink = j.sink
    st._open[j.gid] = j
    # the next snapshot folds from here: the verified snapshot (the fold from it reaches
    # the end of the journal), or after a full replay the state now
    j.base = snapshot.bare(snap) if snap is not None else here(st, j, game)


def _pick(n):
    """A random index below n: the closed segment whose CRC this boot checks."""
    import os
    try:
        r = os.urandom(2)
        return (r[0] << 8 | r[1]) % n
    except Exception:
        import time
        return (time.ticks_ms() if hasattr(time, "ticks_ms") else int(time.time() * 1000)) % n


def check_closed(st, j, sizes, every=False):
    """Closed segments are never written again: one whose size differs from the record, or
    (one per boot, picked at random, to keep the boot short: reading them all costs as much
    as the rest of a long game's resume) whose CRC differs, was damaged after it was closed.
    Returns None or {"segments", "presses"}: the presses no longer backed."""
    closed = j.closed
    if not closed:
        return None
    bad = []
    for s in range(len(closed)):
        if s < len(sizes) and sizes[s] != closed[s][0]:
            bad.append(s)
    turns = range(len(closed)) if every else [_pick(len(closed))]
    for turn in turns:
        if turn not in bad and file_crc(st.fs, j.path(turn), closed[turn][0]) != closed[turn][1]:
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
    last = j.last_line()
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


def put_aside(st, stem, segs, why):
    """Move a game that cannot be replayed into aside/, whole (the export copies it and names
    the refused line); the boot screen says so. When the move fails it is skipped."""
    st._open.pop(layout.game_id(stem), None)
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
            if size(st.fs, "%s/%s" % (st.root, name)) is not None:
                moved = False
    if not moved:
        st._skip[stem] = why
    st.set_aside.append((layout.game_id(stem), why))


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


def _each_listed(st):
    """(stem, its segments, the game as load_listed reads it) of every game, newest first; the
    Store's open game keeps its Segments."""
    st._listed = None
    stems, cat = st._stems_newest_first()
    for stem in stems:
        gid = layout.game_id(stem)
        j = st._open.get(gid)
        game = load_listed(st, stem, cat[stem])
        if j is not None:
            st._open[gid] = j
        yield stem, cat[stem], game


def listed(st):
    """Store.games(): every game of the folder as the saved games' list shows it, newest first."""
    out = []
    for stem, segs, game in _each_listed(st):
        if game is SET_ASIDE:
            continue
        if game is None:
            paths = ["%s/%s" % (st.root, layout.segment(stem, s)) for s in segs]
            out.append({"key": stem, "id": layout.game_id(stem), "kind": None, "seq": 0, "over": False,
                        "bytes": sum([size(st.fs, p) or 0 for p in paths]),
                        "n": layout.number(stem)})
            continue
        # seats, settings and state: the games list shows players, round and progress
        out.append({"key": stem, "id": layout.game_id(stem), "kind": game.header["kind"],
                    "seq": game.seq, "over": game.is_over(), "bytes": game.store_bytes,
                    "n": layout.number(stem), "seats": game.header["seats"],
                    "settings": game.settings, "state": game.state})
    return out


def each_standings(st):
    """Store.each_standings(): (seats, over, standings) of each game that reads, one at a time."""
    for _stem, _segs, game in _each_listed(st):
        if game is None or game is SET_ASIDE:
            continue
        row = (game.header["seats"], game.is_over(), game.standings())
        game = None
        yield row
