# Frozen into our firmware: MicroPython's rp2 modules that mount the flash at boot (_boot.py, rp2),
# then the scoreboard exactly as `make deploy` stages it (host_tools/firmware/freeze.py writes both
# folders). Nothing else of the official firmware's extras (onewire, dht, neopixel): the code area
# keeps the official layout's size, and the font and the texts take 108 KB of it.
freeze("$(PORT_DIR)/modules")
freeze("$(SCOREBOARD_APP)")
freeze("$(SCOREBOARD_LIB)")
