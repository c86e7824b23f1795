"""The scoreboard in a browser: the unchanged firmware on MicroPython WebAssembly (make web)."""
