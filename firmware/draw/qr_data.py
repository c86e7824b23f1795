# What goes into the panel's QR codes: the join strings, the version and level, the codewords.
#
# The text's bytes, the smallest version (1-4) and level (L or M) that hold them, and the codeword
# stream: byte mode, padding, Reed-Solomon per block, the blocks interleaved (ISO/IEC 18004).
# draw/qr.py lays the stream out as the symbol.
#
# Choices the standard leaves to the encoder:
# - Text is sent as UTF-8 in byte mode with no ECI header: phone readers take byte mode as UTF-8
#   when it decodes as such (zxing-cpp does, tests/firmware/net/test_qr.py), and an ECI costs 12 bits.
# - Level M whenever the text fits the same version at M: more damage tolerated, same size.

# (data codewords per block, blocks, EC codewords per block) for versions 1-4, by level.
_BLOCKS = {
    "L": ((19, 1, 7), (34, 1, 10), (55, 1, 15), (80, 1, 20)),
    "M": ((16, 1, 10), (28, 1, 16), (44, 1, 26), (32, 2, 18)),
}

# GF(256) with the QR polynomial x^8 + x^4 + x^3 + x^2 + 1: the powers of 2, written twice over
# so that a product's exponent (the sum of two logs, at most 508) needs no reduction mod 255.
_EXP = bytearray(512)
_LOG = bytearray(256)
_v = 1
for _i in range(255):
    _EXP[_i] = _EXP[_i + 255] = _v
    _LOG[_v] = _i
    _v <<= 1
    if _v & 0x100:
        _v ^= 0x11D
del _v, _i


def capacity(version, level="L"):
    """The most bytes a code of `version` (1-4) at `level` holds in byte mode: its data codewords
    less the 12 bits of mode and count, rounded down to whole bytes."""
    dc, blocks, _ = _BLOCKS[level][version - 1]
    return dc * blocks - 2


def payload(text):
    if isinstance(text, str):
        return text.encode("utf-8")
    return bytes(text)


def choose(text, level=None):
    """(version, level) for `text`: the smallest version that holds it at level L (or at `level`
    if given); with no level given, M instead of L when the text still fits that version at M,
    since the stronger code costs no extra modules. ValueError when it is too long for version 4."""
    n = len(payload(text))
    first = level or "L"
    if first not in _BLOCKS:
        raise ValueError("QR error correction level %r: only L or M" % (level,))
    for version in range(1, 5):
        if n <= capacity(version, first):
            if level is None and n <= capacity(version, "M"):
                return version, "M"
            return version, first
    raise ValueError("%d bytes is too long for a QR code of version 4 at level %s (at most %d)"
                     % (n, first, capacity(4, first)))


def codewords(data, version, level):
    # Byte mode (0100), an 8-bit count, the bytes, a 4-bit terminator: the 4-bit header puts every
    # byte across a codeword boundary, so the stream is the data shifted by one nibble.
    dc, blocks, ec = _BLOCKS[level][version - 1]
    total = dc * blocks
    out = bytearray(total)
    n = len(data)
    out[0] = 0x40 | n >> 4
    prev = n & 15
    for i in range(n):
        b = data[i]
        out[i + 1] = prev << 4 | b >> 4
        prev = b & 15
    out[n + 1] = prev << 4
    pad = 0xEC
    for i in range(n + 2, total):
        out[i] = pad
        pad ^= 0xEC ^ 0x11
    # Reed-Solomon per block, then the blocks interleaved codeword by codeword.
    gen = _generator(ec)
    ecc = [_remainder(out, b * dc, dc, gen) for b in range(blocks)]
    stream = bytearray(total + ec * blocks)
    k = 0
    for i in range(dc):
        for b in range(blocks):
            stream[k] = out[b * dc + i]
            k += 1
    for i in range(ec):
        for b in range(blocks):
            stream[k] = ecc[b][i]
            k += 1
    return stream


def _generator(n):
    # The product of (x - 2^i) for i < n, highest power first, returned as the logs of the n
    # coefficients after the leading 1 (none of them is 0).
    g = bytearray(n + 1)
    g[0] = 1
    for i in range(n):
        for j in range(i, -1, -1):
            if g[j]:
                g[j + 1] ^= _EXP[_LOG[g[j]] + i]
    return bytearray(_LOG[g[j]] for j in range(1, n + 1))


def _remainder(data, start, count, gen):
    n = len(gen)
    rem = bytearray(n)
    for i in range(start, start + count):
        f = data[i] ^ rem[0]
        if f:
            lf = _LOG[f]
            for j in range(n - 1):
                rem[j] = rem[j + 1] ^ _EXP[lf + gen[j]]
            rem[n - 1] = _EXP[lf + gen[n - 1]]
        else:
            for j in range(n - 1):
                rem[j] = rem[j + 1]
            rem[n - 1] = 0
    return rem


# ---- what the codes carry ------------------------------------------------------------------------

def _escape(s):
    out = []
    for ch in s:
        if ch in '\\;,:"':
            out.append("\\")
        out.append(ch)
    return "".join(out)


def wifi_join(ssid, password=""):
    """The Wi-Fi join string a phone camera understands (the ZXing 'WIFI:' format): WPA with a
    password, an open network without one; \\ ; , : and " escaped with a backslash."""
    if not ssid:
        raise ValueError("a Wi-Fi join code needs the network's name (SSID)")
    if password:
        return "WIFI:T:WPA;S:%s;P:%s;;" % (_escape(ssid), _escape(password))
    return "WIFI:T:nopass;S:%s;;" % _escape(ssid)
