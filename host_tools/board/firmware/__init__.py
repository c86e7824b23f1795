"""Our own MicroPython firmware: the scoreboard frozen in, one UF2 per board (docs/firmware.md)."""
