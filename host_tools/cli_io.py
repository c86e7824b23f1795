# Hostile-input-proof stdin/stdout for the PC tools that read one JSON input (calc, seal): exit 2
# with one {"error": ...} line and never a traceback, whatever bytes come in. And for every command:
# a reader that closes stdout early (`| head`) ends it quietly (run_command).
import json
import os
import sys

EXCERPT = 60        # characters of the input an error message may quote
ERROR_MAX = 300     # characters of an error message (it may interpolate input values)


class InputError(Exception):
    """Input the tool cannot take; str() is the message (already short)."""


def excerpt(value, n=EXCERPT):
    """A short, printable quote of (part of) the input: repr, clipped, surrogates escaped."""
    try:
        s = value if isinstance(value, str) else repr(value)
    except Exception:       # a 100,000-deep structure makes repr recurse
        s = "<%s>" % type(value).__name__
    s = s.encode("utf-8", "backslashreplace").decode("utf-8")
    s = s.replace("\n", "\\n")
    return s if len(s) <= n else s[:n] + "…"


def read_stdin_text(stream=None):
    """All of stdin as text; invalid UTF-8 is an InputError naming the byte offset."""
    stream = stream or sys.stdin
    raw = stream.buffer.read() if hasattr(stream, "buffer") else stream.read()
    if isinstance(raw, str):
        return raw
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise InputError("input is not UTF-8 text (byte %d)" % e.start)


def _no_constant(name):
    raise ValueError("%s is not JSON" % name)


def load_json(text, what="input"):
    """json.loads that turns every failure (syntax, deep nesting, huge integers, NaN) into an
    InputError with a short reason."""
    try:
        return json.loads(text, parse_constant=_no_constant)
    except RecursionError:
        raise InputError("%s is nested too deeply" % what)
    except (ValueError, MemoryError) as e:
        raise InputError("%s is not JSON (%s)" % (what, excerpt(str(e), 80)))


def has_surrogate(v, depth=0):
    """True when a string anywhere in v holds a lone surrogate (it cannot be written as UTF-8)."""
    if depth > 200:
        return True
    if isinstance(v, str):
        try:
            v.encode("utf-8")
        except UnicodeEncodeError:
            return True
        return False
    if isinstance(v, list):
        return any(has_surrogate(x, depth + 1) for x in v)
    if isinstance(v, dict):
        return any(has_surrogate(k, depth + 1) or has_surrogate(x, depth + 1) for k, x in v.items())
    return False


def emit(obj, stream=None):
    """One JSON line, UTF-8; a lone surrogate that slipped into a result is written escaped
    (\\ud800) rather than crashing the output."""
    stream = stream or sys.stdout
    try:
        text = json.dumps(obj, ensure_ascii=False, sort_keys=True)
        data = (text + "\n").encode("utf-8")
    except UnicodeEncodeError:
        data = (json.dumps(obj, ensure_ascii=True, sort_keys=True) + "\n").encode("ascii")
    if hasattr(stream, "buffer"):
        stream.flush()
        stream.buffer.write(data)
        stream.buffer.flush()
    else:
        stream.write(data.decode("utf-8"))
    stream.flush()


def error(message, stream=None, **extra):
    """Writes {"error": message (clipped), ...extra} and returns the exit status 2."""
    message = excerpt(str(message), ERROR_MAX)
    obj = {"error": message}
    for k, v in extra.items():
        obj[k] = v
    emit(obj, stream)
    return 2


def guarded(main):
    """Runs main(); anything it did not foresee still ends as exit 2 with {"error"}, no traceback
    (a tool bug is named by its exception type so it can be reported)."""
    def run(argv=None):
        try:
            return main(argv)
        except RecursionError:
            return error("input is nested too deeply")
        except MemoryError:
            return error("input is too large")
        except (KeyboardInterrupt, SystemExit):
            raise
        except Exception as e:
            return error("internal error on this input (%s)" % type(e).__name__)
    return run


# ---- a reader that stops early -------------------------------------------------------------------
# `python -m host_tools ledger import archive/ | head -1`: once `head` has its line and exits, the
# next write to stdout fails. The command then stops where it is, without a traceback, and exits
# 141 (128 + SIGPIPE), what the shell reports for a C tool stopped the same way: the work was cut
# short (an import stops after the game it was printing; the games before it stay imported), so
# `set -o pipefail` must not see a success. Not the signal itself (SIG_DFL): that would kill the
# command between any two bytes, its `finally` blocks (the ledger closed) not run.
PIPE_CLOSED = 141


def _stdout_closed():
    """True when stdout is a pipe or socket whose reader has gone (poll says POLLERR/POLLHUP); a
    BrokenPipeError from anything else (a child process, a socket of the tool's own) is not ours
    to silence. Where poll() is missing (Windows), any BrokenPipeError is taken as stdout's."""
    import select
    if not hasattr(select, "poll"):
        return True
    try:
        fd = sys.stdout.fileno()
        p = select.poll()
        p.register(fd, select.POLLOUT)
        return any(ev & (select.POLLERR | select.POLLHUP) for _, ev in p.poll(0))
    except (AttributeError, ValueError, OSError):
        return False


def _drop_stdout():
    """Points stdout at the null device, so what is still buffered does not fail again at exit
    ("Exception ignored ... BrokenPipeError")."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except (AttributeError, ValueError, OSError):
        pass


def run_command(main, *args):
    """main(*args), its output flushed; a stdout closed by its reader -> PIPE_CLOSED, quietly."""
    try:
        code = main(*args)
        sys.stdout.flush()      # a short output is still in the buffer: fail here, not at exit
        return code
    except BrokenPipeError:
        if not _stdout_closed():
            raise
        _drop_stdout()
        return PIPE_CLOSED
