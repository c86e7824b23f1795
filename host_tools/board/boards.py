"""The boards: one folder each under boards/, a board's wiring as the Pico reads it, and its facts.

A board is a folder, as in MicroPython's ports/rp2/boards/<BOARD>/:

    boards/<board>/board.py             the wiring (the panel's I2C, the buttons, the radio)
    boards/<board>/board.json           its facts for the PC's tools (below); never on the board
    boards/<board>/mpconfigboard.cmake  our firmware's build configuration (make firmware)
    boards/<board>/mpconfigboard.h
    boards/<board>/manifest.py          what is frozen into that firmware
    boards/<board>/wiring.png           the picture (host_tools/board/wiring_picture.py)

A board that derives from another says so on its own line, `DERIVES = "pico"`, and then states
only what differs: its wiring is the parent's text followed by its own (later names win), which
is what the Pico gets as /board.py (`board_source`) and what firmware/main.py reads on a PC.

Its board.json does the same: the keys of FACTS that differ from the board it derives from (a
board's own key wins). `facts(board)` is the one reader: the keys inherited and checked, a
missing or mistyped one a BoardError naming the file and the key. Through its chain each board
has "title"; a Pico (PLATFORM "rp2" in board.py) every key but "tcp_connections", which a Pico
with a radio (RADIO = True, stated in board.py alone: the device reads it) has and no other
board. `firmware_boards()` are the boards our firmware is built for (a folder with its own
mpconfigboard.cmake). `python -m host_tools.board.boards --firmware` and `--radio BOARD` answer
the Makefile.
"""
import json
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BOARDS = os.path.join(ROOT, "boards")
WIRING = "board.py"
FACTS_FILE = "board.json"
BUILD_CONFIG = "mpconfigboard.cmake"     # a board with its own firmware has its own
PICO = "rp2"                              # board.py's PLATFORM on a Pico
# What a board.json states: key -> (type, what it is).
FACTS = {
    "title": (str, "the board's short title in tables (docs/firmware.md's table of what is turned off)"),
    "micropython_board": (str, "MicroPython's board (ports/rp2/boards/<it>/): the official firmware's "
                               "name and the board our build's configuration starts from"),
    "uf2_family": (str, "the chip's UF2 family, hexadecimal (the bootrom refuses another chip's)"),
    "flash_bytes": (int, "the flash"),
    "storage_bytes": (int, "the littlefs at the flash's end, as MicroPython's board lays it out: "
                           "our firmware keeps it, so a board keeps its games"),
    "floor_bytes": (int, "the code area our firmware leaves free at least: make firmware fails below it"),
    "official_micropython": (str, "the official MicroPython the fallback path (make deploy) compiles "
                                  "for and asks to be flashed"),
    "reports": (list, "the names the board's MicroPython reports (MICROPY_HW_BOARD_NAME, "
                      "sys.implementation._machine), the spelled-out one first"),
    "tcp_connections": (int, "lwIP's TCP connections in our firmware (MEMP_NUM_TCP_PCB, through "
                             "boards/pico_w/phones.cmake)"),
}
_SHAPE = {"uf2_family": re.compile(r"0x[0-9A-Fa-f]{8}"), "official_micropython": re.compile(r"\d+\.\d+\.\d+")}
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


# -- the facts (board.json) ------------------------------------------------------------------

def facts_path(board, boards_dir=None):
    return os.path.join(folder(board, boards_dir), FACTS_FILE)


def _shown(board):
    return "boards/%s/%s" % (board, FACTS_FILE)


def _bad_value(key, value):
    """Why `value` is no good for `key`, or None."""
    kind = FACTS[key][0]
    if kind is int:
        ok = isinstance(value, int) and not isinstance(value, bool) and value > 0
        want = "a whole number above 0"
    elif kind is list:
        ok = isinstance(value, list) and value and all(isinstance(v, str) and v for v in value)
        want = "a list of names"
    else:
        ok = isinstance(value, str) and value and (key not in _SHAPE or _SHAPE[key].fullmatch(value))
        want = {"uf2_family": 'hexadecimal, "0x" and 8 digits', "official_micropython": 'a version, "1.24.1"'}.get(
            key, "a text")
    return None if ok else "%s, not %s" % (want, json.dumps(value, ensure_ascii=False)[:60])


def own_facts(board, boards_dir=None):
    """What the board's own board.json states, each key known and of its type (a BoardError
    naming the file and the key otherwise)."""
    path = facts_path(board, boards_dir)
    try:
        with open(path, encoding="utf-8") as f:
            got = json.load(f)
    except FileNotFoundError:
        raise BoardError("%s is missing: every board states its facts there (its title at least)" % _shown(board))
    except (OSError, UnicodeDecodeError) as e:
        raise BoardError("%s cannot be read: %s" % (_shown(board), getattr(e, "strerror", None) or e))
    except ValueError as e:
        raise BoardError("%s is not JSON: %s" % (_shown(board), e))
    if not isinstance(got, dict):
        raise BoardError("%s is not a JSON object of facts" % _shown(board))
    for key, value in got.items():
        if key not in FACTS:
            raise BoardError("%s: unknown key %r (known: %s)" % (_shown(board), key, ", ".join(FACTS)))
        why = _bad_value(key, value)
        if why:
            raise BoardError("%s: %r must be %s" % (_shown(board), key, why))
    return got


def _wanted(board, boards_dir):
    """The keys `board` must have through its chain, from its wiring's PLATFORM and RADIO."""
    wiring = read(board, boards_dir)
    if wiring.get("PLATFORM") != PICO:
        return ["title"]
    keys = [k for k in FACTS if k != "tcp_connections"]
    return keys + ["tcp_connections"] if wiring.get("RADIO") is True else keys


def facts(board, boards_dir=None):
    """The board's facts: each board.json of its chain, the root first, its own keys winning;
    "uf2_family" as a number. A key the board needs and nobody states, or one it has no use
    for (tcp_connections without a radio, a Pico's facts on a board that is no Pico), is a
    BoardError naming the board's file and the key."""
    got = {}
    for name in chain(board, boards_dir):
        got.update(own_facts(name, boards_dir))
    wanted = _wanted(board, boards_dir)
    missing = [k for k in wanted if k not in got]
    if missing:
        raise BoardError("%s: no %s (nor in the board.json of what it derives from)"
                         % (_shown(board), ", ".join(repr(k) for k in missing)))
    extra = [k for k in got if k not in wanted]
    if extra:
        raise BoardError("%s: %r, which boards/%s has no use for (%s)" % (
            stated_in(board, extra[0], boards_dir), extra[0], board,
            "it is no Pico: PLATFORM in board.py" if wanted == ["title"] else "it has no radio: RADIO in board.py"))
    if "uf2_family" in got:
        got["uf2_family"] = int(got["uf2_family"], 16)
    return got


def fact(board, key, default=None, boards_dir=None):
    """One fact of `board`, or `default` when there is no such board or it states none of it
    (a board.json that is wrong is still a BoardError)."""
    if board not in names(boards_dir):
        return default
    return facts(board, boards_dir).get(key, default)


def stated_in(board, key, boards_dir=None):
    """The board.json that states `board`'s `key` ("boards/pico/board.json"), or None."""
    for name in reversed(chain(board, boards_dir)):
        if key in own_facts(name, boards_dir):
            return _shown(name)
    return None


def pico_boards(boards_dir=None):
    """The boards that are Picos (PLATFORM "rp2" in board.py), sorted."""
    return [b for b in names(boards_dir) if read(b, boards_dir).get("PLATFORM") == PICO]


def firmware_boards(boards_dir=None):
    """The boards our firmware is built for (each with its own mpconfigboard.cmake), the older
    chip first: ["pico", "pico_w", "pico2", "pico2_w"]."""
    built = [b for b in names(boards_dir) if os.path.isfile(os.path.join(folder(b, boards_dir), BUILD_CONFIG))]
    return sorted(built, key=lambda b: (facts(b, boards_dir)["uf2_family"], b))


def spoken(boards):
    """A list of boards as a help text says it: "pico, pico_w, pico2 or pico2_w"."""
    boards = list(boards)
    return " or ".join([", ".join(boards[:-1]), boards[-1]]) if len(boards) > 1 else "".join(boards)


def firmware_help(default="pico"):
    """The firmware tools' --board help: "pico, pico_w, pico2 or pico2_w (default pico)" (no
    default: None). A board.json that is wrong shows when the board is read, not in the help."""
    try:
        listed = spoken(firmware_boards())
    except BoardError:
        listed = "a board under boards/ with its own firmware"
    return listed + (" (default %s)" % default if default else "")


# -- the Makefile's questions ----------------------------------------------------------------

def _answer(a):
    """What main prints for its parsed arguments `a` (a BoardError when it cannot)."""
    for board in (a.radio, a.facts):
        if board is not None and board not in names():
            raise BoardError("no board %r (boards/%s/%s); the boards: %s" % (board, board, WIRING, spoken(names())))
    if a.firmware:
        built = firmware_boards()
        if not built:
            raise BoardError("no board under boards/ has a %s of its own: no firmware to build" % BUILD_CONFIG)
        return " ".join(built)
    if a.radio:
        return a.radio if has_radio(a.radio) else None
    if a.facts:
        got = facts(a.facts)
        if "uf2_family" in got:
            got["uf2_family"] = "0x%08X" % got["uf2_family"]
        return json.dumps(got, indent=2, ensure_ascii=False)
    return "\n".join("%-14s %s" % (board, facts(board)["title"]) for board in names())


def main(argv=None):
    import argparse
    ap = argparse.ArgumentParser(prog="python -m host_tools.board.boards",
                                 description="The boards and their facts (boards/<board>/board.json); "
                                             "without an option, each board and its title.")
    ask = ap.add_mutually_exclusive_group()
    ask.add_argument("--firmware", action="store_true", help="the boards our firmware is built for, on one line")
    ask.add_argument("--radio", metavar="BOARD", help="BOARD when it has a radio, else nothing")
    ask.add_argument("--facts", metavar="BOARD", help="BOARD's facts, inherited, as JSON")
    a = ap.parse_args(argv)
    try:
        out = _answer(a)
    except BoardError as e:
        print("boards: %s" % e, file=sys.stderr)
        return 2
    if out is not None:
        print(out)
    return 0


if __name__ == "__main__":
    from host_tools.cli_io import run_command
    sys.exit(run_command(main))
