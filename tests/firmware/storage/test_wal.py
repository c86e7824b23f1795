# The write-ahead block (storage/wal.py) on littlefs with the Pico's geometry: a press's line is
# programmed without a sector erase, the rest folds the lines into their segment, a boot takes back
# what a power cut left, and a block that does not fit its segment changes nothing.
from lfs_device import PICO, Flash, LfsFs, Raw, mount
from core import journal
from storage import layout, wal
from storage.fsio import size
from storage.store import Store
from store_play import LONG_SETTINGS, SEATS, long_script, play, reference

import game_data

KIND = game_data.for_role("power cut")
GID = "c0ffee07"


def _board():
    flash = Flash(PICO["block_size"] * PICO["block_count"])
    fs = mount(flash, format_if_needed=True)
    return flash, fs


def _store(flash, fs):
    return Store(LfsFs(fs, raw=Raw(flash)))


def _started(monkeypatch):
    """A new game on a board just booted (the boot made a block ready)."""
    from storage import store as store_mod
    monkeypatch.setattr(store_mod, "new_game_id", lambda: GID)
    flash, fs = _board()
    st = _store(flash, fs)
    assert st.ahead.block is not None and not st.rest_due()
    erases = flash.erases
    game = st.create(KIND, SEATS[KIND], LONG_SETTINGS[KIND])
    assert flash.erases == erases               # the new game's header too: no erase
    return flash, fs, st, game


def test_a_boot_takes_a_ready_block_as_it_is_and_makes_one_where_none_is(monkeypatch):
    flash, fs = _board()
    erases = flash.erases
    st = _store(flash, fs)
    first = st.ahead.block
    assert first is not None and flash.erases > erases      # the first boot made it
    erases = flash.erases
    fs.unmount()
    flash2 = Flash(0, buffer=bytearray(flash.buffer))
    st2 = Store(LfsFs(mount(flash2), raw=Raw(flash2)))
    assert st2.ahead.block == first and flash2.erases == 0   # found by its mark, no erase
    # a flash at its reserve gets none: the presses write through littlefs as before
    flash3 = Flash(0, buffer=bytearray(flash.buffer))
    st3 = Store(LfsFs(mount(flash3), raw=Raw(flash3)), reserve_blocks=PICO["block_count"])
    assert st3.ahead.block == first                          # the ready one is still taken
    st3.ahead._spent()
    st3.idle()
    assert st3.ahead.block is None


def _until_nearly_full(st, game, ops):
    """Plays ops while the block has room for a long line; the ops played."""
    n = 0
    while n < len(ops) and st.ahead.used < st.ahead.size - 600:
        play(game, ops[n])
        st.after_change(game, at_rest=True)
        n += 1
    return n


def _read(st, path):
    with st.fs.open(path, "rb") as f:
        return f.read()


def _segment_size(st, game, seg=0):
    return size(st.fs, "%s/%s" % (st.root, layout.segment(game.store_key, seg)))


def test_a_press_erases_no_sector_once_a_block_is_ready(monkeypatch):
    flash, fs, st, game = _started(monkeypatch)
    ops = long_script(KIND, 120, seed=3)
    file_before = _segment_size(st, game)
    assert file_before is None          # even the header is in the block: no file made yet
    erases = flash.erases
    n = _until_nearly_full(st, game, ops)
    assert n >= 10
    assert flash.erases == erases                    # every line programmed into the block
    assert _segment_size(st, game) == file_before    # none of them in the segment's file yet
    assert st.ahead.lines == st._open[GID].size
    # what the game reads back (deep undo, history) holds them
    assert [r["seq"] for r in st._open[GID].source()] == list(range(1, game.seq + 1))


def test_a_boot_after_a_power_cut_folds_the_lines_into_the_segment(monkeypatch):
    flash, fs, st, game = _started(monkeypatch)
    ops = long_script(KIND, 120, seed=4)
    n = _until_nearly_full(st, game, ops)
    seq = game.seq
    # the cable pulled: no rest, no fold; the image as it is
    image = bytearray(flash.buffer)
    flash2 = Flash(0, buffer=image)
    st2 = Store(LfsFs(mount(flash2), raw=Raw(flash2)))
    again = st2.resume_last()
    assert again is not None and again.seq == seq
    assert again.snapshot() == reference(KIND, ops[:n], GID)[seq]
    assert st2.ahead.lines == 0 and st2.ahead.block not in (None, st.ahead.block)   # a fresh one
    # the segment's file is the whole journal again: lines sealed, in order
    j = st2._open[GID]
    assert _segment_size(st2, again, j.seg) == j.size


def test_the_rest_folds_a_half_full_block_and_makes_a_fresh_one(monkeypatch):
    flash, fs, st, game = _started(monkeypatch)
    ops = long_script(KIND, 200, seed=5)
    first = st.ahead.block
    n = 0
    while not st.ahead.due:
        play(game, ops[n])
        st.after_change(game, at_rest=True)
        n += 1
    assert st.ahead.lines >= wal.FOLD_AT and st.rest_due()
    j = st._open[GID]
    st.idle()
    assert st.ahead.lines == 0 and st.ahead.block is not None and st.ahead.block != first
    assert _segment_size(st, game, j.seg) == j.size
    erases = flash.erases
    play(game, ops[n])
    assert flash.erases == erases and st.ahead.lines > 0


def test_lines_a_power_cut_tore_are_not_folded():
    mark = wal.MARK + b"0000abcd\n"
    lines = [journal.seal({"t": "x", "seq": i}).encode() for i in (1, 2, 3)]
    good = mark + b"@0001-c0ffee07 0 120\n" + lines[0] + lines[1]
    torn = good + lines[2][:-5]
    assert wal.parse(torn + b"\xff" * 100) == (("0001-c0ffee07", 0, 120), lines[0] + lines[1])
    bad = bytearray(good)
    bad[len(mark) + 30] ^= 1                          # a bit of the first line flipped
    assert wal.parse(bytes(bad)) == (("0001-c0ffee07", 0, 120), b"")
    assert wal.parse(b"\xff" * 64) == (None, b"")
    assert wal.parse(mark + b"@0001-x zero 1\n" + lines[0]) == (None, b"")


def test_a_block_whose_segment_does_not_match_changes_nothing(monkeypatch):
    flash, fs, st, game = _started(monkeypatch)
    ops = long_script(KIND, 60, seed=6)
    _until_nearly_full(st, game, ops[:3])
    assert st.fold() and st.ahead.prepare()         # the header and 3 events in the file
    _until_nearly_full(st, game, ops[3:8])
    j = st._open[GID]
    path = "%s/%s" % (st.root, layout.segment(game.store_key, j.seg))
    st.ahead.bound = (game.store_key, j.seg, st.ahead.bound[2] + 7)    # a size the file never had
    before = _read(st, path)
    assert st.fold() is False
    assert _read(st, path) == before
    # a boot on a block that binds a size the segment never had (a CRC-valid line in it)
    line = journal.seal({"t": "ev", "seq": game.seq + 1}).encode()
    with st.fs.open(st.ahead.path(), "wb") as f:
        f.write(wal.MARK + b"00000001\n@%s %d %d\n" % (game.store_key.encode(), j.seg, len(before) + 3)
                + line)
        f.flush()
    j.close()
    image = bytearray(flash.buffer)
    flash2 = Flash(0, buffer=image)
    st2 = Store(LfsFs(mount(flash2), raw=Raw(flash2)))
    assert _read(st2, path) == before
    assert st2.resume_last().seq == len(before.splitlines()) - 1 == 3   # the header, then events


def test_the_boards_rest_folds_the_block_and_makes_a_fresh_one(monkeypatch):
    """main.step() between presses: App.rest() calls Store.idle() once the block is due, where
    it delays no press (the snapshot's rest, docs/storage.md)."""
    import main as firmware_main
    from host_tools.dev.sim.script import run_script
    from ui.app import REST_MS, App
    from storage import store as store_mod
    monkeypatch.setattr(store_mod, "new_game_id", lambda: GID)
    flash, fs = _board()
    st = _store(flash, fs)
    _board_, app, _ = run_script([], App, store=st)       # its start screen, nothing to resume
    game = st.create(KIND, SEATS[KIND], LONG_SETTINGS[KIND])
    ops = long_script(KIND, 200, seed=8)
    n = 0
    while not st.ahead.due:
        play(game, ops[n])
        st.after_change(game, at_rest=True)
        n += 1

    class Resting:
        rest = True

        def poll(self, now):
            return []
    first = st.ahead.block
    app.care.since = app.now()      # the last press: the one that filled the block
    app.clock.advance(REST_MS - 100)
    firmware_main.step(app, Resting(), 0)
    assert st.ahead.block == first and st.ahead.due      # not yet: a press may come
    app.clock.advance(200)
    firmware_main.step(app, Resting(), 0)
    assert st.ahead.lines == 0 and st.ahead.block not in (None, first) and not st.rest_due()


def test_a_game_whose_lines_are_all_in_the_block_still_counts_for_the_next_ones_number(monkeypatch):
    """The evening's power cut found this: a game begun on a ready block has no file until its
    lines are folded, so the next game must be numbered after the fold, not before (two games
    numbered alike: the boot resumed the older one)."""
    flash, fs = _board()
    st = _store(flash, fs)
    first = st.create(KIND, SEATS[KIND], LONG_SETTINGS[KIND])
    assert st.ahead.lines and not [n for n in st.fs.listdir(st.root) if n.endswith(".log")]
    st.idle()                                       # the table rests: nothing is due yet
    second = st.create(KIND, SEATS[KIND], LONG_SETTINGS[KIND])
    assert layout.number(second.store_key) == layout.number(first.store_key) + 1
    image = bytearray(flash.buffer)                 # the cable pulled
    flash2 = Flash(0, buffer=image)
    st2 = Store(LfsFs(mount(flash2), raw=Raw(flash2)))
    assert st2.resume_last().store_key == second.store_key
