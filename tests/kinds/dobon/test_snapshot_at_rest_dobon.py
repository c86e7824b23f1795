# A snapshot the App's press made due waits for the table to rest (a ドボン game): no press pays its erases.
import os

from storage.fsio import OsFs
from storage.store import SNAP_LATE, Store
from ui.app import REST_MS, App

from host_tools.dev.sim.script import run_script

HERE = os.path.dirname(os.path.abspath(__file__))
WIN = os.path.join(HERE, "presses", "dobon-win.fewest.txt")
SEATS = ["A", "B", "C", "D"]


def _snaps(root):
    return sorted(n for n in os.listdir(root) if n.endswith(".snp"))


def _store(tmp_path, snap_every=4):
    return Store(fs=OsFs(), root=str(tmp_path / "games"), snap_every=snap_every)


def _dobon_draws(st, n, at_rest):
    """A dobon game of `n` draws, each followed by after_change as the App (at_rest) or a PC tool calls it."""
    g = st.create("dobon", SEATS)
    for _ in range(n):
        g.submit({"t": "draw"})
        st.after_change(g, at_rest)
    return g


def test_a_due_snapshot_waits_for_idle_then_is_written(tmp_path):
    st = _store(tmp_path)
    g = _dobon_draws(st, 5, at_rest=True)
    assert _snaps(st.root) == [] and st.resting is g
    assert st.idle() is True
    assert len(_snaps(st.root)) == 1 and st.resting is None
    assert st.idle() is False                  # nothing left for the next rest


def test_a_pc_tool_still_gets_its_snapshot_at_once(tmp_path):
    st = _store(tmp_path)
    _dobon_draws(st, 5, at_rest=False)
    assert len(_snaps(st.root)) == 1 and st.resting is None


def test_a_table_that_never_rests_gets_its_snapshot_at_the_bound(tmp_path):
    st = _store(tmp_path, snap_every=4)
    g = _dobon_draws(st, SNAP_LATE * 4 - 1, at_rest=True)
    assert _snaps(st.root) == []
    g.submit({"t": "draw"})
    assert st.after_change(g, True) is True    # the replay a boot does stays bounded
    assert len(_snaps(st.root)) == 1


def test_the_snapshot_written_at_rest_resumes_the_game(tmp_path):
    st = _store(tmp_path)
    g = _dobon_draws(st, 6, at_rest=True)
    st.idle()
    st2 = _store(tmp_path)
    again = st2.resume_last()
    assert again.state == g.state and again.seq == g.seq
    assert st2.last_recovery is not None


def test_leaving_a_game_writes_the_snapshot_it_waited_for(tmp_path):
    st = _store(tmp_path)
    _dobon_draws(st, 5, at_rest=True)
    st.create("dobon", SEATS)                  # a new game: the old one's files close
    assert len(_snaps(st.root)) == 1 and st.resting is None


def _played(tmp_path, tail):
    """dobon-win's presses (the game ends: a snapshot is due) on the simulated board, then `tail`."""
    tmp_path.mkdir(exist_ok=True)
    st = Store(fs=OsFs(), root=str(tmp_path / "games"))
    with open(WIN, encoding="utf-8") as f:
        lines = [l for l in f.read().splitlines() if l.split("#", 1)[0].strip()]
    board, app, _ = run_script(lines + tail, App, store=st)
    return st, board, app


def test_the_board_writes_it_once_no_press_came_for_rest_ms(tmp_path):
    st, _, app = _played(tmp_path, ["wait %d" % (REST_MS - 200)])
    assert app.game.is_over() and _snaps(st.root) == []
    st, _, app = _played(tmp_path / "b", ["wait %d" % (REST_MS + 200)])
    assert len(_snaps(st.root)) == 1


def test_a_finger_on_a_button_holds_the_snapshot_back(tmp_path):
    st, _, app = _played(tmp_path, ["press left", "wait %d" % (REST_MS + 500)])
    assert _snaps(st.root) == []
    st, _, app = _played(tmp_path / "b", ["press left", "wait %d" % (REST_MS + 500), "release left",
                                          "wait %d" % (REST_MS + 200)])
    assert len(_snaps(st.root)) == 1


def test_a_failing_snapshot_at_rest_is_logged_and_the_table_goes_on(tmp_path):
    st, board, app = _played(tmp_path, [])

    def broken(game):
        raise MemoryError("no heap for the snapshot")
    st.write_snapshot = broken
    app.clock.advance(REST_MS + 10)
    app.rest()
    assert st.resting is None and _snaps(st.root) == []
    with open(os.path.join(st.root, "errors.txt")) as f:
        assert "no heap for the snapshot" in f.read()


def test_opening_another_game_writes_the_snapshot_the_first_waited_for(tmp_path):
    st = _store(tmp_path)
    first = _dobon_draws(st, 3, at_rest=False)
    second = st.create("dobon", SEATS)
    for _ in range(5):
        second.submit({"t": "draw"})
        st.after_change(second, True)
    assert _snaps(st.root) == [] and st.resting is second
    st.open_game(first.store_key)                # the Store keeps one game's files open
    assert _snaps(st.root) == ["%s.snp" % second.store_key] and st.resting is None
