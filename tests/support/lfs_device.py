# littlefs-python as the Pico's flash: the same geometry and mount options MicroPython's rp2 port
# uses, an os-like adapter the Store runs on, and a block device that records every program/erase
# so a power cut at any of them can be replayed (docs/storage.md, "How it is tested").
#
# Pico (rp2 port, ports/rp2/modules/_boot.py + extmod/vfs_lfsx.c): 4096-byte blocks, 352 blocks
# (1408 KiB), VfsLfs2(bdev, progsize=256) with the defaults readsize=32, lookahead=32 bytes,
# cache_size = min(block_size, 4 * max(readsize, progsize)) = 1024, block_cycles = 100.
from littlefs import LittleFS, UserContext, lfs
from littlefs.errors import LittleFSError

PICO = {"block_size": 4096, "block_count": 352, "read_size": 32, "prog_size": 256,
        "cache_size": 1024, "lookahead_size": 32, "block_cycles": 100}


def geometry(block_count=None):
    g = dict(PICO)
    if block_count:
        g["block_count"] = block_count
    return g


LFS_ERR_IO = -5


class Flash(UserContext):
    """A NOR flash image that counts program/erase operations.

    `trace` (when a list) receives every operation as ("p", block, off, data) or ("e", block).
    `cut_after` = N: the first N operations happen, operation N+1 is where the power goes: a
    program lands partially (`torn` bytes of it), an erase does not happen; the image is frozen
    from then on: every later program/erase/sync fails with LFS_ERR_IO and changes nothing.
    (littlefs-python swallows a Python exception raised in a callback and carries on as if it had
    succeeded, so the cut is signalled with littlefs's own error code.)
    """

    def __init__(self, size, buffer=None, trace=None, cut_after=None, torn=0):
        UserContext.__init__(self, buffer=bytearray(buffer) if buffer is not None else None,
                             buffsize=None if buffer is not None else size)
        self.progs = 0
        self.erases = 0
        self.trace = trace
        self.cut_after = cut_after
        self.torn = torn
        self.dead = False
        self.cut_done = False

    def ops(self):
        return self.progs + self.erases

    def _gate(self):
        if self.dead:
            return True
        if self.cut_after is not None and self.ops() >= self.cut_after:
            self.dead = True
            return True
        return False


    def prog(self, cfg, block, off, data):
        if self._gate():
            if self.torn and not self.cut_done:
                self.cut_done = True
                start = block * cfg.block_size + off
                k = self.torn if self.torn < len(data) else len(data) - 1
                # NOR programming only clears bits
                for i in range(k):
                    self.buffer[start + i] &= data[i]
            return LFS_ERR_IO
        self.progs += 1
        if self.trace is not None:
            self.trace.append(("p", block, off, bytes(data)))
        return UserContext.prog(self, cfg, block, off, data)

    def erase(self, cfg, block):
        if self._gate():
            return LFS_ERR_IO
        self.erases += 1
        if self.trace is not None:
            self.trace.append(("e", block))
        return UserContext.erase(self, cfg, block)

    def sync(self, cfg):
        return LFS_ERR_IO if self.dead else 0


def apply_op(buf, op, block_size, torn=None):
    """Apply one traced operation to an image (bytearray); `torn` = bytes of a program that land."""
    if op[0] == "e":
        if torn is None:
            start = op[1] * block_size
            buf[start:start + block_size] = b"\xff" * block_size
        return
    _, block, off, data = op
    start = block * block_size + off
    if torn is None:
        buf[start:start + len(data)] = data
    else:
        for i in range(min(torn, len(data))):
            buf[start + i] &= data[i]


def mount(flash, block_count=None, format_if_needed=False):
    """Mount littlefs on `flash` with the Pico's options. Raises LittleFSError when it will not
    mount (MicroPython's _boot.py would then reformat: that must never happen)."""
    fs = LittleFS(flash, mount=False, **geometry(block_count))
    if format_if_needed:
        fs.format()
    fs.mount()
    return fs


class LfsFile:
    """The slice of a MicroPython VfsLfs2 file object the Store uses. flush() = lfs_file_sync."""

    def __init__(self, fs, path, mode):
        self.fs = fs
        if "a" in mode:
            flags = lfs.LFSFileFlag.wronly | lfs.LFSFileFlag.creat | lfs.LFSFileFlag.append
        elif "w" in mode:
            flags = lfs.LFSFileFlag.wronly | lfs.LFSFileFlag.creat | lfs.LFSFileFlag.trunc
        else:
            flags = lfs.LFSFileFlag.rdonly
        try:
            self.fh = lfs.file_open(fs.fs, path, flags)
        except LittleFSError as e:
            raise _oserror(e)
        self.closed = False
        self._rbuf = b""

    def write(self, data):
        try:
            return lfs.file_write(self.fs.fs, self.fh, bytes(data))
        except LittleFSError as e:
            raise _oserror(e)

    def flush(self):
        try:
            lfs.file_sync(self.fs.fs, self.fh)
        except LittleFSError as e:
            raise _oserror(e)

    def read(self, n=-1):
        out = self._rbuf
        self._rbuf = b""
        if n is None or n < 0:
            while True:
                chunk = lfs.file_read(self.fs.fs, self.fh, 4096)
                if not chunk:
                    return out
                out += chunk
        if len(out) < n:
            out += lfs.file_read(self.fs.fs, self.fh, n - len(out))
        else:
            self._rbuf = out[n:]
            out = out[:n]
        return out

    def seek(self, off, whence=0):
        self._rbuf = b""
        return lfs.file_seek(self.fs.fs, self.fh, off, whence)

    def readline(self, limit=-1):
        buf = self._rbuf
        while True:
            at = buf.find(b"\n")
            if at >= 0 and (limit < 0 or at < limit):
                self._rbuf = buf[at + 1:]
                return buf[:at + 1]
            if limit >= 0 and len(buf) >= limit:
                self._rbuf = buf[limit:]
                return buf[:limit]
            chunk = lfs.file_read(self.fs.fs, self.fh, 256)
            if not chunk:
                self._rbuf = b""
                return buf
            buf += chunk

    def close(self):
        if not self.closed:
            self.closed = True
            try:
                lfs.file_close(self.fs.fs, self.fh)
            except LittleFSError as e:
                raise _oserror(e)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def _oserror(e):
    # littlefs error codes are negative errno values (LFS_ERR_NOSPC = -28, ...)
    err = OSError(-e.code, str(e))
    err.errno = -e.code
    return err


class Raw:
    """The block device under the littlefs as MicroPython's rp2.Flash gives it: readblocks and
    writeblocks with an offset (a program, no erase), ioctl 4 (blocks) and 5 (block size). It
    programs through `flash`, so its programs are counted, traced and cut like littlefs's own."""

    def __init__(self, flash, block_count=None):
        self.flash = flash
        self.cfg = type("Cfg", (), {"block_size": PICO["block_size"]})()
        self.count = block_count or PICO["block_count"]

    def ioctl(self, op, arg):
        return {4: self.count, 5: self.cfg.block_size}.get(op)

    def readblocks(self, block, buf, off=0):
        start = block * self.cfg.block_size + off
        buf[:] = self.flash.buffer[start:start + len(buf)]

    def writeblocks(self, block, buf, off):
        # NOR programming only clears bits: what is handed on (and traced) is the flash's bytes
        # AND the new ones, as the page will read after the program
        start = block * self.cfg.block_size + off
        n = len(buf)
        now = int.from_bytes(self.flash.buffer[start:start + n], "big")
        data = (now & int.from_bytes(bytes(buf), "big")).to_bytes(n, "big")
        if self.flash.prog(self.cfg, block, off, data) == LFS_ERR_IO:
            raise OSError(5, "EIO")


class LfsFs:
    """os-like adapter over littlefs-python, with the calls the Store makes on MicroPython.
    `raw`: the block device under it (Raw), as main.py hands rp2.Flash to the Store."""

    def __init__(self, fs, raw=None):
        self.fs = fs
        self.raw = raw

    def open(self, path, mode="rb"):
        return LfsFile(self.fs, path, mode)

    def _call(self, fn, *args):
        try:
            return fn(self.fs.fs, *args)
        except LittleFSError as e:
            raise _oserror(e)

    def rename(self, a, b):
        self._call(lfs.rename, a, b)

    def remove(self, path):
        self._call(lfs.remove, path)

    def mkdir(self, path):
        self._call(lfs.mkdir, path)

    def listdir(self, path):
        try:
            return self.fs.listdir(path)
        except LittleFSError as e:
            raise _oserror(e)

    def ilistdir(self, path):
        """MicroPython's VfsLfs2.ilistdir: (name, type, inode, size) per entry."""
        try:
            return [(e.name, 0x4000 if e.type == 2 else 0x8000, 0, e.size)
                    for e in self.fs.scandir(path)]
        except LittleFSError as e:
            raise _oserror(e)

    def stat(self, path):
        st = self._call(lfs.stat, path)
        # os.stat layout: (mode, ino, dev, nlink, uid, gid, size, atime, mtime, ctime)
        mode = 0x4000 if st.type == 2 else 0x8000
        return (mode, 0, 0, 0, 0, 0, st.size, 0, 0, 0)

    def statvfs(self, path):
        bs = self.fs.cfg.block_size
        n = self.fs.cfg.block_count
        used = self.fs.used_block_count
        free = n - used
        # MicroPython's VfsLfs2.statvfs: (bsize, frsize, blocks, bfree, bavail, 0, 0, 0, 0, name_max)
        return (bs, bs, n, free, free, 0, 0, 0, 0, 255)
