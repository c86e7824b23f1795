# The bench's guests draw repeatable randomness: `os` with a seeded urandom(). Not a firmware file.
#
# The firmware takes game ids and the boot's spot-checked journal segment from os.urandom();
# real randomness there made the page's fuel and heap figures differ from run to run (by ~0.1 M
# and ~0.1 KB). The resume runs also list their journal folder through frozendir.py (inode 0,
# as littlefs); it is loaded only there, so it adds nothing to the other runs' heap. The -c prelude (host_tools/dev/bench/wasm.py) puts this in sys.modules['os'], so the
# firmware's `import os` finds it; every other name is the real module's.


class FixedOs:
    frozen = None       # a frozendir.FrozenDirs, once a run froze a folder

    def __init__(self, real, seed=1):
        self._real = real
        self._x = seed

    def __getattr__(self, name):
        f = self.frozen
        if f is not None and name in f.NAMES:
            return getattr(f, name)
        return getattr(self._real, name)

    def urandom(self, n):
        out = bytearray(n)
        for i in range(n):
            self._x = (self._x * 1103515245 + 12345) & 0x7FFFFFFF
            out[i] = (self._x >> 16) & 255
        return bytes(out)
