# Our Pico 2: MicroPython's RPI_PICO2 (an RP2350, 4 MB of flash), with the scoreboard frozen in.
include(${MICROPY_PORT_DIR}/boards/RPI_PICO2/mpconfigboard.cmake)
# The ARM cores (MicroPython's default variant of the board).
include(${MICROPY_PORT_DIR}/boards/RPI_PICO2/mpconfigvariant.cmake)
set(MICROPY_BOARD_PINS ${MICROPY_PORT_DIR}/boards/RPI_PICO2/pins.csv)
set(MICROPY_FROZEN_MANIFEST ${MICROPY_BOARD_DIR}/manifest.py)
