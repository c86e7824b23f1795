# The game as a fold over its journal: submit, undo, redo, replay, snapshot and resume.
#
# Effective actions form a stack: an action pushes, `undo` pops onto the redo stack, `redo` pushes
# back, a new action clears the redo stack. The state is the rules' fold over the stack. Both
# stacks are kept as ranges of sequence numbers (a few ints even for a 10,000-event night), and only
# the last few dozen actions are held in memory: undoing further back re-reads the journal (`source`).
# How the state is folded and kept is core/fold.py (a Game is a Fold).
from core import VERSION, journal
from core.errors import Refusal
from core.fold import WINDOW, Fold, _refold, clone
from core.registry import load


def _push(ranges, seq):
    if ranges and ranges[-1][1] == seq - 1:
        ranges[-1][1] = seq
    else:
        ranges.append([seq, seq])


def _pop(ranges):
    last = ranges[-1]
    seq = last[1]
    if last[0] == seq:
        ranges.pop()
    else:
        last[1] = seq - 1
    return seq


def _push_down(ranges, seq):
    """The redo stack: ranges [first, last] of seqs pushed first, first - 1, ..., last."""
    if ranges and ranges[-1][1] == seq + 1:
        ranges[-1][1] = seq
    else:
        ranges.append([seq, seq])


def _pop_down(ranges):
    last = ranges[-1]
    seq = last[1]
    if last[0] == seq:
        ranges.pop()
    else:
        last[1] = seq + 1
    return seq


def count(ranges):
    """How many seqs the ranges hold (the action stack's or the redo stack's)."""
    n = 0
    for a, b in ranges:
        n += (b - a if b >= a else a - b) + 1
    return n


def new_game_id():
    import os
    try:
        raw = os.urandom(4)
    except Exception:  # some ports lack urandom; ticks are unique enough per device
        import time
        t = time.ticks_ms() if hasattr(time, "ticks_ms") else int(time.time() * 1000)
        raw = bytes([(t >> s) & 255 for s in (24, 16, 8, 0)])
    return "".join("%02x" % b for b in raw)


def settle(kind, seats, settings):
    """Check seats and settings for a game kind; returns the settings with defaults filled in."""
    rules = load(kind)
    lo, hi = rules.SEATS
    if not isinstance(seats, list) or not lo <= len(seats) <= hi:
        raise Refusal("E_SEATS", {"min": lo, "max": hi})
    for name in seats:
        # what validate.check_header accepts, so that every reader takes the header written
        if not journal.name_ok(name):
            raise Refusal("E_BAD_VALUE")
    merged = rules.default_settings()
    for k, v in (settings or {}).items():
        if k not in merged:
            raise Refusal("E_SETTING_UNKNOWN", {"name": k})
        merged[k] = v
    rules.check_settings(merged, len(seats))
    return merged


class Game(Fold):
    """One game: its header, its journal (through `sink`) and the folded state (Fold)."""

    def __init__(self, header, sink=None, source=None):
        self.header = header
        self.rules = load(header["kind"])
        self.settings = header["settings"]
        self.nseats = len(header["seats"])
        self.game_id = header["g"]
        self.sink = sink            # callable(line): persists one journal line, may raise
        self.source = source        # callable() -> iterable of journal records (seq >= 1)
        self._memory = None if source else []   # records kept here when nothing persists them
        self._index = None if source else {}    # ... and by seq (a PC reader skips refused lines)
        self.seq = 0
        self.done = []              # ranges of seqs of the effective actions
        self.undone = []            # redo stack: ranges of seqs, its top the last range's end
        self._reset(self.rules.initial_state(self.settings, self.nseats), 0)
        self.last_outcome = None

    # ---- creation -----------------------------------------------------------------------------
    @staticmethod
    def new(kind, seats, settings=None, game_id=None, sink=None, source=None):
        if isinstance(seats, int):
            seats = ["P%d" % (i + 1) for i in range(seats)]
        merged = settle(kind, seats, settings)
        header = journal.make_header(kind, game_id or new_game_id(), merged, seats, VERSION)
        game = Game(header, sink, source)
        if sink:
            sink(journal.seal(header))
        return game

    # ---- the two stacks: what an undo and a redo move -----------------------------------------
    def _undo_plan(self):
        """Everything an undo changes, computed without changing anything: a journal that cannot
        be read back (a damaged old segment) refuses the undo before its record is written."""
        # _pop changes only the last range: copy that one, share the rest (a long night with many
        # undos has hundreds of ranges; copying them all on every undo was most of a resume)
        done = self.done[:]
        done[-1] = [done[-1][0], done[-1][1]]
        seq = _pop(done)
        rec = self._window[-1] if self._base is not None and self._window else self._record_at(seq)
        return rec, done, self._plan(done, self._depth - 1)

    def _undo_effect(self, plan):
        rec, done, fold = plan
        self._pop_action(self.done[-1][1])
        self.done = done
        self._set(fold)
        self._hold(rec)
        self.last_outcome = None
        return rec

    def _undo_top(self):
        self._pop_action(_pop(self.done))

    def _pop_action(self, seq):
        """The rest of an undo once `seq` left self.done: it goes onto the redo stack."""
        self._depth -= 1
        if self._stack is not None:
            self._stack.pop()
        _push_down(self.undone, seq)
        return seq

    def _hold(self, rec):
        held = self._held
        held.append(rec)
        if len(held) > 2 * WINDOW:
            del held[0]

    def _redo_record(self):
        """The record on top of the redo stack."""
        seq = self.undone[-1][1]
        if self._held and self._held[-1]["seq"] == seq:
            return self._held[-1]
        return self._record_at(seq)

    def _push_redone(self, rec):
        seq = _pop_down(self.undone)
        if self._held and self._held[-1]["seq"] == seq:
            self._held.pop()
        _push(self.done, seq)
        self._depth += 1
        if self._stack is not None:
            self._stack.append(seq)
        return seq

    # ---- writing ------------------------------------------------------------------------------
    def _write(self, rec):
        line = journal.seal(rec)
        if self.sink:
            self.sink(line)        # raises on a full flash: nothing below runs, state unchanged
        if self._memory is not None:
            self._memory.append(rec)
            self._index[rec["seq"]] = rec
        self.seq = rec["seq"]

    def _record(self, ev):
        rec = {}
        for k, v in ev.items():
            rec[k] = v
        rec["seq"] = self.seq + 1
        rec["g"] = self.game_id
        return rec

    # ---- the three things a player can do -----------------------------------------------------
    def submit(self, ev):
        """Apply one action; returns the rules' outcome (or None). Raises Refusal, state intact."""
        if not isinstance(ev, dict) or not isinstance(ev.get("t"), str):
            raise Refusal("E_BAD_EVENT")
        if ev["t"] in ("undo", "redo", "header") or "seq" in ev or "g" in ev:
            raise Refusal("E_BAD_EVENT")
        rec = self._record(ev)
        if self.state is None:
            self.settle()
        state = clone(self.state)
        out = self._apply(state, rec)
        self._write(rec)
        self._commit_action(rec, state, out)
        return out

    def _commit_action(self, rec, state, out):
        # (a small frame: on MicroPython a call's frame is allocated, and each allocation after
        # a collection costs the engine's press more than its own work)
        _push(self.done, rec["seq"])
        self._depth += 1
        if self.undone:
            self.undone = []
            self._held = []
        if self._base is None:
            # a replayed undo went below the old base: the window starts under this action
            self._base, self._base_len, self._window, self._mid = self.state, self._depth - 1, [], None
            self._after = [] if self._memory is not None else None
        self.state = state
        if self._stack is not None:
            _refold().climb(self, rec["seq"], state)
        self._grow_window(rec)
        self.last_outcome = out

    def undo(self):
        """Take back the last effective action; returns its record (the screen says what)."""
        if not self.done:
            raise Refusal("E_NOTHING_TO_UNDO")
        plan = self._undo_plan()
        self._write(self._record({"t": "undo"}))
        return self._undo_effect(plan)

    def redo(self):
        """Put back the last undone action (only while nothing new was done)."""
        if not self.undone:
            raise Refusal("E_NOTHING_TO_REDO")
        rec = self._redo_record()
        if self.state is None:
            self.settle()
        state = clone(self.state)
        out = self._apply(state, rec)
        self._write(self._record({"t": "redo"}))
        self._redo_effect(rec, state, out)
        return rec

    def _redo_effect(self, rec, state, out):
        self._push_redone(rec)
        self.state = state
        if self._base is None:
            self._base, self._base_len, self._window, self._mid = state, self._depth, [], None
            self._after = [] if self._memory is not None else None
        else:
            self._grow_window(rec)
        self.last_outcome = out

    # ---- replay -------------------------------------------------------------------------------
    def replay(self, rec):
        """Fold one record read back from the journal (already CRC/sequence checked): an undo or
        a redo only moves a seq between the stacks, and `state` is None until settle()
        (core/refold.py)."""
        from core import refold
        refold.replay(self, rec)

    @staticmethod
    def from_lines(lines, sink=None):
        """Rebuild a game from journal lines (header first). Raises LogError at the first bad line."""
        it = iter(lines)
        first = next(it, None)
        if first is None:
            raise journal.LogError("E_LOG_EMPTY", {"line": 1})
        # one validator (validate.check_header): settings a hand-written header left out take
        # their defaults, anything else wrong is named
        from core import validate
        header = validate.check_header(journal.unseal(first, 1), 1)
        game = Game(header, sink)
        lineno = 1
        for line in it:
            lineno += 1
            rec = validate.check_event(journal.unseal(line, lineno), game.seq + 1, game.game_id, lineno)
            try:
                game.replay(rec)
            except journal.LogError:
                raise
            except Refusal as r:
                raise journal.LogError("E_LOG_REFUSED", {"line": lineno, "why": r.msg_id})
        game.settle()
        return game

    # ---- snapshots ----------------------------------------------------------------------------
    def snapshot(self):
        """Everything needed to resume without replaying the journal from its first event."""
        self.settle()
        return {"g": self.game_id, "seq": self.seq, "done": clone(self.done),
                "undone": clone(self.undone), "state": clone(self.state)}

    @staticmethod
    def resume(header, snap, tail, sink=None, source=None):
        """Snapshot + the journal records after it == a full replay."""
        game = Game(header, sink, source)
        if snap is not None:
            if snap.get("g") != game.game_id:
                raise journal.LogError("E_SNAP_GAME", {})
            game.seq = snap["seq"]
            game.done = clone(snap["done"])
            game.undone = clone(snap["undone"])
            # the records before the snapshot are not at hand: the source reads them back
            # (without one, undo stops at the snapshot)
            game._memory = game._index = None
            game._reset(clone(snap["state"]), count(game.done))
        for rec in tail:
            game.replay(rec)
        game.settle()
        return game

    # ---- reading --------------------------------------------------------------------------------
    def is_over(self):
        return self.rules.is_over(self.state)

    def standings(self):
        return self.rules.standings(self.state)

    def steps(self):
        """(record, state before it, outcome) of each effective action, in order: the history
        screen's lines. The state before is the fold's own: read it, never keep or change it."""
        state = self.rules.initial_state(self.settings, self.nseats)
        for rec in self._effective(self.done):
            after = clone(state)
            out = self._apply(after, rec)
            yield rec, state, out
            state = after

    def actions(self):
        """How many actions are effective (what undo can take back, one at a time)."""
        return count(self.done)

    def history(self):
        """The outcomes of the effective actions, in order (what reports and the CSV show)."""
        state = self.rules.initial_state(self.settings, self.nseats)
        for rec in self._effective(self.done):
            out = self._apply(state, rec)
            if out is not None:
                yield out
