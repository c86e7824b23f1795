# Folding a journal read back (Game.replay) and the states a journal held in memory keeps (PC
# readers): a replayed undo or redo only moves a seq between the two stacks, the state is folded
# when needed (Game.settle). On the device it is imported while the Store recovers, opens or lists
# games and forgotten after, with recovery.py (RAM); live presses never need it.
# (the engine's clone, window and rung come through the game: this module imports no engine)
from core.errors import Refusal


def ladder_fold(game, total):
    """Base, window and state for the first `total` actions of the stack held in memory, from
    the highest rung at or below them (rungs passed on the way are kept)."""
    mem, stack, rungs = game._index, game._stack, game._rungs
    r = total // game.RUNG
    if r > len(rungs):
        r = len(rungs)
    at = r * game.RUNG
    state = game.clone(rungs[r - 1]) if r else game.rules.initial_state(game.settings, game.nseats)
    keep_from = total - game.WINDOW if total - game.WINDOW > at else at
    base = game.clone(state) if keep_from == at else None
    i = at
    while i < total:
        if i == keep_from:
            base = game.clone(state)
        game._apply(state, mem[stack[i]])
        i += 1
        if i % game.RUNG == 0 and i // game.RUNG == len(rungs) + 1:
            rungs.append(game.clone(state))
    window = [mem[s] for s in stack[keep_from:total]]
    after = [None] * len(window)
    mid = None
    if len(window) >= game.WINDOW:
        after[game.WINDOW - 1] = mid = game._fold(base, window[:game.WINDOW])
    if window:
        after[-1] = state
    return base, keep_from, window, mid, after, state


def fill(game, after, window):
    """The states after each window record, from the last one known (memory only)."""
    j = len(after)
    while j > 0 and after[j - 1] is None:
        j -= 1
    state = after[j - 1] if j else game._base
    while j < len(after):
        state = game.clone(state)
        game._apply(state, window[j])
        after[j] = state
        j += 1
    return after


def climb(game, seq, state):
    """Memory only: the stack's new action, the rungs at or above its place dropped."""
    game._stack.append(seq)
    d = game._depth
    rungs = game._rungs
    del rungs[(d - 1) // game.RUNG:]
    if d % game.RUNG == 0:
        rungs.append(game.clone(state))


def _note(game, rec):
    game.seq = rec["seq"]
    if game._memory is not None:
        game._memory.append(rec)
        game._index[rec["seq"]] = rec


def replay(game, rec):
    """Fold one record read back from the journal (already CRC/sequence checked). An undo or a
    redo only moves a seq between the stacks (the action was checked when it was first
    applied, and a redo applies it to the same state again): the state is folded later, and
    is None until then (settle())."""
    t = rec["t"]
    if t == "undo":
        if not game.done:
            raise Refusal("E_LOG_UNDO_EMPTY", {"seq": rec["seq"]})
        window = game._base is not None and game._window
        if not window and game._memory is None and game.source is None:
            raise Refusal("E_UNDO_LIMIT")   # nothing can give the older records back
        _note(game, rec)
        game._undo_top()
        if window:
            game._hold(game._window.pop())
            if game._after is not None:
                game._after.pop()
            if len(game._window) < game.WINDOW:
                game._mid = None
        else:
            game._base = None
        game.state = None
        game.last_outcome = None
    elif t == "redo":
        if not game.undone:
            raise Refusal("E_LOG_REDO_EMPTY", {"seq": rec["seq"]})
        seq = game.undone[-1][1]
        held = game._held[-1] if game._held and game._held[-1]["seq"] == seq else None
        if held is None and game._index is not None:
            held = game._index.get(seq)
        if held is None and game._memory is None and game.source is None:
            raise Refusal("E_UNDO_LIMIT")
        _note(game, rec)
        at_top = game._base is not None and game._base_len + len(game._window) == game._depth
        game._push_redone(held)
        window = game._window
        if held is not None and at_top:
            window.append(held)
            after = game._after
            if after is not None:
                after.append(None)
            if len(window) == 2 * game.WINDOW:     # slide, as _grow_window does
                if after is not None:
                    mid = fill(game, after[:game.WINDOW], window)[-1]
                    game._after = after[game.WINDOW:]
                else:
                    mid = game._mid if game._mid is not None else game._fold(game._base, window[:game.WINDOW])
                game._base, game._base_len, game._window, game._mid = mid, game._base_len + game.WINDOW, window[game.WINDOW:], None
        else:
            game._base = None
        game.state = None
        game.last_outcome = None
    else:
        if game.state is None:
            game.settle()
        state = game.clone(game.state)
        out = game._apply(state, rec)
        _note(game, rec)
        game._commit_action(rec, state, out)
