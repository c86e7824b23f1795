# Device folders for the export: its games (device_with_games), one short game (hostile_export_device), the store's segmented games (store_games).
import os

from log_lines import data_of

import game_data

# The device's games come from the games that claim these roles (tests/kinds/<kind>/data.py): a finished game
# (also the store's segmented games), a long game cut short (in progress), a finished game whose
# third line is spoilt.
FINISHED_KIND = game_data.for_role("export finished")
FINISHED = game_data.of(FINISHED_KIND)
IN_PROGRESS = game_data.of(game_data.for_role("export in progress"))
BAD_LINE = game_data.of(game_data.for_role("export bad line"))


def device_with_games(tmp_path):
    dev = tmp_path / "device"
    games = dev / "games"
    games.mkdir(parents=True)
    done, lines_done = FINISHED.play_log(gid="aaaa0001")
    assert done.is_over()
    (games / "aaaa0001.log").write_bytes(data_of(lines_done))
    (games / "aaaa0001.snap").write_bytes(b'{"snapshot": 1}\n')
    # a game in progress (cut last line, as after a power loss) with a snapshot
    g, lines = IN_PROGRESS.in_progress_log(7)
    (games / "bbbb0002.log").write_bytes(data_of(lines[:30])[:-5])
    (games / "bbbb0002.snap").write_bytes(b'{"snapshot": 2}\n')
    # a finished game with a bad line
    d, dl = BAD_LINE.play_log(gid="cccc0003")
    dl = list(dl)
    dl[2] = dl[2].replace('"t":', '"t" :', 1)
    (games / "cccc0003.log").write_bytes(data_of(dl))
    (dev / "names.json").write_text("[]")
    return dev


def store_games(root):
    from storage.store import Store
    os.makedirs(str(root), exist_ok=True)
    st = Store(root=str(root), seg_max=600, snap_every=2)
    done = st.create(FINISHED_KIND, ["あき", "Bob", "ちえ"])
    for i in range(6):
        done.submit(dict(FINISHED.ROUNDS[i % 3]))
        st.after_change(done)
    done.submit({"t": "end"})
    st.after_change(done)
    live = st.create(FINISHED_KIND, 3)
    for i in range(4):
        live.submit(dict(FINISHED.ROUNDS[i % 3]))
        st.after_change(live)
    st._close_all()
    return done, live


# The game whose short log the device holds (tests/kinds/<kind>/data.py, role "hostile export").
HOSTILE_KIND = game_data.for_role("hostile export")


def hostile_export_device(tmp_path):
    dev = tmp_path / "device"
    (dev / "games").mkdir(parents=True)
    g, lines = game_data.of(HOSTILE_KIND).play_log(gid="aaaa0001")
    (dev / "games" / "aaaa0001.log").write_bytes(data_of(lines))
    return dev
