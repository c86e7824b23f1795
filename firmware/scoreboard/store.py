# The games on the flash: a power-cut-safe journal per game, snapshots, rotation and recovery.
# Design, on-flash layout and the reasons: docs/storage.md. Contract: docs/architecture.md.
#
# Files (root "/games"):
#   NNNN-GGGGGGGG.S.log   segment S (0, 1, ...) of game GGGGGGGG, the NNNN-th game on this device;
#                         segment 0 starts with the header line; their concatenation is the journal
#   NNNN-GGGGGGGG.snp     the latest snapshot (one sealed line), replaced by rename
#   *.tmp                 a snapshot or a repaired segment being written; never the truth
# /names.json             seat names pushed from the PC
#
# An event is committed when its line is written and the file flushed (lfs_file_sync); the sink
# returns only then, and the engine changes its state (and the screen shows it) only after that.
import binascii

from scoreboard import cjson, journal
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

    def stat(self, path):
        return self.os.stat(path)

    def statvfs(self, path):
        return self.os.statvfs(path)


def _sealed_ok(line):
    """CRC check of one journal line (bytes) without parsing its JSON."""
    if not line.endswith(b"\n"):
        return False
    at = line.rfind(b',"crc":"')
    end = len(line) - 1
    if end > at and line[end - 1:end] == b"\r":
        end -= 1
    if at < 0 or end - at != 18 or line[end - 2:end] != b'"}':
        return False
    try:
        want = int(line[at + 8:end - 2], 16)
    except ValueError:
        return False
    return binascii.crc32(line[:at]) & 0xFFFFFFFF == want


def _crc_field(line):
    """The 8 hex digits of a sealed line's CRC (bytes)."""
    s = line.rstrip(b"\r\n")
    return s[-10:-2].decode()


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

    def path(self, seg):
        return "%s/%s.%d.log" % (self.store.root, self.stem, seg)

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
                return
            if now is not None and now != old:
                self.broken = True
            st.full = True
            raise Refusal("E_STORAGE_FULL")
        self.size = old + len(data)
        self.writes += 1

    def source(self):
        """Every journal record with seq >= 1, across the segments (deep undo, history)."""
        fs = self.store.fs
        seg = 0
        lineno = 0
        while seg <= self.seg:
            f = fs.open(self.path(seg), "rb")
            try:
                while True:
                    line = f.readline(LINE_MAX)
                    if not line:
                        break
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
        self.full = False           # the last write was refused for space
        self._free = None           # free blocks at the last statvfs
        self._since_check = 0
        self._open = {}             # game id -> _Journal of the games loaded in this session
        try:
            self.fs.mkdir(root)
        except OSError:
            pass
        for name in self._names():
            if name.endswith(".tmp"):
                self._remove(name)

    # ---- small helpers ------------------------------------------------------------------------
    def _names(self):
        try:
            return self.fs.listdir(self.root)
        except OSError:
            return []

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
        """stem -> sorted segment numbers, and stem -> (number, game id)."""
        segs = {}
        for name in self._names():
            parts = name.split(".")
            stem = parts[0]
            dash = stem.find("-")
            if dash < 1 or not stem[:dash].isdigit():
                continue
            if len(parts) == 3 and parts[2] == "log" and parts[1].isdigit():
                segs.setdefault(stem, []).append(int(parts[1]))
            elif len(parts) == 2 and parts[1] == "snp":
                segs.setdefault(stem, [])
        for stem in segs:
            segs[stem].sort()
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
        stems, _ = self._stems_newest_first()
        n = int(stems[0][:stems[0].find("-")]) + 1 if stems else 1
        gid = new_game_id()
        stem = "%04d-%s" % (n, gid)
        self._close_all()
        j = _Journal(self, stem, gid)
        try:
            game = Game.new(kind, seats, settings, gid, j.sink, j.source)
        except Refusal:
            j.close()
            self._remove("%s.0.log" % stem)   # nothing of it was committed
            raise
        self._open[gid] = j
        self.last_recovery = None
        return game

    def resume_last(self):
        """The unfinished game most recently started, recovered; None when there is none."""
        stems, cat = self._stems_newest_first()
        for stem in stems:
            game = self._load(stem, cat[stem], True)
            if game is not None and not game.is_over():
                return game
        self.last_recovery = None
        return None

    def open_game(self, game_id):
        """Continue (or look at) a game chosen from games(); recovery runs as in resume_last."""
        stem = self._stem_of(game_id)
        if stem is None:
            return None
        return self._load(stem, self._catalog()[stem], True)

    def _close_all(self):
        for j in self._open.values():
            j.close()
        self._open = {}

    def _read_header(self, path):
        f = self.fs.open(path, "rb")
        try:
            line = f.readline(LINE_MAX)
        finally:
            f.close()
        return line, journal.check_header(journal.unseal(line, 1), 1)

    def _read_snap(self, stem, gid, nsegs):
        try:
            f = self.fs.open("%s/%s.snp" % (self.root, stem), "rb")
        except OSError:
            return None
        try:
            line = f.readline(LINE_MAX)
        finally:
            f.close()
        try:
            rec = journal.unseal(line)
        except Refusal:
            return None
        if rec.get("t") != "snap" or rec.get("g") != gid:
            return None
        seg = rec.get("seg")
        if not isinstance(seg, int) or not 0 <= seg < nsegs:
            return None
        if not isinstance(rec.get("seq"), int) or not isinstance(rec.get("off"), int):
            return None
        return rec

    def _load(self, stem, segs, repair):
        """Recover one game: the longest valid prefix of its journal. Returns the Game (its sink
        attached when `repair`) or None when the files hold no game."""
        gid = stem[stem.find("-") + 1:]
        nsegs = 0
        while nsegs < len(segs) and segs[nsegs] == nsegs:
            nsegs += 1              # only 0, 1, 2, ... without a gap count
        j = _Journal(self, stem, gid)
        if nsegs == 0:
            return None
        try:
            hline, header = self._read_header(j.path(0))
        except (OSError, Refusal):
            hline, header = None, None
        if header is None or header.get("g") != gid:
            # No committed header: create() never returned. Only such a torn creation is removed.
            if repair and nsegs == 1 and len(segs) == 1 and b"\n" not in self._head(j.path(0)):
                self._remove("%s.0.log" % stem)
                self._remove("%s.snp" % stem)
            return None
        snap = self._read_snap(stem, gid, nsegs)
        res = self._replay(j, header, len(hline), snap, nsegs)
        if res is None:             # the snapshot does not belong to this journal: replay it all
            snap = None
            res = self._replay(j, header, len(hline), None, nsegs)
        game, end_seg, end_off = res
        dropped = 0
        sizes = []
        for s in segs:
            sizes.append(self._size(j.path(s)) or 0)
        for i in range(len(segs)):
            s = segs[i]
            if s > end_seg or i >= nsegs:
                dropped += sizes[i]
            elif s == end_seg:
                dropped += sizes[i] - end_off
        j.seg = end_seg
        j.size = end_off
        j.snap_seq = snap["seq"] if snap else 0
        j.drop_snap = snap is None
        j.segs = segs
        if repair:
            self._close_all()
            self.last_recovery = {"events": game.seq, "dropped_bytes": dropped}
            if dropped or snap is None:
                try:
                    self._repair(j)
                except Refusal:
                    pass            # j.broken: the game is shown, nothing is appended to it
            game.sink = j.sink
            self._open[gid] = j
        game.store_bytes = self._total(sizes) - dropped
        return game

    def _total(self, sizes):
        t = 0
        for s in sizes:
            t += s
        return t

    def _head(self, path):
        try:
            f = self.fs.open(path, "rb")
        except OSError:
            return b""
        try:
            return f.read(LINE_MAX)
        finally:
            f.close()

    def _covered_ok(self, j, hlen, snap):
        """The lines before the snapshot's in its segment still have good CRCs (no JSON, no fold:
        cheap, at most SEG_MAX bytes) and its offset falls on a line boundary. Earlier segments
        are closed files that are never written again (a power cut cannot touch them); they are
        checked whenever they are read (deep undo, export), not at every boot, so resuming costs
        the same after 100 or 10,000 events."""
        for seg in range(snap["seg"], snap["seg"] + 1):
            f = self.fs.open(j.path(seg), "rb")
            off = 0
            try:
                if seg == 0:
                    f.readline(LINE_MAX)
                    off = hlen
                limit = snap["off"] if seg == snap["seg"] else None
                while limit is None or off < limit:
                    line = f.readline(LINE_MAX)
                    if not line:
                        break
                    if not _sealed_ok(line):
                        return False
                    off += len(line)
            finally:
                f.close()
            if limit is not None and off != limit:
                return False
        return True

    def _replay(self, j, header, hlen, snap, nsegs):
        """Fold the journal from the snapshot (or the start). Returns (game, seg, offset) where
        the valid prefix ends, or None when the snapshot does not match the journal."""
        gid = j.gid
        if snap is not None and not self._covered_ok(j, hlen, snap):
            return None
        game = Game.resume(header, snap and self._snap_state(snap), [], None, j.source)
        seg = snap["seg"] if snap else 0
        end_seg, end_off = 0, hlen
        matched = snap is None
        lineno = 0
        stop = False
        while seg < nsegs and not stop:
            j.seg = seg             # deep undo while replaying reads up to here
            f = self.fs.open(j.path(seg), "rb")
            off = 0
            if not matched:
                off = snap["off"]   # straight to the line the snapshot was taken after
                f.seek(off)
            elif seg == 0:
                f.readline(LINE_MAX)
                off = hlen
            try:
                while True:
                    line = f.readline(LINE_MAX)
                    if not line:
                        break
                    lineno += 1
                    try:
                        rec = journal.unseal(line, lineno)
                    except Refusal:
                        if not matched:
                            return None
                        stop = True
                        break
                    if not matched:
                        # the snapshot's own line: same game, same seq, same CRC, else it is not
                        # this journal's snapshot
                        if (rec.get("g") != gid or rec.get("seq") != snap["seq"]
                                or _crc_field(line) != snap.get("lcrc")):
                            return None
                        off += len(line)
                        matched = True
                        end_seg, end_off = seg, off
                        continue
                    try:
                        journal.check_event(rec, game.seq + 1, gid, lineno)
                        game.replay(rec)
                    except Refusal:
                        stop = True
                        break
                    off += len(line)
                    end_seg, end_off = seg, off
            finally:
                f.close()
            if not matched:
                return None
            seg += 1
        j.seg = end_seg
        return game, end_seg, end_off

    def _snap_state(self, snap):
        return {"g": snap["g"], "seq": snap["seq"], "done": snap["done"],
                "undone": snap["undone"], "state": snap["state"]}

    def _repair(self, j):
        """Make the files exactly the valid prefix: later segments removed, the last one rewritten
        through a temporary file and a rename when it has a torn or bad tail."""
        j.close()
        if getattr(j, "drop_snap", False):
            # a snapshot that did not match would match again once new events reuse its seqs
            self._remove("%s.snp" % j.stem)
            j.drop_snap = False
        segs = getattr(j, "segs", None) or []
        for s in sorted(segs, reverse=True):
            if s > j.seg:
                if not self._remove("%s.%d.log" % (j.stem, s)):
                    j.broken = True
                    raise Refusal("E_STORAGE_FULL")
        j.segs = [s for s in segs if s <= j.seg]
        path = j.path(j.seg)
        size = self._size(path)
        if size is not None and size != j.size:
            if j.size == 0 and j.seg > 0:
                ok = self._remove("%s.%d.log" % (j.stem, j.seg))
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
        rec["seg"] = j.seg
        last = self._last_line(j)
        if last is None:
            return False
        rec["off"] = last[0]        # where the line with seq == rec["seq"] starts in segment seg
        rec["lcrc"] = last[1]
        free = self._free
        if free is not None and free <= self.reserve_blocks + 2:
            return False
        try:
            self._replace("%s/%s.snp" % (self.root, j.stem), journal.seal(rec).encode("utf-8"))
        except OSError:
            return False
        j.snap_seq = game.seq
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
        return j.size - back + at, _crc_field(tail[at:])

    # ---- the list of games --------------------------------------------------------------------
    def games(self):
        """[{"id", "kind", "seq", "over", "bytes", "n"}], newest first (read only, no repair)."""
        out = []
        stems, cat = self._stems_newest_first()
        for stem in stems:
            gid = stem[stem.find("-") + 1:]
            j = self._open.get(gid)
            try:
                game = self._load(stem, cat[stem], False)
            except (OSError, Refusal):
                game = None
            if game is None:
                out.append({"id": gid, "kind": None, "seq": 0, "over": False,
                            "bytes": self._total([self._size("%s/%s.%d.log" % (self.root, stem, s)) or 0
                                                  for s in cat[stem]]),
                            "n": int(stem[:stem.find("-")])})
                continue
            if j is not None:
                self._open[gid] = j
            out.append({"id": gid, "kind": game.header["kind"], "seq": game.seq,
                        "over": game.is_over(), "bytes": game.store_bytes,
                        "n": int(stem[:stem.find("-")])})
        return out

    def delete(self, game_id):
        """Only when the player asks. The snapshot goes first, then the segments, last first."""
        stem = self._stem_of(game_id)
        if stem is None:
            return False
        j = self._open.pop(game_id, None)
        if j is not None:
            j.close()
        self._remove("%s.snp" % stem)
        segs = self._catalog().get(stem, [])
        for s in sorted(segs, reverse=True):
            self._remove("%s.%d.log" % (stem, s))
        self._free = None
        self.full = False
        return True

    # ---- seat names from the PC ---------------------------------------------------------------
    def _names_path(self):
        at = self.root.rfind("/")
        return (self.root[:at] if at > 0 else "") + "/names.json"

    def _beside_root(self, name):
        at = self.root.rfind("/")
        return (self.root[:at] if at > 0 else "") + "/" + name

    def _read_json(self, path):
        """A small JSON file beside the games, or None when missing or unreadable."""
        import json
        try:
            f = self.fs.open(path, "rb")
        except OSError:
            return None
        try:
            data = f.read()
        finally:
            f.close()
        try:
            return json.loads(data.decode("utf-8"))
        except (ValueError, UnicodeError):
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
        return [x for x in v if isinstance(x, str)]

    def set_names(self, names):
        self._write_json(self._names_path(), [str(x) for x in names])

    def lang(self):
        """The display language last chosen on this device (a preference, not game state)."""
        v = self._read_json(self._beside_root("prefs.json"))
        return v.get("lang") if isinstance(v, dict) else None

    def set_lang(self, lang):
        self._write_json(self._beside_root("prefs.json"), {"lang": lang})
