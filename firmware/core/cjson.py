# Canonical JSON writer: identical bytes from MicroPython and CPython (sorted keys, raw UTF-8).
# MicroPython's json.dumps neither sorts keys nor matches CPython's escaping of non-ASCII text,
# so journal lines, whose CRC and SHA-256 must agree on both sides, are written with this instead.

_ESC = {'"': '\\"', "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t", "\b": "\\b", "\f": "\\f"}


def _string(s, out):
    # Most strings need no escape: checked in C (a new game's header took 7 ms, a character at a
    # time on the Pico); the loop below only for one with a quote, a backslash or a control code.
    if '"' not in s and "\\" not in s and (not s or min(s.encode()) >= 0x20):
        out.append('"' + s + '"')
        return
    out.append('"')
    for ch in s:
        e = _ESC.get(ch)
        if e is not None:
            out.append(e)
        elif ord(ch) < 0x20:
            out.append("\\u%04x" % ord(ch))
        else:
            out.append(ch)
    out.append('"')


def _value(v, out):
    if isinstance(v, str):        # first: most of a journal line's values are texts
        _string(v, out)
    elif v is None:
        out.append("null")
    elif v is True:
        out.append("true")
    elif v is False:
        out.append("false")
    elif isinstance(v, int):
        out.append(str(v))
    elif isinstance(v, (list, tuple)):
        out.append("[")
        first = True
        for item in v:
            if not first:
                out.append(",")
            first = False
            _value(item, out)
        out.append("]")
    elif isinstance(v, dict):
        out.append("{")
        first = True
        for k in sorted(v):
            if not first:
                out.append(",")
            first = False
            _string(k, out)
            out.append(":")
            _value(v[k], out)
        out.append("}")
    else:
        # Floats are refused on purpose: their text differs between the two interpreters.
        raise TypeError("cjson cannot write %r" % (v,))


def dumps(v):
    out = []
    _value(v, out)
    return "".join(out)
