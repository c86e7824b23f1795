// What a board with a radio changes for the phones (included by pico_w and pico2_w).
// lwIP's TCP connections: its default 5 held 4 phones' streams and one request; 16 hold six
// phones' streams beside a page load, a phone's request and connections closing (about 200 bytes
// of RAM each). Keep host_tools/board/firmware/freeze.py's TCP_CONNECTIONS equal.
#define MEMP_NUM_TCP_PCB (16)
