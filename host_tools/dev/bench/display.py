# The bench's display traffic (section 5): the scripted games through the simulator's path
# (adafruit_ssd1306 over a byte-counting I2C bus), bytes per press against a full frame.
from host_tools import _paths  # noqa: F401  (firmware/ on sys.path)
from host_tools.dev.bench import play as bp
from host_tools.dev.bench.shared import pct

FULL_FRAME = 1037          # adafruit/micropython-lib show(): 6 command writes (3 bytes each) + 1 + 1 + 1024


def median(values):
    return pct(values, 50)


def page_diff_bytes(old, new):
    """What a driver sending only the changed column span of each changed page would put on the
    wire: per page 1 address + 1 control + 6 command bytes (column and page range), then
    1 address + 1 control + the span."""
    if old is None:
        return FULL_FRAME
    total = 0
    for p in range(8):
        a = p * 128
        lo = hi = None
        for x in range(128):
            if old[a + x] != new[a + x]:
                if lo is None:
                    lo = x
                hi = x
        if lo is not None:
            total += 8 + 2 + (hi - lo + 1)
    return total


def display_sim(kind, n_ops):
    from host_tools.dev.sim.device import SimBoard
    from hw.clock import FakeClock
    from ui.app import App
    ops, _ = bp.script(kind, n_ops, seed=1)
    clock = FakeClock()
    board = SimBoard(now=clock.now)
    app = App(board.display, None, clock, "ja")
    app.frame()
    app.choose_kind(kind)
    game = bp.new_game(kind)
    app.start(game)
    app.frame()
    per, diff, pages = [], [], []
    prev = bytes(board.display.target)
    for op in ops:
        b0 = board.bus.bytes
        t = op[0]
        if t == "ev":
            out, rec = game.submit(op[1]), None
        elif t == "undo":
            out, rec = None, game.undo()
        else:
            rec = game.redo()
            out = game.last_outcome
        app.show_play()
        if out is not None:
            scr = app.gmod.result(app, out)
            if scr is not None:
                app.push(scr)
        if t != "ev":
            app.say(app.t("UNDONE" if t == "undo" else "REDONE", {"what": app.describe(rec)}))
        app.frame()
        cur = bytes(board.display.target)
        per.append(board.bus.bytes - b0)
        diff.append(page_diff_bytes(prev, cur) if cur != prev else 0)
        pages.append(sum(1 for p in range(8) if cur[p * 128:(p + 1) * 128] != prev[p * 128:(p + 1) * 128]))
        prev = cur
    return {"kind": kind, "n": len(per), "median": median(per), "max": max(per),
            "diff_median": median(diff), "diff_max": max(diff), "pages_median": median(pages),
            "unchanged": sum(1 for b in per if b == 0)}
