# End to end: `host_tools.board.export` drives the real mpremote CLI against the emulated Pico (real
# MicroPython in rp2040py, mpremote through a pty: host_tools.dev.emu.Pico.mpremote). The flash holds
# game logs written by the engine. Marked `emu` (slow: ~15 s); skipped without the UF2.
import os

import pytest

from host_tools.board import export

from log_lines import data_of

import game_data

pytestmark = pytest.mark.emu
# As in test_export.py: a finished game and a long game cut short, from the games with roles
# "export finished" and "export in progress" (tests/kinds/<kind>/data.py).
FINISHED = game_data.of(game_data.for_role("export finished"))
IN_PROGRESS = game_data.of(game_data.for_role("export in progress"))


def test_export_from_the_emulated_pico(tmp_path):
    emu = pytest.importorskip("host_tools.dev.emu")
    if not emu.find_uf2():
        pytest.skip(emu.UF2_HELP)
    from host_tools.dev.emu import flash
    done, dl = FINISHED.play_log(gid="aaaa0001")
    live, ll = IN_PROGRESS.in_progress_log(7)
    files = {"/games/aaaa0001.log": data_of(dl),
             "/games/bbbb0002.log": data_of(ll[:30])[:-5],      # in progress, cut last line
             "/games/bbbb0002.snap": b'{"snapshot": 1}\n'}
    pico = emu.Pico(fs=flash.build_image(files=files))
    try:
        pico.boot()
        run = lambda args: pico.mpremote(*args)[1]                # noqa: E731
        res = export.export(run, str(tmp_path / "archive"), delete=True, date="2025-04-01")
        arch = tmp_path / "archive" / "2025-04-01"
        for path, data in files.items():
            assert (arch / os.path.basename(path)).read_bytes() == data
        assert all(f.verified for f in res.files)
        by = {os.path.basename(f.path): f for f in res.files}
        assert by["aaaa0001.log"].log.ok and by["aaaa0001.log"].deleted
        assert [(p.lineno, p.msg_id) for p in by["bbbb0002.log"].log.problems] == [(30, "E_LOG_CUT")]
        assert not by["bbbb0002.log"].deleted and not by["bbbb0002.snap"].deleted
        # on the device: the finished game is gone, the game in progress untouched (resumable)
        left = pico.list_files()
        assert "/games/aaaa0001.log" not in left
        assert pico.read_file("/games/bbbb0002.log") == files["/games/bbbb0002.log"]
        assert pico.read_file("/games/bbbb0002.snap") == files["/games/bbbb0002.snap"]
    finally:
        pico.close()
