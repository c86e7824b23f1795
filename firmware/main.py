# Boot: the one place a board's parts (I2C, SSD1306, buttons, flash) are wired to the app.
#
# On the Pico this is /main.py (or firmware_main, frozen into our firmware) and the board's wiring is
# /board.py (boards/<name>/board.py). On a Raspberry Pi: python3 firmware/main.py rpi_linux
# (reads boards/rpi_linux/board.py).
# The simulator (host_tools/dev/sim) builds its own parts and reuses make_app() and step().
#
# The firmware's own modules are imported only after the panel is up, so that a failing import
# (an .mpy the board's MicroPython cannot load, a file missing after a cut deploy) is written on
# the panel and not only on a console nobody at the table sees.
import gc
import sys

POLL_MS = 10   # button poll period: five polls inside the 50 ms debounce

_panel = [None]   # the bare SSD1306 driver once it is up: show_error()'s last resort


def load_board(name=None):
    """The board's wiring: `board` on the Pico (/board.py, or frozen into our firmware), else
    boards/<name>/ as host_tools/board/boards.py reads it (a derived board after its parent)."""
    if name:
        import os  # CPython only: a named board means a PC or a Raspberry Pi in the checkout
        root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # type: ignore[attr-defined]
        if root not in sys.path:
            sys.path.append(root)
        from host_tools.board.boards import module
        return module(name)
    import board
    return board


def external_vcc(board):
    """True for an SSD1309 panel (2.42\"): the SSD1306's commands, but no charge pump (VCC comes from
    the module's own boost converter), so the driver sets it up for external VCC (docs/hardware.md)."""
    chip = getattr(board, "DISPLAY_DRIVER", "ssd1306")
    if chip not in ("ssd1306", "ssd1309"):
        raise ValueError("DISPLAY_DRIVER %r: this firmware drives ssd1306 and ssd1309 panels" % (chip,))
    return chip == "ssd1309"


def make_rp2(board):
    """Display and buttons on a Pico: machine.I2C + micropython-lib ssd1306."""
    from machine import I2C, Pin
    try:
        import ssd1306
    except ImportError:
        print("ssd1306 driver missing (/lib/ssd1306.mpy): run  make deploy")
        raise
    i2c = I2C(board.I2C_ID, sda=Pin(board.I2C_SDA), scl=Pin(board.I2C_SCL), freq=board.I2C_FREQ)
    driver = ssd1306.SSD1306_I2C(board.DISPLAY_WIDTH, board.DISPLAY_HEIGHT, i2c,
                                 addr=board.DISPLAY_ADDR, external_vcc=external_vcc(board))
    _panel[0] = driver
    from hw.buttons import pins_from_board
    from hw.display import Display, PicoBus
    return Display(driver, PicoBus(driver)), pins_from_board(board, Pin)


class _DioButton:
    """A Blinka DigitalInOut read like machine.Pin: value() is 0 while pressed."""

    def __init__(self, dio):
        self.dio = dio

    def value(self):
        return 1 if self.dio.value else 0


def make_linux(board):
    """Display and buttons on a Raspberry Pi: Blinka busio/digitalio + adafruit_ssd1306."""
    import board as pins  # Blinka's board module (ours is imported by another name here)
    import busio
    import digitalio
    import adafruit_ssd1306
    i2c = busio.I2C(pins.SCL, pins.SDA, frequency=board.I2C_FREQ)
    driver = adafruit_ssd1306.SSD1306_I2C(board.DISPLAY_WIDTH, board.DISPLAY_HEIGHT, i2c,
                                          addr=board.DISPLAY_ADDR, external_vcc=external_vcc(board))
    from hw.display import AdafruitBus, Display
    buttons = []
    for name, gpio in board.BUTTONS:
        dio = digitalio.DigitalInOut(getattr(pins, "D%d" % gpio))
        dio.switch_to_input(pull=digitalio.Pull.UP)
        buttons.append((name, _DioButton(dio)))
    return Display(driver, AdafruitBus(driver)), buttons


def flash_device():
    """The block device under the Pico's littlefs (what _boot.py mounts at /), which the store's
    write-ahead block programs without erasing; None elsewhere (a PC: no such block)."""
    try:
        import rp2
        return rp2.Flash()
    except (ImportError, AttributeError):
        return None


def make_store():
    """The journal store on flash, or None (memory only) when storage is missing or broken:
    the table can still play, and the screen is told there is no saving."""
    try:
        from storage.store import OsFs, Store
    except ImportError:
        print("no storage.store: playing without saving")
        return None
    try:
        return Store(OsFs(raw=flash_device()))
    except Exception as e:  # a damaged filesystem must not stop the scoreboard
        print("store unavailable, playing without saving:", repr(e))
        return None


def make_app(display, store, clock, lang="ja"):
    # The app and its first screens are the biggest allocation of the boot: start from a
    # compacted heap.
    gc.collect()
    from ui.app import App
    gc.collect()
    return App(display, store, clock, lang)


# The last press that changed the screen, for the bench (console command `t`): ms the buttons
# waited after first seeing the level change, us of App work, drawing, compare + I2C, and the
# poll's ticks_ms (when the event fired).
PRESS = [0, 0, 0, 0, 0]


_show_us = [0]
SCREEN = ["-"]   # the class of the screen that press left on top (the bench's screen kinds)


def _mem_info():
    try:
        import micropython
        micropython.mem_info()
        micropython.qstr_info()    # the interned names' share of the heap (never freed)
    except (ImportError, AttributeError):   # CPython (a Raspberry Pi): no heap map
        pass


def timed_show(display):
    """Display.show, timed for PRESS (set on the board by main(); the simulator's is untimed)."""
    from hw.clock import ticks_us, ticks_diff
    show = display.show

    def timed(canvas):
        t = ticks_us()
        r = show(canvas)
        _show_us[0] = ticks_diff(ticks_us(), t)
        return r
    display.show = timed


def step(app, buttons, now):
    """One turn of the loop: deliver button events, then redraw at once if something changed."""
    events = buttons.poll(now)
    if not events:
        app.frame()
        st = app.store
        # looked at here, not in App.rest: a call on each of 100 idle polls a second cost about
        # a tenth of the idle loop's cycles (docs/performance.md)
        if buttons.rest and st is not None and (st.resting is not None
                                                 or st.ahead is not None and st.ahead.due):
            app.rest()
        return
    from hw.clock import ticks_us, ticks_diff
    t0 = ticks_us()
    for kind, name in events:
        app.on_button(kind, name)
    t1 = ticks_us()
    _show_us[0] = 0
    if app.frame():
        name = events[0][1]
        for i in range(len(buttons.pins)):
            if buttons.pins[i][0] == name:
                PRESS[0] = ticks_diff(now, buttons.logic[i].changed)
        PRESS[1] = ticks_diff(t1, t0)
        PRESS[2] = ticks_diff(ticks_us(), t1) - _show_us[0]
        PRESS[3] = _show_us[0]
        PRESS[4] = now
        SCREEN[0] = type(app.stack[-1]).__name__ if app.stack else "-"


class Console:
    """The USB console while the app runs: the line `mem` prints `mem_free N mem_alloc M` (after
    gc.collect(), with the App and its screens alive) - for the heap figures of docs/emulator.md;
    `t` prints where the last press's time went and the boot's split (the bench); `ver` the
    firmware's version as its REPL banner says it (version_line). Anything else typed is
    ignored. Reads only what is waiting (select.poll), so the loop never blocks, and Ctrl-C
    (mpremote, the REPL) still interrupts as before."""

    def __init__(self):
        from hw.console_input import waiting_input
        self.stdin = sys.stdin
        self.waiting = waiting_input(self.stdin)
        self.line = ""
        self.phones = None          # net.radio.Phones on a board that serves phones: the `net` line

    def poll(self):
        while self.waiting():
            ch = self.stdin.read(1)
            if not ch:
                return
            if ch in "\r\n":
                cmd, self.line = self.line.strip(), ""
                if cmd == "mem":
                    gc.collect()
                    print("mem_free %d mem_alloc %d" % (gc.mem_free(), gc.mem_alloc()))
                    _mem_info()       # "max free sz" (blocks): the largest free block; the names
                elif cmd == "net" and self.phones is not None:
                    print(self.phones.line())
                elif cmd == "ver":
                    print(version_line())
                elif cmd == "t":
                    print("press_lag_ms %d work_us %d draw_us %d show_us %d at_ms %d" % tuple(PRESS))
                    print("screen " + SCREEN[0])
                    print("boot_ms " + " ".join("%s %d" % kv for kv in BOOT))
            elif len(self.line) < 16:
                self.line += ch


def version_line():
    """The firmware's REPL banner line, its sys.version's words and its board: on our own firmware
    "MicroPython v1.28.0 e0e9fbb17e, scoreboard aa15b22c3d on 2026-12-07; Scoreboard on Raspberry
    Pi Pico with RP2040" (docs/firmware.md, "Which firmware a board runs")."""
    return "%s; %s" % (sys.version.split("; ", 1)[-1], sys.implementation._machine)


def make_console():
    try:
        return Console()
    except Exception:  # no select/poll on stdin here: no console commands, the app runs the same
        return None


NO_PHONES_OFFICIAL = ("no phones: the official MicroPython firmware holds too little heap for them; "
                      "drag scoreboard-pico_w.uf2 onto the board (make firmware, make flash)")


def ours():
    """True on our own firmware (its frozen main put .frozen first on sys.path)."""
    return sys.path[:1] == [".frozen"]


def phone_streams(board):
    """How many phones' streams to hold open: the board's PHONE_STREAMS (the official firmware's
    lwIP keeps 5 TCP connections), or no limit of the board's when our own firmware says it keeps
    more (firmware_build.TCP_CONNECTIONS: every phone streams)."""
    if ours():
        import firmware_build  # type: ignore[import-not-found]
        if getattr(firmware_build, "TCP_CONNECTIONS", 0) > 8:
            return None
    return getattr(board, "PHONE_STREAMS", None)


def make_phones(board, app, folder="/"):
    """The phone server (net/radio.py) on a board that says it has a radio (RADIO) or serves its
    LAN (SERVE_PORT), else None: a Pico without one never imports asyncio or net/ (its heap as
    before), nor a Pico W on the official firmware. A server that cannot start is logged; the
    buttons play on."""
    radio = getattr(board, "RADIO", False)
    port = getattr(board, "SERVE_PORT", None)
    if not radio and not port:
        return None
    if radio and not port and not ours():
        # The official firmware copies every module into the heap: the server, a game and the
        # record routes do not fit together (the page never loads, a game's modules fail to
        # import), so that board plays on the panel alone (docs/firmware.md, "The Pico W").
        print(NO_PHONES_OFFICIAL)
        return None
    try:
        gc.collect()
        from net.radio import Phones
        return Phones(app, folder, port or 80, radio, streams=phone_streams(board))
    except Exception as e:
        print("no phones:", repr(e))
        app.log_error(e, "Server")
        return None


async def loop_with_phones(app, buttons, clock, console, phones):
    """The loop as asyncio tasks: the buttons and the panel here, every POLL_MS, first; the server's
    requests and streams between turns. Nothing here waits on the network."""
    import asyncio
    phones.start()
    hub = phones.hub
    if not phones.radio:          # a Raspberry Pi: its console says where the phones go
        print("phones: open", hub.address())
    while True:
        try:
            step(app, buttons, clock.ticks_ms())
        except Exception as e:     # the buttons first: App.crashed lets the phones give way to a
            gc.collect()           # full heap (Phones.low_memory), never the table
            try:
                app.crashed(e)
            except Exception:      # recovery itself short of heap: the next turn draws again
                pass
        if phones.stopped:
            hub = None
        elif hub is not None:
            try:
                hub.poll()
            except Exception as e:     # a view that cannot be noticed must not stop the buttons
                app.log_error(e, "Hub")
        if console is not None:
            console.poll()
        await asyncio.sleep_ms(POLL_MS) if hasattr(asyncio, "sleep_ms") else await asyncio.sleep(POLL_MS / 1000)


def run_with_phones(app, buttons, clock, console, phones):
    import asyncio
    asyncio.run(loop_with_phones(app, buttons, clock, console, phones))


def show_error(display, exc):
    """Put the failure on the panel too: a scoreboard on a table has no console attached. Through
    the app's Canvas when it can be imported, else with the driver's own 8x8 text (16 columns)."""
    msg = "%s: %s" % (type(exc).__name__, exc)
    try:
        from draw.canvas import Canvas
        c = Canvas()
        c.text("ERROR", 0, 0)
        for row in range(1, 8):
            c.text(msg[(row - 1) * 32:row * 32], 0, row * 8)
        display.show(c)
        return
    except Exception:
        pass
    d = _panel[0]
    if d is None:
        return
    try:
        d.fill(0)
        d.text("START FAILED", 0, 0)
        for row in range(1, 7):
            d.text(msg[(row - 1) * 16:row * 16], 0, row * 8)
        d.text("run make deploy", 0, 56)
        d.show()
    except Exception:
        pass


# Milliseconds since the board's reset at each step of the boot (console command `t`):
# MicroPython up and main.py running, panel up, firmware imported, store open, App built (the
# store's resume included), first picture sent.
BOOT = []  # type: list  # (name, ms) pairs: the stubs type ticks_ms() as an opaque _TicksMs


def _mark(name):
    from hw.clock import ticks_ms
    BOOT.append((name, ticks_ms()))


def main(board_name=None):
    board = load_board(board_name)
    display = None
    try:
        _mark("start")
        if board.PLATFORM == "linux":
            display, pins = make_linux(board)
        else:
            display, pins = make_rp2(board)
        timed_show(display)
        _mark("panel")
        from hw.buttons import Buttons
        from hw.clock import Clock
        gc.collect()
        import ui.app  # noqa: F401  (make_app imports it; here to time the imports apart)
        _mark("imports")
        clock = Clock()
        buttons = Buttons(pins, clock.ticks_ms())
        console = make_console() if board.PLATFORM != "linux" else None
        store = make_store()
        _mark("store")
        app = make_app(display, store, clock, getattr(board, "LANG", "ja"))
        _mark("app")
        app.frame()
        _mark("frame")
        phones = make_phones(board, app)
        if phones is not None:
            if console is not None:
                console.phones = phones
            run_with_phones(app, buttons, clock, console, phones)
        from hw.buttons import EdgeWake
        wake = EdgeWake(pins)
        while True:
            step(app, buttons, clock.ticks_ms())
            if console is not None:
                console.poll()
            wake.wait(clock, POLL_MS)
    except KeyboardInterrupt:
        raise
    except Exception as e:
        show_error(display, e)
        raise


if __name__ == "__main__":
    argv = getattr(sys, "argv", None) or []
    main(argv[1] if len(argv) > 1 else None)
