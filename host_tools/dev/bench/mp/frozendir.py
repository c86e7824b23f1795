# The bench's resume runs list a journal folder as littlefs would, repeatably. Not a firmware file.
#
# WASI hands the guest a pseudo-random 32-bit inode with every listing and stat of a host file, and
# one past MicroPython's small-int range costs a long int: a fresh copy of the same journal moved
# the resume fuel by a few thousand from run to run, across a rounding step of the page once.
# A frozen folder is listed from one listing taken before the fuel bracket, as the Pico's littlefs
# lists it (inode 0 and the size in the entry, so the Store needs no stat per file).


class FrozenDirs:
    NAMES = ("ilistdir", "listdir", "stat")

    def __init__(self, real):
        self._real = real
        self._dirs = {}

    def freeze(self, folder):
        out = []
        for e in self._real.ilistdir(folder):
            size = 0
            if e[1] == 0x8000:
                f = open(folder + "/" + e[0], "rb")
                size = f.seek(0, 2)
                f.close()
            out.append((e[0], e[1], 0, size))
        self._dirs[folder] = out

    def ilistdir(self, path="."):
        got = self._dirs.get(path)
        return iter(got) if got is not None else self._real.ilistdir(path)

    def listdir(self, path="."):
        got = self._dirs.get(path)
        return [e[0] for e in got] if got is not None else self._real.listdir(path)

    def stat(self, path):
        cut = path.rfind("/")
        for e in self._dirs.get(path[:cut], ()):
            if e[0] == path[cut + 1:]:
                return (e[1], 0, 0, 0, 0, 0, e[3], 0, 0, 0)
        return self._real.stat(path)
