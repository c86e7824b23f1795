# The web page's board: what main.py builds on a Pico, for the firmware on MicroPython WebAssembly.
#
# Runs inside the browser (copied to /fw/webboard.py beside the unchanged firmware). The page's
# JavaScript calls boot() once, then tick() every POLL_MS (or advance(ms) when the test drives a
# manual clock), press(name, down) from the on-screen buttons and keys, and picture() for the 1024
# bytes of the panel (SSD1306 page layout, as the Pico's driver holds them) after each new frame;
# lang() and game_name() for the page's own words.
import binascii
import os
import sys

import js   # the page (MicroPython WebAssembly's bridge to JavaScript)


class WebOs:
    """`os` with urandom() from the browser's crypto: this port has no os.urandom, and the
    firmware's fallback (the ms since boot) would give the same game id after every reload.
    In sys.modules before the firmware's `import os`; every other name is the real module's."""

    def __init__(self, real):
        self._real = real

    def __getattr__(self, name):
        return getattr(self._real, name)

    def urandom(self, n):
        a = js.Uint8Array.new(n)
        js.crypto.getRandomValues(a)
        return bytes(a[i] for i in range(n))


if not hasattr(os, "urandom"):
    sys.modules["os"] = WebOs(os)

import main as firmware_main  # noqa: E402  (after `os` is complete)
from hw.buttons import NAMES, Buttons  # noqa: E402
from hw.clock import Clock, FakeClock  # noqa: E402
from hw.display import Display  # noqa: E402


class WebDriver:
    """Stands where micropython-lib's SSD1306 driver stands: `buffer` is the picture; show() only
    counts frames for the page to fetch; contrast and power are the page's brightness and blank."""

    def __init__(self):
        self.width = 128
        self.buffer = bytearray(1024)
        self.frames = 0
        self.level = 255
        self.on = True

    def show(self):
        self.frames += 1

    def contrast(self, value):
        self.level = value
        self.frames += 1

    def poweron(self):
        self.on = True
        self.frames += 1

    def poweroff(self):
        self.on = False
        self.frames += 1


class WebPin:
    """A button as machine.Pin shows it: value() 0 while the finger (or key) is down."""

    def __init__(self):
        self.down = False

    def value(self):
        return 0 if self.down else 1


class WatchedButtons(Buttons):
    """The firmware's buttons, noting that an event was delivered (the page then saves /games)."""

    def __init__(self, pins, now):
        Buttons.__init__(self, pins, now)
        self.seen = 0

    def poll(self, now):
        events = Buttons.poll(self, now)
        if events:
            self.seen = 1
        return events


class WebBoard:
    def __init__(self, manual):
        self.manual = manual
        self.clock = FakeClock() if manual else Clock()
        self.driver = WebDriver()
        self.display = Display(self.driver)   # no bus: the page fetches whole pictures
        self.pins = dict((name, WebPin()) for name in NAMES)
        self.buttons = WatchedButtons([(name, self.pins[name]) for name in NAMES],
                                      self.clock.ticks_ms())
        self.app = None
        self.moves = []       # (button index, level) not shown to the firmware yet: see press()
        self.last = None      # the button moved last

    def feed(self):
        """Shows the buttons the next finger move once the firmware has seen the last one: a
        press once it is counted (debounced), a release once a poll has read it (see press())."""
        pins, logic = self.buttons.pins, self.buttons.logic
        while self.moves:
            i, level = self.moves[0]
            if pins[i][1].down == level:
                self.moves.pop(0)
                continue
            last = self.last
            if last is not None and not (logic[last].down if pins[last][1].down else not logic[last].raw):
                return
            pins[i][1].down = level
            self.last = i
            self.moves.pop(0)

    def result(self):
        """The frame counter (the page redraws when it moved), plus 1 << 24 when a button event
        was handled since the last call (the page then saves /games)."""
        seen = self.buttons.seen
        self.buttons.seen = 0
        return self.driver.frames | (seen << 24)


_board = [None]


def boot(manual=False, lang="ja"):
    """The firmware's boot on this board: the store on /games (the page restored it from the
    browser's storage just before), the App, its first frame."""
    b = WebBoard(manual)
    _board[0] = b
    store = firmware_main.make_store()
    b.app = firmware_main.make_app(b.display, store, b.clock, lang)
    b.app.frame()
    return b.result()


def tick():
    """One turn of main's loop at the real time."""
    b = _board[0]
    firmware_main.step(b.app, b.buttons, b.clock.ticks_ms())
    b.feed()
    return b.result()


def advance(ms):
    """Manual clock (the browser test): main's loop for `ms` in POLL_MS steps, as the simulator's
    script runner does."""
    b = _board[0]
    end = b.clock.now + ms
    while b.clock.now < end:
        firmware_main.step(b.app, b.buttons, b.clock.now)
        b.clock.advance(firmware_main.POLL_MS)
    return b.result()


def press(name, down):
    """A finger on (down) or off an on-screen button, or a key. On the real clock no tap is lost:
    a tap on glass (or a script's click) can be shorter than a button's 50 ms debounce, the page's
    loop can start late while the browser handles a touch, and taps can follow faster than the
    firmware reads them. So each move waits until the firmware has seen the one before: a release
    until the press is counted, the next press until the release is read. The manual clock (the
    tests' scripts) is left exact."""
    b = _board[0]
    pin = b.pins[name]
    if b.manual:
        pin.down = bool(down)
        return
    b.moves.append((NAMES.index(name), bool(down)))
    b.feed()


def picture():
    """The panel as the page draws it: 'level on hex(1024 bytes)'."""
    d = _board[0].driver
    return "%d %d %s" % (d.level, 1 if d.on else 0, binascii.hexlify(d.buffer).decode())


def game_name(kind):
    """A game's name as the menu shows it (the page's list of logs), or the kind if unknown."""
    from core import registry
    try:
        return registry.name(kind, _board[0].app.lang if _board[0] else "ja")
    except Exception:
        return kind


def lang():
    """The device's language (its setting): the page's own words follow it."""
    return _board[0].app.lang
