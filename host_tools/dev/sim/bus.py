# A fake I2C bus for adafruit_ssd1306 (busio.I2C-like) feeding the emulated panel and counting bytes.


class FakeI2C:
    """Stands in for busio.I2C: adafruit_bus_device locks it and calls writeto; one device."""

    def __init__(self, panel, address=0x3C):
        self.panel = panel
        self.address = address
        self.locked = False
        self.writes = 0          # transactions, including adafruit's empty probe
        self.bytes = 0           # bytes on the wire: address byte + payload, per transaction

    def try_lock(self):
        if self.locked:
            return False
        self.locked = True
        return True

    def unlock(self):
        self.locked = False

    def scan(self):
        return [self.address]

    def _check(self, address):
        if address != self.address:
            raise OSError(19, "no device at 0x%02x" % address)   # ENODEV, a NACKed address

    def writeto(self, address, buffer, *, start=0, end=None):
        self._check(address)
        data = bytes(buffer[start:end])
        self.writes += 1
        self.bytes += 1 + len(data)
        self.panel.write(data)

    def readfrom_into(self, address, buffer, *, start=0, end=None):
        self._check(address)
        end = len(buffer) if end is None else end
        for i in range(start, end):
            buffer[i] = 0          # SSD1306 status: nothing the drivers read

    def writeto_then_readfrom(self, address, out_buffer, in_buffer, *, out_start=0, out_end=None,
                              in_start=0, in_end=None):
        self.writeto(address, out_buffer, start=out_start, end=out_end)
        self.readfrom_into(address, in_buffer, start=in_start, end=in_end)

    def deinit(self):
        pass
