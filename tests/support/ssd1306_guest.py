# micropython-lib's ssd1306 under real MicroPython: its folder (driver_dir), a guest's head on a recording bus (GUEST_BUS), a guest run (run_with_driver).
import hashlib
import os

import pytest

import mp
from host_tools.board.staging import SSD1306_SHA256 as DRIVER_SHA256


def driver_dir():
    """Folder holding micropython-lib's ssd1306.py: deploy's copy (fetched once by the tool, written
    through a rename), checked here; skips when unobtainable. mp.stage() copies it into the run's
    own folder, so nothing is written beside it."""
    from host_tools.board import staging
    try:
        path = staging.ssd1306_driver_path()
    except staging.DeployError as e:
        pytest.skip(str(e))
    with open(path, "rb") as f:
        assert hashlib.sha256(f.read()).hexdigest() == DRIVER_SHA256
    return os.path.dirname(path)


# The head of a guest driving micropython-lib's ssd1306 (in /input/lib) over a recording bus.
GUEST_BUS = """
import sys
sys.path.insert(0, '/input/lib')
sys.path.insert(0, '/input/firmware')
import ssd1306
from draw.canvas import Canvas
from hw.display import Display, PicoBus

class Bus:
    # machine.I2C as the driver uses it; records each transaction's bytes.
    def __init__(self):
        self.log = []
    def writeto(self, addr, buf):
        self.log.append(bytes(buf))
    def writevto(self, addr, vec):
        self.log.append(b''.join(bytes(v) for v in vec))

bus = Bus()
"""


def run_with_driver(code):
    """Run guest `code` under MicroPython with the driver staged in /input/lib; its stdout."""
    tmp = mp.stage(extra_dirs=[(driver_dir(), "lib")])
    try:
        out, err, _ = mp.run(code, tmp, timeout=120)
    finally:
        mp.cleanup(tmp)
    assert not err.strip(), err
    return out
