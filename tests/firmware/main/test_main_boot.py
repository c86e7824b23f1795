# main.py when the firmware's own modules cannot be imported (an .mpy the board's MicroPython
# cannot load, a file missing after a cut deploy): under real MicroPython, with a fake `machine`
# (tests/firmware/hw/test_boards_mp.py's) and micropython-lib's ssd1306, the failure is written on the panel.
import os
import shutil

import mp
from fake_machine import FAKE_MACHINE
from ssd1306_guest import driver_dir

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))

GUEST = '''
import sys
sys.path.insert(0, '/input/lib')
sys.path.insert(0, '/input/firmware')
sys.path.insert(0, '/input')
import machine, main, framebuf
try:
    main.main()
except Exception as e:
    print('RAISED', type(e).__name__, e)
d = main._panel[0]
want = framebuf.FrameBuffer(bytearray(1024), 128, 64, framebuf.MONO_VLSB)
want.fill(0)
for i, line in enumerate(%r):
    want.text(line, 0, i * 8)
print('PANEL', bytes(d.buffer) == bytes(want), any(d.buffer))
addr, last = machine.I2C.last.log[-1]
print('SENT', last[0] == 0x40 and last[1:] == bytes(d.buffer))
'''


def _run(broken):
    tmp = mp.stage(extra_dirs=[(driver_dir(), "lib")])
    try:
        with open(os.path.join(tmp, "machine.py"), "w") as f:
            f.write(FAKE_MACHINE)
        shutil.copy(os.path.join(ROOT, "boards", "pico", "board.py"), os.path.join(tmp, "board.py"))
        for rel in broken:
            with open(os.path.join(tmp, "firmware", rel), "w") as f:
                f.write("raise ValueError('incompatible .mpy file')\n")
        lines = ["START FAILED", "ValueError: inco", "mpatible .mpy fi", "le", "", "", "", "run make deploy"]
        out, err, _ = mp.run(GUEST % (lines,), tmp, timeout=120)
    finally:
        mp.cleanup(tmp)
    return dict(l.split(" ", 1) for l in out.splitlines() if " " in l), err


def test_an_import_failure_is_written_on_the_panel():
    # every firmware module unloadable (the .mpy of another MicroPython): the driver's own text
    got, err = _run(["hw/display.py", "draw/canvas.py"])
    assert got["RAISED"] == "ValueError incompatible .mpy file", err
    assert got["PANEL"] == "True True" and got["SENT"] == "True"
