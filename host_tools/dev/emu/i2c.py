"""The emulated Pico's I2C side: the two ways bytes reach the SSD1306 panel model.

The panel model itself is the simulator's (`host_tools.dev.sim.panel.Panel`): one decoder of the
command/data stream for both the CPython simulator and the emulated Pico, so their pictures
compare byte for byte. Its GDDRAM (`panel.ram`) has the SSD1306's page layout, the same as
`draw.canvas.Canvas.buffer` (byte x + (y//8)*128, bit y%8).

`HwI2CTarget` hooks rp2040py's I2C block (the path `writeto`/`writevto`/`readfrom` take);
`PinI2CTarget` listens on the SDA/SCL pads, because MicroPython's rp2 port bit-bangs the
zero-length writes `i2c.scan()` does.
"""
from rp2040py.gpio_pin import GPIOPinState

from host_tools.dev.sim.panel import Panel

from .i2c_time import BYTE_BITS, START_BITS, STOP_BITS

__all__ = ["Panel", "HwI2CTarget", "PinI2CTarget"]


class HwI2CTarget:
    """A target on the emulated I2C block: ACKs `addr` only, feeds each write to `panel`. With a
    `bus` (i2c_time.BusTime, set by costs.Costs) each step completes after its bit times; with a
    `refresh` (panel_time.Refresh) each transaction's STOP is noted, for when it shows."""

    def __init__(self, i2c, addr, panel, log=None, clock=None):
        self.i2c, self.addr, self.panel, self.log, self.cur = i2c, addr, panel, log, None
        self.clock = clock
        self.bus = None
        self.refresh = None
        self.nacks = 0
        self.frames = 0         # writes carrying GDDRAM data (a driver's show() is one)
        self.bytes = 0          # bytes written to the panel (address bytes not counted)
        i2c.on_connect = self._connect
        i2c.on_write_byte = self._write
        i2c.on_read_byte = self._read
        i2c.on_stop = self._stop

    def _later(self, bits, fn, tx_empty=False):
        if self.bus is None:
            fn()                # rp2040py raises TX_EMPTY itself, at once
        else:
            self.bus.after(bits, fn, tx_empty)

    def _connect(self, addr, mode):
        ack = addr == self.addr
        self.cur = bytearray() if ack else None
        if not ack:
            self.nacks += 1
        self._later(START_BITS + BYTE_BITS, lambda: self.i2c.complete_connect(ack))

    def _write(self, value):
        self.cur.append(value)
        self.bytes += 1
        self._later(BYTE_BITS, lambda: self.i2c.complete_write(True), tx_empty=True)

    def _read(self, ack):
        # SSD1306 status byte: nothing interesting
        self._later(BYTE_BITS, lambda: self.i2c.complete_read(0x00), tx_empty=True)

    def _stop(self):
        if self.cur is not None:
            data = bytes(self.cur)
            self.cur = None
            if self.log is not None:
                self.log.append(data)
            if len(data) > 1 and data[0] & 0x40 and not data[0] & 0x80:
                self.frames += 1
            self.panel.write(data)
            if self.refresh is not None and self.clock is not None:
                self.refresh.note(self.clock.nanos)
        self._later(STOP_BITS, self._stopped)

    def _stopped(self):
        self.i2c.complete_stop()
        # rp2040py 0.3.6: an aborted (NACKed) transfer never raises TX_EMPTY, so pico-sdk waits
        # for its timeout and MicroPython raises ETIMEDOUT instead of EIO. Silicon flushes the TX
        # FIFO on abort, which raises TX_EMPTY (bit 4): do the same.
        if self.i2c.abort_source:
            self.i2c._set_interrupts(1 << 4)


class PinI2CTarget:
    """Answers the address phase on the pads (SDA/SCL edges), for MicroPython's bit-banged scan."""

    def __init__(self, mcu, sda, scl, addr):
        self.sda, self.scl, self.addr = mcu.gpio[sda], mcu.gpio[scl], addr
        self.found = []
        self.drive = self.active = self.ack = self.match = False
        self.bits = self.byte = 0
        self.first = True
        self.lines = self._lines()
        self.sda.add_listener(self._edge)
        self.scl.add_listener(self._edge)

    def _lines(self):
        return (self.sda.value != GPIOPinState.LOW and not self.drive, self.scl.value != GPIOPinState.LOW)

    def _edge(self, *_):
        (osda, oscl), (sda, scl) = self.lines, self._lines()
        self.lines = (sda, scl)
        if scl and oscl and sda != osda:                        # START (SDA falls) / STOP (rises)
            if not sda:
                self.active, self.bits, self.byte, self.first, self.ack = True, 0, 0, True, False
            else:
                self.active = False
                self._release()
        elif scl and not oscl and self.active and not self.ack:  # SCL rises: sample a bit
            self.byte = (self.byte << 1) | int(sda)
            self.bits += 1
        elif oscl and not scl and self.active:                   # SCL falls: drive/release ACK
            if self.ack:
                self._release()
                self.ack = False
                self.bits = self.byte = 0
                self.first = False
                self.active = self.match
            elif self.bits == 8:
                if self.first:
                    self.match = (self.byte >> 1) == self.addr
                    if self.match:
                        self.found.append(self.addr)
                if self.match:
                    self.drive = True
                    self.sda.set_input_value(False)
                self.ack = True

    def _release(self):
        if self.drive:
            self.drive = False
            self.sda.release_input()
