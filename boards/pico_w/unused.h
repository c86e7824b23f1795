// What a board with a radio (pico_w, pico2_w) does not use besides what no board uses
// (../pico/unused.h): WebREPL and its websocket. The phones speak plain HTTP to microdot, and
// WebREPL without os.dupterm (off) could not run. Why and what each frees: docs/firmware.md.
#ifndef SCOREBOARD_REFERENCE
#define MICROPY_PY_WEBREPL (0)
#define MICROPY_PY_WEBSOCKET (0)
#endif
