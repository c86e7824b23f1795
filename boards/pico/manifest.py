# Frozen into our firmware: MicroPython's rp2 modules that mount the flash at boot (_boot.py, rp2),
# then the scoreboard exactly as `make deploy` stages it (host_tools/board/firmware/freeze.py writes both
# folders). Nothing else of the official firmware's extras (onewire, dht, neopixel): the code area
# keeps the official layout's size, and the font and the texts take 108 KB of it.
freeze("$(PORT_DIR)/modules")
# opt=3: the scoreboard's bytecode without line numbers (a traceback in the error log still names
# the file and the function: "core/cjson.py, line 1, in _value"), 11 KB of the code area back on
# the one board whose code area is nearly full (docs/firmware.md, "The Pico's code area").
freeze("$(SCOREBOARD_APP)", opt=3)
freeze("$(SCOREBOARD_LIB)")
