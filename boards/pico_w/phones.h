// What a board with a radio changes for the phones (included by pico_w and pico2_w).
// lwIP's TCP connections: its default 5 held 4 phones' streams and one request; 16 hold six
// phones' streams beside a page load, a phone's request and connections closing (about 200 bytes
// of RAM each). The number is "tcp_connections" in boards/pico_w/board.json: make firmware hands
// it to CMake and phones.cmake defines SCOREBOARD_TCP_CONNECTIONS from it.
#ifndef SCOREBOARD_TCP_CONNECTIONS
#error "SCOREBOARD_TCP_CONNECTIONS is not defined: build with make firmware (boards/pico_w/board.json)"
#endif
#define MEMP_NUM_TCP_PCB (SCOREBOARD_TCP_CONNECTIONS)
