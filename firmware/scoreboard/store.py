# The games on the flash: a power-cut-safe journal per game, snapshots, rotation and recovery.
# Design, on-flash layout and the reasons: docs/storage.md. Contract: docs/architecture.md.
#
# Parts: the line format is journal.py's, the file names layout.py's, the snapshot checks
# snapshot.py's, recovery at power-up recovery.py's (both imported only while recovering); this
# module puts them together (commit, rotation, snapshots, the list of games, names, prefs). Files (root "/games", names: layout.py):
#   NNNN-GGGGGGGG.S.log / .snp / *.tmp / aside/      see layout.py and docs/storage.md
# /names.json, /prefs.json  seat names pushed from the PC, the display language (layout.py)
#
# Nothing read from the flash is trusted because its CRC is good: headers and events go through
# the one validator (journal.check_header/check_event); a snapshot is used only when the journal,
# folded from its base, reaches exactly its state (snapshot.py, recovery.py).
#
# An event is committed when its line is written and the file flushed (lfs_file_sync); the sink
# returns only then, and the engine changes its state (and the screen shows it) only after that.
import binascii

from scoreboard import cjson, journal, layout
from scoreboard.engine import Game, new_game_id
from scoreboard.errors import Refusal

SEG_MAX = 16384        # bytes per journal segment before a new one is started
SNAP_EVERY = 32        # events between snapshots
SNAP_ROUND = 8         # ... and at a round end when at least this many events since the last one
                       # (kabu/kakoi events are whole hands: a snapshot each would double wear)
LINE_MAX = 4096        # longer "lines" are garbage
RESERVE_BLOCKS = 16    # never written into: littlefs needs free blocks to delete and rename
LOW_BLOCKS = 48        # below: low_space() warns; a new game needs this much
CHECK_EVERY = 8        # statvfs (a littlefs traversal) once per this many writes when not low
SMALL_FILE = 4096      # names.json / prefs.json longer than this are ignored
SNAP_MAX = 16384       # bytes of a snapshot line (two states, the action stacks, segment list)
MAX_NAMES = 64         # names.json: names beyond this many are ignored


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


def _recovery():
    """The recovery module (boot, opening or listing games): imported when needed."""
    from scoreboard import recovery
    return recovery


def _forget():
    """Give the recovery code's RAM back once a game is loaded (scoreboard.games.unload); only
    on MicroPython, where RAM is short (on a PC, importing it again would cost every boot)."""
    import sys
    if sys.implementation.name != "micropython":
        return
    from scoreboard.games import unload
    unload(("scoreboard.recovery", "scoreboard.snapshot", "scoreboard.validate"))


def _pick(n):
    """A random index below n: the closed segment whose CRC this boot checks."""
    import os
    try:
        r = os.urandom(2)
        return (r[0] << 8 | r[1]) % n
    except Exception:
        import time
        return (time.ticks_ms() if hasattr(time, "ticks_ms") else int(time.time() * 1000)) % n


class _Journal:
    """One game's segment files: the engine's sink (append + flush) and source (read all)."""

    def __init__(self, store, stem, gid, seg=0, size=0):
        self.store = store
        self.stem = stem
        self.gid = gid
        self.seg = seg              # segment being appended to
        self.size = size            # its committed size in bytes
        self.f = None
        self.broken = False         # an unrepaired tail: nothing may be appended
        self.snap_seq = 0           # seq of the last snapshot written
        self.writes = 0
        self.last_seq = 0           # seq of the last line written (the header is seq 0)
        self.closed = []            # [size, CRC-32, last seq] of segments 0 .. seg-1
        self.base = None            # the last trusted point: what the next snapshot folds from
        self.found_damage = False   # a bad line seen where no power cut can put one

    def path(self, seg):
        return "%s/%s" % (self.store.root, layout.segment(self.stem, seg))

    def close(self):
        f = self.f
        self.f = None
        if f is not None:
            try:
                f.close()
            except OSError:
                pass

    def sink(self, line):
        data = line.encode("utf-8")
        st = self.store
        if self.broken:
            st._repair(self)            # raises Refusal if it still cannot be repaired
        st._check_space(self)
        if self.size > 0 and self.size + len(data) > st.seg_max:
            self.close()
            if len(self.closed) == self.seg:
                crc = st._file_crc(self.path(self.seg), self.size)
                if crc is not None:
                    self.closed.append([self.size, crc, self.last_seq])
            self.seg += 1
            self.size = 0
        old = self.size
        try:
            if self.f is None:
                self.f = st.fs.open(self.path(self.seg), "ab")
            self.f.write(data)
            self.f.flush()
        except OSError:
            # Find out what actually reached the flash: littlefs commits whole syncs, so the file
            # holds either the old bytes or the old bytes plus this line.
            self.close()
            now = st._size(self.path(self.seg))
            if now == old + len(data):
                self.size = now
                self.writes += 1
                self.last_seq += 1
                return
            if now is not None and now != old:
                self.broken = True
            st.full = True
            raise Refusal("E_STORAGE_FULL")
        self.size = old + len(data)
        self.writes += 1
        self.last_seq += 1

    def source(self):
        """Every journal record with seq >= 1, across the segments (deep undo, history)."""
        fs = self.store.fs
        seg = 0
        lineno = 0
        while seg <= self.seg:
            f = fs.open(self.path(seg), "rb")
            try:
                for line in lines_of(f):
                    lineno += 1
                    rec = journal.unseal(line, lineno)
                    if rec.get("t") != "header":
                        yield rec
            finally:
                f.close()
            seg += 1


class Store:
    def __init__(self, fs=None, root="/games", seg_max=SEG_MAX, snap_every=SNAP_EVERY,
                 reserve_blocks=RESERVE_BLOCKS, low_blocks=LOW_BLOCKS):
        self.fs = fs if fs is not None else OsFs()
        self.root = root
        self.seg_max = seg_max
        self.snap_every = snap_every
        self.reserve_blocks = reserve_blocks
        self.low_blocks = low_blocks
        self.last_recovery = None
        self.set_aside = []         # [(game id, message id)] moved to aside/ in this session
        self._skip = {}             # stems that could not be moved: ignored for this session
        self.full = False           # the last write was refused for space
        self._free = None           # free blocks at the last statvfs
        self._since_check = 0
        self._open = {}             # game id -> _Journal of the games loaded in this session
        self.damaged = None         # closed segments found damaged at the last resume (_check_closed)
        try:
            self.fs.mkdir(root)
        except OSError:
            pass
        # One pass over the directory at boot; its names and sizes serve the first resume_last()
        self._listed = self._scan()
        for name in list(self._listed):
            if name.endswith(".tmp"):
                self._remove(name)
                del self._listed[name]

    # ---- small helpers ------------------------------------------------------------------------
    def _names(self):
        if self._listed is not None:
            return list(self._listed)
        try:
            return self.fs.listdir(self.root)
        except OSError:
            return []

    def _scan(self):
        """{name: size, or None when the listing does not give it} of the games folder."""
        out = {}
        try:
            if hasattr(self.fs, "ilistdir"):
                for e in self.fs.ilistdir(self.root):
                    out[e[0]] = e[3] if len(e) > 3 and e[1] == 0x8000 else None
            else:
                for name in self.fs.listdir(self.root):
                    out[name] = None
        except OSError:
            pass
        return out

    def _remove(self, name):
        try:
            self.fs.remove(self.root + "/" + name)
            return True
        except OSError:
            return False

    def _size(self, path):
        try:
            return self.fs.stat(path)[6]
        except OSError:
            return None

    def _catalog(self):
        """stem -> sorted segment numbers (NNNN-G.S.log and NNNN-G.snp; anything else is not a
        game's file). A long game has a hundred segments: names are counted per stem and its
        segments 0, 1, 2, ... looked up, the few bytecodes per name a boot can afford; only a stem
        with other names (a gap, junk) is parsed name by name."""
        names = self._names()
        have = self._listed if self._listed is not None else dict.fromkeys(names)
        count = {}
        for name in names:
            stem = name[:name.find(".")]
            count[stem] = count.get(stem, 0) + 1
        segs = {}
        for stem in count:
            if layout.parse(layout.snap(stem)) is None:
                continue            # not NNNN-G: not a game's file
            n = 0
            while layout.segment(stem, n) in have:
                n += 1
            if n + (1 if layout.snap(stem) in have else 0) == count[stem]:
                segs[stem] = list(range(n))
                continue
            found = []
            for name in names:
                if name.startswith(stem + "."):
                    got = layout.parse(name)
                    if got is not None and got[0] == stem and got[1] is not None:
                        found.append(got[1])
            if found or layout.snap(stem) in have:
                found.sort()
                segs[stem] = found
        return segs

    def _stems_newest_first(self):
        cat = self._catalog()
        stems = list(cat.keys())
        stems.sort(key=lambda s: -int(s[:s.find("-")]))
        return stems, cat

    def _stem_of(self, game_id):
        for stem in self._catalog():
            if stem[stem.find("-") + 1:] == game_id:
                return stem
        return None

    # ---- space --------------------------------------------------------------------------------
    def _free_blocks(self):
        try:
            v = self.fs.statvfs(self.root)
        except (OSError, AttributeError):
            return None             # unknown (e.g. WASI): littlefs's own ENOSPC still protects
        self._free = v[4]
        self._bsize = v[0]
        self._since_check = 0
        return self._free

    def _check_space(self, j):
        self._since_check += 1
        if (self._free is None or self._free < 2 * self.low_blocks
                or self._since_check >= CHECK_EVERY):
            free = self._free_blocks()
        else:
            free = self._free
        if free is not None and free <= self.reserve_blocks:
            self.full = True
            raise Refusal("E_STORAGE_FULL")
        self.full = False

    def free_bytes(self):
        free = self._free_blocks()
        if free is None:
            return None
        return (free - self.reserve_blocks) * self._bsize if free > self.reserve_blocks else 0

    def low_space(self):
        """True when the player should be warned (play goes on until the reserve is reached)."""
        free = self._free_blocks()
        return self.full or (free is not None and free < self.low_blocks)

    # ---- creating and loading games -----------------------------------------------------------
    def create(self, kind, seats, settings=None):
        """A new game whose every change is committed before it returns (Refusal on a full flash)."""
        free = self._free_blocks()
        if free is not None and free < self.low_blocks:
            raise Refusal("E_STORAGE_FULL")
        self._listed = None
        stems, _ = self._stems_newest_first()
        n = int(stems[0][:stems[0].find("-")]) + 1 if stems else 1
        gid = new_game_id()
        stem = layout.stem(n, gid)
        self._close_all()
        j = _Journal(self, stem, gid)
        j.last_seq = -1             # the header line is seq 0
        try:
            game = Game.new(kind, seats, settings, gid, j.sink, j.source)
        except Refusal:
            j.close()
            self._remove(layout.segment(stem, 0))   # nothing of it was committed
            raise
        self._open[gid] = j
        self.last_recovery = None
        return game

    def resume_last(self):
        """The unfinished game most recently started, recovered; None when there is none."""
        stems, cat = self._stems_newest_first()
        self.damaged = None
        rec = _recovery()
        try:
            for stem in stems:
                game = rec.load_safe(self, stem, cat[stem], True)
                if game is not None and not game.is_over():
                    return game
        finally:
            self._listed = None     # files change from now on: ask the flash
            _forget()
        self.last_recovery = None
        self.damaged = None
        return None

    def open_game(self, game_id):
        """Continue (or look at) a game chosen from games(); recovery runs as in resume_last."""
        self._listed = None
        stem = self._stem_of(game_id)
        if stem is None:
            return None
        try:
            return _recovery().load_safe(self, stem, self._catalog()[stem], True)
        finally:
            _forget()

    def _close_all(self):
        for j in self._open.values():
            j.close()
        self._open = {}

    def _file_crc(self, path, size):
        """CRC-32 of a whole file (None when it cannot be read or is not `size` bytes long)."""
        try:
            f = self.fs.open(path, "rb")
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
        return (crc & 0xFFFFFFFF) if n == size else None

    def _total(self, sizes):
        t = 0
        for s in sizes:
            t += s
        return t

    def _repair(self, j):
        """Make the files exactly the valid prefix: later segments removed, the last one rewritten
        through a temporary file and a rename when it has a torn or bad tail."""
        j.close()
        if getattr(j, "drop_snap", False):
            # a snapshot that did not match would match again once new events reuse its seqs
            self._remove(layout.snap(j.stem))
            j.drop_snap = False
        segs = getattr(j, "segs", None) or []
        for s in sorted(segs, reverse=True):
            if s > j.seg:
                if not self._remove(layout.segment(j.stem, s)):
                    j.broken = True
                    raise Refusal("E_STORAGE_FULL")
        j.segs = [s for s in segs if s <= j.seg]
        path = j.path(j.seg)
        size = self._size(path)
        if size is not None and size != j.size:
            if j.size == 0 and j.seg > 0:
                ok = self._remove(layout.segment(j.stem, j.seg))
            else:
                ok = self._rewrite(path, j.size)
            if not ok:
                j.broken = True
                raise Refusal("E_STORAGE_FULL")
        j.broken = False

    def _rewrite(self, path, keep):
        tmp = path + ".tmp"
        try:
            src = self.fs.open(path, "rb")
            dst = self.fs.open(tmp, "wb")
            try:
                left = keep
                while left > 0:
                    chunk = src.read(512 if left > 512 else left)
                    if not chunk:
                        break
                    dst.write(chunk)
                    left -= len(chunk)
                dst.flush()
            finally:
                src.close()
                dst.close()
            if left:
                raise OSError(5)
            self.fs.rename(tmp, path)
            return True
        except OSError:
            try:
                self.fs.remove(tmp)
            except OSError:
                pass
            return False

    # ---- snapshots ----------------------------------------------------------------------------
    def after_change(self, game):
        """Call after each committed submit/undo/redo: writes a snapshot when one is due."""
        j = self._open.get(game.game_id)
        if j is None or game.seq <= j.snap_seq or j.broken:
            return False
        since = game.seq - j.snap_seq
        if (since >= self.snap_every or game.is_over()
                or (game.last_outcome is not None and since >= SNAP_ROUND)):
            return self.write_snapshot(game)
        return False

    def write_snapshot(self, game):
        """Snapshot to NNNN-G.snp.tmp, closed, renamed over NNNN-G.snp. False when it could not be
        written (the journal alone still holds everything)."""
        j = self._open.get(game.game_id)
        if j is None or game.seq == 0:
            return False
        rec = game.snapshot()
        rec["t"] = "snap"
        rec["v"] = journal.SNAP_FORMAT
        rec["seg"] = j.seg
        last = self._last_line(j)
        if last is None:
            return False
        rec["off"] = last[0]        # where the line with seq == rec["seq"] starts in segment seg
        rec["lcrc"] = last[1]
        rec["segs"] = j.closed      # [size, CRC, last seq] of the closed segments
        rec["base"] = j.base        # the previous trusted point; a boot folds from it to here
        free = self._free
        if free is not None and free <= self.reserve_blocks + 2:
            return False
        try:
            self._replace("%s/%s" % (self.root, layout.snap(j.stem)), journal.seal(rec).encode("utf-8"))
        except OSError:
            return False
        j.snap_seq = game.seq
        del rec["t"], rec["v"], rec["segs"], rec["base"]
        j.base = rec
        return True

    def _last_line(self, j):
        """(offset, CRC field) of the last line of the segment being written: the line with
        game.seq. None when it cannot be read back."""
        try:
            f = self.fs.open(j.path(j.seg), "rb")
        except OSError:
            return None
        try:
            back = j.size if j.size < LINE_MAX else LINE_MAX
            f.seek(j.size - back)
            tail = f.read(back)
        finally:
            f.close()
        if len(tail) != back or not tail.endswith(b"\n"):
            return None
        at = tail.rfind(b"\n", 0, len(tail) - 1) + 1
        if at == 0 and back != j.size:
            return None
        return j.size - back + at, journal.crc_field(tail[at:])

    # ---- the list of games --------------------------------------------------------------------
    def games(self):
        """[{"id", "kind", "seq", "over", "bytes", "n", "seats", "settings", "state"}], newest
        first (read only, no repair)."""
        out = []
        self._listed = None
        stems, cat = self._stems_newest_first()
        for stem in stems:
            gid = stem[stem.find("-") + 1:]
            j = self._open.get(gid)
            rec = _recovery()
            game = rec.load_listed(self, stem, cat[stem])
            if game is rec.SET_ASIDE:
                continue
            if game is None:
                out.append({"id": gid, "kind": None, "seq": 0, "over": False,
                            "bytes": self._total([self._size("%s/%s" % (self.root, layout.segment(stem, s))) or 0
                                                  for s in cat[stem]]),
                            "n": int(stem[:stem.find("-")])})
                continue
            if j is not None:
                self._open[gid] = j
            # seats, settings and state: the games list shows players, round and progress
            out.append({"id": gid, "kind": game.header["kind"], "seq": game.seq,
                        "over": game.is_over(), "bytes": game.store_bytes,
                        "n": int(stem[:stem.find("-")]), "seats": game.header["seats"],
                        "settings": game.settings, "state": game.state})
        _forget()
        return out

    def delete(self, game_id):
        """Only when the player asks. The snapshot goes first, then the segments, last first."""
        self._listed = None
        stem = self._stem_of(game_id)
        if stem is None:
            return False
        j = self._open.pop(game_id, None)
        if j is not None:
            j.close()
        self._remove(layout.snap(stem))
        segs = self._catalog().get(stem, [])
        for s in sorted(segs, reverse=True):
            self._remove(layout.segment(stem, s))
        self._free = None
        self.full = False
        return True

    # ---- seat names from the PC ---------------------------------------------------------------
    def _names_path(self):
        return self._beside_root(layout.NAMES)

    def _beside_root(self, name):
        at = self.root.rfind("/")
        return (self.root[:at] if at > 0 else "") + "/" + name

    def _read_json(self, path):
        """A small JSON file beside the games, or None when missing, too long or unreadable in
        any way (a preference never stops the boot)."""
        import json
        try:
            f = self.fs.open(path, "rb")
        except OSError:
            return None
        try:
            data = f.read(SMALL_FILE + 1)
        except Exception:
            data = b""
        finally:
            f.close()
        if not data or len(data) > SMALL_FILE:
            return None
        try:
            return json.loads(data.decode("utf-8"))
        except Exception:       # ValueError, UnicodeError, deep nesting (RuntimeError)
            return None

    def _replace(self, path, data):
        """Write a whole small file through a temporary file and a rename (atomic on littlefs): a
        power cut leaves the old file or the new one. On failure the temporary file is removed."""
        tmp = path + ".tmp"
        try:
            f = self.fs.open(tmp, "wb")
            try:
                f.write(data)
                f.flush()
            finally:
                f.close()
            self.fs.rename(tmp, path)
        except OSError:
            try:
                self.fs.remove(tmp)
            except OSError:
                pass
            raise

    def _write_json(self, path, value):
        try:
            self._replace(path, cjson.dumps(value).encode("utf-8"))
        except OSError:
            raise Refusal("E_STORAGE_FULL")

    def names(self):
        v = self._read_json(self._names_path())
        if not isinstance(v, list):
            return []
        # only names a header may carry (journal.check_header): text of at most NAME_MAX chars
        return [x for x in v if journal.name_ok(x) and x][:MAX_NAMES]

    def set_names(self, names):
        self._write_json(self._names_path(), [str(x) for x in names])

    def lang(self):
        """The display language last chosen on this device (a preference, not game state)."""
        v = self._read_json(self._beside_root(layout.PREFS))
        lang = v.get("lang") if isinstance(v, dict) else None
        return lang if lang in ("ja", "en") else None

    def set_lang(self, lang):
        self.set_pref("lang", lang)

    def prefs(self):
        """Every preference (language, screen care, each game's default settings) as a dict;
        {} when the file is missing or unreadable. The App checks each value before using it."""
        v = self._read_json(self._beside_root(layout.PREFS))
        return v if isinstance(v, dict) else {}

    def set_pref(self, key, value):
        """One preference changed, the others kept (the whole small file is rewritten)."""
        v = self.prefs()
        v[key] = value
        self._write_json(self._beside_root(layout.PREFS), v)
