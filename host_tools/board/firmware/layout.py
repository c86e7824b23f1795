"""Where a build goes, and how much of a board's flash its image may take (its facts: boards.py)."""
import os

from host_tools.board import boards

OUT = os.path.join(boards.ROOT, "build", "firmware")


def code_area(board):
    """Bytes of `board`'s flash before its littlefs: what the firmware image may take."""
    got = boards.facts(board)
    return got["flash_bytes"] - got["storage_bytes"]
