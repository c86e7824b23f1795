# Millisecond ticks and sleeps on MicroPython (time.ticks_*) and CPython (monotonic clock).
import time

try:
    ticks_ms = time.ticks_ms
    ticks_us = time.ticks_us
    ticks_diff = time.ticks_diff
    ticks_add = time.ticks_add
    sleep_ms = time.sleep_ms
except AttributeError:
    # CPython: the same wrap-around arithmetic as MicroPython (ticks wrap at 2**30), so code
    # that is right here is right on the Pico too.
    _PERIOD = 1 << 30
    _HALF = _PERIOD >> 1
    _T0 = time.monotonic()  # type: ignore[attr-defined]  # CPython only

    def ticks_ms():
        return int((time.monotonic() - _T0) * 1000) & (_PERIOD - 1)  # type: ignore[attr-defined]

    def ticks_us():
        return int((time.monotonic() - _T0) * 1000000) & (_PERIOD - 1)  # type: ignore[attr-defined]

    def ticks_diff(a, b):
        return ((a - b + _HALF) & (_PERIOD - 1)) - _HALF

    def ticks_add(t, delta):
        return (t + delta) & (_PERIOD - 1)

    def sleep_ms(ms):
        if ms > 0:
            time.sleep(ms / 1000)


class Clock:
    """What the app gets as `clock`: real time on a board; tests and the simulator's scripts
    pass FakeClock so timing is exact and instant. The interpreter's own functions, not methods
    calling them: the main loop reads the time at every poll, 100 times a second, and on the
    Pico a Python call there is a good share of the idle loop (docs/performance.md)."""

    ticks_ms = staticmethod(ticks_ms)
    ticks_diff = staticmethod(ticks_diff)
    sleep_ms = staticmethod(sleep_ms)


class FakeClock(Clock):
    """Time that moves only when told (sleep_ms or advance)."""

    def __init__(self, start=0):
        self.now = start

    def ticks_ms(self):
        return self.now

    def ticks_diff(self, a, b):
        return a - b

    def sleep_ms(self, ms):
        self.now += ms

    def advance(self, ms):
        self.now += ms
