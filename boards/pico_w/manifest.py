# Frozen into our firmware: the Pico's, asyncio, which the phone server runs on, and the server's
# web framework (the pinned microdot, staged by freeze.py as deploy stages it in lib/; the driver,
# also in deploy's lib/, is not in this folder: the Pico's manifest freezes it).
include("$(BOARD_DIR)/../pico/manifest.py")
include("$(MPY_DIR)/extmod/asyncio")
freeze("$(SCOREBOARD_LIB)")
