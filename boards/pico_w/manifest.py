# Frozen into our firmware: the Pico's, and asyncio, which the phone server runs on.
include("$(BOARD_DIR)/../pico/manifest.py")
include("$(MPY_DIR)/extmod/asyncio")
