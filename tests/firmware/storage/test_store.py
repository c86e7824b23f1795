# The storage layer (firmware/storage/store.py) on an in-memory filesystem: the journal cut at
# every byte offset, bit flips and garbage, a full flash, deep undo across segments, and the same
# code under real MicroPython. littlefs itself and power cuts: tests/firmware/storage/test_powercut.py.
import json
import os
import random

import pytest

from core import journal
from core.engine import Game
from core.errors import Refusal
from storage import store as store_mod
from storage.store import Store
from memfs import MemFs
from store_play import (LONG_SETTINGS, SEATS, kinds_present, long_script, play, reference,
                        replay_under_micropython)

import game_data

KINDS = kinds_present()
# The one-game checks (a damaged snapshot, the list, a full flash) play the game with role "store"
# (tests/kinds/<kind>/data.py); the MicroPython check plays the "micropython replay" game's long game.
STORE_KIND = game_data.for_role("store")
STORE = game_data.of(STORE_KIND)
MP_KIND = game_data.for_role("micropython replay")
SEG = 2048          # small segments so every test crosses several of them
SNAP = 8
FIGURES = {}


def _script_len(kind):
    """The long game's length in ops: the game's STORE_OPS (tests/kinds/<kind>/data.py), else 100."""
    return getattr(game_data.of(kind), "STORE_OPS", 100) if game_data.has(kind) else 100


class Recorded:
    """A whole game played through a Store on MemFs, with what the flash held after every op."""

    def __init__(self, kind, seed=7):
        self.kind = kind
        self.ops = long_script(kind, _script_len(kind), seed)
        self.fs = MemFs()
        st = Store(self.fs, seg_max=SEG, snap_every=SNAP)
        saved = store_mod.new_game_id
        store_mod.new_game_id = lambda: "5eed%04x" % seed   # reproducible bytes
        try:
            game = st.create(kind, SEATS[kind], LONG_SETTINGS.get(kind))
        finally:
            store_mod.new_game_id = saved
        self.gid = game.game_id
        self.stem = [n for n in self.fs.listdir("/games")][0].split(".")[0]
        self.ref = reference(kind, self.ops, self.gid)
        self.ends = [self._journal_len()]     # journal length after seq 0, 1, 2, ...
        self.snaps = []                       # (journal length when written, .snp bytes)
        for op in self.ops:
            play(game, op)
            self.ends.append(self._journal_len())
            if st.after_change(game):
                self.snaps.append((self.ends[-1], bytes(self.fs.files[self._snp()])))
        self.seg_bytes = self._segments()
        self.journal = b"".join(self.seg_bytes)
        self.final = game

    def _snp(self):
        return "/games/%s.snp" % self.stem

    def _segments(self):
        out = []
        s = 0
        while "/games/%s.%d.log" % (self.stem, s) in self.fs.files:
            out.append(bytes(self.fs.files["/games/%s.%d.log" % (self.stem, s)]))
            s += 1
        return out

    def _journal_len(self):
        return sum(len(b) for b in self._segments())

    def image(self, cut, with_snap=True, empty_next=False):
        """MemFs as the flash was when the power went at journal byte `cut`."""
        fs = MemFs()
        fs.dirs.add("/games")
        start = 0
        for s, b in enumerate(self.seg_bytes):
            if start > cut or (start == cut and s > 0 and not empty_next):
                break
            fs.files["/games/%s.%d.log" % (self.stem, s)] = bytearray(b[:max(0, cut - start)])
            start += len(b)
        if with_snap:
            snap = None
            for at, data in self.snaps:
                if at <= cut:
                    snap = data
            if snap is not None:
                fs.files[self._snp()] = bytearray(snap)
        return fs

    def committed(self, cut):
        """Events whose line was completely written (and so flushed) at journal byte `cut`."""
        n = -1
        for e in self.ends:
            if e <= cut:
                n += 1
        return n


_RECORDED = {}


def recorded(kind):
    if kind not in _RECORDED:
        _RECORDED[kind] = Recorded(kind)
    return _RECORDED[kind]


def _check_prefix(fs, rec, seq):
    """The files now hold exactly the journal's first `seq` events."""
    segs = []
    s = 0
    while "/games/%s.%d.log" % (rec.stem, s) in fs.files:
        segs.append(bytes(fs.files["/games/%s.%d.log" % (rec.stem, s)]))
        s += 1
    assert b"".join(segs) == rec.journal[:rec.ends[seq]]


# ---- the journal cut at every byte offset ------------------------------------------------------
@pytest.mark.parametrize("kind", KINDS)
def test_cut_at_every_byte(kind):
    rec = recorded(kind)
    header_len = rec.ends[0]
    tried = recovered = lost = 0
    for cut in range(0, len(rec.journal) + 1):
        fs = rec.image(cut, with_snap=True, empty_next=(cut % 2 == 0))
        st = Store(fs, seg_max=SEG, snap_every=SNAP)
        game = st.open_game(rec.gid)
        tried += 1
        if cut < header_len:
            # the header was never committed: create() had not returned; nothing to recover
            assert game is None
            recovered += 1
            continue
        want = rec.committed(cut)
        assert game is not None, cut
        if game.seq < want:
            lost += want - game.seq
        assert game.seq == want, (cut, game.seq, want)
        assert game.snapshot() == rec.ref[want], cut
        assert st.last_recovery == {"events": want, "dropped_bytes": cut - rec.ends[want]}
        _check_prefix(fs, rec, want)
        recovered += 1
        if cut % 97 == 0 and want < len(rec.ops):
            # the recovered journal takes the next press and survives another reload
            play(game, rec.ops[want])
            st.after_change(game)
            again = Store(fs, seg_max=SEG, snap_every=SNAP).open_game(rec.gid)
            assert again.snapshot() == rec.ref[want + 1]
    FIGURES["cut:" + kind] = (tried, recovered, lost)
    assert lost == 0 and recovered == tried
    print("\n[%s] byte cuts tried %d, recovered %d, committed events lost %d (%d events, %d bytes)"
          % (kind, tried, recovered, lost, len(rec.ops), len(rec.journal)))


@pytest.mark.parametrize("kind", KINDS)
def test_cut_without_snapshot_replays_from_the_start(kind):
    # full replays cost O(events) each: the line boundaries of every 4th event, one byte either
    # side, and one cut inside the line (every byte offset is covered with the snapshot above)
    rec = recorded(kind)
    cuts = set()
    for e in range(0, len(rec.ends), 4):
        at = rec.ends[e]
        nxt = rec.ends[e + 1] if e + 1 < len(rec.ends) else at
        cuts.update((at - 1, at, at + 1, (at + nxt) // 2))
    for cut in sorted(c for c in cuts if rec.ends[0] <= c <= len(rec.journal)):
        fs = rec.image(cut, with_snap=False)
        game = Store(fs, seg_max=SEG, snap_every=SNAP).open_game(rec.gid)
        want = rec.committed(cut)
        assert game.seq == want and game.snapshot() == rec.ref[want], cut


# ---- bit flips and garbage ---------------------------------------------------------------------
def _line_starts(rec):
    return rec.ends


@pytest.mark.parametrize("kind", KINDS)
def test_bit_flips_are_never_folded_in(kind):
    rec = recorded(kind)
    rng = random.Random(3)
    full = len(rec.journal)
    snap_at, snap_data = rec.snaps[-1] if rec.snaps else (0, None)
    snap_seg_start = 0
    start = 0
    snap_rec = journal.unseal(snap_data) if snap_data else None
    for s, b in enumerate(rec.seg_bytes):
        if snap_rec and s == snap_rec["seg"]:
            snap_seg_start = start
        start += len(b)
    checked = 0
    for trial in range(150):
        with_snap = trial % 2 == 0
        lo = snap_seg_start if with_snap else 0
        pos = rng.randrange(lo, full)
        fs = rec.image(full, with_snap=with_snap)
        seg_start = 0
        benign = False
        for s, b in enumerate(rec.seg_bytes):
            if pos < seg_start + len(b):
                data = fs.files["/games/%s.%d.log" % (rec.stem, s)]
                old = data[pos - seg_start]
                data[pos - seg_start] ^= 1 << rng.randrange(8)
                new = data[pos - seg_start]
                # a hex digit of the CRC changing case ("a" <-> "A") says the same number: the
                # record is unchanged, so folding it in is right
                line_end = rec.journal.index(b"\n", pos)
                benign = (line_end - 10 <= pos < line_end - 2
                          and chr(old).lower() == chr(new).lower())
                break
            seg_start += len(b)
        st = Store(fs, seg_max=SEG, snap_every=SNAP)
        game = st.open_game(rec.gid)
        bad_line = 0
        while rec.ends[bad_line] <= pos:
            bad_line += 1
        if bad_line == 0:
            assert game is None     # the header itself: not a game any more (files kept)
            assert st.games()[0]["kind"] is None
            continue
        want = bad_line - 1         # events before the damaged line
        if benign:
            assert game.seq == len(rec.ops) and game.snapshot() == rec.ref[len(rec.ops)]
            continue
        assert game.seq == want and game.snapshot() == rec.ref[want], (pos, game.seq, want)
        assert st.last_recovery["dropped_bytes"] == full - rec.ends[want]
        _check_prefix(fs, rec, want)
        checked += 1
    assert checked > 100


@pytest.mark.parametrize("kind", KINDS)
def test_garbage_after_the_tail_is_dropped(kind):
    rec = recorded(kind)
    n = len(rec.ops)
    last_line = rec.journal[rec.ends[n - 1]:]
    other_game = last_line.replace(rec.gid.encode(), b"deadbeef")
    body = json.loads(last_line.decode())
    body.pop("crc")
    body["seq"] = n + 1
    body["t"] = "no_such_event"
    illegal = journal.seal(body).encode()
    body["seq"] = n + 3
    body["t"] = "undo"
    gap = journal.seal(body).encode()
    tails = [b"\x00", b"\xff" * 300, b"garbage\n", os.urandom(900), last_line, last_line[:-1],
             other_game, illegal, gap, b"\n", b"{}\n", last_line.replace(b'"crc"', b'"crd"'),
             b"\xe3\x81\n"]
    for tail in tails:
        fs = rec.image(len(rec.journal))
        last = "/games/%s.%d.log" % (rec.stem, len(rec.seg_bytes) - 1)
        fs.files[last] += tail
        st = Store(fs, seg_max=SEG, snap_every=SNAP)
        game = st.open_game(rec.gid)
        assert game.seq == n and game.snapshot() == rec.ref[n], tail[:40]
        assert st.last_recovery == {"events": n, "dropped_bytes": len(tail)}
        _check_prefix(fs, rec, n)
    # a whole stray segment after the last one, and a gap in the numbering
    for extra in ((len(rec.seg_bytes), last_line), (len(rec.seg_bytes) + 1, b"x\n")):
        fs = rec.image(len(rec.journal))
        fs.files["/games/%s.%d.log" % (rec.stem, extra[0])] = bytearray(extra[1])
        st = Store(fs, seg_max=SEG, snap_every=SNAP)
        game = st.open_game(rec.gid)
        assert game.seq == n and st.last_recovery["dropped_bytes"] == len(extra[1])
        _check_prefix(fs, rec, n)
        assert "/games/%s.%d.log" % (rec.stem, extra[0]) not in fs.files


def test_damaged_or_foreign_snapshot_falls_back_to_the_journal():
    rec = recorded(STORE_KIND)
    n = len(rec.ops)
    good = rec.snaps[-1][1]
    older = rec.snaps[0][1]
    bad = bytearray(good)
    bad[40] ^= 4
    other = journal.unseal(good)
    other["g"] = "deadbeef"
    # a snapshot claiming more than the journal holds, with a CRC that matches nothing
    ahead = journal.unseal(good)
    ahead["seq"] = n + 5
    for data in (bytes(bad), journal.seal(other).encode(), journal.seal(ahead).encode(), older,
                 b"", b"\xff" * 100):
        fs = rec.image(len(rec.journal))
        fs.files["/games/%s.snp" % rec.stem] = bytearray(data)
        st = Store(fs, seg_max=SEG, snap_every=SNAP)
        game = st.open_game(rec.gid)
        assert game.seq == n and game.snapshot() == rec.ref[n]


# ---- resume, deep undo across segments, the list, delete, names -------------------------------
@pytest.mark.parametrize("kind", KINDS)
def test_resume_then_deep_undo_across_segments(kind):
    rec = recorded(kind)
    fs = rec.image(len(rec.journal))
    game = Store(fs, seg_max=SEG, snap_every=SNAP).open_game(rec.gid)
    mem = Game.new(kind, SEATS[kind], LONG_SETTINGS.get(kind), game_id=rec.gid)
    for op in rec.ops:
        play(mem, op)
    for _ in range(60):
        try:
            mem.undo()
        except Refusal as r:
            with pytest.raises(Refusal) as e:
                game.undo()
            assert e.value.msg_id == r.msg_id
            break
        game.undo()
        assert game.state == mem.state
    again = Store(fs, seg_max=SEG, snap_every=SNAP).open_game(rec.gid)
    assert again.snapshot() == game.snapshot()


def test_resume_last_list_delete_and_names():
    fs = MemFs()
    st = Store(fs, seg_max=SEG, snap_every=SNAP)
    assert st.resume_last() is None
    few, more, refused_seats = STORE.STORE_SEATS
    a = st.create(STORE_KIND, few, None)
    a.submit(STORE.store_event(a.state))
    b = st.create(STORE_KIND, more, None)
    st2 = Store(fs, seg_max=SEG)
    got = st2.resume_last()
    assert got.game_id == b.game_id and st2.last_recovery == {"events": 0, "dropped_bytes": 0}
    listed = st2.games()
    assert [g["id"] for g in listed] == [b.game_id, a.game_id]
    assert listed[1]["seq"] == 1 and listed[1]["kind"] == STORE_KIND and not listed[1]["over"]
    assert st2.delete(b.game_id)
    st3 = Store(fs, seg_max=SEG)
    assert st3.resume_last().game_id == a.game_id
    assert st3.names() == []
    st3.set_names(["たろう", "Hana"])
    assert Store(fs).names() == ["たろう", "Hana"]
    assert not any(p.endswith(".tmp") for p in fs.files)
    # a refused setting leaves no file behind
    with pytest.raises(Refusal):
        st3.create(STORE_KIND, refused_seats, None)
    assert len(st3.games()) == 1


def test_a_new_id_never_collides_and_an_id_two_games_share_names_neither(monkeypatch):
    """new_game_id() can repeat (the ticks fallback where urandom is missing): create() takes
    the next id free on the flash (aside/ included). Two games of one id on the flash (left by an
    older firmware) are named by their key (the stem, 0001-X) for every file operation; the bare
    id names neither of them."""
    fs = MemFs()
    fs.files["/games/aside/0007-00000009.0.log"] = bytearray(b"kept for the export\n")
    st = Store(fs, seg_max=SEG, snap_every=SNAP)
    monkeypatch.setattr(store_mod, "new_game_id", lambda: "00000007")
    few = STORE.STORE_SEATS[0]
    ids = [st.create(STORE_KIND, few, None).game_id for _ in range(3)]
    assert ids == ["00000007", "00000008", "0000000a"]       # 9 is a game set aside
    monkeypatch.setattr(store_mod, "new_game_id", lambda: "ffffffff")
    assert [st.create(STORE_KIND, few, None).game_id for _ in range(2)] == ["ffffffff", "00000000"]
    # two games of one id: the finished 0001-X and the unfinished 0002-X
    fs = MemFs()
    for n in (1, 2):
        one = MemFs()
        g = Store(one, seg_max=SEG, snap_every=SNAP).create(STORE_KIND, few, None)
        g.submit({"t": "end"} if n == 1 else STORE.store_event(g.state))
        for path, data in one.files.items():
            fs.files[path.replace("0001-", "%04d-" % n)] = data
    st = Store(fs, seg_max=SEG)
    listed = st.games()
    assert [(g["id"], g["over"]) for g in listed] == [("ffffffff", False), ("ffffffff", True)]
    assert [g["key"] for g in listed] == ["0002-ffffffff", "0001-ffffffff"]
    before = dict(fs.files)
    assert st.open_game("ffffffff") is None and st.delete("ffffffff") is False
    assert fs.files == before                                # neither is touched
    assert st.open_game("0001-ffffffff").is_over()
    assert st.delete("0002-ffffffff")
    assert sorted(fs.files) == sorted(p for p in before if "/0001-" in p)
    assert st.open_game("ffffffff").is_over()               # one game of that id left: it names it
    # a new game never takes an id on the flash
    assert st.create(STORE_KIND, few, None).game_id == "00000000"


def test_torn_creation_is_removed_other_headless_files_are_kept():
    fs = MemFs()
    fs.dirs.add("/games")
    fs.files["/games/0001-aaaaaaaa.0.log"] = bytearray(b'{"fw":"0.1.0","g":"aaaa')
    fs.files["/games/0002-bbbbbbbb.0.log"] = bytearray(b'{"broken header"}\n{"t":"x"}\n')
    fs.files["/games/0003-cccccccc.snp.tmp"] = bytearray(b"half a snapshot")
    st = Store(fs)
    assert st.resume_last() is None
    assert "/games/0001-aaaaaaaa.0.log" not in fs.files
    assert "/games/0002-bbbbbbbb.0.log" in fs.files   # only the player deletes it
    assert "/games/0003-cccccccc.snp.tmp" not in fs.files
    assert [g["kind"] for g in st.games()] == [None]


# ---- a full flash ------------------------------------------------------------------------------
def test_full_flash_warns_refuses_and_never_corrupts():
    rng = random.Random(5)
    ops = long_script(STORE_KIND, 400, seed=11)
    fs = MemFs(limit=24 * 256, block=256)
    st = Store(fs, seg_max=SEG, snap_every=SNAP, reserve_blocks=2, low_blocks=6)
    old = st.create(STORE_KIND, SEATS[STORE_KIND], LONG_SETTINGS[STORE_KIND])
    for op in ops[:20]:
        play(old, op)
    game = st.create(STORE_KIND, SEATS[STORE_KIND], LONG_SETTINGS[STORE_KIND])
    ref = reference(STORE_KIND, ops, game.game_id)
    warned = refused = 0
    resumed_at = None
    i = 0
    while i < len(ops):
        before = game.snapshot()
        try:
            play(game, ops[i])
        except Refusal as r:
            assert r.msg_id == "E_STORAGE_FULL"
            assert game.snapshot() == before          # state unchanged
            refused += 1
            # the journal on "flash" is exactly what the game shows
            again = Store(fs, seg_max=SEG).open_game(game.game_id)
            assert again.snapshot() == game.snapshot()
            assert Store(fs, seg_max=SEG).last_recovery is None
            if refused == 3:
                with pytest.raises(Refusal):
                    st.create(STORE_KIND, SEATS[STORE_KIND], None)   # no new game on a full flash either
                st.delete(old.game_id)               # the player frees space
                resumed_at = i
            elif refused > 3:
                assert i > resumed_at                # the freed space took more presses
                break
            continue
        st.after_change(game)
        if st.low_space():
            warned += 1
        assert game.snapshot() == ref[game.seq]
        i += 1
        if game.is_over():
            break
    assert warned > 0 and refused >= 3
    final = Store(fs, seg_max=SEG).open_game(game.game_id)
    assert final.snapshot() == ref[game.seq]
    FIGURES["full"] = (warned, refused)


# ---- the same Store under real MicroPython -----------------------------------------------------
def test_store_runs_under_micropython(tmp_path):
    ops, out, err = replay_under_micropython(tmp_path, "/input/games", then="""
print(g.game_id)
logs = [n for n in __import__('os').listdir('/input/games') if n.endswith('.log')]
logs.sort(key=lambda n: int(n.split('.')[1]))
f = open('/input/games/' + logs[-1], 'ab')
f.write(b'{"t":"torn')
f.close()
st2 = Store(root='/input/games', seg_max=2048, snap_every=16)
g2 = st2.resume_last() or st2.open_game(g.game_id)
print(cjson.dumps(st2.last_recovery))
print(cjson.dumps(g2.snapshot()))
print(st2.free_bytes(), st2.low_space())
for i in range(5):
    g2.undo()
print(cjson.dumps(g2.state))
""")
    lines = out.strip().splitlines()
    assert len(lines) == 5, (out, err)
    gid = lines[0]
    ref = reference(MP_KIND, ops, gid)
    mem = Game.new(MP_KIND, SEATS[MP_KIND], LONG_SETTINGS[MP_KIND], game_id=gid)
    for op in ops:
        play(mem, op)
    assert json.loads(lines[1]) == {"events": mem.seq, "dropped_bytes": 10}
    assert json.loads(lines[2]) == ref[mem.seq]
    for _ in range(5):
        mem.undo()
    assert json.loads(lines[4]) == mem.state
    # WASI's filesystem has no statvfs: free space unknown, littlefs's own ENOSPC still applies
    assert lines[3] == "None False"
