# The write-ahead block: a press's journal line programmed into a flash block erased at rest (no
# sector erase on a press), folded into its segment while the table rests. docs/storage.md.
#
# The block is the data of one littlefs file, `ahead.wal`, exactly one block long: littlefs holds
# it (never erases or reuses it) and never reads it back, so its erased tail can be programmed
# through the block device under littlefs, a page at a time. It holds, after its mark line, the
# segment its lines continue ("@stem seg size\n") and then the journal lines as the segment
# would hold them. A UTF-8 line never holds 0xFF: the first erased byte ends what was written.
from core import journal
from storage.fsio import write

NAME = "ahead.wal"
MARK = b"wal1 "
PAGE = 256              # the flash's page: a program never crosses one
FOLD_AT = 2048          # bytes of lines held: the table's next rest folds them into the segment
ERASED = b"\xff" * PAGE


class WriteAhead:
    """The block of `store` on the block device `raw` (rp2.Flash: readblocks/writeblocks with an
    offset program without erasing)."""

    def __init__(self, store, raw):
        self.store = store
        self.raw = raw
        self.size = raw.ioctl(5, 0)     # MP_BLOCKDEV_IOCTL_BLOCK_SIZE
        self.block = None               # its block on the flash; None: none ready
        self.used = 0                   # bytes programmed: the mark, the segment, the lines
        self.bound = None               # (stem, seg, size of that segment without the lines)
        self.lines = 0                  # bytes of journal lines held
        self.first = 0                  # where the first of them starts in the block
        self.failed = False             # the last prepare() failed: wait for a change
        self.due = True                 # work for the table's rest: a block to make ready, or
        self.page = bytearray(PAGE)     # lines to fold (an attribute: the idle loop reads it)

    def path(self):
        return "%s/%s" % (self.store.root, NAME)

    # ---- at a press ----------------------------------------------------------------------------
    def take(self, j, data):
        """Program `data`, the next line of the Segments `j`, into the block: True when it is on
        the flash; False when the block cannot take it (none ready, full, or its lines continue
        another segment), and nothing was written."""
        if self.block is None:
            return False
        head = b""
        if self.bound is None:
            head = ("@%s %d %d\n" % (j.stem, j.seg, j.size)).encode()
        elif self.bound[0] != j.stem or self.bound[1] != j.seg:
            return False
        if self.used + len(head) + len(data) > self.size:
            return False
        try:
            self._program(head + data)
        except OSError:
            self.used = self.size       # what the flash holds past the lines is unknown: no more
            return False
        if head:
            self.bound = (j.stem, j.seg, j.size)
            self.first = self.used - len(data)
        self.lines += len(data)
        self.due = self.lines >= FOLD_AT
        return True

    def _program(self, data):
        """Program `data` at self.used, page by page (the rest of each page programmed as 0xFF,
        which leaves the flash's bytes as they are)."""
        page = self.page
        done = 0
        while done < len(data):
            at = self.used + done
            start = at - at % PAGE
            n = min(PAGE - (at - start), len(data) - done)
            page[:] = ERASED
            page[at - start:at - start + n] = data[done:done + n]
            self.raw.writeblocks(self.block, page, start)
            done += n
        self.used += len(data)

    def held(self):
        """The lines held, read back from the flash (bytes)."""
        if not self.lines:
            return b""
        buf = bytearray(self.lines)
        self.raw.readblocks(self.block, buf, self.first)
        return bytes(buf)

    def held_for(self, stem, seg):
        """The lines held when they continue segment `seg` of `stem`, else b""."""
        b = self.bound
        if b is None or b[0] != stem or b[1] != seg:
            return b""
        return self.held()

    # ---- at rest -------------------------------------------------------------------------------
    def rest(self, room):
        """The table rests: lines folded once FOLD_AT bytes are held, a fresh block made ready
        (when the flash has `room` for one)."""
        if self.due and self.lines:
            self.fold()
        if self.block is None and not self.failed and room:
            self.prepare()

    def fold(self):
        """The lines held appended to their segment (a littlefs write); the block is then spent
        until the next prepare(). False when they could not be (nothing changed)."""
        if not self.lines:
            return True
        stem, seg, base = self.bound
        for j in self.store._open.values():
            if j.stem == stem:
                j.close()           # one handle on a littlefs file at a time
        if not append_to_segment(self.store, stem, seg, base, self.held()):
            self.due = False            # not again at every idle poll: the next press asks
            return False
        self._spent()
        return True

    def _spent(self):
        self.block = None
        self.bound = None
        self.used = 0
        self.lines = 0
        self.failed = False
        self.due = True

    def prepare(self):
        """A fresh block: the file written whole (littlefs erases a block for it), then found on
        the flash by its mark. False when it cannot be (a full flash: the presses write through
        littlefs as before)."""
        self._spent()
        mark = MARK + nonce().encode() + b"\n"
        try:
            f = self.store.fs.open(self.path(), "wb")
            try:
                f.write(mark)
                left = self.size - len(mark)
                while left > 0:
                    f.write(ERASED[:min(PAGE, left)])
                    left -= PAGE
                f.flush()
            finally:
                f.close()
        except OSError:
            return self._failed()
        self.block = self._find(mark)
        if self.block is None:
            return self._failed()
        self.used = len(mark)
        self.due = False
        return True

    def _failed(self):
        self.failed = True
        self.due = False
        return False

    def retry(self):
        """Room may be back (a game deleted): the next rest tries a fresh block again."""
        if self.failed:
            self.failed = False
            self.due = self.block is None

    def _find(self, mark):
        """The one block that starts with `mark` and is erased after it, or None."""
        raw = self.raw
        head = bytearray(len(mark))
        found = None
        for b in range(raw.ioctl(4, 0)):        # MP_BLOCKDEV_IOCTL_BLOCK_COUNT
            raw.readblocks(b, head, 0)
            if head == mark:
                if found is not None:
                    return None
                found = b
        if found is None:
            return None
        page = self.page
        start = 0
        while start < self.size:
            raw.readblocks(found, page, start)
            if page[len(mark) if start == 0 else 0:] != ERASED[len(mark) if start == 0 else 0:]:
                return None
            start += PAGE
        return found

    # ---- at boot -------------------------------------------------------------------------------
    def recover(self, room):
        """At boot, before the games are read: lines a power cut left in the block go to their
        segment (unless they are there already). A block that holds no line is taken as it is;
        else a fresh one is made (when the flash has `room`), so the first presses erase nothing."""
        try:
            f = self.store.fs.open(self.path(), "rb")
        except OSError:
            f = None
        if f is not None:
            try:
                data = f.read(self.size)
            finally:
                f.close()
            bound, lines = parse(data)
            if bound is None:
                mark = data[:data.find(b"\n") + 1]
                self.block = self._find(mark) if mark.startswith(MARK) else None
                if self.block is not None:
                    self.used = len(mark)
                    self.due = False
                    return
            elif lines and not append_to_segment(self.store, bound[0], bound[1], bound[2], lines):
                self.due = False        # its lines fit no segment: left for a person to read
                return
        if room:
            self.prepare()


def nonce():
    """8 random hex digits: a fresh block's mark, which no older block on the flash carries."""
    from core.engine import new_game_id
    return new_game_id()


def parse(data):
    """(stem, seg, base), lines: what a block's bytes hold (lines: every whole, sealed line up to
    the first that is not, which a power cut tore). (None, b"") when it binds no segment."""
    end = data.find(b"\xff")
    if end >= 0:
        data = data[:end]
    at = data.find(b"\n") + 1
    if not data.startswith(MARK) or at == 0:
        return None, b""
    nl = data.find(b"\n", at)
    if nl < 0 or data[at:at + 1] != b"@":
        return None, b""
    words = data[at + 1:nl].split()
    try:
        bound = (words[0].decode(), int(words[1]), int(words[2]))
    except (IndexError, ValueError):
        return None, b""
    start = pos = nl + 1
    while True:
        nl = data.find(b"\n", pos)
        if nl < 0 or not journal.sealed_ok(data[pos:nl + 1]):
            break
        pos = nl + 1
    return bound, data[start:pos]


def append_to_segment(store, stem, seg, base, lines):
    """`lines` appended to segment `seg` of `stem` when it is `base` bytes long; True also when
    it holds them there already (a fold the power cut came after). False: they could not be."""
    from storage import layout
    from storage.fsio import size
    fs = store.fs
    path = "%s/%s" % (store.root, layout.segment(stem, seg))
    now = size(fs, path)
    if now == base or (now is None and base == 0):     # a new segment's file is made at its first line
        try:
            write(fs, path, lines, "ab")
        except OSError:
            return size(fs, path) == base + len(lines)
        return True
    if now is None or now < base + len(lines):
        return False
    f = fs.open(path, "rb")
    try:
        f.seek(base)
        return f.read(len(lines)) == lines
    finally:
        f.close()
