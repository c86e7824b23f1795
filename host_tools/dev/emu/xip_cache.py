"""The RP2040's XIP cache on the emulated board (opt-in, slow): every flash access looked up in a 16 KB two-way cache, a miss charged its cycles.

rp2040py 0.3.6 reads flash as it reads SRAM (RP2040.read_uint16/32/8 index a bytearray;
peripherals/xip_ctrl.py models the control registers only). The RP2040 (datasheet 2.6.3 "XIP
cache") caches the flash behind a 16 KB two-way set-associative cache of 8-byte lines:
0x10000000 looks up and allocates, 0x11000000 looks up without allocating, 0x12000000 and
0x13000000 bypass it; XIP_CTRL.FLUSH empties it, XIP_CTRL.CTRL.EN = 0 bypasses it. A miss fetches
one line through the SSI in continuous quad read at clk_sys / 2: MISS_CYCLES = 45 (calibrated
against MicroPython PR #19370's 14.8 % perf_bench gain on an RP2040 when
vm.c, gc.c and parse.c move to SRAM).

Only a subclass of rp2040py's native RP2040 sees the reads, and a Python one puts every bus read
(each instruction fetch) through Python: `CachedRP2040` is built in place of the MCU when asked
(SCOREBOARD_EMU_XIP=1, `--xip-cache`). A miss's cycles go on the clock at once, as the core stalls.
"""
from rp2040py.rp2040 import RP2040

MISS_CYCLES = 45
SETS = 1024                # 16 KB / 8-byte lines / 2 ways
XIP_LO, XIP_HI = 0x10000000, 0x14000000
CTRL, FLUSH = 0x00, 0x04
_read16, _read32, _read8 = RP2040.read_uint16, RP2040.read_uint32, RP2040.read_uint8


class XipCache:
    """The cache's tags (a line's number, two ways a set, the older way to replace) and counters."""

    def __init__(self, clock, pios=(), miss_cycles=MISS_CYCLES):
        self.clock, self.pios, self.miss_ns = clock, pios, miss_cycles * 8.0   # 125 MHz: 8 ns a cycle
        self.miss_cycles = miss_cycles
        self.enabled = True
        self.hits = self.misses = self.flushes = 0
        self.flush()

    def flush(self):
        self.way0, self.way1, self.older = [-1] * SETS, [-1] * SETS, bytearray(SETS)
        self.flushes += 1

    def access(self, addr):
        region, line = (addr >> 24) & 3, (addr & 0xFFFFFF) >> 3
        if region < 2 and self.enabled:
            s = line & (SETS - 1)
            if self.way0[s] == line:
                self.older[s] = 1
                self.hits += 1
                return
            if self.way1[s] == line:
                self.older[s] = 0
                self.hits += 1
                return
            if region == 0:                      # allocate into the older way
                if self.older[s]:
                    self.way1[s], self.older[s] = line, 0
                else:
                    self.way0[s], self.older[s] = line, 1
        self.misses += 1
        self.clock.tick(self.miss_ns)
        for pio in self.pios:
            if not pio.stopped:
                pio.advance(self.miss_cycles)

    def control(self, offset, value):
        """A write to XIP_CTRL (its peripheral's `write_uint32`)."""
        if offset == FLUSH:
            self.flush()
        elif offset == CTRL:
            self.enabled = bool(value & 1)


class CachedRP2040(RP2040):
    """rp2040py's RP2040 with every read of the XIP window first looked up in `self.xip`."""
    xip = None

    def read_uint16(self, address):
        if XIP_LO <= address < XIP_HI and self.xip is not None:
            self.xip.access(address)
        return _read16(self, address)

    def read_uint32(self, address):
        if XIP_LO <= address < XIP_HI and self.xip is not None:
            self.xip.access(address)
        return _read32(self, address)

    def read_uint8(self, address):
        if XIP_LO <= address < XIP_HI and self.xip is not None:
            self.xip.access(address)
        return _read8(self, address)


def install(mcu, clock):
    """The cache on a CachedRP2040 built by the board spec: returns it."""
    cache = XipCache(clock, tuple(mcu.pio))
    ctrl = mcu.xip_ctrl
    write = ctrl.write_uint32

    def write_uint32(offset, value):
        cache.control(offset, value)
        write(offset, value)
    ctrl.write_uint32 = write_uint32
    mcu.xip = cache
    return cache
