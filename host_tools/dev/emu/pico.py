"""`Pico`: real MicroPython (an RPI_PICO UF2) on an emulated RP2040, with our board around it.

    pico = Pico(uf2, "build/flash-pico")      # a staged tree, a flash image (bytes) or an .img path
    pico.boot()                               # power on; main.py runs from littlefs
    pico.press("ok"); pico.long_press("back")
    pico.screen()                             # 1024 GDDRAM bytes (Canvas.buffer layout)
    image = pico.power_cut()                  # stop, keep the flash; pico.boot() boots it again
    pico.app_mem_free()                       # (free, alloc) from main.py's `mem` command, app alive

Everything waits in *emulated* time: the emulator runs only while a method of this class is
running (it owns an asyncio loop and drives rp2040py's engine room from it), so between two
calls the board is frozen, and `run_ms(100)` is 100 ms on the Pico's clock however long it takes
on the host (busy Python runs 25-30x slower than a real Pico; idle sleeps run faster).

The board charges silicon's costs (I2C bus time, flash BUSY, the panel's refresh: costs.py) unless
`costs=False` or SCOREBOARD_EMU_COSTS=0; `pico.flash.counts` counts erases and programs, and
`pico.shown_ms()` is when the panel's last write is on the glass.

rp2040py's limits and what this does about them: fixes.py (docs/emulator.md). A Pico W:

    pico = Pico(None, staging.stage("pico_w"), board="pico_w", forward_port=0)
    pico.boot(); pico.forward.url                # "http://127.0.0.1:PORT" -> 10.0.0.2:80
    pico.run_host(urllib.request.urlopen, url)   # a blocking host call while the board runs
"""
import asyncio
import os
import shutil
import tempfile
import time

from host_tools.board.staging import board_has_radio

from . import flash as _flash
from .board import BUTTON_NAMES, BoardPins, board_pins
from .console import UsbConsole
from .costs import Costs
from .errors import EmuError
from .firmware import UF2_HELP, W_UF2_HELP, find_uf2
from .fixes import RoscRandomBit, park_cdc_reads, steady_credit
from .i2c import HwI2CTarget, Panel, PinI2CTarget

LONG_PRESS_MS = 1300       # the firmware's long press is 1 s held
PRESS_MS = 120             # a click: held well past the 50 ms debounce
SETTLE_MS = 500            # quiet time after a release before the screen is read (a redraw
                           # of the firmware's screens computes ~100-300 ms before any I2C)
POLL_GAP_MS = 50           # the firmware reads its buttons every 10 ms when idle: no read for
                           # longer means it is busy (a game's modules loading, a redraw)
SIO_GPIO_IN = 0x004        # SIO register the firmware's Pin.value() reads
ROSC_BASE = 0x40060000     # the ring oscillator (its RANDOMBIT: os.urandom's entropy)


class Pico(UsbConsole):
    """One emulated board. `fs`: staged directory, image bytes, an image file path, or None
    (a blank filesystem). `pins`: BoardPins (default: read from boards/<board>.py). A board
    with a radio runs as a Pico W; `forward_port` (0: any free port) forwards 127.0.0.1:PORT to
    its port 80 (`self.forward`, limit 8). `files`: {"/path": bytes} added to a staged tree
    (e.g. /wifi.json). `costs`: None (the environment: costs.Costs.from_env), True/False or a
    costs.Costs."""

    rosc_seed = None         # set before boot(): the ROSC's random bits from this seed (fixes.RoscRandomBit)

    def __init__(self, uf2=None, fs=None, board="pico", pins=None, fix_cdc=True, wall_timeout=600,
                 forward_port=None, files=None, costs=None):
        self.radio = board_has_radio(board)
        self.uf2 = find_uf2(uf2, self.radio)
        if not self.uf2:
            raise FileNotFoundError(W_UF2_HELP if self.radio else UF2_HELP)
        blocks = _flash.W_BLOCK_COUNT if self.radio else _flash.BLOCK_COUNT
        if isinstance(fs, (bytes, bytearray)):
            self._image = bytes(fs)
        elif isinstance(fs, str) and os.path.isdir(fs):
            self._image = _flash.build_image(fs, files, block_count=blocks)
        elif isinstance(fs, str):
            with open(fs, "rb") as f:
                self._image = f.read()
        else:
            self._image = _flash.build_image(files=files, block_count=blocks)
        self.pins = pins if isinstance(pins, BoardPins) else board_pins(board)
        self.fix_cdc = fix_cdc
        self.costs = Costs.of(costs)
        self.flash = None            # flash_time.FlashTime of the running board: its counters
        self.wall_timeout = wall_timeout
        self._work = tempfile.mkdtemp(prefix="pico-emu-")
        self._loop = asyncio.new_event_loop()
        self.dev = None
        self.panel = Panel()
        self.hw_target = None
        self.i2c_log = []
        self._console = bytearray()
        self._held = set()
        self._polled_ns = 0          # emulated ns of the firmware's last button read
        self.boots = 0
        self.forward = None
        if forward_port is not None:
            if not self.radio:
                raise EmuError("board %r has no radio (RADIO = True in its board file): nothing to forward to" % board)
            from .net import Forward
            self.forward = Forward(forward_port)

    # -- life cycle ------------------------------------------------------------------------------
    def _run(self, coro):
        return self._loop.run_until_complete(coro)

    def boot(self, wait_text=None, timeout_ms=20000, frames=0):
        """Power on with the current flash image. With `wait_text`, run until the console shows it;
        with `frames`, until the panel got that many frames (the firmware: 2 = the driver's
        clear at init + the app's first screen)."""
        from rp2040py.device import MicroPythonDevice
        if self.dev is not None:
            raise EmuError("already running; power_cut() first")
        img = os.path.join(self._work, "fs-%d.img" % self.boots)
        with open(img, "wb") as f:
            f.write(self._image)
        board, radios = self._board_spec()
        self.dev = MicroPythonDevice(board=board, filesystem=img)
        self.chip = radios[0] if radios else None
        if self.chip is not None:
            steady_credit(self.chip.bus)
        if self.forward is not None:
            self._run(self.forward.start())
            self.forward.attach(self.chip, self.dev.simulator.clock)
        if self.fix_cdc:
            park_cdc_reads(self.dev)
        mcu = self.dev.mcu
        self.panel = Panel()                 # the panel loses power too
        self.i2c_log = []
        self._console = bytearray()
        self._held = set()
        clock = self.dev.simulator.clock
        self.hw_target = HwI2CTarget(mcu.i2c[self.pins.i2c_id], self.pins.addr, self.panel, self.i2c_log, clock)
        self.flash = self.costs.attach(mcu, clock, self.hw_target)
        self.pin_target = PinI2CTarget(mcu, self.pins.sda, self.pins.scl, self.pins.addr)
        self._hook_console()
        self._hook_button_reads(mcu)
        rosc = mcu.find_peripheral(ROSC_BASE)
        if rosc is not None and not isinstance(rosc, RoscRandomBit):
            mcu.peripherals[(ROSC_BASE >> 14) << 2] = RoscRandomBit(rosc, self.rosc_seed)
        self.boots += 1
        self._run(self.dev.astart(timeout=120))
        if wait_text:
            self.wait_text(wait_text, timeout_ms)
        if frames and not self.run_until(lambda: self.hw_target.frames >= frames, timeout_ms):
            raise EmuError("only %d frame(s) on the panel after %d emulated ms; console:\n%s"
                           % (self.hw_target.frames, timeout_ms, self.console_text()[-2000:]))
        return self

    def _board_spec(self):
        """rp2040py's board ("pico", or "pico_w" with a radio) resolved to our UF2, and the radio
        chip it builds (our own instance, so the forward can reach its bus)."""
        import dataclasses
        from rp2040py.boards import BOARDS, resolve_firmware
        if not self.radio:
            return resolve_firmware(self.costs.mcu(BOARDS["pico"]), "micropython", self.uf2), []
        from rp2040py.external.cyw43 import Cyw43439
        made = []

        def radio():
            made.append(Cyw43439())
            return made[-1]
        spec = self.costs.mcu(BOARDS["pico_w"])
        spec = dataclasses.replace(spec, extras=tuple(e for e in spec.extras if e is not Cyw43439) + (radio,))
        return resolve_firmware(spec, "micropython", self.uf2), made

    def _halt(self):
        """Stop the engine room and let its task (and any helper task) finish on our loop."""
        if self.forward is not None:
            self.forward.detach()
        self.dev.stop()
        self.dev = None
        tasks = [t for t in asyncio.all_tasks(self._loop) if not t.done()]
        if tasks:
            done, pending = self._run(asyncio.wait(tasks, timeout=5))
            for t in pending:
                t.cancel()
            if pending:
                self._run(asyncio.wait(pending, timeout=5))

    def power_cut(self):
        """Stop the board as if unplugged; the flash survives. Returns the flash image."""
        self._need()
        self._image = self.flash_image()
        self._halt()
        return self._image

    def close(self):
        if self.dev is not None and not self._loop.is_closed():
            self._halt()
        if self.forward is not None and not self._loop.is_closed():
            self._run(self.forward.stop())
        if not self._loop.is_closed():
            self._loop.close()
        shutil.rmtree(self._work, ignore_errors=True)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def _need(self):
        if self.dev is None:
            raise EmuError("the board is not running: boot() first")
        err = self.dev.simulator.engine_room_error
        if err is not None:
            raise EmuError("the emulator crashed: %r" % (err,))

    # -- time ------------------------------------------------------------------------------------
    @property
    def now_ms(self):
        """Emulated milliseconds since power-on."""
        return self.dev.simulator.clock.nanos / 1e6 if self.dev else 0.0

    async def _until(self, pred, timeout_ms):
        self._need()
        clk = self.dev.simulator.clock
        end = clk.nanos + timeout_ms * 1e6
        wall_end = time.monotonic() + self.wall_timeout
        # A core asleep with no timer armed (the REPL waiting for a key) has no next event, and
        # rp2040py then does not move the clock at all: an alarm at the deadline gives the idle
        # core something to jump to, as real time would.
        deadline = clk.create_alarm(lambda: None)
        deadline.schedule(max(end - clk.nanos, 1))
        try:
            while not pred():
                if clk.nanos >= end:
                    return False
                if time.monotonic() > wall_end:
                    raise EmuError("wall-clock timeout (%ss) at %.0f emulated ms"
                                   % (self.wall_timeout, self.now_ms))
                await asyncio.sleep(0)
                self._need()
            return True
        finally:
            deadline.cancel()

    def run_ms(self, ms):
        """Let the board run for `ms` emulated milliseconds."""
        self._run(self._until(lambda: False, ms))
        return self

    def run_until(self, pred, timeout_ms=10000):
        """Run until `pred()` is true (True) or `timeout_ms` emulated ms went by (False)."""
        return self._run(self._until(pred, timeout_ms))

    def run_host(self, fn, *args, timeout_ms=60000):
        """Call the blocking host function `fn(*args)` in a thread while the board runs (a
        browser or an HTTP client talking to the forward, which only moves while the emulator
        does); returns its result or raises its exception. EmuError when it has not returned
        after `timeout_ms` emulated ms (the thread is left to finish on its own)."""
        future = self._loop.run_in_executor(None, fn, *args)
        if not self.run_until(future.done, timeout_ms):
            raise EmuError("%s did not return within %d emulated ms" % (getattr(fn, "__name__", fn), timeout_ms))
        return future.result()

    def wait_text(self, text, timeout_ms=20000, start=0):
        """Run until the console output (from byte `start`) contains `text`; raises on timeout."""
        t = text.encode() if isinstance(text, str) else text
        if not self.run_until(lambda: t in self._console[start:], timeout_ms):
            raise EmuError("no %r on the console after %d emulated ms; console:\n%s"
                           % (text, timeout_ms, self.console_text()[-2000:]))

    def _activity(self):
        return (self.panel.transactions, len(self._console))

    def _hook_button_reads(self, mcu):
        """Note when the firmware last read its buttons (SIO GPIO_IN, what Pin.value() reads): a
        firmware that has not read them for POLL_GAP_MS is busy and would miss a tap."""
        sio = mcu.sio
        read = sio.read_uint32
        clk = self.dev.simulator.clock
        self._polled_ns = clk.nanos

        def read_uint32(offset):
            if offset == SIO_GPIO_IN:
                self._polled_ns = clk.nanos
            return read(offset)
        sio.read_uint32 = read_uint32

    def polling(self):
        """True while the firmware's loop reads the buttons (it would see a press now)."""
        return (self.dev.simulator.clock.nanos - self._polled_ns) / 1e6 <= POLL_GAP_MS

    def settle(self, quiet_ms=SETTLE_MS, timeout_ms=10000):
        """Run until, for `quiet_ms` emulated ms, nothing reached the panel or the console and the
        firmware kept reading its buttons. Quiet alone is not idle: choosing a game loads its
        modules and draws with fonts read from the flash, longer than `quiet_ms` on the Pico
        without any I2C; a tap then would fall into that work and be lost (the buttons act on
        what the loop's polls see), and the simulator, whose firmware never takes time, would
        not lose it."""
        state = {"act": self._activity(), "since": self.now_ms}

        def quiet():
            a = self._activity()
            if a != state["act"] or not self.polling():
                state["act"], state["since"] = a, self.now_ms
            return self.now_ms - state["since"] >= quiet_ms
        return self.run_until(quiet, timeout_ms)

    def wait_polled(self, timeout_ms=10000):
        """Run until the firmware reads its buttons again (from now); False on timeout."""
        mark = self.dev.simulator.clock.nanos
        return self.run_until(lambda: self._polled_ns > mark, timeout_ms)

    def shown_ms(self):
        """Emulated ms at which the panel's last transaction is seen: its next frame refresh on the
        silicon-timed board (panel_time), its STOP on the zero-cost one; None before any."""
        ns = self.hw_target.refresh.shown_ns() if self.hw_target else None
        return None if ns is None else ns / 1e6

    def wait_frame(self, timeout_ms=10000):
        """Run until the panel receives a new frame (a data write); False on timeout."""
        n = self.hw_target.frames
        return self.run_until(lambda: self.hw_target.frames > n, timeout_ms)

    # -- buttons ---------------------------------------------------------------------------------
    def _gpio(self, name):
        self._need()
        if name not in self.pins.buttons:
            raise KeyError("no button %r (have %s)" % (name, ", ".join(BUTTON_NAMES)))
        return self.dev.mcu.gpio[self.pins.buttons[name]]

    def hold(self, name):
        """Press and keep pressed (the pin shorted to GND)."""
        self._gpio(name).set_input_value(False)
        self._held.add(name)

    def release(self, name):
        """Let go: the pull-up takes the pin high again."""
        self._gpio(name).release_input()
        self._held.discard(name)

    def press(self, name, ms=PRESS_MS, settle_ms=SETTLE_MS):
        """A click: hold `ms` from the firmware's first read of the pressed button (as the
        simulator's, whose loop sees a press within one poll), release, then settle."""
        self.hold(name)
        self.wait_polled()
        self.run_ms(ms)
        self.release(name)
        if settle_ms:
            self.settle(settle_ms)
        return self

    def long_press(self, name="back", ms=LONG_PRESS_MS, settle_ms=SETTLE_MS):
        return self.press(name, ms, settle_ms)

    # -- screen ----------------------------------------------------------------------------------
    def screen(self):
        """The panel's 1024 GDDRAM bytes (MONO_VLSB, same layout as Canvas.buffer)."""
        return bytes(self.panel.ram)

    def screen_rows(self):
        """64 rows of 128 ints (0/1)."""
        return self.panel.rows()

    def screen_text(self, border=True):
        """The visible picture as text (half blocks, two pixel rows a line)."""
        from host_tools.dev.sim.render import to_text
        text = to_text(self.panel)
        if not border:
            return text
        w = self.panel.width
        return "\n".join(["+" + "-" * w + "+"] + ["|" + l + "|" for l in text.split("\n")] + ["+" + "-" * w + "+"])

    # -- flash -----------------------------------------------------------------------------------
    def flash_image(self):
        """The filesystem region of the flash, now (bytes, a littlefs image)."""
        if self.dev is None:
            return self._image
        path = os.path.join(self._work, "dump.img")
        self.dev.dump_flash_image(path)
        with open(path, "rb") as f:
            return f.read()

    def read_file(self, path):
        """One file from the flash, read host-side from the image (the board is not disturbed)."""
        return _flash.read_file(self.flash_image(), path)

    def list_files(self):
        return _flash.list_files(self.flash_image())
