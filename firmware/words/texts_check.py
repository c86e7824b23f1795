# What words/texts.py checks only now and then: whether a message table's source on the flash is the
# one ui/texts.bin was made from (asked only where a table is there as .py: after `mpremote mip
# install`; make deploy puts .mpy), and a text the file holds but cannot give (from its table).
from core import registry

try:
    from binascii import crc32 as _crc
except ImportError:      # a MicroPython without it: the length is still checked
    _crc = None

_seen = {}               # "<module> <srclen> <srccrc>" -> True/False: each source read once a boot


def matches(src, name, srclen, srccrc):
    """True when the open file `src` (closed here) has the length and CRC-32 recorded."""
    tag = "%s %d %d" % (name, srclen, srccrc)
    got = _seen.get(tag)
    if got is None:
        buf = bytearray(256)
        n = 0
        c = 0
        try:
            while True:
                k = src.readinto(buf)
                if not k:
                    break
                n += k
                if _crc is not None:
                    c = _crc(buf if k == 256 else memoryview(buf)[:k], c)
        finally:
            src.close()
        got = n == srclen and (_crc is None or c & 0xFFFFFFFF == srccrc)
        _seen[tag] = got
    else:
        src.close()
    return got


def forget():
    """Read the sources again (tests that change them)."""
    _seen.clear()


def from_table(name, w, sid):
    """The text `sid` in language index `w` from the table module `name`, imported for it."""
    table = registry.module(name).MESSAGES
    v = table.get(sid)
    table = None
    registry.unload((name,))
    return None if v is None else v[w]
