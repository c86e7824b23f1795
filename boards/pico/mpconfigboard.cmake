# Our Pico: MicroPython's RPI_PICO, with the scoreboard frozen in (boards/pico/manifest.py).
include(${MICROPY_PORT_DIR}/boards/RPI_PICO/mpconfigboard.cmake)
set(MICROPY_BOARD_PINS ${MICROPY_PORT_DIR}/boards/RPI_PICO/pins.csv)
set(MICROPY_FROZEN_MANIFEST ${MICROPY_BOARD_DIR}/manifest.py)
include(${MICROPY_BOARD_DIR}/../pico/interpreter_in_sram.cmake)
