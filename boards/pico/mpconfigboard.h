// Our Pico: MicroPython's RPI_PICO (its littlefs keeps its size and place: 1408 KiB at the end of
// the flash), under a name that says which firmware it runs, without what the scoreboard never uses.
#include "boards/RPI_PICO/mpconfigboard.h"
#undef MICROPY_HW_BOARD_NAME
#define MICROPY_HW_BOARD_NAME "Scoreboard on Raspberry Pi Pico"
#include "../pico/unused.h"
#include "../pico/no_server.h"
