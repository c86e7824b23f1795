"""Where a build goes, where each board's image and littlefs lie, and the room an image must leave."""
import os

from host_tools.board import boards
from host_tools.board.firmware import pinned

OUT = os.path.join(boards.ROOT, "build", "firmware")
FLASH_SIZE = {"RPI_PICO": 2 << 20, "RPI_PICO_W": 2 << 20, "RPI_PICO2": 4 << 20, "RPI_PICO2_W": 4 << 20}
# The littlefs of each board, as the official firmware lays it out (kept: a board keeps its games).
STORAGE = {"RPI_PICO": 1408 << 10, "RPI_PICO_W": 848 << 10,
           "RPI_PICO2": (4 << 20) - (1024 << 10), "RPI_PICO2_W": (4 << 20) - (1536 << 10)}
# What each board's code area keeps free for the scoreboard to grow into: the build fails below it.
# 64 KiB on every board. The Pico is the one it binds (its code area is the smallest); the others
# keep far more (docs/firmware.md, "What is turned off").
FLOOR = {"pico": 64 << 10, "pico_w": 64 << 10, "pico2": 64 << 10, "pico2_w": 64 << 10}


def code_area(board):
    """Bytes of `board`'s flash before its littlefs: what the firmware image may take."""
    upstream = pinned.BOARDS[board]
    return FLASH_SIZE[upstream] - STORAGE[upstream]
