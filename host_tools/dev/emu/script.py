"""The simulator's button scripts (host_tools/dev/sim/script.py syntax) played on the emulated Pico.

    click NAME | long NAME | hold NAME MS | repeat NAME N | press NAME | release NAME | wait MS | shot FILE

Each step ends with `Pico.settle()`: on the Pico a redraw takes real (emulated) time, so the
screen is read once nothing has reached the panel for a while. `on_step(text, pico)` is called
after each step (the tests compare `pico.screen()` with the simulator's panel there)."""
from host_tools import _paths  # noqa: F401  (firmware/ on sys.path: the timing constants)

from hw import buttons as B

TAP_MS = 100
# A held press fires at the first poll at or after its moment, counted from the poll that
# debounced the press (itself the first poll 50 ms after the contact closed): up to two polls'
# periods late (~21 ms with the loop's own work). The finger stays down that long past the moment,
# well short of the next repeat (REPEAT_MS), so `repeat N` gives N repeats whatever the phase.
HELD_SLACK_MS = 30


def held_ms(op, args):
    """(ms the finger stays down from the firmware's first read, ms from that read to the moment
    the event the press is timed from fires; None: the release) for a script's click, long,
    hold or repeat step."""
    if op == "click":
        return TAP_MS, None
    if op == "long":
        return B.LONG_MS + 100, B.DEBOUNCE_MS + B.LONG_MS
    if op == "hold":
        return int(args[1]), None
    n = int(args[1]) if len(args) > 1 else 1
    fires = B.DEBOUNCE_MS + B.REPEAT_DELAY_MS + (n - 1) * B.REPEAT_MS
    return fires + HELD_SLACK_MS, fires


def run_script(pico, lines, on_step=None, shots=None, settle_ms=None):
    from .pico import SETTLE_MS
    settle_ms = settle_ms or SETTLE_MS
    pico.settle(settle_ms)                         # boot: the first frame
    for text in lines:
        words = text.split("#", 1)[0].split()
        if not words:
            continue
        op, args = words[0], words[1:]
        if op in ("click", "long", "hold", "repeat"):
            pico.press(args[0], held_ms(op, args)[0], settle_ms)
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
