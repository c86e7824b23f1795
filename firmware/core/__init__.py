# The scoreboard's game logic: pure Python that runs unchanged on MicroPython and CPython.
VERSION = "0.1.0"
