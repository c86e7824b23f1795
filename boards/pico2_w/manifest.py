# Frozen into our firmware: the same as the Pico W's.
include("$(BOARD_DIR)/../pico_w/manifest.py")
