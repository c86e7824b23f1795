# The PC side's house (issue 39): host_tools/ shows its three jobs at a glance (board/, records/,
# dev/, beside kinds/ and the few helpers every command shares), no file in it is over 400 lines,
# and every Python file opens with a line saying what it is for.
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HOST = os.path.join(ROOT, "host_tools")
MAX_ENTRIES = 12
MAX_LINES = 400
TEXT = (".py", ".js", ".html", ".css", ".txt", ".md", ".svg", ".webmanifest")


def _files():
    for root, dirs, files in os.walk(HOST):
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        for fn in files:
            if fn.endswith(TEXT):
                yield os.path.join(root, fn)


def _holds_something(path):
    """A file, or a folder with a file outside __pycache__: a folder an older checkout left
    behind with nothing but its compiled modules is no entry (git leaves those on a move)."""
    if not os.path.isdir(path):
        return True
    for root, dirs, files in os.walk(path):
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        if files:
            return True
    return False


def test_host_tools_shows_its_jobs_in_a_few_entries():
    entries = sorted(e for e in os.listdir(HOST) if e != "__pycache__" and _holds_something(os.path.join(HOST, e)))
    assert len(entries) <= MAX_ENTRIES, entries
    for job in ("board", "records", "dev", "kinds"):
        assert os.path.isdir(os.path.join(HOST, job)), job


def test_no_file_over_400_lines():
    long = []
    for path in _files():
        with open(path, encoding="utf-8") as f:
            n = sum(1 for _ in f)
        if n > MAX_LINES:
            long.append("%s: %d lines" % (os.path.relpath(path, ROOT), n))
    assert long == [], "split by what the parts do: " + "; ".join(long)


def test_every_python_file_says_what_it_is_for():
    silent = []
    for path in _files():
        if path.endswith(".py"):
            with open(path, encoding="utf-8") as f:
                first = f.readline()
            if not first.startswith(("#", '"""')):
                silent.append(os.path.relpath(path, ROOT))
    assert silent == []
