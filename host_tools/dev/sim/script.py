# Headless runs: a button script drives the app through the real debounce/long/repeat timing.
#
# One step per line ('#' starts a comment):
#   click NAME        tap (held 100 ms)            long NAME        hold 1.1 s (long press)
#   repeat NAME N     hold until N repeats fired   hold NAME MS     hold for MS milliseconds
#   press NAME / release NAME   finger down / up   wait MS          let time pass
#   shot FILE         save a PNG now (FILE without .png) in the shots folder; no folder
#                     (shots=None, no --shots): nothing is written, never the current folder
# NAME is up, down, left, right, ok or back.
import os

from hw import buttons as B
from hw.clock import FakeClock

import main as firmware_main
from host_tools.dev.sim.render import save_png

TAP_MS = 100
SETTLE_MS = 100      # after a release: the debounce must see the button up before the next step


class ScriptError(ValueError):
    pass


class Runner:
    def __init__(self, board, app, clock, shots=None, on_step=None):
        self.board = board
        self.app = app
        self.clock = clock
        self.shots = shots
        self.saved = []
        self.on_step = on_step

    def run_for(self, ms):
        """Advance emulated time in main.py's poll steps, running the firmware's loop body."""
        end = self.clock.now + ms
        while self.clock.now < end:
            firmware_main.step(self.app, self.board.buttons, self.clock.now)
            self.clock.advance(firmware_main.POLL_MS)

    def hold(self, name, ms):
        self.board.pins[name].pressed = True
        self.run_for(ms)
        self.board.pins[name].pressed = False
        self.run_for(SETTLE_MS)

    def shot(self, name):
        if self.shots is None:
            return
        os.makedirs(self.shots, exist_ok=True)
        path = os.path.join(self.shots, name + ".png")
        save_png(self.board.panel, path)
        self.saved.append(path)

    def line(self, text):
        words = text.split("#", 1)[0].split()
        if not words:
            return
        op, args = words[0], words[1:]
        if op in ("click", "long", "repeat", "hold", "press", "release"):
            if not args or args[0] not in B.NAMES:
                raise ScriptError("%r: which button? one of %s" % (text, " ".join(B.NAMES)))
        try:
            if op == "click":
                self.hold(args[0], TAP_MS)
            elif op == "long":
                self.hold(args[0], B.LONG_MS + 100)
            elif op == "repeat":
                n = int(args[1]) if len(args) > 1 else 1
                self.hold(args[0], B.DEBOUNCE_MS + B.REPEAT_DELAY_MS + (n - 1) * B.REPEAT_MS
                          + firmware_main.POLL_MS)
            elif op == "hold":
                self.hold(args[0], int(args[1]))
            elif op == "press":
                self.board.pins[args[0]].pressed = True
                self.run_for(B.DEBOUNCE_MS + 2 * firmware_main.POLL_MS)
            elif op == "release":
                self.board.pins[args[0]].pressed = False
                self.run_for(SETTLE_MS)
            elif op == "wait":
                self.run_for(int(args[0]))
            elif op == "shot":
                name = args[0]
                if name in (".", "..") or "/" in name or "\\" in name:
                    raise ScriptError("%r: a shot is a file name in the shots folder, not a path" % text)
                self.shot(name)
            else:
                raise ScriptError("%r: unknown step %r" % (text, op))
        except (IndexError, ValueError) as e:
            if isinstance(e, ScriptError):
                raise
            raise ScriptError("%r: %s" % (text, e))
        if self.on_step:
            self.on_step(text)

    def run(self, lines):
        steps = [l for l in lines if l.split("#", 1)[0].strip()]
        auto = self.shots is not None and not any(l.split()[0] == "shot" for l in steps)
        self.run_for(SETTLE_MS)      # boot: the first frame
        if auto:
            self.shot("000-start")
        for i, text in enumerate(steps, 1):
            self.line(text)
            if auto:
                self.shot("%03d-%s" % (i, "-".join(text.split("#", 1)[0].split())))
        return self.saved


def run_script(lines, app_factory, shots=None, lang="ja", store=None):
    """Build a simulated board and app, run `lines`; returns (board, app, saved PNG paths).
    store: the games' Store (None: memory only, as a Pico without a working flash)."""
    from host_tools.dev.sim.device import SimBoard
    clock = FakeClock()
    board = SimBoard(now=clock.now)
    app = app_factory(board.display, store, clock, lang)
    runner = Runner(board, app, clock, shots)
    saved = runner.run(lines)
    return board, app, saved
