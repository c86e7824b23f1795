# The emulated board as run-tests.py sees a Pico: pyboard's raw REPL (soft reset, raw paste) over the emulated USB console.
import struct
import time

BANNER = b"raw REPL; CTRL-B to exit\r\n"
STEP_MS = 2          # a wait's slice of emulated time: an idle core jumps the clock to the slice's end


class EmuTarget:
    """The part of tools/pyboard.py's Pyboard that run-tests.py uses (enter_raw_repl, exec_,
    read_until), on a booted host_tools.dev.emu.Pico. Timeouts are in *emulated* seconds, a
    real board's; `cpu_s` bounds each wait on the host in this process's CPU seconds (the
    emulator runs 25-100x slower), not the wall's: a shared machine's load, or a job stopped
    for a while, would trip a wall-clock limit with the board still working.
    `emulated_ns` adds up the board's time from each request to the last byte of its answer: the
    clock's jumps while the REPL idles waiting for us are left out."""

    def __init__(self, pico, pyboard_error, cpu_s=300):
        self.pico, self.PyboardError, self.cpu_s = pico, pyboard_error, cpu_s
        self.clock = pico.dev.simulator.clock
        self.rx = bytearray()
        self.rx_ns = 0                       # emulated ns of the last byte received
        self.pending = b""
        self.emulated_ns = 0
        self.use_raw_paste = True
        pico.dev.cdc.on_serial_data = self._receive

    def _receive(self, data):
        self.rx.extend(data)
        self.rx_ns = self.clock.nanos

    # -- bytes both ways -------------------------------------------------------------------------
    def write(self, data):
        self.pending += data
        self._pump()

    def _pump(self):
        """As much of what we send as the console's FIFO takes now (it drops the rest)."""
        fifo = self.pico.dev.cdc.tx_fifo
        free = fifo.size - fifo.item_count
        if self.pending and free > 0:
            chunk, self.pending = self.pending[:free], self.pending[free:]
            self.pico.send(chunk)
        return False

    def _wait(self, pred, timeout_s, overall=False):
        """Run the board until pred() (True) or, as pyboard counts, `timeout_s` emulated s went by
        without a byte (or since the start when `overall`) (False)."""
        start = self.clock.nanos
        cpu_end = time.process_time() + self.cpu_s
        while True:
            self._pump()
            if pred():
                self.emulated_ns += max(0, self.rx_ns - start)
                return True
            since = start if overall else max(start, self.rx_ns)
            if timeout_s is not None and self.clock.nanos - since >= timeout_s * 1e9:
                return False
            if time.process_time() > cpu_end:
                raise self.PyboardError("host timeout: %ss of CPU at %.0f emulated ms"
                                        % (self.cpu_s, self.clock.nanos / 1e6))
            self.pico.run_until(lambda: self._pump() or pred(), STEP_MS)

    def read_until(self, min_num_bytes, ending, timeout=10, timeout_overall=None):
        """pyboard's: the bytes up to and with `ending`, or what came when time ran out."""
        found = lambda: self.rx.find(ending) >= 0
        if timeout_overall is not None:
            self._wait(found, timeout_overall, overall=True)
        else:
            self._wait(found, timeout)
        at = self.rx.find(ending)
        end = at + len(ending) if at >= 0 else len(self.rx)
        data = bytes(self.rx[:end])
        del self.rx[:end]
        return data

    def read(self, n, timeout=10):
        self._wait(lambda: len(self.rx) >= n, timeout)
        data = bytes(self.rx[:n])
        del self.rx[:n]
        return data

    # -- pyboard's raw REPL ----------------------------------------------------------------------
    def enter_raw_repl(self, soft_reset=True, timeout_overall=10):
        """Ctrl-C, Ctrl-A, then Ctrl-D: a soft reset in the raw REPL (main.py does not run)."""
        self.write(b"\r\x03")
        del self.rx[:]                          # pyboard flushes what was waiting
        self.write(b"\r\x01")
        if soft_reset:
            data = self.read_until(1, BANNER + b">", timeout_overall=timeout_overall)
            if not data.endswith(BANNER + b">"):
                raise self.PyboardError("could not enter raw repl")
            self.write(b"\x04")
            data = self.read_until(1, b"soft reboot\r\n", timeout_overall=timeout_overall)
            if not data.endswith(b"soft reboot\r\n"):
                raise self.PyboardError("could not enter raw repl")
        data = self.read_until(1, BANNER, timeout_overall=timeout_overall)
        if not data.endswith(BANNER):
            raise self.PyboardError("could not enter raw repl")

    def _raw_paste(self, source):
        """The raw-paste mode's flow control: a window of bytes at a time, as the board asks."""
        window = struct.unpack("<H", self.read(2))[0]
        remain, i = window, 0
        while i < len(source):
            while remain == 0 or self.rx:
                b = self.read(1)
                if b == b"\x01":
                    remain += window
                elif b == b"\x04":             # the board ended it (a syntax error)
                    self.write(b"\x04")
                    return
                else:
                    raise self.PyboardError("unexpected read during raw paste: %r" % b)
            chunk = source[i:i + remain]
            self.write(chunk)
            remain -= len(chunk)
            i += len(chunk)
        self.write(b"\x04")
        if not self.read_until(1, b"\x04").endswith(b"\x04"):
            raise self.PyboardError("could not complete raw paste")

    def exec_raw_no_follow(self, source):
        if not self.read_until(1, b">").endswith(b">"):
            raise self.PyboardError("could not enter raw repl")
        if self.use_raw_paste:
            self.write(b"\x05A\x01")
            answer = self.read(2)
            if answer == b"R\x01":
                return self._raw_paste(source)
            self.use_raw_paste = False
            if answer != b"R\x00":             # a board that does not know the request at all
                self.read_until(1, b"w REPL; CTRL-B to exit\r\n>")
        self.write(source + b"\x04")
        if self.read(2) != b"OK":
            raise self.PyboardError("could not exec command")

    def follow(self, timeout):
        out = self.read_until(1, b"\x04", timeout=timeout)
        if not out.endswith(b"\x04"):
            raise self.PyboardError("timeout waiting for first EOF reception")
        err = self.read_until(1, b"\x04", timeout=timeout)
        if not err.endswith(b"\x04"):
            raise self.PyboardError("timeout waiting for second EOF reception")
        return out[:-1], err[:-1]

    def exec_(self, source, timeout=10):
        """pyboard's exec_: stdout, or PyboardError("exception", stdout, stderr)."""
        self.exec_raw_no_follow(source if isinstance(source, bytes) else source.encode())
        out, err = self.follow(timeout)
        if err:
            raise self.PyboardError("exception", out, err)
        return out
