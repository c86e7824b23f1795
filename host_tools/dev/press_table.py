# A press script run on a table: its format (below), the firmware's App on the simulator's board
# with a real Store in a temporary folder, and the game it saved, read back from its journal.
#
# Every entry has two scripts in its game's tests/kinds/<kind>/presses/ (the simulator's script format,
# host_tools/dev/sim/script.py): <entry>.fewest.txt, the fewest presses the screens allow, and
# <entry>.hints.txt, the path a first-time player takes following what the screens say. Each
# script drives the firmware's App through main.step() and the real button timing, with a real
# Store in a temporary folder; the saved game is then read back from its journal files and the
# script's expectations are checked against it. Header lines (before the steps):
#
#   #: entry: 掛け引き, a whole 4-player round      the row of docs/presses.md (same in both files)
#   #: budget: 30                                  the most presses the entry may take
#   #: expect: last["winners"] == [0]              a Python expression that must be true; names:
#        state (the saved game's state), events (its effective events), outcomes (the non-None
#        outcomes of those events, in order), last (the last of them, or None), settings, seats
#   #: count                                       presses are counted from here on (the steps
#        before it reach the entry's first screen: a new game, earlier rounds)
#   #: order: 10                                   where the row goes in docs/presses.md
#   #: enforce: budget                             tests/host/dev/test_presses.py asserts the budget (once met)
#   #: over: ...                                   (hints file) why the entry stays over its budget:
#        the decision, printed under the table (a row over budget without one is an open defect)
#   #: note: ...                                   (hints file) a line under the table: what the
#        first-time player does differently, or why the two paths are the same
#
# A press is one click or long press, and a held ▲▼ or ←→ counts once per step it moves (a `repeat
# up 5` is 5: how the press count's review counted; holding a key to move two cells is no quicker than two
# taps, and a first-time player taps); held_as_one() gives the same steps with a held key as one
# press. The counts are deterministic: emulated time, no wall clock.
import os

from host_tools import _paths  # noqa: F401  (firmware/ on sys.path)

PRESS_OPS = ("click", "long", "repeat", "hold")


class PressError(Exception):
    pass


def parse(path):
    """(header dict, steps before the count mark, steps after it) of one press script."""
    head = {"entry": None, "budget": None, "expect": [], "order": None, "enforce": False, "note": None,
            "over": None}
    setup, counted = [], []
    seen_count = False
    with open(path, encoding="utf-8") as f:
        for raw in f.read().splitlines():
            line = raw.strip()
            if line.startswith("#:"):
                key, _, val = line[2:].strip().partition(":")
                key, val = key.strip(), val.strip()
                if key == "count":
                    seen_count = True
                elif key == "enforce":
                    head["enforce"] = val == "budget"
                elif key == "expect":
                    head["expect"].append(val)
                elif key == "budget":
                    head["budget"] = int(val)
                elif key in ("entry", "order", "note", "over"):
                    head[key] = val
                else:
                    raise PressError("%s: unknown header %r" % (path, key))
                continue
            if not line.split("#", 1)[0].strip():
                continue
            (counted if seen_count else setup).append(line)
    if head["entry"] is None or head["budget"] is None or not head["expect"] or not seen_count:
        raise PressError("%s: needs '#: entry:', '#: budget:', '#: expect:' and '#: count'" % path)
    return head, setup, counted


def _op(step):
    words = step.split("#", 1)[0].split()
    return words if words and words[0] in PRESS_OPS else None


def presses(steps):
    """Every press counted, a held arrow once per step it moves (`repeat NAME N` is N)."""
    n = 0
    for step in steps:
        w = _op(step)
        if w is not None:
            n += int(w[2]) if w[0] == "repeat" and len(w) > 2 else 1
    return n


def held_as_one(steps):
    """The same steps with a held key counted as one press."""
    return sum(1 for step in steps if _op(step) is not None)


def _journal_lines(root):
    """The lines of the one saved game in the store folder `root`, segments in order."""
    logs = [n for n in os.listdir(root) if n.endswith(".log")]
    stems = sorted(set(n.split(".")[0] for n in logs))
    if len(stems) != 1:
        raise PressError("expected one saved game, found %d" % len(stems))
    segs = sorted((int(n.split(".")[1]), n) for n in logs)
    lines = []
    for _, name in segs:
        with open(os.path.join(root, name), encoding="utf-8") as f:
            lines.extend(l for l in f.read().splitlines(True) if l.strip())
    return lines


def saved_names(root):
    """What the expectations may look at, read back from the journal on the (temporary) flash."""
    from core.engine import Game
    lines = _journal_lines(root)
    saved = Game.from_lines(lines)
    events = []
    for rec in saved._effective(saved.done):
        ev = dict((k, v) for k, v in rec.items() if k not in ("seq", "g"))
        events.append(ev)
    refold = Game.new(saved.header["kind"], saved.header["seats"], saved.settings)
    outcomes = []
    for ev in events:
        out = refold.submit(ev)
        if out is not None:
            outcomes.append(out)
    if refold.state != saved.state:
        raise PressError("the journal's effective events do not fold to its state")
    return {"state": saved.state, "events": events, "outcomes": outcomes,
            "last": outcomes[-1] if outcomes else None, "settings": saved.settings,
            "seats": saved.header["seats"]}


def make_table(tmp):
    """The firmware's App on the simulator's board and a real Store in `tmp`: (games folder, app,
    the script runner). Emulated time only, so every count repeats."""
    import main as firmware_main
    from hw.clock import FakeClock
    from storage.store import Store
    from host_tools.dev.sim.device import SimBoard
    from host_tools.dev.sim.script import Runner
    root = os.path.join(tmp, "games")
    clock = FakeClock()
    board = SimBoard(now=clock.now)
    app = firmware_main.make_app(board.display, Store(root=root), clock, "ja")
    return root, app, Runner(board, app, clock)
