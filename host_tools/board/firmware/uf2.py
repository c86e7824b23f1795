"""Reads a UF2 file: its chip family, and which board and firmware it is for.

A UF2 is 512-byte blocks, each carrying up to 476 bytes of the flash image with its address and
the chip family. Ours carries the board's name as MicroPython reports it ("Scoreboard on Raspberry
Pi Pico W", boards/<board>/mpconfigboard.h); the official firmware's says "Raspberry Pi Pico W".
Both carry their version in the REPL banner (version.from_image: "v1.28.0 e0e9fbb17e, scoreboard
aa15b22c3d on 2026-12-06" for ours, as its os.uname().version says it).
"""
import struct

from host_tools.board import boards
from host_tools.board.firmware import version as _version

MAGIC0, MAGIC1, MAGIC_END = 0x0A324655, 0x9E5D5157, 0x0AB16F30
FLAG_FAMILY = 0x00002000
FAMILIES = {0xE48BFF56: "RP2040", 0xE48BFF59: "RP2350", 0xE48BFF57: "RP2350", 0xE48BFF5A: "RP2350",
            0xE48BFF5B: "RP2350"}
OURS = b"Scoreboard on "


class UF2Error(ValueError):
    pass


class Image:
    """A parsed UF2: family ("RP2040"/"RP2350"), flash payload (bytes from its lowest address),
    base address, board name (the firmware's MICROPY_HW_BOARD_NAME, or None), ours (bool), version
    (its os.uname().version, or None)."""

    def __init__(self, family, base, payload, board_name, ours):
        self.family, self.base, self.payload = family, base, payload
        self.board_name, self.ours = board_name, ours
        self.version = _version.from_image(payload)

    @property
    def hardware(self):
        """The firmware board (boards.firmware_boards()) the board's name says, or None."""
        return hardware_of(self.board_name or "")


def kinds():
    """What a board's name says of its hardware, for both firmwares: (name, board) for each name
    a firmware board reports ("reports" in its board.json), the longest names first."""
    pairs = [(text, b) for b in boards.firmware_boards() for text in boards.facts(b)["reports"]]
    return sorted(pairs, key=lambda p: -len(p[0]))


def hardware_of(name):
    """The board kind a MicroPython board name or `sys.implementation._machine` names."""
    for text, kind in kinds():
        if text in name:
            return kind
    return None


def read(path):
    """Parse the UF2 at `path`; UF2Error names what is wrong with it."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        raise UF2Error("cannot read %s: %s" % (path, e.strerror or e))
    if not data or len(data) % 512:
        raise UF2Error("%s is not a UF2 file (%d bytes, not a whole number of 512-byte blocks)" % (path, len(data)))
    families, chunks = set(), {}
    for i in range(0, len(data), 512):
        m0, m1, flags, addr, size, _no, _n, fam = struct.unpack_from("<8I", data, i)
        end, = struct.unpack_from("<I", data, i + 508)
        if (m0, m1, end) != (MAGIC0, MAGIC1, MAGIC_END) or size > 476:
            raise UF2Error("%s is not a UF2 file (block %d does not start as one)" % (path, i // 512))
        if flags & FLAG_FAMILY:
            families.add(fam)
        chunks[addr] = data[i + 32:i + 32 + size]
    fams = {FAMILIES.get(f, "0x%08x" % f) for f in families}
    if len(fams) != 1:
        raise UF2Error("%s names %s chip families: not a firmware for one Pico" % (path, len(fams) or "no"))
    base = min(chunks)
    payload = bytearray()
    for addr in sorted(chunks):
        payload[addr - base:addr - base + len(chunks[addr])] = chunks[addr]
    payload = bytes(payload)
    name, ours = _board_name(payload)
    return Image(fams.pop(), base, payload, name, ours)


def _board_name(payload):
    i = payload.find(OURS + b"Raspberry Pi Pico")
    if i >= 0:
        return payload[i:payload.index(b"\0", i)].decode("ascii", "replace"), True
    best = None
    for text, _kind in kinds():
        j = payload.find(text.encode() + b" with RP2")
        if j >= 0 and (best is None or len(text) > len(best)):
            best = text
    return best, False


def is_ours(path):
    """True for a UF2 of our own firmware (the scoreboard frozen in)."""
    try:
        return read(path).ours
    except UF2Error:
        return False
