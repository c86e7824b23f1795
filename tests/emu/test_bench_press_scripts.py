"""The press scripts' bench plays each step once: scripts share a board and fork where they part."""
import os
import tempfile

import pytest

from host_tools.dev import presses
from host_tools.dev.bench import press_scripts as PS
from host_tools.dev.emu import find_uf2

PANEL_FRAME_MS = 11.4    # the panel's refresh on the silicon-timed board (docs/emulator.md)


class Board:
    """A stand-in for the emulated board: its state is the steps played, a press's time a
    function of that state, so a branch that forgot or repeated a step times its presses wrong."""
    def __init__(self):
        self.played = []


def fake_play(p, steps):
    out = []
    for step in steps:
        p.played.append(step)
        if step.split()[0] != "wait":
            out.append((step, float(len(p.played) * 10 + len(step))))
    return out


SCRIPTS = {"a": ["click ok", "click down", "wait 7000", "click ok", "click left"],
           "b": ["click ok", "click down", "wait 7000", "click ok", "click right", "click ok"],
           "c": ["click ok", "click up"],
           "a2": ["click ok", "click down", "wait 7000", "click ok", "click left"],
           "d": ["click ok", "click down"]}


def test_shared_branches_give_every_script_its_own_presses(monkeypatch):
    """The real fork: each branch in a child process, results through the emit file."""
    monkeypatch.setattr(PS, "play", fake_play)
    out = tempfile.mkstemp()[1]

    def emit(path, timed):
        import json
        fd = os.open(out, os.O_WRONLY | os.O_APPEND)
        os.write(fd, (json.dumps([path, timed]) + "\n").encode())
        os.close(fd)
    board = Board()
    PS._play_shared(board, list(SCRIPTS.items()), 0, [], emit)
    import json
    with open(out) as f:
        got = dict((k, [tuple(x) for x in v]) for k, v in map(json.loads, f))
    os.remove(out)
    for name, steps in SCRIPTS.items():
        assert got[name] == fake_play(Board(), steps), name
    # the parent played only the last way at each parting: ok, up (c's branch came last at step 2)
    assert board.played == ["click ok", "click up"]


@pytest.mark.emu
def test_on_the_emulated_board_a_shared_run_times_as_fresh_boards_do():
    uf2 = find_uf2(os.environ.get("PICO_UF2"))
    if not uf2:
        pytest.skip("no UF2 for the emulated Pico (PICO_UF2 or .cache/RPI_PICO.uf2)")
    from host_tools.dev import emu
    E = dict(presses.entries())
    stem = sorted(E)[0]
    paths = [E[stem]["fewest"], E[stem]["hints"]]
    fd = emu.app_flash("pico", os.path.join(tempfile.mkdtemp(), "flash"), uf2)
    shared = PS.run_shared(paths, uf2, fd)
    for run, path in zip(shared, paths):
        alone = PS.run_script(path, uf2, fd)
        assert [s for s, _ms in run["presses"]] == [s for s, _ms in alone["presses"]]
        diffs = [abs(a - b) for (_s, a), (_t, b) in zip(run["presses"], alone["presses"])
                 if a is not None and b is not None]
        print("%s: %d presses, shared against fresh: largest difference %.1f ms"
              % (os.path.basename(path), len(diffs), max(diffs) if diffs else 0))
        off = []
        for (step, a), (_s, b) in zip(run["presses"], alone["presses"]):
            # Each press goes down, and a click's comes up, inside the emulator at the same phase of
            # the board's clocks (the panel's frame, the timer's millisecond, the firmware asleep in
            # its wait: bench/moments.py), so the branch and the fresh board time it alike. Pressed
            # from the host wherever its run stopped, two boards differed by up to a panel frame
            # (11.4 ms), forked or not (dobon-match.fewest's 'click right' 19.4 ms shared,
            # 9.3 fresh). The slack is what a wrong state exceeds: a step forgotten or repeated.
            slack = 5 if step.split()[0] == "click" else 12
            assert (a is None) == (b is None), (path, step, a, b)
            if a is not None and abs(a - b) > slack:
                off.append((step, a, b))
        # A press whose end falls on the edge of a panel frame shows in that frame or the next on
        # either board: one press in a script may differ by exactly one frame (dobon-match.fewest's
        # 'click left', 97.0 shared and 85.6 fresh in the full emulator run, alike alone); a
        # wrong state moves more presses than one, or by another amount.
        assert len(off) <= 1 and all(abs(abs(a - b) - PANEL_FRAME_MS) <= 0.5 for _s, a, b in off), (path, off)
