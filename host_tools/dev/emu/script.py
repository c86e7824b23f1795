"""The simulator's button scripts (host_tools/dev/sim/script.py syntax) played on the emulated Pico.

    click NAME | long NAME | hold NAME MS | repeat NAME N | press NAME | release NAME | wait MS | shot FILE

Each step ends with `Pico.settle()`: on the Pico a redraw takes real (emulated) time, so the
screen is read once nothing has reached the panel for a while. `on_step(text, pico)` is called
after each step (the tests compare `pico.screen()` with the simulator's panel there)."""
from host_tools import _paths  # noqa: F401  (firmware/ on sys.path: the timing constants)

from hw import buttons as B

TAP_MS = 100


def run_script(pico, lines, on_step=None, shots=None, settle_ms=None):
    from .pico import SETTLE_MS
    settle_ms = settle_ms or SETTLE_MS
    pico.settle(settle_ms)                         # boot: the first frame
    for text in lines:
        words = text.split("#", 1)[0].split()
        if not words:
            continue
        op, args = words[0], words[1:]
        if op == "click":
            pico.press(args[0], TAP_MS, settle_ms)
        elif op == "long":
            pico.press(args[0], B.LONG_MS + 100, settle_ms)
        elif op == "hold":
            pico.press(args[0], int(args[1]), settle_ms)
        elif op == "repeat":
            n = int(args[1]) if len(args) > 1 else 1
            pico.press(args[0], B.DEBOUNCE_MS + B.REPEAT_DELAY_MS + (n - 1) * B.REPEAT_MS + 10, settle_ms)
        elif op == "press":
            pico.hold(args[0])
            pico.wait_polled()
            pico.run_ms(B.DEBOUNCE_MS + 20)
            pico.settle(settle_ms)
        elif op == "release":
            pico.release(args[0])
            pico.settle(settle_ms)
        elif op == "wait":
            pico.run_ms(int(args[0]))
            pico.settle(settle_ms)
        elif op == "shot":
            if shots:
                from host_tools.dev.sim.render import save_png
                import os
                os.makedirs(shots, exist_ok=True)
                save_png(pico.panel, os.path.join(shots, args[0] + ".png"))
        else:
            raise ValueError("%r: unknown step %r" % (text, op))
        if on_step:
            on_step(text, pico)
