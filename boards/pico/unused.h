// MicroPython's parts no board of ours uses, turned off (included by every board's mpconfigboard.h).
// Why each one and what it frees: docs/firmware.md ("What is turned off"); `make firmware` prints
// the bytes from the link map (host_tools/board/firmware/unused.py names each define's row).
// SCOREBOARD_REFERENCE is set only by the build's reference build (every option as MicroPython's
// board has it), which the table is measured against: never in a shipped UF2.
#ifndef SCOREBOARD_REFERENCE
// math, cmath and complex numbers: the scoreboard counts in integers.
#define MICROPY_PY_MATH (0)
#define MICROPY_PY_CMATH (0)
#define MICROPY_PY_BUILTINS_COMPLEX (0)
// random, heapq, platform, collections (namedtuple, deque, OrderedDict): nothing imports them
// (os.urandom stays; os.uname()'s tuple is its own).
#define MICROPY_PY_RANDOM (0)
#define MICROPY_PY_HEAPQ (0)
#define MICROPY_PY_PLATFORM (0)
#define MICROPY_PY_COLLECTIONS (0)
#define MICROPY_PY_COLLECTIONS_DEQUE (0)
#define MICROPY_PY_COLLECTIONS_ORDEREDDICT (0)
// os.dupterm: only WebREPL uses it; the console is USB.
#define MICROPY_PY_OS_DUPTERM (0)
// _thread: the scoreboard runs on one core.
#define MICROPY_PY_THREAD (0)
// machine.USBDevice and machine.I2CTarget: the USB is MicroPython's console, the panel an I2C target.
#define MICROPY_HW_ENABLE_USB_RUNTIME_DEVICE (0)
#define MICROPY_PY_MACHINE_I2C_TARGET (0)
// uctypes. Not deflate: MicroPython builds binascii.crc32, which the journal's seals and the
// font's and texts' checks use, only with it (extmod/modbinascii.c).
#define MICROPY_PY_UCTYPES (0)
// machine.Signal and machine.mem8/16/32: the buttons are plain Pins, no register is written from Python.
#define MICROPY_PY_MACHINE_SIGNAL (0)
#define MICROPY_PY_MACHINE_MEMX (0)
// Builtins none of our code (nor microdot's, nor asyncio's) calls; f-strings and := only at the
// REPL (frozen code is compiled by mpy-cross, which keeps them).
#define MICROPY_PY_BUILTINS_FROZENSET (0)
#define MICROPY_PY_BUILTINS_FILTER (0)
#define MICROPY_PY_BUILTINS_STR_CENTER (0)
#define MICROPY_PY_BUILTINS_STR_SPLITLINES (0)
#define MICROPY_PY_BUILTINS_INPUT (0)
#define MICROPY_PY_BUILTINS_POW3 (0)
#define MICROPY_PY_FSTRINGS (0)
#define MICROPY_PY_ASSIGN_EXPR (0)
#define MICROPY_PY_DESCRIPTORS (0)
// help(): its text points at MicroPython's own board, not the scoreboard.
#define MICROPY_PY_BUILTINS_HELP (0)
// What only a person at the REPL would use: select.select (the app and asyncio poll), compile(),
// execfile(), sys.ps1/ps2, the REPL's Emacs keys and auto-indent. mpremote's raw REPL needs none.
#define MICROPY_PY_SELECT_SELECT (0)
#define MICROPY_PY_BUILTINS_COMPILE (0)
#define MICROPY_PY_BUILTINS_EXECFILE (0)
#define MICROPY_PY_SYS_PS1_PS2 (0)
#define MICROPY_REPL_EMACS_KEYS (0)
#define MICROPY_REPL_AUTO_INDENT (0)
// Python the app never writes: a slice's or a range's attributes (.start ...), slice.indices() and
// the reflected operators (__radd__ ...) of a class: our classes define none, nor read a slice
// given to __getitem__; microdot and asyncio neither. (round() of an int stays: MicroPython's
// asyncio tests time themselves with it.)
#define MICROPY_PY_BUILTINS_SLICE_ATTRS (0)
#define MICROPY_PY_BUILTINS_RANGE_ATTRS (0)
#define MICROPY_PY_BUILTINS_SLICE_INDICES (0)
#define MICROPY_PY_REVERSE_SPECIAL_METHODS (0)
#endif
