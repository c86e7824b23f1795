# The games' files streamed from the flash for the record (a phone's download, `python -m
# host_tools export --url`): a game's segments, a named file, the listing with digests; each read
# CHUNK bytes at a time, never whole in RAM.
from storage import layout

CHUNK = 1024


def log_files(store, key):
    """[(path, size)] of the segments of the saved game `key`, in order, or None."""
    if store is None or not isinstance(key, str) or layout.parse(layout.snap(key)) is None:
        return None
    store.fold()                # the lines the write-ahead block holds, into the files sent
    store._listed = None
    segs = store.catalog().get(key)
    if not segs:
        return None
    return [_sized(store.fs, "%s/%s" % (store.root, layout.segment(key, s))) for s in segs]


def _sized(fs, path):
    from storage.fsio import size
    return (path, size(fs, path) or 0)


SAFE = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-"


def safe_path(store, path):
    """A file under the games folder named as export names it (host_tools/board/files.safe_name for each
    part, at most two folders deep), or None: no '..', no other folder of the flash."""
    if store is None or not isinstance(path, str) or not path.startswith(store.root + "/"):
        return None
    parts = path[len(store.root) + 1:].split("/")
    if len(parts) > 3:
        return None
    for p in parts:
        if not 0 < len(p) <= 64 or p[0] == "." or [c for c in p if c not in SAFE]:
            return None
    return path


def all_files(store):
    """[(path, size)] of every file under the games folder (two folders deep at most), sorted."""
    store.fold()                # the lines the write-ahead block holds, into the files listed
    out = []
    todo = [(store.root, 0)]
    fs = store.fs
    while todo:
        d, depth = todo.pop()
        for e in fs.ilistdir(d):
            p = d + "/" + e[0]
            if safe_path(store, p) is None:
                continue
            if e[1] == 0x4000:
                if depth < 2:
                    todo.append((p, depth + 1))
            else:
                out.append(_sized(fs, p))
    out.sort()
    return out


class File:
    """A response body: `paths` read CHUNK bytes at a time and sent, up to the sizes they had when
    the answer began (a game being played grows: its prefix is sent, a whole journal all the same).
    Holds the record's one download until it ends, however the connection ends."""

    def __init__(self, record, fs, files):
        self.record = record
        self.fs = fs
        self.files = files
        self.i = 0
        self.left = files[0][1] if files else 0
        self.f = None
        record.busy = self

    def __aiter__(self):
        return self

    async def __anext__(self):
        while True:
            if self.i >= len(self.files):
                self.close()
                raise StopAsyncIteration
            if self.left <= 0:
                if self.f is not None:
                    self.f.close()
                    self.f = None
                self.i += 1
                self.left = self.files[self.i][1] if self.i < len(self.files) else 0
                continue
            if self.f is None:
                self.f = self.fs.open(self.files[self.i][0], "rb")
            data = self.f.read(min(CHUNK, self.left))
            if not data:                 # shorter than when the answer began: the phone sees a cut
                self.close()
                raise StopAsyncIteration
            self.left -= len(data)
            return data

    def close(self):
        if self.f is not None:
            self.f.close()
            self.f = None
        if self.record.busy is self:
            self.record.busy = None

    async def aclose(self):
        self.close()


async def digests(record, fs, files):
    """[[path, size, SHA-256 hex]] of `files`, each read CHUNK bytes at a time, the loop let go
    between chunks (the buttons never wait for a listing). Holds the one download meanwhile."""
    import asyncio
    import hashlib
    from binascii import hexlify
    out = []
    record.busy = fs
    try:
        for path, n in files:
            h = hashlib.sha256()
            f = fs.open(path, "rb")
            try:
                left = n
                while left > 0:
                    data = f.read(min(CHUNK, left))
                    if not data:
                        break
                    left -= len(data)
                    h.update(data)
                    await asyncio.sleep(0)
            finally:
                f.close()
            out.append([path, n - left, hexlify(h.digest()).decode()])
    finally:
        if record.busy is fs:
            record.busy = None
    return out
