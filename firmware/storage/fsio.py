# The filesystem under the store: the interpreter's own (OsFs) and the whole-file operations the
# store's parts share (size, CRC-32 of a file, atomic replace, reading lines). docs/storage.md.
import binascii

LINE_MAX = 4096        # longer journal "lines" are garbage: they are read in pieces


class OsFs:
    """The interpreter's own filesystem (MicroPython: littlefs on the flash; CPython: the OS)."""

    def __init__(self):
        import os
        self.os = os

    def open(self, path, mode="rb"):
        return open(path, mode)

    def rename(self, a, b):
        self.os.rename(a, b)

    def remove(self, path):
        self.os.remove(path)

    def mkdir(self, path):
        self.os.mkdir(path)

    def listdir(self, path):
        return self.os.listdir(path)

    def ilistdir(self, path):
        """(name, type, inode[, size]) as MicroPython's os.ilistdir (littlefs gives the size,
        so one pass over the directory replaces a stat per file)."""
        if hasattr(self.os, "ilistdir"):
            return self.os.ilistdir(path)
        out = []
        for e in self.os.scandir(path):
            if e.is_dir():
                out.append((e.name, 0x4000, 0))
            else:
                out.append((e.name, 0x8000, 0, e.stat().st_size))
        return out

    def stat(self, path):
        return self.os.stat(path)

    def statvfs(self, path):
        return self.os.statvfs(path)


def lines_of(f):
    """The lines of an open journal segment as read (one longer than LINE_MAX comes in pieces)."""
    while True:
        line = f.readline(LINE_MAX)
        if not line:
            return
        yield line


def size(fs, path):
    """The file's size in bytes, None when it cannot be found."""
    try:
        return fs.stat(path)[6]
    except OSError:
        return None


def file_crc(fs, path, want):
    """CRC-32 of a whole file (None when it cannot be read or is not `want` bytes long)."""
    try:
        f = fs.open(path, "rb")
    except OSError:
        return None
    crc = 0
    n = 0
    try:
        while True:
            chunk = f.read(4096)
            if not chunk:
                break
            n += len(chunk)
            crc = binascii.crc32(chunk, crc)
    except OSError:
        return None
    finally:
        f.close()
    return (crc & 0xFFFFFFFF) if n == want else None


def write(fs, path, data, mode="wb"):
    """Write (or with mode "ab", append) `data` and flush it; the file is closed whatever happens."""
    f = fs.open(path, mode)
    try:
        f.write(data)
        f.flush()
    finally:
        f.close()


def replace(fs, path, data):
    """Write a whole small file through a temporary file and a rename (atomic on littlefs): a
    power cut leaves the old file or the new one. On failure the temporary file is removed and
    the OSError raised."""
    tmp = path + ".tmp"
    try:
        write(fs, tmp, data)
        fs.rename(tmp, path)
    except OSError:
        try:
            fs.remove(tmp)
        except OSError:
            pass
        raise
