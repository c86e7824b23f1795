// Our Pico 2: MicroPython's RPI_PICO2 (its littlefs keeps its size and place), without what the
// scoreboard never uses (the Pico's list).
#include "boards/RPI_PICO2/mpconfigboard.h"
#undef MICROPY_HW_BOARD_NAME
#define MICROPY_HW_BOARD_NAME "Scoreboard on Raspberry Pi Pico 2"
#include "../pico/unused.h"
#include "../pico/no_server.h"
