// What only the phone server uses, turned off on a board without a radio (pico, pico2):
// hashlib (the record's digests), re (microdot's routes), the C half of asyncio and str.partition.
// Why and what each frees: docs/firmware.md ("What is turned off").
#ifndef SCOREBOARD_REFERENCE
#define MICROPY_PY_HASHLIB (0)
#define MICROPY_PY_RE (0)
#define MICROPY_PY_ASYNCIO (0)
#define MICROPY_PY_BUILTINS_STR_PARTITION (0)
#endif
