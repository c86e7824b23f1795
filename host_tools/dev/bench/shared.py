# What the bench's measuring parts (run.py and its sections) and its page writers (doc.py,
# doc_measured.py) both use: the percentile, the I2C timing of the display, the heap agreement
# margin, the marker of the page's measured part, kilobytes and the heap sets' growth. In a module
# of its own so that the page writers need nothing of the bench (no import cycle: tests/house/test_imports.py).
I2C_HZ = 400000
BITS_PER_BYTE = 9          # 8 data bits + ACK
HEAP_MARGIN = 0.05         # the two MicroPythons agree on each step's growth within 5 %
# A timed press is over once the board has been quiet this long (nothing to the panel or the
# console, the loop reading its buttons): three times the 50 ms debounce after which a release
# acts. The emulator's SETTLE_MS (500) is for reading a finished screen; waiting it out after each
# of 1,300 timed presses was most of the bench's emulated time.
TIMED_QUIET_MS = 150
MEASURED = "<!-- Below: measured, not deterministic (emulated ms, wall clock); not compared by the test. -->"


def pct(values, p):
    v = sorted(values)
    if not v:
        return 0
    k = min(len(v) - 1, max(0, int(round(p / 100.0 * (len(v) - 1)))))
    return v[k]


def ms_at_400k(nbytes):
    return nbytes * BITS_PER_BYTE * 1000.0 / I2C_HZ


def console_times(p):
    """main.py's console command `t`: (last press: lag ms, work us, draw us, show us) and the boot's
    [(step, ms since reset)]; ((), []) from a firmware without it."""
    import re
    mark = p.console_mark()
    p.send("t\n")
    if not p.run_until(lambda: b"boot_ms" in p._console[mark:] and p._console.endswith(b"\n"), 3000):
        return (), []
    text = p.console_text(mark)
    m = re.search(r"press_lag_ms (\d+) work_us (\d+) draw_us (-?\d+) show_us (\d+) at_ms (\d+)", text)
    press = tuple(int(x) for x in m.groups()) if m else ()
    b = re.search(r"boot_ms ([^\n]*)", text)
    w = b.group(1).split() if b else []
    return press, [(w[i], int(w[i + 1])) for i in range(0, len(w) - 1, 2)]


def spread(vals, fmt="%.0f"):
    """'median (min-max, n runs)' of a list of numbers."""
    v = sorted(vals)
    if not v:
        return "-"
    med = v[len(v) // 2]
    if v[0] == v[-1]:
        return (fmt + " (%d runs)") % (med, len(v)) if len(v) > 1 else fmt % med
    return (fmt + " (" + fmt + "-" + fmt + ", %d values)") % (med, v[0], v[-1], len(v))


def kb(n):
    return "%.1f KB" % (n / 1024.0)


def grow(h, k):
    """Growth of the live heap at step k of the heap sets (core: over base; app: over core)."""
    prev = {"core": "base", "app": "core"}[k]
    return h[k] - h[prev]
