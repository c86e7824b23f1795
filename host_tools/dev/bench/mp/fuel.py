# The fuel gauge inside the guest: wasmtime fuel left, read through the host bridge (tests/support/mp.py
# run(..., fuel_gauge=True)); calibrate() is the cost of one reading, taken off every measurement.
import host


def F():
    s = host.call("fuel", "{}")
    return int(s[s.find('"value":') + 8:-1])


def calibrate():
    d = []
    for _ in range(21):
        a = F()
        b = F()
        d.append(a - b)
    d.sort()
    return d[10]
