# Our Pico 2 W: a Pico W on an RP2350 (MicroPython's RPI_PICO2_W), with the Pico W's changes.
include(${MICROPY_PORT_DIR}/boards/RPI_PICO2_W/mpconfigboard.cmake)
# The ARM cores (MicroPython's default variant of the board).
include(${MICROPY_PORT_DIR}/boards/RPI_PICO2_W/mpconfigvariant.cmake)
include(${MICROPY_BOARD_DIR}/../pico_w/phones.cmake)
set(MICROPY_BOARD_PINS ${MICROPY_PORT_DIR}/boards/RPI_PICO2_W/pins.csv)
set(MICROPY_FROZEN_MANIFEST ${MICROPY_BOARD_DIR}/manifest.py)
