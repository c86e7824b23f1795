"""What rp2040py 0.3.6 does not do as a Pico does, and the fixes the emulated board applies.

rp2040py 0.3.6 limits and what this does about them (docs/emulator.md):
 1. USB CDC ZLP storm: the emulated host answers every armed OUT transfer with a zero-length
    packet when it has nothing to send, so the core never idles -> `park_cdc_reads()`.
 2. A NACKed I2C transfer never raises TX_EMPTY (ETIMEDOUT instead of EIO) -> `i2c.HwI2CTarget`.
 3. No I2C targets ship with it -> the simulator's SSD1306 `Panel` at the board's address.
 4. `i2c.scan()` is bit-banged on the pads -> `i2c.PinI2CTarget`.
 5. Single core only: no `_thread` (the firmware does not use it).
 6. `aexec()`/mpremote send Ctrl-C (main.py stops) and unhook the console capture (re-hooked
    here); a blank line reaches stdin right after boot.
 7. The ring oscillator is not emulated: RANDOMBIT never changes, os.urandom() repeats its
    bytes -> `RoscRandomBit`.
 8. The Pico W's radio (board files with RADIO = True: RPI_PICO_W firmware) carries only the
    connections the guest opens -> `net.Forward`: host 127.0.0.1:PORT to the guest's port 80.
    Its access-point mode does not come up: the firmware joins in station mode (/wifi.json).
 9. The radio's bus credit runs ahead by one on every frame the guest receives and, after 256,
    equals the guest's send count: every send stalls 1 s (the board frozen) -> `steady_credit()`.
10. I2C takes no bus time, and IC_FS_SPKLEN drops odd values -> i2c_time.py (costs.py).
11. The flash is never BUSY after an erase or a program -> flash_time.py (costs.py).
12. No XIP cache: flash reads cost what SRAM reads cost -> xip_cache.py (opt-in: slow on the host).
"""


def steady_credit(bus):
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


def park_cdc_reads(dev):
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


class RoscRandomBit:
    """Limit 7: rp2040py leaves the ring oscillator unimplemented, so RANDOMBIT reads the same
    every time, os.urandom() returns the same bytes on every call (b"****") and every game got
    the same id (the saved-games list marked the wrong one as on the table). A real ROSC's bit is
    jitter: here a random bit; every other register as before. `seed`: the bits of
    random.Random(seed) instead of the system's, the same on every board booted with it (a
    bench's boards compared: with other bits a held press's polls came ms apart)."""
    RANDOMBIT = 0x1C

    def __init__(self, orig, seed=None):
        import random
        self.orig = orig
        self.rng = random.SystemRandom() if seed is None else random.Random(seed)

    def read_uint32(self, offset):
        if offset == self.RANDOMBIT:
            return self.rng.getrandbits(1)
        return self.orig.read_uint32(offset)

    def __getattr__(self, name):
        return getattr(self.orig, name)
