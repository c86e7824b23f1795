# Our Pico W: MicroPython's RPI_PICO_W with the scoreboard and microdot frozen in, for six phones.
include(${MICROPY_PORT_DIR}/boards/RPI_PICO_W/mpconfigboard.cmake)
include(${MICROPY_BOARD_DIR}/../pico_w/phones.cmake)
set(MICROPY_BOARD_PINS ${MICROPY_PORT_DIR}/boards/RPI_PICO_W/pins.csv)
set(MICROPY_FROZEN_MANIFEST ${MICROPY_BOARD_DIR}/manifest.py)
