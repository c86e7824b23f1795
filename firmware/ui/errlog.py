# The error log: a screen's exception, with the game's step and the last gestures, appended to
# errors.txt beside the games (export copies it, docs/export.md); bounded, never below the Store's
# reserve of free blocks, and never raising.
import sys

from storage import fsio

NAME = "errors.txt"      # in the store's folder, not a *.log: no game reads it
OLD = "errors.old.txt"
MAX = 8192               # bytes before errors.txt becomes errors.old.txt (two files at most)


def _traceback(e):
    pe = getattr(sys, "print_exception", None)
    if pe is not None:                   # MicroPython
        import io
        buf = io.StringIO()
        pe(e, buf)
        return buf.getvalue()
    import traceback                     # CPython
    return "".join(traceback.format_exception(type(e), e, e.__traceback__))


def append(store, e, scr, game, gestures, ms):
    """Write `e` raised by screen `scr`. A full or broken flash only loses the note."""
    if store is None or getattr(store, "fs", None) is None:
        return
    try:
        tb = _traceback(e)
        # the gestures before the traceback: a long traceback is what the cut takes off
        text = "--- ms %d game %s step %s screen %s\ngestures: %s\n%s%s" % (
            ms, game.game_id if game else "-", game.seq if game else "-", scr,
            ", ".join(gestures), tb, "" if tb.endswith("\n") else "\n")
        data = text.encode("utf-8")[:2048]
        fs, root = store.fs, store.root
        path = root + "/" + NAME
        if (fsio.size(fs, path) or 0) + len(data) > MAX:
            try:
                fs.remove(root + "/" + OLD)
            except OSError:
                pass
            fs.rename(path, root + "/" + OLD)
        fits = getattr(store, "fits", None)
        if fits is not None and not fits(len(data)):
            return                       # the Store's reserve is the games': the note is lost
        fsio.write(fs, path, data, "ab")
    except Exception:
        pass
