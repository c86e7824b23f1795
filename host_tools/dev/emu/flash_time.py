"""The flash chip's erase and program times on the emulated board: BUSY in READ_STATUS_1 for tSE/tPP, and a count of each.

rp2040py 0.3.6 (peripherals/ssi.py) applies an erase or a page program the moment chip select
rises and never reports BUSY, so they cost nothing. The Pico's W25Q16JV takes (datasheet, "AC
Electrical Characteristics"; typical / maximum):

    page program (02h, 256 bytes)  tPP   0.4 ms /    3 ms   (0.4-0.7 ms typical as measured)
    sector erase (20h, 4 KB)       tSE    45 ms /  400 ms
    block erase  (52h, 32 KB)      tBE1  120 ms / 1600 ms
    block erase  (D8h, 64 KB)      tBE2  150 ms / 2000 ms
    write status register (01h)    tW     10 ms /   15 ms

and reads BUSY (status bit 0, with WEL, bit 1, still set) until it is done. The bootrom's
flash_range_erase/program (called by pico-sdk, called by MicroPython's rp2.Flash with interrupts
off) polls READ_STATUS_1 until BUSY clears, so the time passes on the clock with the CPU spinning,
as on silicon. A command other than a status read while BUSY is ignored by the chip; it is
counted here (`ignored`), never expected from a correct firmware.

The spin costs no host time: MicroPython erases and programs with interrupts off (PRIMASK set),
so nothing but the clock's alarms can happen until BUSY clears; the first status read that finds
the chip busy then moves the clock to the end of the operation (firing those alarms on the way,
their interrupts left pending as PRIMASK leaves them) and reads it done. The emulated time is the
spin's, within one turn of the poll loop. With interrupts on the core spins as it would.
"""
CMD_READ_STATUS_1 = 0x05
CMD_READ_STATUS_2 = 0x35
BUSY, WEL = 0x01, 0x02

# opcode: (counter name, typical ns, maximum ns, least bytes shifted for the command to act)
TIMES = {
    0x02: ("page_programs", 0.4e6, 3e6, 5),
    0x20: ("sector_erases", 45e6, 400e6, 4),
    0x52: ("block32_erases", 120e6, 1600e6, 4),
    0xD8: ("block64_erases", 150e6, 2000e6, 4),
    0x01: ("status_writes", 10e6, 15e6, 2),
}


class FlashTime:
    """Counts the erases and programs the SSI's flash chip applies and, when `charged`, holds
    BUSY for their time (`maximum`: the datasheet's maximum, else typical)."""

    def __init__(self, mcu, clock, charged=True, maximum=False):
        ssi = mcu.ssi
        self.mcu, self.clock, self.charged, self.maximum = mcu, clock, charged, maximum
        self.counts = dict.fromkeys([v[0] for v in TIMES.values()], 0)
        self.busy_ns = 0.0          # BUSY time charged since power-on
        self.ignored = 0
        self.waits_irqs_off = 0     # BUSY waits with interrupts off (MicroPython's): skipped at once
        self._until = 0.0
        shift, apply = ssi._shift_byte, ssi._apply_command

        def shift_byte(byte_out):
            busy = self.busy()
            buf = ssi._tx_buffer
            if busy and not buf and byte_out not in (CMD_READ_STATUS_1, CMD_READ_STATUS_2):
                self.ignored += 1
            value = shift(byte_out)
            if busy and len(buf) > 1 and buf[0] == CMD_READ_STATUS_1 and not self._skip():
                value |= BUSY | WEL
            return value

        def apply_command():
            buf, armed = ssi._tx_buffer, ssi._write_enabled
            apply()
            if armed and buf and buf[0] in TIMES and len(buf) >= TIMES[buf[0]][3]:
                self._charge(*TIMES[buf[0]][:3])
        ssi._shift_byte, ssi._apply_command = shift_byte, apply_command

    def busy(self):
        return self.clock.nanos < self._until

    def _skip(self):
        """With interrupts off, move the clock to the end of the operation (True)."""
        if not self.mcu.core.pm:
            return False
        ns = self._until - self.clock.nanos
        self.waits_irqs_off += 1
        self.clock.tick(ns)
        cycles = int(ns * 125e6 / 1e9)     # rp2040py's 125 MHz: what PIO would have run meanwhile
        for pio in self.mcu.pio:
            if not pio.stopped:
                pio.advance(cycles)
        return True

    def _charge(self, name, typical, maximum):
        self.counts[name] += 1
        if self.charged:
            ns = maximum if self.maximum else typical
            self._until = self.clock.nanos + ns
            self.busy_ns += ns

    def snapshot(self):
        """The counters now ({name: n}, with busy_ms and ignored), to subtract one from another."""
        out = dict(self.counts)
        out["busy_ms"] = self.busy_ns / 1e6
        out["ignored"] = self.ignored
        out["waits_irqs_off"] = self.waits_irqs_off
        return out
