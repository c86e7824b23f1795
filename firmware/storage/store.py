# The games on the flash as the App sees them: create, resume, open, list, delete, snapshots, space.
# Design, on-flash layout and the reasons: docs/storage.md ("The parts"). Contract: architecture.md.
#
# It puts the parts together: segments.py writes and reads one game's files, layout.py names them,
# fsio.py is the filesystem; recovery.py (imported while games are recovered, opened or listed,
# then forgotten) finds each game's valid prefix; prefs.py keeps names and preferences.
#
# An event is committed when its line is written and the file flushed (lfs_file_sync); the sink
# returns only then, and the engine changes its state (and the screen shows it) only after that.
from storage import layout
from core.engine import Game, new_game_id
from core.errors import Refusal
from storage.fsio import OsFs, size  # noqa: F401  (OsFs: part of this module's API)
from storage.segments import Segments

SEG_MAX = 16384        # bytes per journal segment before a new one is started
SNAP_EVERY = 32        # events between snapshots
SNAP_ROUND = 8         # ... and at a round end when at least this many events since the last one
                       # (kabu/kakoi events are whole hands: a snapshot each would double wear)
SNAP_LATE = 2          # the App's snapshots wait for the table to rest (idle), but never past this
                       # many times SNAP_EVERY events: the replay a boot does stays bounded
RESERVE_BLOCKS = 16    # never written into: littlefs needs free blocks to delete and rename
LOW_BLOCKS = 48        # below: low_space() warns; a new game needs this much (on the Pico's flash:
PICO_BLOCKS = 352      # a smaller one, the Pico W's 212 blocks, gets its share, not under 2 reserves)
CHECK_EVERY = 8        # statvfs (a littlefs traversal) once per this many writes when not low


def _recovery():
    """The recovery module (boot, opening or listing games): imported when needed."""
    from storage import recovery
    return recovery


def _prefs():
    """The names and preferences module: imported when one is read or written."""
    from storage import prefs
    return prefs


def _forget():
    """Give the recovery code's RAM back once a game is loaded (core.registry.unload); only
    on MicroPython, where RAM is short (on a PC, importing it again would cost every boot)."""
    import sys
    if sys.implementation.name != "micropython":
        return
    from core.registry import unload
    unload(("storage.recovery", "storage.repair", "storage.snapshot", "core.validate",
            "storage.prefs", "core.refold"))


class Store:
    """The games folder `root` on the filesystem `fs` (OsFs: the interpreter's own)."""

    def __init__(self, fs=None, root="/games", seg_max=SEG_MAX, snap_every=SNAP_EVERY,
                 reserve_blocks=RESERVE_BLOCKS, low_blocks=None):
        self.fs = fs if fs is not None else OsFs()
        self.root = root
        self.seg_max = seg_max
        self.snap_every = snap_every
        self.reserve_blocks = reserve_blocks
        self.low_blocks = LOW_BLOCKS if low_blocks is None else low_blocks
        self._low_scaled = low_blocks is None   # set from the flash's size at the first statvfs
        self.resting = None     # the game whose snapshot waits for idle() (after_change)
        self.last_recovery = None
        self.set_aside = []         # [(game id, message id)] moved to aside/ in this session
        self._skip = {}             # stems that could not be moved: ignored for this session
        self.full = False           # the last write was refused for space
        self._free = None           # free blocks at the last statvfs
        self._since_check = 0
        self._open = {}             # game id -> Segments of the games loaded in this session
        self.damaged = None         # closed segments found damaged at the last resume (recovery)
        try:
            self.fs.mkdir(root)
        except OSError:
            pass
        self.ahead = None       # on the Pico's flash a press's line goes to the write-ahead block
        if getattr(self.fs, "raw", None) is not None:       # (storage/wal.py); what a power cut
            from storage.wal import WriteAhead              # left in it is folded before any game
            self.ahead = WriteAhead(self, self.fs.raw)      # is read
            free = self._free_blocks()
            self.ahead.recover(free is None or free > self.reserve_blocks + 2)
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

    def catalog(self):
        """stem -> sorted segment numbers of the games in the folder (layout.catalog)."""
        names = self._names()
        have = self._listed if self._listed is not None else dict.fromkeys(names)
        return layout.catalog(names, have)

    def _stems_newest_first(self):
        cat = self.catalog()
        stems = list(cat.keys())
        stems.sort(key=lambda s: -layout.number(s))
        return stems, cat

    def _stem_of(self, key):
        """The stem of the one game `key` names: its key (the stem, games()' "key"), or its id
        when no other game on the flash has that id; None when it names none or two."""
        cat = self.catalog()
        if key in cat:
            return key
        found = None
        for stem in cat:
            if layout.game_id(stem) == key:
                if found is not None:
                    return None     # two games of one id (an older firmware's): name neither
                found = stem
        return found

    def _ids_taken(self):
        """The ids of every game on the flash, those set aside included."""
        taken = {}
        for stem in self.catalog():
            taken[layout.game_id(stem)] = True
        try:
            for name in self.fs.listdir(self.root + "/" + layout.ASIDE):
                got = layout.parse(name)
                if got is not None:
                    taken[layout.game_id(got[0])] = True
        except OSError:
            pass
        return taken

    # ---- space --------------------------------------------------------------------------------
    def _free_blocks(self):
        try:
            v = self.fs.statvfs(self.root)
        except (OSError, AttributeError):
            return None             # unknown (e.g. WASI): littlefs's own ENOSPC still protects
        self._free = v[4]
        self._bsize = v[0]
        if self._low_scaled:
            self._low_scaled = False
            self.low_blocks = max(2 * self.reserve_blocks, min(LOW_BLOCKS, v[2] * LOW_BLOCKS // PICO_BLOCKS))
        self._since_check = 0
        return self._free

    def _check_space(self):
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

    def fits(self, nbytes):
        """True when `nbytes` more on the flash leave it above the reserve, so that a game's next
        write is still taken (the error log asks first: a note must never cost a press); True
        when the free space is unknown (littlefs's own ENOSPC still applies)."""
        free = self._free_blocks()
        if free is None:
            return True
        # the blocks of the bytes, plus one: littlefs copies the file's last block on append
        return free - (nbytes + self._bsize - 1) // self._bsize - 1 > self.reserve_blocks

    def low_space(self):
        """True when the player should be warned (play goes on until the reserve is reached)."""
        free = self._free_blocks()
        return self.full or (free is not None and free < self.low_blocks)

    # ---- creating and loading games -----------------------------------------------------------
    def create(self, kind, seats, settings=None):
        """A new game, every change committed before it returns (Refusal on a full flash)."""
        free = self._free_blocks()
        if free is not None and free < self.low_blocks:
            raise Refusal("E_STORAGE_FULL")
        self._close_all()           # first: the game left may have no file yet (wal.py)
        self._listed = None
        stems, _ = self._stems_newest_first()
        n = layout.number(stems[0]) + 1 if stems else 1
        gid = new_game_id()
        taken = self._ids_taken()
        while gid in taken:         # the ticks fallback can repeat: the next id that is free
            gid = "%08x" % ((int(gid, 16) + 1) & 0xFFFFFFFF)
        taken = None
        stem = layout.stem(n, gid)
        j = Segments(self, stem, gid)
        j.last_seq = -1             # the header line is seq 0
        try:
            game = Game.new(kind, seats, settings, gid, j.sink, j.source)
        except Refusal:
            j.close()
            self._remove(layout.segment(stem, 0))   # nothing of it was committed
            raise
        self._open[gid] = j
        self.last_recovery = None
        game.store_key = stem
        return game

    def resume_last(self):
        """The unfinished game most recently started, recovered; None when there is none."""
        stems, cat = self._stems_newest_first()
        self.damaged = None
        try:
            for stem in stems:      # no game on the flash: the recovery code is not even imported
                game = _recovery().load_safe(self, stem, cat[stem], True)
                if game is not None and not game.is_over():
                    game.store_key = stem
                    return game
        finally:
            self._listed = None     # files change from now on: ask the flash
            _forget()
        self.last_recovery = None
        self.damaged = None
        return None

    def open_game(self, key):
        """Continue (or look at) a game chosen from games() (its "key", or an id only one game
        has); recovery runs as in resume_last."""
        self.fold()
        self._listed = None
        stem = self._stem_of(key)
        if stem is None:
            return None
        try:
            game = _recovery().load_safe(self, stem, self.catalog()[stem], True)
        finally:
            _forget()
        if game is not None:
            game.store_key = stem
        return game

    def _close_all(self):
        game = self.resting      # a game left with a snapshot due gets it before its files close
        self.resting = None
        if game is not None:
            self.write_snapshot(game)
        self.fold()
        for j in self._open.values():
            j.close()
        self._open = {}

    # ---- snapshots ----------------------------------------------------------------------------
    def after_change(self, game, at_rest=False):
        """Call after each committed submit/undo/redo: writes a snapshot when one is due. With
        `at_rest` (the App) a due snapshot waits for idle(), when no press can be waiting on its
        erases, unless SNAP_LATE times SNAP_EVERY events have passed since the last one."""
        j = self._open.get(game.game_id)
        if j is None or game.seq <= j.snap_seq or j.broken:
            return False
        since = game.seq - j.snap_seq
        if not (since >= self.snap_every or game.is_over()
                or (game.last_outcome is not None and since >= SNAP_ROUND)):
            return False
        if at_rest and since < SNAP_LATE * self.snap_every:
            self.resting = game
            return False
        return self.write_snapshot(game)

    def rest_due(self):
        """True when idle() has work: a snapshot waiting, or the write-ahead block's (wal.py)."""
        return self.resting is not None or (self.ahead is not None and self.ahead.due)

    def idle(self):
        """The table is at rest: write the snapshot after_change left for it (True if written),
        fold the write-ahead block's lines once it is half full, and make a fresh block ready."""
        game = self.resting
        self.resting = None
        wrote = game is not None and self.write_snapshot(game)
        if self.ahead is not None:
            self.ahead.rest(self._free is None or self._free > self.reserve_blocks + 2)
        return wrote

    def fold(self):
        """The lines the write-ahead block holds appended to their segment, so that its file holds
        the whole journal: True when none are left held."""
        return self.ahead is None or self.ahead.fold()

    def write_snapshot(self, game):
        """The game's snapshot written now (Segments.write_snapshot); False when it could not be
        (the journal alone still holds everything), or when the flash is at its reserve."""
        j = self._open.get(game.game_id)
        if j is None or game.seq == 0:
            return False
        free = self._free
        if free is not None and free <= self.reserve_blocks + 2:
            return False
        if not self.fold():             # the snapshot names a line of the segment's file
            return False
        return j.write_snapshot(game)

    # ---- the list of games --------------------------------------------------------------------
    def games(self):
        """[{"key", "id", "kind", "seq", "over", "bytes", "n", "seats", "settings", "state"}],
        newest first (read only, no repair; recovery.listed). "key" names one game (open_game,
        delete) even where two games share an id."""
        self.fold()
        try:
            return _recovery().listed(self)
        finally:
            _forget()

    def each_standings(self):
        """Yields (seats, over, standings) of every game on the flash that reads, one game in RAM
        at a time (the season screen's figures: ui/screens/season.py); read only, no repair."""
        self.fold()
        try:
            for row in _recovery().each_standings(self):
                yield row
        finally:
            _forget()

    def delete(self, key):
        """Only when the player asks (`key`: as open_game's). The snapshot goes first, then the
        segments, last first."""
        self.fold()
        self._listed = None
        stem = self._stem_of(key)
        if stem is None:
            return False
        gid = layout.game_id(stem)
        j = self._open.get(gid)
        if j is not None and j.stem == stem:
            self._open.pop(gid)
            j.close()
        self._remove(layout.snap(stem))
        segs = self.catalog().get(stem, [])
        for s in sorted(segs, reverse=True):
            self._remove(layout.segment(stem, s))
        self._free = None
        self.full = False
        if self.ahead is not None:
            self.ahead.retry()          # the room a fresh block needs may be back
        return True

    # ---- seat names and preferences beside the games (prefs.py) -------------------------------
    def names(self):
        return _prefs().names(self.fs, self.root)

    def set_names(self, names):
        _prefs().set_names(self.fs, self.root, names)

    def lang(self):
        """The display language last chosen on this device (a preference, not game state)."""
        return _prefs().lang(self.fs, self.root)

    def set_lang(self, lang):
        self.set_pref("lang", lang)

    def prefs(self):
        return _prefs().prefs(self.fs, self.root)

    def set_pref(self, key, value):
        _prefs().set_pref(self.fs, self.root, key, value)
