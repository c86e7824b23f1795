"""The I2C bus's time on the emulated board: each START, address, byte and STOP takes its bit times on the simulation clock.

rp2040py 0.3.6 completes every I2C write the moment IC_DATA_CMD is written (peripherals/i2c.py
stores the SCL count registers and never uses them): a 1,025-byte frame took 1.2 ms at 400 kHz and
at 100 kHz alike. On silicon pico-sdk (i2c_write_blocking_internal) writes one byte and spins until
TX_EMPTY, which the DW_apb_i2c block raises (IC_CON.TX_EMPTY_CTRL, set by i2c_init) only when that
byte has left the shift register: 9 SCL periods later (8 bits and the ACK).

One SCL period, RP2040 datasheet 4.3.14 ("minimum high and low counts"), clocked by clk_sys:
    t_HIGH = (HCNT + SPKLEN + 7) / clk_sys,  t_LOW = (LCNT + 1) / clk_sys,  period = t_HIGH + t_LOW + t_r
t_r is the SCL rise time (the pull-ups against the bus capacitance, during which the block's high
count has not started). pico-sdk's i2c_set_baudrate(400 kHz) at 125 MHz writes HCNT 126, LCNT 187,
SPKLEN 11: 332 clocks = 2.656 us + t_r, 376 kHz with t_r = 0 and 339 kHz at Fast-mode's 300 ns
maximum rise (I2C-bus specification UM10204, table 10). RISE_NS = 120 ns is a 4.7 kOhm pull-up on
~30 pF (0.8473 R C): ~360 kHz. A START and a STOP are counted as one period each.

rp2040py also drops an odd IC_FS_SPKLEN write (it stores the value only when bit 0 is clear), so
pico-sdk's 11 reads back as the reset 7: the value written is taken here.

The CPU's wait costs no host time: pico-sdk spins on IC_RAW_INTR_STAT (IC_RXFLR for a read), which
cannot change before the step in flight completes, so a read of it then parks the core (rp2040py's
`waiting`, as a WFI) until the completion's alarm, or until an interrupt the core takes meanwhile,
as it would take it in the middle of the spin. Only with interrupts on (PRIMASK clear, as pico-sdk
waits); the emulated time is the spin's, within one turn of the poll loop.
"""
from rp2040py.peripherals.i2c import (CMD, ENABLE, IC_FS_SPKLEN, IC_RAW_INTR_STAT, IC_RXFLR, R_TX_EMPTY, RESTART,
                                      STOP, TX_CMD_BLOCK, I2CSpeed, I2CState)

F_SYS = 125e6              # rp2040py runs every clock at 125 MHz (MicroPython's clk_sys)
RISE_NS = 120.0
START_BITS = 1
BYTE_BITS = 9              # 8 data bits and the ACK
STOP_BITS = 1


class BusTime:
    """Puts an rp2040py I2C block's completions on the clock. `after(bits, fn)` calls `fn` that many
    SCL periods from now; one transfer step is in flight at a time, as on the bus."""

    def __init__(self, block, clock, core, rise_ns=RISE_NS):
        self.block, self.clock, self.core, self.rise_ns = block, clock, core, rise_ns
        self.spklen = block._spikelen
        self.bits = 0              # SCL periods charged since power-on
        self.busy_ns = 0.0
        self._pending = None
        self._parked = False
        self._alarm = clock.create_alarm(self._fire)
        write, read = block.write_uint32, block.read_uint32

        def write_uint32(offset, value):
            if offset == IC_FS_SPKLEN and not block.enable & ENABLE:
                self.spklen = value & 0xFF
            write(offset, value)

        def read_uint32(offset):
            if offset in (IC_RAW_INTR_STAT, IC_RXFLR) and self._pending is not None and not core.pm:
                core.waiting = self._parked = True
            return read(offset)
        block.write_uint32, block.read_uint32 = write_uint32, read_uint32
        block._next_command = self._next_command

    def bit_ns(self):
        """One SCL period now, from the count registers as the firmware set them."""
        b = self.block
        if b.speed == I2CSpeed.STANDARD:
            high, low = b.ss_clock_high_period, b.ss_clock_low_period
        else:
            high, low = b.fs_clock_high_period, b.fs_clock_low_period
        return (high + self.spklen + 7 + low + 1) * 1e9 / F_SYS + self.rise_ns

    def after(self, bits, fn, tx_empty=False):
        """Call `fn` `bits` SCL periods from now; with `tx_empty`, first raise TX_EMPTY when the TX
        FIFO is at or below its threshold (the byte has left the shift register)."""
        ns = bits * self.bit_ns()
        self.bits += bits
        self.busy_ns += ns
        self._pending = (fn, tx_empty)
        self._alarm.schedule(ns)

    def _fire(self):
        pending, self._pending = self._pending, None
        if self._parked:
            self.core.waiting = self._parked = False
        if pending is None:
            return
        fn, tx_empty = pending
        b = self.block
        if tx_empty and b._tx_fifo.item_count <= b.tx_threshold:
            b._set_interrupts(R_TX_EMPTY)
        fn()

    def _next_command(self):
        """rp2040py's RPI2C._next_command without its TX_EMPTY at the moment a byte is handed to the
        target: that flag now comes with the byte's completion (`after(..., tx_empty=True)`)."""
        b = self.block
        if b._tx_fifo.empty or b._busy or b.enable & TX_CMD_BLOCK or not b.enable & ENABLE:
            return
        b._busy = True
        restart = bool(b._tx_fifo.peek() & RESTART) and not b._pending_restart and not b._stop
        if b._state == I2CState.IDLE or restart:
            b._pending_restart = restart
            b._stop = False
            b._state = I2CState.START
            b.on_start(restart)
            return
        b._pending_restart = False
        cmd = b._tx_fifo.pull()
        b._stop = bool(cmd & STOP)
        if cmd & CMD:
            b.on_read_byte(not b._stop)
        else:
            b.on_write_byte(cmd & 0xFF)
