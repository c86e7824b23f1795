// Our Pico W: MicroPython's RPI_PICO_W (its littlefs keeps its size and place: 848 KiB at the
// end of the flash), with the phones' changes, without what the scoreboard never uses.
#include "boards/RPI_PICO_W/mpconfigboard.h"
#include "../pico_w/phones.h"
#undef MICROPY_HW_BOARD_NAME
#define MICROPY_HW_BOARD_NAME "Scoreboard on Raspberry Pi Pico W"
#include "../pico/unused.h"
#include "../pico_w/unused.h"
