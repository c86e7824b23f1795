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


class _IrqPin:
    IRQ_FALLING, IRQ_RISING = 8, 4

    def __init__(self):
        self.handler = self.trigger = None

    def irq(self, handler, trigger):
        self.handler, self.trigger = handler, trigger


class _CountingClock:
    def __init__(self, pins=None, edge_after=None):
        self.slept = []
        self.pins, self.edge_after = pins, edge_after

    def sleep_ms(self, ms):
        self.slept.append(ms)
        if self.edge_after is not None and sum(self.slept) == self.edge_after:
            self.pins[2][1].handler(self.pins[2][1])       # the contact opens now


def test_an_edge_ends_the_wait_between_polls():
    """main.py's loop waits POLL_MS between polls; a button's edge (an interrupt on the Pico's
    pins) ends the wait within a millisecond, so a release is acted on at once."""
    from main import POLL_MS
    pins = [(n, _IrqPin()) for n in B.NAMES]
    wake = B.EdgeWake(pins)
    assert wake.armed == len(B.NAMES)
    assert all(p.trigger == _IrqPin.IRQ_FALLING | _IrqPin.IRQ_RISING for _n, p in pins)
    quiet = _CountingClock()
    wake.wait(quiet, POLL_MS)
    assert sum(quiet.slept) == POLL_MS                 # no edge: the whole period, 1 ms at a time
    clock = _CountingClock(pins, edge_after=3)
    wake.wait(clock, POLL_MS)
    assert sum(clock.slept) == 3 and not wake.edge      # cut short, and the next wait starts anew
    pins[0][1].handler(pins[0][1])                      # an edge while the loop was busy drawing
    busy = _CountingClock()
    wake.wait(busy, POLL_MS)
    assert busy.slept == []                             # polls at once


def test_pins_without_interrupts_keep_the_plain_wait():
    class Plain:
        def value(self):
            return 1
    wake = B.EdgeWake([(n, Plain()) for n in B.NAMES])
    clock = _CountingClock()
    wake.wait(clock, 10)
    assert wake.armed == 0 and clock.slept == [10]
