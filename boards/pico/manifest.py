# Frozen into our firmware: MicroPython's rp2 modules that mount the flash at boot (_boot.py, rp2),
# then what `make deploy` puts on the board (host_tools/board/firmware/freeze.py stages our folders).
# Nothing else of the official firmware's extras (onewire, dht, neopixel): the code area keeps the
# official layout's size, and the font and the texts take 108 KB of it.
freeze("$(PORT_DIR)/modules")
# The SSD1306 driver: the very file `make deploy` stages as lib/ssd1306 (PyPI's micropython-ssd1306
# 0.3, pinned by sha256 in host_tools/board/staging.py), in a folder of its own. Not require("ssd1306"):
# that freezes micropython-lib's copy from the MicroPython tree, which deploy could not stage on a
# machine reaching only the package registries. opt=3 as micropython-lib's own manifest has it.
module("ssd1306.py", base_path="$(SCOREBOARD_DRIVER)", opt=3)
# The board's wiring, as one file with what it derives from (boards/<board>/board.py, flattened).
module("board.py", base_path="$(SCOREBOARD_BOARD)", opt=3)
# opt=3: the scoreboard's bytecode without line numbers (a traceback in the error log still names
# the file and the function: "core/cjson.py, line 1, in _value"), 11 KB of the code area back on
# the one board whose code area is nearly full (docs/firmware.md, "The Pico's code area").
freeze("$(SCOREBOARD_APP)", opt=3)
