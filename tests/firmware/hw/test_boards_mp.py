# main.py's Pico wiring under real MicroPython: board file -> machine.I2C/Pin -> micropython-lib
# ssd1306 -> Display, Buttons -> step(); with a fake `machine` that records I2C and sets levels.
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
import board, machine, main
from hw.buttons import Buttons
from draw.canvas import Canvas

display, pins = main.make_rp2(board)
bus = machine.I2C.last
print('I2C', bus.args, set(a for a, _ in bus.log))
print('PINS', [(n, p.n, p.mode, p.pull) for n, p in pins])

class App:
    def __init__(self):
        self.c = Canvas(); self.events = []; self.dirty = True; self.store = None
    def on_button(self, kind, name):
        self.events.append(kind + ' ' + name); self.dirty = True
    def rest(self):
        pass
    def frame(self):
        if self.dirty:
            self.c.fill(0); self.c.text(str(len(self.events)), 0, 0); display.show(self.c); self.dirty = False

app = App()
buttons = Buttons(pins, 0)
t = 0
for i in range(40):
    machine.Pin.levels[dict(board.BUTTONS)["ok"]] = 0 if 5 <= i < 20 else 1
    main.step(app, buttons, t)
    t += main.POLL_MS
print('EVENTS', app.events)
print('FRAMES', display.sent, display.skipped)
print('BUS', type(display.bus).__name__, display.partial)
print('BYTES', sum(len(b) + 1 for _, b in bus.log))
'''


def test_main_wires_a_pico_under_micropython():
    tmp = mp.stage(extra_dirs=[(driver_dir(), "lib")])
    try:
        with open(os.path.join(tmp, "machine.py"), "w") as f:
            f.write(FAKE_MACHINE)
        shutil.copy(os.path.join(ROOT, "boards", "pico", "board.py"), os.path.join(tmp, "board.py"))
        out, err, _ = mp.run(GUEST, tmp, timeout=120)
    finally:
        mp.cleanup(tmp)
    assert not err.strip(), err
    lines = dict(l.split(" ", 1) for l in out.splitlines())
    assert lines["I2C"] == "(0, 4, 5, 400000) {60}"
    assert lines["PINS"].startswith("[('up', 10, 0, 1), ('down', 11, 0, 1)")
    assert lines["EVENTS"] == "['press ok', 'click ok']"
    assert lines["FRAMES"] == "3 0"
    assert lines["BUS"] == "PicoBus 2"     # make_rp2 handed Display its bus: the two presses were windows
