"""The main loop on the emulated Pico between presses: it waits for the next poll in C, and a
button's edge ends the wait (hw.buttons.EdgeWake: a hard interrupt writes to a RingIO that one
`select.poll` waits on), so a release is read as the contact opens, not at the next 10 ms poll.
Runs on the firmware under test (ours, or the official one with deploy's files). What the idle
loop costs the CPU is a figure of the bench (docs/bench-firmware.md), not asserted here."""
import os
import shutil
import tempfile

import pytest

from host_tools.dev import emu
from host_tools.dev.emu import UF2_HELP, find_uf2

pytestmark = [pytest.mark.emu, pytest.mark.skipif(find_uf2() is None, reason=UF2_HELP)]


def test_a_release_is_read_as_the_contact_opens():
    uf2 = find_uf2()
    tmp = tempfile.mkdtemp(prefix="emu-idle-")
    try:
        with emu.Pico(uf2, emu.app_flash("pico", os.path.join(tmp, "flash"), uf2)) as p:
            p.boot(frames=2, timeout_ms=60000)
            p.settle()
            clock = p.dev.simulator.clock
            gaps = []
            for i in range(7):               # releases at seven phases of the 10 ms poll
                p.hold("down")
                p.wait_polled()
                p.run_ms(100 + 1.4 * i)
                p.release("down")
                released = clock.nanos
                assert p.wait_polled(100), "the loop stopped reading its buttons"
                gaps.append(round((p._polled_ns - released) / 1e6, 2))
                p.settle(150)
            # a loop that slept its 10 ms through would read some of them 1-10 ms late
            assert max(gaps) < 1.0, gaps
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
