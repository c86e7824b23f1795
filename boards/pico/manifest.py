# Frozen into our firmware: MicroPython's rp2 modules that mount the flash at boot (_boot.py, rp2),
# then what `make deploy` puts on the board (host_tools/board/firmware/freeze.py stages our folders).
# Nothing else of the official firmware's extras (onewire, dht, neopixel): the code area keeps the
# official layout's size, and the font and the texts take 108 KB of it.
freeze("$(PORT_DIR)/modules")
# The SSD1306 driver: micropython-lib's, at the commit the tree pins (host_tools/board/firmware/
# pinned.py), the one copy deploy and mip install too; its own manifest freezes it at opt=3.
require("ssd1306")
# The board's wiring, as one file with what it derives from (boards/<board>/board.py, flattened).
module("board.py", base_path="$(SCOREBOARD_BOARD)", opt=3)
# opt=3: the scoreboard's bytecode without line numbers (a traceback in the error log still names
# the file and the function: "core/cjson.py, line 1, in _value"), 11 KB of the code area back on
# the one board whose code area is nearly full (docs/firmware.md, "The Pico's code area").
freeze("$(SCOREBOARD_APP)", opt=3)
