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

rp2040py 0.3.6 limits and what this does about them (docs/emulator.md):
 1. USB CDC ZLP storm: the emulated host answers every armed OUT transfer with a zero-length
    packet when it has nothing to send, so the core never idles -> `_park_cdc_reads()`.
 2. A NACKed I2C transfer never raises TX_EMPTY (ETIMEDOUT instead of EIO) -> `i2c.HwI2CTarget`.
 3. No I2C targets ship with it -> the simulator's SSD1306 `Panel` at the board's address.
 4. `i2c.scan()` is bit-banged on the pads -> `i2c.PinI2CTarget`.
 5. Single core only: no `_thread` (the firmware does not use it).
 6. `aexec()`/mpremote send Ctrl-C (main.py stops) and unhook the console capture (re-hooked
    here); a blank line reaches stdin right after boot.
 7. The ring oscillator is not emulated: RANDOMBIT never changes, os.urandom() repeats its
    bytes -> `_RoscRandomBit`.
 8. The Pico W's radio (board files with RADIO = True: RPI_PICO_W firmware) carries only the
    connections the guest opens -> `net.Forward`: host 127.0.0.1:PORT to the guest's port 80.
    Its access-point mode does not come up: the firmware joins in station mode (/wifi.json).
 9. The radio's bus credit runs ahead by one on every frame the guest receives and, after 256,
    equals the guest's send count: every send stalls 1 s (the board frozen) -> `_steady_credit()`.

    pico = Pico(None, deploy.stage("pico_w"), board="pico_w", forward_port=0)
    pico.boot(); pico.forward.url                # "http://127.0.0.1:PORT" -> 10.0.0.2:80
    pico.run_host(urllib.request.urlopen, url)   # a blocking host call while the board runs
"""
import asyncio
import os
import shutil
import sys
import tempfile
import time

from host_tools.board.deploy import board_has_radio

from . import flash as _flash
from .board import BUTTON_NAMES, BoardPins, board_pins
from .i2c import HwI2CTarget, Panel, PinI2CTarget

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
DEFAULT_UF2 = os.path.join(ROOT, ".cache", "RPI_PICO.uf2")
UF2_SHA256 = "a41b7dbadfe4f399a10bd344002b365427ad033de993cf372c29c884b33a4cdf"
UF2_HELP = ("no MicroPython firmware for the emulated Pico: download RPI_PICO v1.24.1 "
            "(RPI_PICO-20241129-v1.24.1.uf2) from https://micropython.org/download/RPI_PICO/ and "
            "set PICO_UF2=/path/to/it (or put it at .cache/RPI_PICO.uf2); see docs/emulator.md")

LONG_PRESS_MS = 1300       # the firmware's long press is 1 s held
PRESS_MS = 120             # a click: held well past the 50 ms debounce
SETTLE_MS = 500            # quiet time after a release before the screen is read (a redraw
                           # of the firmware's screens computes ~100-300 ms before any I2C)
POLL_GAP_MS = 50           # the firmware reads its buttons every 10 ms when idle: no read for
                           # longer means it is busy (a game's modules loading, a redraw)
SIO_GPIO_IN = 0x004        # SIO register the firmware's Pin.value() reads
ROSC_BASE = 0x40060000     # the ring oscillator (its RANDOMBIT: os.urandom's entropy)


# The Pico W's (RPI_PICO_W): v1.23.0 is the file at hand (a public repository holds it; see
# docs/emulator.md); the board itself is flashed with v1.24.1 like the Pico.
DEFAULT_W_UF2 = os.path.join(ROOT, ".cache", "RPI_PICO_W.uf2")
W_UF2_SHA256 = "33b87e058d7a7c02cebc34bcd9eff2c8fdfadf8cec1a60c2d896c5044da4fcb1"
W_UF2_HELP = ("no MicroPython firmware for the emulated Pico W: download RPI_PICO_W v1.23.0 "
              "(RPI_PICO_W-20240602-v1.23.0.uf2) from https://micropython.org/download/RPI_PICO_W/ and "
              "set PICO_W_UF2=/path/to/it (or put it at .cache/RPI_PICO_W.uf2); see docs/emulator.md")


def find_uf2(path=None, radio=False):
    """The UF2 to boot: `path`, else $PICO_UF2 / .cache/RPI_PICO.uf2 (radio: $PICO_W_UF2 /
    .cache/RPI_PICO_W.uf2); None when none exists."""
    env, default = ("PICO_W_UF2", DEFAULT_W_UF2) if radio else ("PICO_UF2", DEFAULT_UF2)
    for p in (path, os.environ.get(env), default):
        if p and os.path.isfile(p):
            return p
    return None


def _steady_credit(bus):
    """Limit 9: rp2040py's CYW43 model advances its SDPCM bus credit on every frame it hands the
    guest, inbound Ethernet frames included, while the guest's send count advances only on its
    sends. The credit so runs ahead by one a received frame and wraps round to equal the send
    count after 256 of them; cyw43-driver (cyw43_sdpcm_send_common) reads equal as "no credit"
    and every send then stalls 1 s with the CPU busy ("[CYW43] STALL(0;48-48): timeout", send
    -110) until another frame happens to arrive: the board freezes for seconds at a time and a
    phone's stream stops. A real chip grants credit for its own buffers, never for frames it
    delivers; so an inbound data frame here carries the current credit without advancing it
    (the answers to the guest's sends still advance it by one each, as before)."""
    build = bus._build_data_frame

    def data_frame(ethernet_frame, **kw):
        bus._bus_data_credit = (bus._bus_data_credit - 1) & 0xFF   # the build adds one back
        return build(ethernet_frame, **kw)
    bus._build_data_frame = data_frame


def _park_cdc_reads(dev):
    """Limit 1: real hosts NAK an OUT endpoint they have nothing for. Park the armed read until the
    host side queues a byte, instead of rp2040py's zero-length packet 10 us later."""
    cdc, usb = dev.cdc, dev.mcu.usb_ctrl
    orig_read, orig_send, parked = usb.on_endpoint_read, cdc.send_serial_byte, []

    def on_read(ep, size):
        if ep == cdc._out_endpoint and cdc.tx_fifo.item_count == 0:
            parked[:] = [(ep, size)]
        else:
            orig_read(ep, size)

    def send(b):
        orig_send(b)
        if parked and parked[0][0] == cdc._out_endpoint:
            orig_read(*parked.pop())

    usb.on_endpoint_read, cdc.send_serial_byte = on_read, send


def runs_ours(uf2=None, radio=False):
    """True when the UF2 the emulator boots (find_uf2) is our own firmware, the scoreboard frozen
    in (make firmware): it runs its frozen main, whatever the flash holds."""
    from host_tools.board.firmware.uf2 import is_ours
    path = find_uf2(uf2, radio)
    return bool(path) and is_ours(path)


def official_uf2(radio=False):
    """The official firmware file ($PICO_UF2 / $PICO_W_UF2 when it is one, else .cache/), or None."""
    from host_tools.board.firmware.uf2 import is_ours
    env, default = ("PICO_W_UF2", DEFAULT_W_UF2) if radio else ("PICO_UF2", DEFAULT_UF2)
    for p in (os.environ.get(env), default):
        if p and os.path.isfile(p) and not is_ours(p):
            return p
    return None


def our_uf2(board):
    """Our firmware for `board` (make firmware's build/firmware/scoreboard-<board>.uf2, or the
    $PICO_UF2 / $PICO_W_UF2 file when it is ours), or None."""
    from host_tools.board.firmware.uf2 import is_ours
    radio = board_has_radio(board)
    env = os.environ.get("PICO_W_UF2" if radio else "PICO_UF2")
    built = os.path.join(ROOT, "build", "firmware", "scoreboard-%s.uf2" % board)
    for p in (env, built):
        if p and os.path.isfile(p) and is_ours(p):
            return p
    return None


def app_flash(board, out_dir, uf2=None):
    """The tree a board's flash gets for the firmware the emulator boots: what `make deploy`
    stages on the official firmware, nothing on ours (everything is frozen in: the littlefs
    holds games, names and settings only). Returns out_dir."""
    if runs_ours(uf2, board_has_radio(board)):
        if os.path.isdir(out_dir):
            shutil.rmtree(out_dir)
        os.makedirs(out_dir)
        return out_dir
    from host_tools.board import deploy
    return deploy.stage(board, out_dir)


OFFICIAL_ONLY = ("our own firmware runs its frozen scoreboard whatever the flash holds: this test "
                 "boots an app of its own or tests the official firmware's path (PICO_UF2 / "
                 "PICO_W_UF2 = the official files)")


class _RoscRandomBit:
    """Limit 7: rp2040py leaves the ring oscillator unimplemented, so RANDOMBIT reads the same
    every time, os.urandom() returns the same bytes on every call (b"****") and every game got
    the same id (the saved-games list marked the wrong one as on the table). A real ROSC's bit is
    jitter: here a random bit; every other register as before."""
    RANDOMBIT = 0x1C

    def __init__(self, orig):
        import random
        self.orig = orig
        self.rng = random.SystemRandom()

    def read_uint32(self, offset):
        if offset == self.RANDOMBIT:
            return self.rng.getrandbits(1)
        return self.orig.read_uint32(offset)

    def __getattr__(self, name):
        return getattr(self.orig, name)


class EmuError(RuntimeError):
    pass


class Pico:
    """One emulated board. `fs`: staged directory, image bytes, an image file path, or None
    (a blank filesystem). `pins`: BoardPins (default: read from boards/<board>.py). A board
    with a radio runs as a Pico W; `forward_port` (0: any free port) forwards 127.0.0.1:PORT to
    its port 80 (`self.forward`, limit 8). `files`: {"/path": bytes} added to a staged tree
    (e.g. /wifi.json)."""

    def __init__(self, uf2=None, fs=None, board="pico", pins=None, fix_cdc=True, wall_timeout=600,
                 forward_port=None, files=None):
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
            _steady_credit(self.chip.bus)
        if self.forward is not None:
            self._run(self.forward.start())
            self.forward.attach(self.chip, self.dev.simulator.clock)
        if self.fix_cdc:
            _park_cdc_reads(self.dev)
        mcu = self.dev.mcu
        self.panel = Panel()                 # the panel loses power too
        self.i2c_log = []
        self._console = bytearray()
        self._held = set()
        self.hw_target = HwI2CTarget(mcu.i2c[self.pins.i2c_id], self.pins.addr, self.panel, self.i2c_log)
        self.pin_target = PinI2CTarget(mcu, self.pins.sda, self.pins.scl, self.pins.addr)
        self._hook_console()
        self._hook_button_reads(mcu)
        rosc = mcu.find_peripheral(ROSC_BASE)
        if rosc is not None and not isinstance(rosc, _RoscRandomBit):
            mcu.peripherals[(ROSC_BASE >> 14) << 2] = _RoscRandomBit(rosc)
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
            return resolve_firmware(BOARDS["pico"], "micropython", self.uf2), []
        from rp2040py.external.cyw43 import Cyw43439
        made = []

        def radio():
            made.append(Cyw43439())
            return made[-1]
        spec = BOARDS["pico_w"]
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

    # -- USB console -----------------------------------------------------------------------------
    def _on_console(self, data):
        self._console.extend(data)

    def _hook_console(self):
        self.dev.cdc.on_serial_data = self._on_console

    def console_text(self, start=0):
        return self._console[start:].decode("utf-8", errors="replace").replace("\r\n", "\n")

    def console_mark(self):
        """Position in the console output, for wait_text(start=...)/console_text(start)."""
        return len(self._console)

    def send(self, text):
        """Type into the board's stdin (the USB console)."""
        self._need()
        for b in text.encode() if isinstance(text, str) else text:
            self.dev.cdc.send_serial_byte(b)

    def exec(self, code, timeout=300):
        """Run `code` through the raw REPL (interrupts main.py: limit 6). Returns stdout text;
        raises EmuError with the traceback when it failed."""
        self._need()
        try:
            out, err = self._run(self.dev.aexec(code, timeout=timeout))
        finally:
            self._hook_console()
        if err:
            raise EmuError(err.decode(errors="replace"))
        return out.decode(errors="replace").replace("\r\n", "\n")

    def mem_free(self):
        """gc.mem_free() after gc.collect() (stops main.py; its globals stay referenced)."""
        return int(self.exec("import gc\ngc.collect()\nprint(gc.mem_free())").strip())

    def app_mem_free(self, timeout_ms=5000):
        """gc.mem_free() after gc.collect() *while the app runs*: main.py's console command `mem`
        (firmware/main.py Console) answers `mem_free N mem_alloc M`; main.py keeps running.
        Returns (free, alloc)."""
        import re
        mark = self.console_mark()
        self.send("mem\n")
        pat = re.compile(rb"mem_free (\d+) mem_alloc (\d+)")
        if not self.run_until(lambda: pat.search(self._console, mark), timeout_ms):
            raise EmuError("no answer to `mem` on the console after %d emulated ms (is main.py "
                           "running the app?); console:\n%s" % (timeout_ms, self.console_text()[-2000:]))
        m = pat.search(self._console, mark)
        return int(m.group(1)), int(m.group(2))

    def net_status(self, timeout_ms=5000):
        """The firmware's console command `net` on a board that serves phones: its line
        `net <mode> <ip> <port> <key>` as a dict (mode: sta, ap or none); main.py keeps running."""
        import re
        mark = self.console_mark()
        self.send("net\n")
        pat = re.compile(rb"net (\w+) (\S+) (\d+) (\S+)")
        if not self.run_until(lambda: pat.search(self._console, mark), timeout_ms):
            raise EmuError("no answer to `net` on the console after %d emulated ms (does main.py "
                           "serve phones on this board?); console:\n%s" % (timeout_ms, self.console_text()[-2000:]))
        m = pat.search(self._console, mark)
        return {"mode": m.group(1).decode(), "ip": m.group(2).decode(), "port": int(m.group(3)),
                "key": m.group(4).decode()}

    def phone_url(self, path="/", timeout_ms=5000):
        """The address a browser on the host opens for the board's page: the forward with the
        table key (the firmware's `net` line), e.g. http://127.0.0.1:8080/?k=KEY."""
        if self.forward is None:
            raise EmuError("no forward: Pico(..., forward_port=0) on a board with a radio")
        key = self.net_status(timeout_ms)["key"]
        return "%s%s%sk=%s" % (self.forward.url, path, "&" if "?" in path else "?", key)

    def soft_reset(self, wait_text=None, timeout_ms=20000):
        """Ctrl-D at the friendly REPL: soft reboot, main.py runs again."""
        mark = self.console_mark()
        self.send(b"\x02\x04")          # leave raw REPL if in it, then soft reset
        if wait_text:
            self.wait_text(wait_text, timeout_ms, start=mark)

    async def _mpremote(self, args, timeout):
        from rp2040py.cli.pty_repl import PtyInteractiveRepl
        repl = PtyInteractiveRepl(self.dev.cdc, self.dev.simulator, on_quit=lambda code: None,
                                  on_data=self._on_console)
        await repl.start()
        try:
            p = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "mpremote", "connect", repl.slave_path, *args,
                stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT)
            try:
                out, _ = await asyncio.wait_for(p.communicate(), timeout)
            except asyncio.TimeoutError:
                p.kill()
                raise EmuError("mpremote %s: no answer in %ss" % (" ".join(args), timeout))
            return p.returncode, out.decode(errors="replace")
        finally:
            await repl.stop()

    def mpremote(self, *args, timeout=300, check=True):
        """Run the mpremote CLI against the board through a pty: mpremote("fs", "ls", ":").
        Returns (returncode, output); raises EmuError on failure when `check`."""
        self._need()
        try:
            rc, out = self._run(self._mpremote([str(a) for a in args], timeout))
        finally:
            self._hook_console()
        if check and rc != 0:
            raise EmuError("mpremote %s failed (%s):\n%s" % (" ".join(map(str, args)), rc, out))
        return rc, out

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
