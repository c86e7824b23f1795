# Frozen into our firmware: the same as the Pico's.
include("$(BOARD_DIR)/../pico/manifest.py")
