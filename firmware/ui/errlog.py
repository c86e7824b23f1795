# The error log: a screen's exception, with the game's step and the last gestures, appended to
# errors.txt beside the games (export copies it, docs/export.md); bounded, never below the Store's
# reserve of free blocks, and never raising.
import sys

from storage import fsio

NAME = "errors.txt"      # in the store's folder, not a *.log: no game reads it
OLD = "errors.old.txt"
MAX = 8192               # bytes before errors.txt becomes errors.old.txt (two files at most)
ENTRY = 2048             # bytes of one entry at most


def _traceback(e):
    pe = getattr(sys, "print_exception", None)
    if pe is not None:                   # MicroPython
        import io
        buf = io.StringIO()
        pe(e, buf)
        return buf.getvalue()
    import traceback                     # CPython
    return "".join(traceback.format_exception(type(e), e, e.__traceback__))


def _whole(data, n):
    """data[:n] backed off to a character's start: a cut never leaves half a UTF-8 character."""
    while 0 < n < len(data) and data[n] & 0xC0 == 0x80:
        n -= 1
    return data[:n]


def _tail(data, most):
    """The last lines of data within `most` bytes: the exception's line always (its start when it
    is longer by itself), then the innermost frames before it while they fit."""
    start = data.rfind(b"\n", 0, len(data) - 1) + 1
    if len(data) - start > most:
        return _whole(data[start:], most - 1) + b"\n"
    while start > 0:
        before = data.rfind(b"\n", 0, start - 1) + 1
        if len(data) - before > most:
            break
        start = before
    return data[start:]


def cut(data, most=ENTRY):
    """An entry of at most `most` bytes: a long one loses the middle of its traceback, never its
    head (when, which screen, the gestures) nor its end: the innermost frames and the exception
    itself, what a reader of errors.txt looks for first."""
    if len(data) <= most:
        return data
    room = most - len(b"  ... (%d bytes cut)\n" % len(data))
    tail = _tail(data, room // 2)
    head = _whole(data, room - len(tail))
    nl = head.rfind(b"\n")
    if nl > 0:                           # whole lines of the head
        head = head[:nl + 1]
    return head + b"  ... (%d bytes cut)\n" % (len(data) - len(head) - len(tail)) + tail


def append(store, e, scr, game, gestures, ms):
    """Write `e` raised by screen `scr`. A full or broken flash only loses the note."""
    if store is None or getattr(store, "fs", None) is None:
        return
    try:
        tb = _traceback(e)
        text = "--- ms %d game %s step %s screen %s\ngestures: %s\n%s%s" % (
            ms, game.game_id if game else "-", game.seq if game else "-", scr,
            ", ".join(gestures), tb, "" if tb.endswith("\n") else "\n")
        data = cut(text.encode("utf-8"))
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
