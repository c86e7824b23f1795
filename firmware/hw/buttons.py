# Debounced pushbuttons: press / click / long / repeat events from raw pin levels.
#
# A press is reported once the contact has been closed for DEBOUNCE_MS (50 ms: bounce and noise
# never make a press); the release of a press is acted on at the first poll that reads the contact
# open - the click the player waits to see comes at once, not 50 ms later. Contacts also bounce as
# they open, but a bounce cannot make a new press: that needs DEBOUNCE_MS of closed contact again.
# Times (long, repeat) count from the reported press. Two kinds of button:
#   ok, back (select-like): press; long once at LONG_MS held (undo on "back"); click on release
#       unless it was long - so "select acts on release" and a long press can mean something else.
#   up, down, left, right (repeat=True, for number entry): press; repeat first at
#       REPEAT_DELAY_MS held, then every REPEAT_MS; click on release only for a tap (no repeat
#       fired); never long, so holding an arrow to count up can never undo anything.
# E.g. up held 700 ms: press, repeat@500, repeat@650. Up tapped: press, click.
# Back held 1.2 s: press, long@1000. Back tapped: press, click.
from hw.clock import ticks_diff

DEBOUNCE_MS = 50
LONG_MS = 1000
REPEAT_DELAY_MS = 500
REPEAT_MS = 150

NAMES = ("up", "down", "left", "right", "ok", "back")
REPEATING = ("up", "down", "left", "right")

_NONE = ()


class ButtonLogic:
    """One button's timing, pure: feed update(now_ms, pressed) often (every 5-20 ms);
    it returns a tuple of event kinds (usually empty)."""

    def __init__(self, repeat=False, now=0):
        self.repeat = repeat
        self.raw = False        # last level read
        self.changed = now      # when `raw` last changed
        self.down = False       # debounced level
        self.down_at = now
        self.quiet = False      # long or repeat fired: the release is no click
        self.next_repeat = 0

    def update(self, now, pressed):
        pressed = bool(pressed)
        if pressed != self.raw:
            self.raw = pressed
            self.changed = now
            if pressed or not self.down:
                return _NONE
            self.down = False           # the release of a reported press: at once (see above)
            return _NONE if self.quiet else ("click",)
        if pressed != self.down:
            if ticks_diff(now, self.changed) < DEBOUNCE_MS:
                return _NONE
            self.down = pressed
            if pressed:
                self.down_at = now
                self.quiet = False
                self.next_repeat = REPEAT_DELAY_MS
                return ("press",)
            return _NONE if self.quiet else ("click",)
        if not pressed:
            return _NONE
        held = ticks_diff(now, self.down_at)
        if self.repeat:
            if held < self.next_repeat:
                return _NONE
            # A late poll gives one repeat, not a burst: the next is due REPEAT_MS later.
            while self.next_repeat <= held:
                self.next_repeat += REPEAT_MS
            self.quiet = True
            return ("repeat",)
        if not self.quiet and held >= LONG_MS:
            self.quiet = True
            return ("long",)
        return _NONE


class Buttons:
    """The six buttons: `pins` is a sequence of (name, pin) where pin.value() is 0 while
    pressed (wired to GND, internal pull-up). poll() returns a list of (kind, name)."""

    def __init__(self, pins, now=0):
        self.pins = tuple(pins)
        self.logic = tuple(ButtonLogic(name in REPEATING, now) for name, _ in self.pins)
        self.levels = tuple(pin for _name, pin in self.pins)
        self.rest = True        # every button up at the last poll: nothing can fire until one is down

    def poll(self, now):
        if self.rest:
            # The idle loop's poll, 100 a second: only the pins' levels, no button's timing (on
            # the Pico this was half of the idle loop's time, docs/performance.md).
            for pin in self.levels:
                if not pin.value():
                    break
            else:
                return _NONE
        events = None
        rest = True
        for i in range(len(self.pins)):
            name, pin = self.pins[i]
            logic = self.logic[i]
            for kind in logic.update(now, not pin.value()):
                if events is None:
                    events = []
                events.append((kind, name))
            if logic.raw or logic.down:
                rest = False
        self.rest = rest
        return events if events is not None else _NONE


class EdgeWake:
    """The main loop's wait between polls, cut short by a button's edge: a release is acted on
    as the contact opens instead of at the next poll (POLL_MS: 0-10 ms, 5 on average, of every
    press). The pins' interrupt puts a byte in a RingIO that one `poll` waits on in C: a wait
    that woke every millisecond to look at a flag was a third of the Pico's idle loop
    (docs/performance.md). Pins that take no interrupt, or an interpreter without RingIO (a
    Raspberry Pi's CPython), leave the plain wait."""

    def __init__(self, pins):
        self.armed = 0
        try:
            import select
            from micropython import RingIO
        except ImportError:
            return
        self.ring, self.sink, self.poller = RingIO(2), bytearray(2), select.poll()
        self.poller.register(self.ring, select.POLLIN)
        for _name, pin in pins:
            try:
                pin.irq(self._on_edge, pin.IRQ_FALLING | pin.IRQ_RISING, hard=True)
                self.armed += 1
            except (AttributeError, TypeError, ValueError, OSError):
                pass

    def _on_edge(self, _pin):
        # A hard interrupt (nothing allocated here): the byte is in before the wait looks again.
        self.ring.write(b"!")

    def wait(self, clock, ms):
        """Sleep up to `ms`; an edge, now or during the wait, ends it."""
        if self.armed:
            self.poller.ipoll(ms)
            self.ring.readinto(self.sink)     # the edges seen: the next wait starts anew
        else:
            clock.sleep_ms(ms)


def pins_from_board(board, Pin):
    """(name, machine.Pin) pairs for the board file's BUTTONS, as inputs with pull-ups."""
    return [(name, Pin(gpio, Pin.IN, Pin.PULL_UP)) for name, gpio in board.BUTTONS]
