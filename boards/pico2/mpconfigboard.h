// Our Pico 2: MicroPython's RPI_PICO2 as it is (its littlefs keeps its size and place).
#include "boards/RPI_PICO2/mpconfigboard.h"
#undef MICROPY_HW_BOARD_NAME
#define MICROPY_HW_BOARD_NAME "Scoreboard on Raspberry Pi Pico 2"
