# An in-memory, os-like filesystem for the store's tests, under CPython and inside MicroPython guests
# (tests/support/mp.py copies this file to /input): plain Python both interpreters run.


class MemFile:
    def __init__(self, fs, path, mode):
        self.fs, self.path, self.mode = fs, path, mode
        if "a" in mode or "w" in mode:
            if "w" in mode or path not in fs.files:
                if fs.limit is not None and fs.used() + 1 > fs.limit:
                    raise OSError(28)
                fs.files[path] = bytearray()
            self.pending = b""
        else:
            if path not in fs.files:
                raise OSError(2)
            self.data = bytes(fs.files[path])
            self.pos = 0

    def write(self, b):
        self.pending += bytes(b)
        return len(b)

    def flush(self):
        if self.pending:
            if self.fs.limit is not None and self.fs.used() + len(self.pending) > self.fs.limit:
                raise OSError(28)
            self.fs.files[self.path] += self.pending
            self.pending = b""

    def read(self, n=-1):
        if n is None or n < 0:
            n = len(self.data) - self.pos
        out = self.data[self.pos:self.pos + n]
        self.pos += len(out)
        return out

    def readline(self, limit=-1):
        at = self.data.find(b"\n", self.pos)
        end = len(self.data) if at < 0 else at + 1
        if limit >= 0 and end - self.pos > limit:
            end = self.pos + limit
        out = self.data[self.pos:end]
        self.pos = end
        return out

    def seek(self, off, whence=0):
        self.pos = off

    def close(self):
        if "a" in self.mode or "w" in self.mode:
            self.pending = b""      # like a failed sync: unflushed bytes are lost


class MemFs:
    """os-like, byte-counting RAM filesystem. `limit` = total bytes it can hold (full flash)."""

    def __init__(self, limit=None, block=256):
        self.files = {}
        self.dirs = set(["/"])
        self.limit = limit
        self.block = block

    def used(self):
        return sum(len(v) for v in self.files.values())

    def open(self, path, mode="rb"):
        return MemFile(self, path, mode)

    def rename(self, a, b):
        if a not in self.files:
            raise OSError(2)
        self.files[b] = self.files.pop(a)

    def remove(self, path):
        if path not in self.files:
            raise OSError(2)
        del self.files[path]

    def mkdir(self, path):
        if path in self.dirs:
            raise OSError(17)
        self.dirs.add(path)

    def listdir(self, path):
        pre = path.rstrip("/") + "/"
        return [p[len(pre):] for p in self.files if p.startswith(pre) and "/" not in p[len(pre):]]

    def stat(self, path):
        if path not in self.files:
            raise OSError(2)
        return (0x8000, 0, 0, 0, 0, 0, len(self.files[path]), 0, 0, 0)

    def statvfs(self, path):
        if self.limit is None:
            raise OSError(95)
        total = self.limit // self.block
        free = (self.limit - self.used()) // self.block
        return (self.block, self.block, total, free, free, 0, 0, 0, 0, 255)

    def ilistdir(self, path):
        """(name, type, inode, size) as MicroPython's os.ilistdir on littlefs."""
        return [(n, 0x8000, 0, len(self.files[path.rstrip("/") + "/" + n])) for n in self.listdir(path)]
