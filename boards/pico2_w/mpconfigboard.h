// Our Pico 2 W: MicroPython's RPI_PICO2_W (its littlefs keeps its size and place), with the Pico
// W's changes for the phones, without what the scoreboard never uses (the Pico W's list).
#include "boards/RPI_PICO2_W/mpconfigboard.h"
#include "../pico_w/phones.h"
#undef MICROPY_HW_BOARD_NAME
#define MICROPY_HW_BOARD_NAME "Scoreboard on Raspberry Pi Pico 2 W"
#include "../pico/unused.h"
#include "../pico_w/unused.h"
