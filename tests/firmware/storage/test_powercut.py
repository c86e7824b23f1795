# The Store on real littlefs (littlefs-python, the Pico's geometry and mount options) with the power
# cut after every N-th program/erase operation of a whole game with snapshots and rotation: the
# filesystem must mount again and the game resume with nothing committed lost.
#
# A run up to the cut is the same run as without the cut, so the game is played once while every
# program/erase is traced; the flash as it was when the power went at operation N is the first N
# operations applied to the starting image (+ a torn part of operation N+1 when it is a program).
# A few real cuts (the device failing every operation from the N+1-th on, mid-run) check that
# equivalence byte for byte.
import time

import warnings

import pytest

from lfs_device import PICO, Flash, LfsFs, Raw, apply_op, mount
from storage import store as store_mod
from storage import wal
NONCE = wal.nonce
from core.errors import Refusal
from storage.store import Store
from store_play import LONG_SETTINGS, SEATS, long_script, play, reference

import game_data

BS = PICO["block_size"]
NBLOCKS = PICO["block_count"]
SEG = 4096          # rotation several times within one game
SNAP = 16
# The games come from tests/kinds/<kind>/data.py: the real cuts play the game with role "power cut", the
# sweep every game (those with POWER_CUT_QUICK in the quick run, the others marked slow), a night's
# wear each game's WEAR_SEEDS, a tiny full flash and the shipped sizes the "power cut full flash"
# and "power cut shipped sizes" games.
KIND = game_data.for_role("power cut")   # the game the real cuts use
SWEEP_KINDS = tuple(game_data.kinds())
PROG = PICO["prog_size"]
TEAR_AT = (1, 37, 128, 200, 255)   # bytes of a 256-byte page that land before the power goes
FIGURES = {}


def _blank(nblocks=NBLOCKS):
    flash = Flash(nblocks * BS)
    fs = mount(flash, nblocks, format_if_needed=True)
    fs.unmount()
    return bytes(flash.buffer)


@pytest.fixture(autouse=True)
def _random_marks_after():
    yield
    wal.nonce = NONCE


def _counted_marks():
    """The write-ahead blocks' marks the same in every run of a game (from its boot on)."""
    marks = iter(range(1, 10 ** 6))
    wal.nonce = lambda: "%08x" % next(marks)


def _fixed_id(gid):
    saved = store_mod.new_game_id
    store_mod.new_game_id = lambda: gid
    return saved


REST_EVERY = 5      # with the write-ahead block: the table rests after every 5th change


def _fs(flash, fs, ahead):
    """The Store's filesystem: with `ahead`, the block device under it too (storage/wal.py)."""
    return LfsFs(fs, raw=Raw(flash) if ahead else None)


class Trace:
    """One whole game on littlefs, every program/erase traced, the commit points noted. With
    `ahead` the presses go to the write-ahead block, and the table rests every REST_EVERY changes
    (Store.idle: snapshots, the block folded and made ready)."""

    def __init__(self, kind, ops, gid="c0ffee01", ahead=False):
        self.kind = kind
        self.ahead = ahead
        self.base = _blank()
        self.trace = []
        flash = Flash(0, buffer=self.base, trace=self.trace)
        self.flash = flash
        fs = mount(flash)
        _counted_marks()
        st = Store(_fs(flash, fs, ahead), seg_max=SEG, snap_every=SNAP)
        saved = _fixed_id(gid)
        try:
            game = st.create(kind, SEATS[kind], LONG_SETTINGS[kind])
        finally:
            store_mod.new_game_id = saved
        self.gid = gid
        self.commit = {0: flash.ops()}         # seq -> operations done when it was committed
        self.snap_seqs = []
        self.rotations = 0
        seg = 0
        self.ahead_lines = 0
        for n, op in enumerate(ops, 1):
            held = st.ahead.lines if ahead else 0
            play(game, op)
            self.commit[game.seq] = flash.ops()
            if ahead and st.ahead.lines > held:
                self.ahead_lines += 1
            if st.after_change(game, at_rest=ahead):
                self.snap_seqs.append(game.seq)
            if ahead and n % REST_EVERY == 0:
                if st.idle():
                    self.snap_seqs.append(game.seq)
            j = st._open[gid]
            if j.seg != seg:
                seg = j.seg
                self.rotations += 1
        fs.unmount()
        self.ops = ops
        self.final_seq = game.seq
        self.ref = reference(kind, ops, gid)
        self.erases = flash.erases
        self.progs = flash.progs

    def committed(self, n):
        best = -1
        for seq, at in self.commit.items():
            if at <= n and seq > best:
                best = seq
        return best


_TRACE = {}


def trace(kind=KIND, ahead=False):
    if (kind, ahead) not in _TRACE:
        own = getattr(game_data.of(kind), "power_cut_script", None)   # its own long game, if any
        ops = own(250, 21) if own else long_script(kind, 250, seed=21)
        _TRACE[kind, ahead] = Trace(kind, ops, ahead=ahead)
    return _TRACE[kind, ahead]


def _tear(length, k):
    """Where a program of `length` bytes is cut: inside one of its 256-byte pages, at a place
    that moves from point to point (first, middle and last bytes of a page all occur)."""
    pages = max(1, length // PROG)
    page = (k * 7) % pages
    return min(length - 1, page * PROG + TEAR_AT[k % len(TEAR_AT)])


def _resume_and_check(image, t, n, extra):
    """Mount the image left by a cut after n operations; the game must be there."""
    flash = Flash(0, buffer=image)
    fs = mount(flash)                      # raises if it will not mount
    st = Store(_fs(flash, fs, t.ahead), seg_max=SEG, snap_every=SNAP)
    want = t.committed(n)
    game = st.open_game(t.gid)
    if want < 0:
        # create() had not returned: no game, or the header made it (seq 0)
        assert game is None or game.seq == 0
        return 0
    assert game is not None, n
    lost = want - game.seq if game.seq < want else 0
    assert game.seq in (want, want + 1), (n, game.seq, want)   # + the press in flight
    assert game.snapshot() == t.ref[game.seq], n
    if extra and game.seq < len(t.ops):
        # the journal takes more presses, and they survive a clean power cycle
        for op in t.ops[game.seq:game.seq + 2]:
            play(game, op)
            st.after_change(game)
        seq = game.seq
        fs.unmount()
        flash = Flash(0, buffer=flash.buffer)
        fs = mount(flash)
        again = Store(_fs(flash, fs, t.ahead), seg_max=SEG, snap_every=SNAP).open_game(t.gid)
        assert again.seq == seq and again.snapshot() == t.ref[seq]
    return lost


@pytest.mark.parametrize("ahead", [False, True], ids=["littlefs", "write-ahead"])
@pytest.mark.parametrize("kind", [k if getattr(game_data.of(k), "POWER_CUT_QUICK", False)
                                  else pytest.param(k, marks=pytest.mark.slow) for k in SWEEP_KINDS])
def test_power_cut_sweep_on_littlefs(kind, ahead):
    """Every operation of the whole game is a cut point (twice for a program: not landed, and
    landed half-way); with the write-ahead block, its programs, folds and fresh blocks too."""
    t = trace(kind, ahead)
    total = len(t.trace)
    assert t.rotations >= 2 and len(t.snap_seqs) >= 5
    if ahead:       # most changes went to the block (the others: before a rest made one ready)
        assert t.ahead_lines >= len(t.ops) // 2, (t.ahead_lines, len(t.ops))
    points = range(total + 1)
    image = bytearray(t.base)
    done = 0
    tried = mount_failed = lost = torn_tried = 0
    t0 = time.time()
    for k, n in enumerate(points):
        while done < n:
            apply_op(image, t.trace[done], BS)
            done += 1
        variants = [None]
        if n < total and t.trace[n][0] == "p":
            variants.append(_tear(len(t.trace[n][3]), k))   # the program in flight lands in part
        for torn in variants:
            img = bytearray(image)
            if torn is not None:
                apply_op(img, t.trace[n], BS, torn=torn)
                torn_tried += 1
            tried += 1
            try:
                lost += _resume_and_check(img, t, n, extra=(k % 10 == 0))
            except Exception as e:
                if type(e).__name__ == "LittleFSError":
                    mount_failed += 1
                    continue
                raise
    secs = time.time() - t0
    FIGURES["sweep:" + kind + (":ahead" if ahead else "")] = (tried, torn_tried, mount_failed, lost, total)
    print("\n[%s%s] littlefs power-loss points tried %d (%d with a torn program) of %d operations "
          "(%d events, %d snapshots, %d rotations): mounts that failed %d, committed events "
          "lost %d, %.1f s"
          % (kind, " write-ahead" if ahead else "", tried, torn_tried, total, t.final_seq, len(t.snap_seqs), t.rotations,
             mount_failed, lost, secs))
    assert mount_failed == 0 and lost == 0


@pytest.mark.parametrize("ahead", [False, True], ids=["littlefs", "write-ahead"])
def test_real_cuts_match_the_trace(ahead):
    """The device really losing power mid-run leaves exactly the traced image."""
    t = trace(ahead=ahead)
    total = len(t.trace)
    for n in (0, 3, 17, 40, 111, total // 3, total // 2, total - 7):
        flash = Flash(0, buffer=t.base, cut_after=n)
        try:
            fs = mount(flash)
            _counted_marks()
            st = Store(_fs(flash, fs, ahead), seg_max=SEG, snap_every=SNAP)
            saved = _fixed_id(t.gid)
            try:
                game = st.create(KIND, SEATS[KIND], LONG_SETTINGS[KIND])
            finally:
                store_mod.new_game_id = saved
            for n_op, op in enumerate(t.ops, 1):
                play(game, op)
                st.after_change(game, at_rest=ahead)
                if ahead and n_op % REST_EVERY == 0:
                    st.idle()
        except BaseException:
            # littlefs-python reports a callback's exception as an I/O error; whatever surfaces,
            # the supply is gone from the cut on
            pass
        assert flash.dead, "no cut at %d" % n
        image = bytearray(t.base)
        for op in t.trace[:n]:
            apply_op(image, op, BS)
        assert bytes(flash.buffer) == bytes(image), n
        _resume_and_check(bytearray(flash.buffer), t, n, extra=True)


@pytest.mark.parametrize("ahead", [False, True], ids=["littlefs", "write-ahead"])
def test_erases_per_event_and_flash_life(ahead):
    """Pico geometry, the Store's own defaults (segments, snapshots), a night of several games;
    with the write-ahead block the table rests every REST_EVERY changes, as the App lets it."""
    flash = Flash(0, buffer=_blank())
    fs = mount(flash)
    st = Store(_fs(flash, fs, ahead))
    events = 0
    e0, p0 = flash.erases, flash.progs
    night = sorted(((seed, kind) for kind in game_data.kinds()
                    for seed in getattr(game_data.of(kind), "WEAR_SEEDS", ())))
    for seed, kind in night:
        ops = long_script(kind, 400, seed)
        game = st.create(kind, SEATS[kind], LONG_SETTINGS.get(kind))
        for n, op in enumerate(ops, 1):
            play(game, op)
            st.after_change(game, at_rest=ahead)
            if ahead and n % REST_EVERY == 0:
                st.idle()
            events += 1
    erases = flash.erases - e0
    progs = flash.progs - p0
    per = float(erases) / events
    budget = NBLOCKS * 100000               # erase cycles, wear-levelled over every block
    nights = budget / (per * 2000)
    FIGURES["wear" + (":ahead" if ahead else "")] = (events, erases, progs, per, nights)
    print("\n%serases per committed event %.3f, programs per event %.2f (%d events); flash life at "
          "2,000 events a night: %.0f nights (%.0f years of nightly play)"
          % ("write-ahead: " if ahead else "", per, float(progs) / events, events, nights, nights / 365.0))
    assert per < (1 if ahead else 3)


@pytest.mark.parametrize("reserve,low", [(2, 6), (0, 1)])
def test_full_littlefs_warns_refuses_and_never_corrupts(reserve, low):
    """A tiny littlefs (24 blocks). reserve=0 lets littlefs itself run out (ENOSPC mid-write)."""
    nb = 24
    flash = Flash(0, buffer=_blank(nb))
    fs = mount(flash, nb)
    st = Store(LfsFs(fs), seg_max=SEG, snap_every=SNAP, reserve_blocks=reserve, low_blocks=low)
    games = []
    refused = warned = 0
    state_ok = True
    kind = game_data.for_role("power cut full flash")
    for seed in range(1, 30):
        try:
            game = st.create(kind, SEATS[kind], LONG_SETTINGS[kind])
        except Refusal as r:
            assert r.msg_id == "E_STORAGE_FULL"
            break
        games.append(game)
        for op in long_script(kind, 300, seed):
            before = game.snapshot()
            for attempt in range(6):        # a refused press stays refused, the state intact
                try:
                    play(game, op)
                    break
                except Refusal as r:
                    assert r.msg_id == "E_STORAGE_FULL"
                    assert game.snapshot() == before
                    refused += 1
            if refused:
                break
            st.after_change(game)
            if st.low_space():
                warned += 1
        if refused:
            break
    assert refused == 6 and warned > 0
    # power cycle: it mounts, and the journal is exactly what the game showed
    live = games[-1].snapshot()
    flash2 = Flash(0, buffer=flash.buffer)
    fs2 = mount(flash2, nb)
    st2 = Store(LfsFs(fs2), seg_max=SEG, snap_every=SNAP, reserve_blocks=reserve, low_blocks=low)
    back = st2.resume_last()
    assert back is not None and back.snapshot() == live
    assert st2.last_recovery["dropped_bytes"] == 0
    # the player deletes an old game; play goes on
    st2.delete(st2.games()[-1]["id"])
    back.undo()
    st2.after_change(back)
    fs3 = mount(Flash(0, buffer=flash2.buffer), nb)
    again = Store(LfsFs(fs3), seg_max=SEG, snap_every=SNAP).open_game(back.game_id)
    assert again.snapshot() == back.snapshot()
    FIGURES["full_lfs_%d" % reserve] = (len(games), refused, warned)
    print("\ntiny littlefs (%d blocks, reserve %d): %d games, %d presses refused E_STORAGE_FULL, "
          "%d warnings, remount OK" % (nb, reserve, len(games), refused, warned))


def _recovery_trace(image, t):
    """The program/erase operations the recovery boot after a cut does (repairs, snapshot
    removal), and the game it brings back."""
    tr = []
    flash = Flash(0, buffer=image, trace=tr)
    fs = mount(flash)
    st = Store(LfsFs(fs), seg_max=SEG, snap_every=SNAP)
    game = st.open_game(t.gid)
    fs.unmount()
    return tr, game


@pytest.mark.slow
def test_second_cut_during_the_recovery_boot():
    """The power goes again while the boot after a cut repairs the files (rewriting a torn
    segment, removing later ones, dropping a snapshot): every operation of that recovery is a
    second cut point; the next boot still brings back every committed press."""
    t = trace()
    total = len(t.trace)
    image = bytearray(t.base)
    done = 0
    firsts = recoveries = seconds = lost = 0
    for k, n in enumerate(range(0, total, 3)):
        while done < n:
            apply_op(image, t.trace[done], BS)
            done += 1
        variants = [None]
        if n < total and t.trace[n][0] == "p":
            variants.append(_tear(len(t.trace[n][3]), k))
        for torn in variants:
            first = bytearray(image)
            if torn is not None:
                apply_op(first, t.trace[n], BS, torn=torn)
            firsts += 1
            if t.committed(n) < 1:
                continue
            rtrace, game = _recovery_trace(first, t)
            if not rtrace:
                continue            # nothing to repair: the boot only read
            recoveries += 1
            second = bytearray(first)
            for m, op in enumerate(rtrace):
                cuts = [None]
                if op[0] == "p":
                    cuts.append(_tear(len(op[3]), m + k))
                for torn2 in cuts:
                    img = bytearray(second)
                    if torn2 is not None:
                        apply_op(img, op, BS, torn=torn2)
                    seconds += 1
                    lost += _resume_and_check(img, t, n, extra=(m % 5 == 0))
                apply_op(second, op, BS)
    FIGURES["second-cut"] = (firsts, recoveries, seconds, lost)
    print("\n[%s] first cuts %d, recoveries that wrote %d, second cuts inside them %d, committed "
          "events lost %d" % (KIND, firsts, recoveries, seconds, lost))
    assert recoveries >= 20 and seconds >= 100 and lost == 0


@pytest.mark.slow
def test_power_cut_sweep_with_the_shipped_sizes():
    """The Store's own segment size (16 KiB) and snapshot interval (32), a game long enough to
    rotate twice: every 4th operation is a cut point, programs also torn inside a page."""
    kind = game_data.for_role("power cut shipped sizes")
    base = _blank()
    tr = []
    flash = Flash(0, buffer=base, trace=tr)
    fs = mount(flash)
    st = Store(LfsFs(fs))
    saved = _fixed_id("c0ffee03")
    try:
        game = st.create(kind, SEATS[kind], LONG_SETTINGS[kind])
    finally:
        store_mod.new_game_id = saved
    ops = long_script(kind, 420, seed=5)
    commit = {0: flash.ops()}
    snaps = 0
    for op in ops:
        play(game, op)
        commit[game.seq] = flash.ops()
        snaps += bool(st.after_change(game))
    rotations = st._open["c0ffee03"].seg
    fs.unmount()
    assert store_mod.SEG_MAX == 16384 and store_mod.SNAP_EVERY == 32
    assert rotations >= 2 and snaps >= 8, (rotations, snaps)
    ref = reference(kind, ops, "c0ffee03")
    total = len(tr)
    image = bytearray(base)
    done = 0
    tried = lost = 0
    for k, n in enumerate(range(0, total + 1, 4)):
        while done < n:
            apply_op(image, tr[done], BS)
            done += 1
        variants = [None]
        if n < total and tr[n][0] == "p":
            variants.append(_tear(len(tr[n][3]), k))
        want = max([s for s, at in commit.items() if at <= n] or [-1])
        for torn in variants:
            img = bytearray(image)
            if torn is not None:
                apply_op(img, tr[n], BS, torn=torn)
            tried += 1
            g = Store(LfsFs(mount(Flash(0, buffer=img)))).open_game("c0ffee03")
            if want < 0:
                assert g is None or g.seq == 0
                continue
            assert g is not None and g.seq in (want, want + 1), (n, want)
            lost += max(0, want - g.seq)
            assert g.snapshot() == ref[g.seq], n
    FIGURES["shipped"] = (tried, total, rotations, snaps, lost)
    print("\n[%s, shipped sizes] cut points %d of %d operations (%d rotations, %d snapshots): "
          "committed events lost %d" % (kind, tried, total, rotations, snaps, lost))
    assert lost == 0
