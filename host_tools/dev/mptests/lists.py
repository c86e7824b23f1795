# The repository's lists: which of MicroPython's tests run on a board, which are skipped by name and why.
import collections
import os
import re

from host_tools.board import boards
from host_tools.board.staging import board_has_radio

HERE = os.path.join(boards.ROOT, "tests", "emu")
TESTS = os.path.join(HERE, "micropython_tests.txt")
SKIPS = os.path.join(HERE, "micropython_skips.txt")
EMULATOR = "emulator"        # a skip entry's condition: the emulator's limit, not the firmware's

Skip = collections.namedtuple("Skip", "test when reason")


def _lines(path):
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if line:
                yield line


def board_tests(board, path=TESTS):
    """The tests for `board`: the [all] section, and [radio] on a board with a radio."""
    sections = {"all"} | ({"radio"} if board_has_radio(board) else set())
    section, out = None, []
    for line in _lines(path):
        if line.startswith("["):
            section = line.strip("[]")
        elif section in sections:
            out.append(line)
    return out


def skips(path=SKIPS):
    """{test: [Skip]}: `test  condition  reason` lines; the condition is an option (MICROPY_...)
    the test needs, or `emulator` for a known limit of the emulator."""
    out = collections.defaultdict(list)
    for line in _lines(path):
        test, when, reason = line.split(None, 2)
        out[test].append(Skip(test, when, reason))
    return out


_INCLUDE = re.compile(r'^#include "(\.\./[^"]+)"', re.M)
_OFF = re.compile(r"^#define (MICROPY_\w+) \(?0\)?\s*$", re.M)


def options_off(board, boards_dir=None):
    """The MICROPY_ options a board's configuration turns off (boards/<board>/mpconfigboard.h and
    the headers of ours it includes): what its UF2 leaves out."""
    off, todo, seen = set(), [os.path.join(boards_dir or boards.BOARDS, board, "mpconfigboard.h")], set()
    while todo:
        path = os.path.normpath(todo.pop())
        if path in seen or not os.path.isfile(path):
            continue
        seen.add(path)
        with open(path, encoding="utf-8") as f:
            text = f.read()
        off.update(_OFF.findall(text))
        todo += [os.path.join(os.path.dirname(path), inc) for inc in _INCLUDE.findall(text)]
    return off


def skip_for(test, board, table, off=None):
    """The Skip that keeps `test` off `board` (its option off there), or None: it runs."""
    off = options_off(board) if off is None else off
    for s in table.get(test, ()):
        if s.when in off:
            return s
    return None


def known_limit(test, table):
    """The emulator's known limit that makes `test` fail here (and on the official UF2), or None."""
    return next((s for s in table.get(test, ()) if s.when == EMULATOR), None)
