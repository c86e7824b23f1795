# Stand-in for the rp2 port's machine module, as the source a MicroPython guest writes as machine.py (FAKE_MACHINE).
FAKE_MACHINE = '''
# Stand-in for the rp2 port's machine module: I2C records writes, Pin levels are set by the test.
class Pin:
    IN = 0
    PULL_UP = 1
    levels = {}
    def __init__(self, n, mode=None, pull=None):
        self.n = n
        self.mode, self.pull = mode, pull
        Pin.levels.setdefault(n, 1)
    def value(self):
        return Pin.levels[self.n]

class I2C:
    last = None
    def __init__(self, id, sda=None, scl=None, freq=None):
        self.args = (id, sda.n, scl.n, freq)
        self.log = []
        I2C.last = self
    def writeto(self, addr, buf):
        self.log.append((addr, bytes(buf)))
    def writevto(self, addr, vec):
        self.log.append((addr, b"".join(bytes(v) for v in vec)))
'''
