"""The project's emulated Pico: real MicroPython (RPI_PICO UF2) in rp2040py, our board around it.

See docs/emulator.md. `python -m host_tools.emu` is the interactive board."""
from .board import BUTTON_NAMES, BoardPins, board_pins
from .i2c import Panel
from .pico import UF2_HELP, W_UF2_HELP, EmuError, Pico, find_uf2

__all__ = ["Pico", "EmuError", "find_uf2", "UF2_HELP", "W_UF2_HELP", "BoardPins", "board_pins", "BUTTON_NAMES",
           "Panel"]
