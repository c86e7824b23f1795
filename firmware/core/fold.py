# The state a game's stack of actions folds to, and what is kept to fold it again cheaply: a window
# of the last records over a base state, the journal read back below it (the Game in
# core/engine.py is a Fold; its stacks and the player's actions are the engine's).
from core import journal
from core.errors import Refusal

WINDOW = 32  # actions kept in memory past the base state; undo within them needs no re-read
RUNG = 64    # a journal held in memory keeps the state after every RUNG actions (replay)


def clone(v):
    """A deep copy of the dicts and lists of a state (the rest is immutable and shared). A leaf is
    copied in place, not through a call: most of a state is ints and strings."""
    t = type(v)
    if t is dict:
        return {k: clone(x) if type(x) in _NESTED else x for k, x in v.items()}
    if t is list:
        return [clone(x) if type(x) in _NESTED else x for x in v]
    return v


_NESTED = (dict, list)


def _refold():
    """The replay's own code (core/refold.py): imported when a journal is read back."""
    from core import refold
    return refold


def _action(rec):
    """A journal record -> the rules' event (without the journal's bookkeeping fields)."""
    ev = {}
    for k, v in rec.items():
        if k not in ("seq", "g"):
            ev[k] = v
    return ev


class Fold:
    """The folded state of a game and what is kept to fold it again: the Game's fields (rules,
    settings, nseats, source, done, _memory, _index) are set by the Game itself."""

    WINDOW = WINDOW
    RUNG = RUNG
    clone = staticmethod(clone)     # for core/refold.py, which imports no engine

    # A journal read back (replay) folds lazily: an undo or a redo read back only moves a seq
    # between the two stacks, and the state is folded again when something needs it (the next
    # action, a snapshot's check, a reader of `state`), from the nearest state kept below: the
    # window's base, a ladder rung (every RUNG actions, kept while the whole journal is in
    # memory), or the start. A night of N actions then N undos replays in O(N), as a plain one.
    def _reset(self, base_state, base_len):
        self._base = base_state     # state after the first base_len actions; None: not known
        self._base_len = base_len
        self._mid = None            # state after the first WINDOW window actions, when known
        self._window = []           # records applied on top of _base
        # memory only: _after[i] = the state after _window[:i + 1] (None: not folded yet)
        self._after = [] if self._memory is not None else None
        self._depth = base_len      # how many actions are effective (engine.count(self.done))
        self._held = []             # records of the top of the redo stack, when at hand
        self._rungs = []            # memory only: _rungs[i] = state after (i + 1) * RUNG actions
        self._stack = [] if self._memory is not None and base_len == 0 else None
        self.state = clone(base_state)

    def settle(self):
        """Fold the state now if a replayed undo or redo left it to be folded (state None). Whoever
        calls replay() calls this before reading `state` (from_lines and resume do); it raises
        what reading the journal back raises."""
        if self.state is None:
            self._set(self._plan(self.done, self._depth))

    def _set(self, fold):
        self._base, self._base_len, self._window, self._mid, self._after, self.state = fold

    def _apply(self, state, rec):
        try:
            return self.rules.apply(state, _action(rec), self.settings)
        except (TypeError, ValueError, KeyError, IndexError, AttributeError, OverflowError,
                ZeroDivisionError):
            # a field of the wrong type that the rules did not anticipate: a refusal like any
            # other (callers fold into a copy, so the state they hold is unchanged)
            raise Refusal("E_BAD_VALUE")

    def _fold(self, base, recs):
        state = clone(base)
        for rec in recs:
            self._apply(state, rec)
        return state

    def _grow_window(self, rec):
        self._window.append(rec)
        if self._after is not None:
            self._after.append(self.state)
        n = len(self._window)
        if n == WINDOW:
            self._mid = clone(self.state)
        elif n == 2 * WINDOW:
            # Slide: the state after the first half becomes the base; memory stays bounded.
            if self._mid is None:       # the window grew by replayed redos
                self._mid = self._fold(self._base, self._window[:WINDOW])
            self._base = self._mid
            self._base_len += WINDOW
            self._window = self._window[WINDOW:]
            if self._after is not None:
                self._after = self._after[WINDOW:]
            self._mid = clone(self.state)

    def _records(self):
        if self._memory is not None:
            return self._memory
        if self.source is None:
            raise Refusal("E_UNDO_LIMIT")
        return self.source()

    def _record_at(self, seq):
        """The journal's record with this seq (the memory's by index, else read back)."""
        if self._index is not None and seq in self._index:
            return self._index[seq]
        for r in self._records():
            if r["seq"] == seq:
                return r
        raise journal.LogError("E_LOG_SEQ", {"line": 0, "want": seq, "got": None})

    def _effective(self, done):
        """The journal's records whose seqs are in the ranges `done`, in order."""
        if not done:
            return                  # nothing to read (everything undone: the initial state)
        ri = 0
        for rec in self._records():
            seq = rec["seq"]
            while ri < len(done) and done[ri][1] < seq:
                ri += 1
            if ri >= len(done):
                return
            if done[ri][0] <= seq:
                yield rec

    def _deep_fold(self, done, total):
        """Base, window and state for the stack `done`, read back from the whole journal."""
        keep_from = total - WINDOW if total > WINDOW else 0
        state = self.rules.initial_state(self.settings, self.nseats)
        window = []
        n = 0
        for rec in self._effective(done):
            if n < keep_from:
                self._apply(state, rec)
            else:
                window.append(rec)
            n += 1
        base = state
        state = self._fold(base, window)
        mid = self._fold(base, window[:WINDOW]) if len(window) >= WINDOW else None
        return base, keep_from, window, mid, None, state

    def _plan(self, done, total):
        """(base, base_len, window, mid, after, state) for the stack `done` of `total` actions,
        which is the stack of base + window or that stack less its top (an undo): nothing held
        is changed."""
        if self._base is not None and self._base_len <= total <= self._base_len + len(self._window):
            k = total - self._base_len
            window = self._window[:k]
            mid = self._mid if k >= WINDOW else None
            after = self._after
            if after is not None:
                after = _refold().fill(self, after[:k], window)
                return self._base, self._base_len, window, mid, after, after[-1] if k else self._base
            if mid is not None:
                return self._base, self._base_len, window, mid, None, self._fold(mid, window[WINDOW:])
            return self._base, self._base_len, window, None, None, self._fold(self._base, window)
        if self._stack is not None and self._memory is not None and len(self._stack) >= total:
            return _refold().ladder_fold(self, total)
        return self._deep_fold(done, total)
