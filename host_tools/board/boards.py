"""The boards: one folder each under boards/, and a board's wiring as the Pico reads it.

A board is a folder, as in MicroPython's ports/rp2/boards/<BOARD>/:

    boards/<board>/board.py             the wiring (the panel's I2C, the buttons, the radio)
    boards/<board>/mpconfigboard.cmake  our firmware's build configuration (make firmware)
    boards/<board>/mpconfigboard.h
    boards/<board>/manifest.py          what is frozen into that firmware
    boards/<board>/wiring.png           the picture (host_tools/board/wiring_picture.py)

A board that derives from another says so on its own line, `DERIVES = "pico"`, and then states
only what differs: its wiring is the parent's text followed by its own (later names win), which
is what the Pico gets as /board.py (`board_source`) and what firmware/main.py reads on a PC.
"""
import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BOARDS = os.path.join(ROOT, "boards")
WIRING = "board.py"
_DERIVES = re.compile(r"^DERIVES\s*=\s*[\"']([a-z0-9_]+)[\"']\s*(#.*)?$", re.M)


class BoardError(ValueError):
    pass


def names(boards_dir=None):
    """Every board with a wiring file, sorted."""
    boards_dir = boards_dir or BOARDS
    return sorted(d for d in os.listdir(boards_dir)
                  if os.path.isfile(os.path.join(boards_dir, d, WIRING)))


def folder(board, boards_dir=None):
    return os.path.join(boards_dir or BOARDS, board)


def wiring_path(board, boards_dir=None):
    return os.path.join(folder(board, boards_dir), WIRING)


def parent(board, boards_dir=None):
    """The board `board` derives from, or None."""
    with open(wiring_path(board, boards_dir), encoding="utf-8") as f:
        m = _DERIVES.search(f.read())
    return m.group(1) if m else None


def chain(board, boards_dir=None):
    """The board and its ancestors, the root first: ["pico", "pico_w", "pico2_w"]."""
    out = []
    name = board
    while name is not None:
        if name in out:
            raise BoardError("boards/%s derives from itself (%s)" % (board, " -> ".join(out + [name])))
        if not os.path.isfile(wiring_path(name, boards_dir)):
            raise BoardError("no board %r (boards/%s/%s)%s" % (
                name, name, WIRING, "" if name == board else ": boards/%s derives from it" % out[-1]))
        out.append(name)
        name = parent(name, boards_dir)
    return out[::-1]


def board_source(board, boards_dir=None):
    """The board's wiring as one file (what the Pico reads as /board.py): each ancestor's text,
    the root first, so a derived board's own names come last and win."""
    parts = []
    for name in chain(board, boards_dir):
        with open(wiring_path(name, boards_dir), encoding="utf-8") as f:
            text = f.read()
        if parts:
            parts.append("\n# ---- boards/%s/board.py: what differs from the above ----\n" % name)
        parts.append(text if text.endswith("\n") else text + "\n")
    return "".join(parts)


def read(board, boards_dir=None):
    """The board's top-level names (its flattened wiring executed with a stand-in `micropython`)."""
    import sys
    import types
    ns = {"__name__": "board_" + board}
    had = sys.modules.get("micropython")
    stub = types.ModuleType("micropython")
    stub.const = lambda x: x
    sys.modules["micropython"] = stub
    try:
        exec(compile(board_source(board, boards_dir), wiring_path(board, boards_dir), "exec"), ns)
    finally:
        if had is None:
            sys.modules.pop("micropython", None)
        else:
            sys.modules["micropython"] = had
    return {k: v for k, v in ns.items() if not k.startswith("__")}


def has_radio(board, boards_dir=None):
    """True when the board's wiring says RADIO = True (the Pico W, the Pico 2 W)."""
    try:
        return read(board, boards_dir).get("RADIO") is True
    except (BoardError, OSError):
        return False


def module(board, boards_dir=None):
    """The board's wiring as a module object (tests and tools read its pins from it)."""
    import types
    mod = types.ModuleType("board_" + board)
    mod.__dict__.update(read(board, boards_dir))
    return mod
