# What a board with a radio changes for the phones (included by pico_w and pico2_w): no Bluetooth.
# The scoreboard uses only Wi-Fi; without btstack and the radio's Bluetooth firmware the code is
# smaller. The littlefs keeps the official size and place all the same, so a board moved from the
# official firmware keeps its games (docs/firmware.md).
set(MICROPY_PY_BLUETOOTH OFF)
set(MICROPY_BLUETOOTH_BTSTACK OFF)
set(MICROPY_PY_BLUETOOTH_CYW43 OFF)
# MicroPython v1.28.0 builds the radio's SPI bus (pico-sdk's cyw43_bus_pio_spi.c) with the header
# folder that only Bluetooth's transport brings along: name it here, once Bluetooth is off (as a
# system folder, as the SDK names it: searched after the port's own cyw43_configport.h).
include_directories(SYSTEM ${MICROPY_DIR}/lib/pico-sdk/src/rp2_common/pico_cyw43_driver/include)
# lwIP's TCP connections (phones.h): "tcp_connections" in the board's board.json, which make firmware
# (host_tools/board/firmware/build.py) passes as -DSCOREBOARD_TCP_CONNECTIONS=<n>.
if(NOT SCOREBOARD_TCP_CONNECTIONS)
    message(FATAL_ERROR "SCOREBOARD_TCP_CONNECTIONS is not set: build with make firmware (boards/pico_w/board.json)")
endif()
list(APPEND MICROPY_DEF_BOARD SCOREBOARD_TCP_CONNECTIONS=${SCOREBOARD_TCP_CONNECTIONS})
