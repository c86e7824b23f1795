# What host_tools/bench.py (it measures) and host_tools/bench_doc.py (it writes the page) both
# use: the percentile, the I2C timing of the display, the heap agreement margin and the marker of
# the page's measured part. In a module of its own so that the page writer needs nothing of the
# bench (no import cycle: tests/test_imports.py).
I2C_HZ = 400000
BITS_PER_BYTE = 9          # 8 data bits + ACK
HEAP_MARGIN = 0.05         # the two MicroPythons agree on each step's growth within 5 %
MEASURED = "<!-- Below: measured, not deterministic (emulated ms, wall clock); not compared by the test. -->"


def pct(values, p):
    v = sorted(values)
    if not v:
        return 0
    k = min(len(v) - 1, max(0, int(round(p / 100.0 * (len(v) - 1)))))
    return v[k]


def ms_at_400k(nbytes):
    return nbytes * BITS_PER_BYTE * 1000.0 / I2C_HZ
