# The filesystem under the store: the interpreter's own (OsFs) and the whole-file operations the
# store's parts share (size, CRC-32 of a file, atomic replace, reading lines). docs/storage.md.
import binascii

LINE_MAX = 4096        # longer journal "lines" are garbage: they are read in pieces


class OsFs:
    """The interpreter's own filesystem (MicroPython: littlefs on the flash; CPython: the OS)."""

    def __init__(self, os_module=None, platform=None, vfs_module=None, raw=None):
        import sys
        self.raw = raw      # the block device under the littlefs (rp2.Flash), for storage/wal.py
        if os_module is None:
            import os as os_module
        self.os = os_module
        self._vfs = vfs_module
        # rp2's root is littlefs v2. VfsLfs2.statvfs counts with lfs2_fs_traverse, which walks
        # the metadata pairs and also each folder's entry in its parent ("orphans included", as
        # the block allocator needs), so a folder's two metadata blocks are counted twice;
        # lfs2_fs_size (littlefs-python's count of an image) counts them once. Measured on the
        # emulated Pico W: a new folder takes 4 free blocks by statvfs, 2 by the image. The
        # firmware's own 14 folders (with /games) made a fresh Pico W look 28 blocks fuller than
        # it is, too full for a new game (docs/storage.md). The littlefs's folders are counted at
        # the first statvfs: not a mount point that ilistdir("/") shows beside them (our
        # firmware's frozen data at /.data), which littlefs never counted.
        self._lfs = (platform or sys.platform) == "rp2"
        self._dirs = None

    def open(self, path, mode="rb"):
        return open(path, mode)

    def rename(self, a, b):
        self.os.rename(a, b)

    def remove(self, path):
        self.os.remove(path)

    def mkdir(self, path):
        self.os.mkdir(path)
        if self._dirs is not None:
            self._dirs += 1

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
        """os.statvfs, with free blocks as the flash really has them (see __init__)."""
        v = self.os.statvfs(path)
        if not self._lfs:
            return v
        if self._dirs is None:
            self._dirs = self._count_dirs("", self._mounts())
        extra = 2 * self._dirs
        return (v[0], v[1], v[2], min(v[2], v[3] + extra), min(v[2], v[4] + extra)) + tuple(v[5:])

    def _mounts(self):
        """The mount points other than "/" (MicroPython's vfs.mount() without arguments lists
        (filesystem, mount point) pairs): folders to the listing, none of the root littlefs's."""
        vfs = self._vfs
        try:
            if vfs is None:
                import vfs
            return [m[1] for m in vfs.mount() if m[1] != "/"]
        except (ImportError, AttributeError, TypeError, OSError):
            return []

    def _count_dirs(self, path, mounts=()):
        """The littlefs's folders under `path` (the root itself not counted: no parent lists it;
        nor a mount point in `mounts`, nor anything under one)."""
        n = 0
        try:
            entries = list(self.os.ilistdir(path or "/"))
        except OSError:
            return 0
        for e in entries:
            sub = path + "/" + e[0]
            if e[1] == 0x4000 and sub not in mounts:
                n += 1 + self._count_dirs(sub, mounts)
        return n


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
