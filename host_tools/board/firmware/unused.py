"""What our builds turn off of MicroPython, why, and what each part frees, measured on the link maps.

    python -m host_tools.board.firmware.unused [--board pico ...] [--doc]

The defines live in the boards' headers (boards/pico/unused.h: no board uses them;
boards/pico/no_server.h: only the phone server does; boards/pico_w/unused.h: WebREPL). Each row
below names the defines it covers, why the scoreboard does without them, and the objects of the
build that are theirs alone. What a row frees is those objects' bytes in the reference build (the
same board and frozen tree with every option on, build.py) less their bytes in ours; every other
object's difference (the names in the qstr pool, the module tables, the core's hooks) is one more
row, so the rows add up to the difference of the two images. Without arguments it prints the
table of each board built in build/firmware/; --doc writes them into docs/firmware.md.
"""
import argparse
import collections
import fnmatch
import os
import re
import sys
import textwrap

from host_tools.board import boards
from host_tools.board.firmware import layout, linkmap

Row = collections.namedtuple("Row", "what defines why objects")

ROWS = (
    Row("math", ("MICROPY_PY_MATH",),
        "nothing imports math: the scores, hands and chips are integers (firmware/, microdot and "
        "asyncio grepped)", ("py/modmath.c", "lib/libm/*", "libm.a(*)")),
    Row("complex, cmath", ("MICROPY_PY_BUILTINS_COMPLEX", "MICROPY_PY_CMATH"),
        "no complex number anywhere", ("py/objcomplex.c", "py/modcmath.c")),
    Row("hashlib", ("MICROPY_PY_HASHLIB",),
        "only the phone server's record digests use it (net/record_files.py); `make deploy`'s probe and "
        "mpremote's sha256sum hash on the PC when the board has none",
        ("extmod/modhashlib.c", "lib/mbedtls/library/sha*.c", "lib/mbedtls/library/md5.c")),
    Row("re", ("MICROPY_PY_RE",), "only microdot's routes use it (the phone server)", ("extmod/modre.c",)),
    Row("_asyncio", ("MICROPY_PY_ASYNCIO",),
        "asyncio's C part: only the phone server runs on asyncio; a board without it never imports it",
        ("extmod/modasyncio.c", "py/pairheap.c")),
    Row("str.partition", ("MICROPY_PY_BUILTINS_STR_PARTITION",),
        "only the phone server's request reader splits with it (net/reader.py)", ("py/objstr.c",)),
    Row("random, heapq, platform, collections",
        ("MICROPY_PY_RANDOM", "MICROPY_PY_HEAPQ", "MICROPY_PY_PLATFORM", "MICROPY_PY_COLLECTIONS",
         "MICROPY_PY_COLLECTIONS_DEQUE", "MICROPY_PY_COLLECTIONS_ORDEREDDICT"),
        "nothing imports them, nor uses namedtuple, deque or OrderedDict (seat tokens and passwords "
        "come from os.urandom, which stays; os.uname()'s tuple is its own)",
        ("extmod/modrandom.c", "extmod/modheapq.c", "extmod/modplatform.c", "py/objdeque.c",
         "py/objdict.c", "py/modcollections.c", "py/objnamedtuple.c")),
    Row("os.dupterm", ("MICROPY_PY_OS_DUPTERM",),
        "only WebREPL uses it; the console is MicroPython's USB one",
        ("extmod/os_dupterm.c", "extmod/modos.c")),
    Row("WebREPL, websocket", ("MICROPY_PY_WEBREPL", "MICROPY_PY_WEBSOCKET"),
        "the phones speak plain HTTP to microdot; WebREPL's own module is not frozen in, and "
        "without os.dupterm it could not run", ("extmod/modwebrepl.c", "extmod/modwebsocket.c")),
    Row("_thread", ("MICROPY_PY_THREAD",),
        "the scoreboard runs on one core; no thread, lock or second core",
        ("py/modthread.c", "mpthreadport.c", "mutex_extra.c", "pendsv.c",
         "lib/pico-sdk/src/rp2_common/pico_multicore/*", "lib/pico-sdk/src/common/pico_sync/mutex.c")),
    Row("machine.USBDevice", ("MICROPY_HW_ENABLE_USB_RUNTIME_DEVICE",),
        "the USB stays MicroPython's console; nothing redefines it",
        ("shared/tinyusb/mp_usbd_runtime.c", "extmod/machine_usb_device.c", "lib/tinyusb/*")),
    Row("machine.I2CTarget", ("MICROPY_PY_MACHINE_I2C_TARGET",),
        "the board drives the panel as the I2C controller; it is never a target",
        ("extmod/machine_i2c_target.c", "lib/pico-sdk/src/rp2_common/pico_i2c_slave/*")),
    Row("uctypes", ("MICROPY_PY_UCTYPES",), "no C structures are read", ("extmod/moductypes.c",)),
    Row("machine.Signal, machine.mem8/16/32", ("MICROPY_PY_MACHINE_SIGNAL", "MICROPY_PY_MACHINE_MEMX"),
        "the buttons are plain Pins whose level hw/buttons.py reads as pressed (active low), and no "
        "register is written from Python",
        ("extmod/machine_signal.c", "extmod/machine_mem.c")),
    Row("builtins unused",
        ("MICROPY_PY_BUILTINS_FROZENSET", "MICROPY_PY_BUILTINS_FILTER", "MICROPY_PY_BUILTINS_STR_CENTER",
         "MICROPY_PY_BUILTINS_STR_SPLITLINES", "MICROPY_PY_BUILTINS_INPUT", "MICROPY_PY_BUILTINS_POW3",
         "MICROPY_PY_FSTRINGS", "MICROPY_PY_ASSIGN_EXPR", "MICROPY_PY_DESCRIPTORS"),
        "frozenset, filter(), str.center, str.splitlines, input(), pow(a, b, m), f-strings and `:=` "
        "typed at the REPL and descriptors (`__get__`, `__set__`): none of our code, microdot, asyncio "
        "or mpremote's scripts uses them; microdot's f-strings are compiled by mpy-cross, which keeps them",
        ("py/objset.c", "py/objfilter.c", "py/objstr.c", "py/lexer.c", "py/compile.c", "py/parse.c",
         "py/modbuiltins.c", "py/objtype.c", "py/mpz.c", "py/objint_mpz.c")),
    Row("help()", ("MICROPY_PY_BUILTINS_HELP",),
        "its text is about MicroPython's own board, not the scoreboard (docs/ are)",
        ("py/builtinhelp.c", "help.c")),
    Row("REPL extras",
        ("MICROPY_PY_SELECT_SELECT", "MICROPY_PY_BUILTINS_COMPILE", "MICROPY_PY_BUILTINS_EXECFILE",
         "MICROPY_PY_SYS_PS1_PS2", "MICROPY_REPL_EMACS_KEYS", "MICROPY_REPL_AUTO_INDENT"),
        "select.select, compile(), execfile(), sys.ps1/ps2, the REPL's Emacs keys and auto-indent: "
        "only a person at the REPL would use them; the app and asyncio use select.poll, mpremote the "
        "raw REPL", ("extmod/modselect.c", "py/builtinevex.c", "shared/readline/readline.c", "py/modsys.c",
                     "py/repl.c")),
    Row("Python the app never writes",
        ("MICROPY_PY_BUILTINS_SLICE_ATTRS", "MICROPY_PY_BUILTINS_RANGE_ATTRS",
         "MICROPY_PY_BUILTINS_SLICE_INDICES", "MICROPY_PY_REVERSE_SPECIAL_METHODS"),
        "a slice's or a range's attributes (`.start` ...), slice.indices() and a class's reflected "
        "operators (`__radd__` ...): none in firmware/, microdot or asyncio "
        "(grepped); they paid for the Pico's interpreter in SRAM (docs/firmware.md)",
        ("py/objslice.c", "py/objrange.c", "py/runtime.c")),
)
SHARED = "shared"      # names in the qstr pool, the module tables, the core's hooks
# The headers a board includes are found by these lines of its mpconfigboard.h.
_INCLUDE = re.compile(r'^#include "\.\./([a-z0-9_]+/[a-z0-9_]+\.h)"', re.M)
_OFF = re.compile(r"^#define (MICROPY_\w+) \(0\)", re.M)


def headers(board):
    """Our headers boards/<board>/mpconfigboard.h includes (paths under boards/), in order."""
    with open(os.path.join(boards.folder(board), "mpconfigboard.h"), encoding="utf-8") as f:
        text = f.read()
    return [m for m in _INCLUDE.findall(text) if os.path.isfile(os.path.join(boards.BOARDS, m))]


def defines_off(board):
    """Every MicroPython define the board's headers turn off, in their order."""
    out = []
    for rel in headers(board):
        with open(os.path.join(boards.BOARDS, rel), encoding="utf-8") as f:
            out += [d for d in _OFF.findall(f.read()) if d not in out]
    return out


def rows_off(board):
    """The rows turned off on `board`; ValueError for a define no row names, or a row half off."""
    off = set(defines_off(board))
    named = {d for row in ROWS for d in row.defines}
    if off - named:
        raise ValueError("boards/%s turns off %s, which no row of unused.py names"
                         % (board, ", ".join(sorted(off - named))))
    rows = [r for r in ROWS if off & set(r.defines)]
    half = [r.what for r in rows if not set(r.defines) <= off]
    if half:
        raise ValueError("boards/%s turns off only part of: %s" % (board, "; ".join(half)))
    return rows


def row_of(obj, rows):
    for row in rows:
        if any(fnmatch.fnmatchcase(obj, p) for p in row.objects):
            return row
    return None


def freed(reference, ours, rows):
    """[(row, bytes)] for `rows` and (SHARED, bytes), from {object: bytes} of the two builds."""
    got = collections.OrderedDict((r.what, 0) for r in rows)
    shared = 0
    for obj in set(reference) | set(ours):
        delta = reference.get(obj, 0) - ours.get(obj, 0)
        row = row_of(obj, rows) if delta > 0 else None
        if row is None:
            shared += delta
        else:
            got[row.what] += delta
    by_what = {r.what: r for r in rows}
    return [(by_what[w], n) for w, n in got.items()] + [(SHARED, shared)]


def measure(board, reference_map, our_map, micropy_dir):
    """(freed rows, reference image bytes, our image bytes) from the two builds' maps."""
    reference = linkmap.object_sizes(reference_map, micropy_dir)
    ours = linkmap.object_sizes(our_map, micropy_dir)
    return freed(reference, ours, rows_off(board)), sum(reference.values()), sum(ours.values())


def _kib(n):
    return "%s bytes (%.1f KiB)" % (format(n, ","), n / 1024.0)


def table(board, rows, reference_bytes, our_bytes, code_area, floor):
    """The lines `make firmware` prints: each row's bytes and defines, the sum, the code area left
    with and without the rows, and the floor."""
    width = max(len(r if r == SHARED else r.what) for r, _n in rows)
    out = ["firmware %s: what is turned off (boards/*/unused.h; why: docs/firmware.md), the bytes it frees "
           "from the link maps (against the same build with every option on):" % board,
           "  %8s  %-*s  %s" % ("bytes", width, "what", "defines turned off (MICROPY_...)")]
    for row, n in rows:
        if row == SHARED:
            names = "(names in the qstr pool, the module tables, the core's hooks)"
        else:
            names = " ".join(d[len("MICROPY_"):] for d in row.defines)
        lines = textwrap.wrap(names, 100 - width) or [""]
        out.append("  %8s  %-*s  %s" % (format(n, ","), width, row if row == SHARED else row.what, lines[0]))
        out += ["  %8s  %-*s  %s" % ("", width, "", more) for more in lines[1:]]
    out.append("  %8s  %-*s  (the image: %s -> %s bytes)" % (
        format(reference_bytes - our_bytes, ","), width, "in all", format(reference_bytes, ","),
        format(our_bytes, ",")))
    out.append("  the code area (%s bytes) keeps %s free (%s with every option on); the floor: %s"
               % (format(code_area, ","), _kib(code_area - our_bytes), _kib(code_area - reference_bytes),
                  _kib(floor)))
    return out


# -- the table of the last builds (build/firmware/<board>/), printed or written into the docs ---------

DOC = os.path.join(boards.ROOT, "docs", "firmware.md")
BEGIN = ("<!-- written by `python -m host_tools.board.firmware.unused --doc` from the link maps of the "
         "last `make firmware BOARD=all`: edit unused.py and the boards' headers, not this table -->")
END = "<!-- end of the table of what is turned off -->"


def title(board):
    """The board's title in the table's head ("Pico W": "title" in its board.json)."""
    return boards.facts(board)["title"]


def last_build(board):
    """(rows, reference bytes, our bytes, code area, floor) of the board's last build in
    build/firmware/<board>/, or None when it and its reference are not both there."""
    work = os.path.join(layout.OUT, board)
    ours, ref = (os.path.join(work, d, "firmware.elf.map") for d in ("cmake", os.path.join("reference", "cmake")))
    if not (os.path.exists(ours) and os.path.exists(ref)):
        return None
    with open(os.path.join(work, "cmake", "CMakeCache.txt"), encoding="utf-8") as f:
        port = re.search(r"^CMAKE_HOME_DIRECTORY:INTERNAL=(.*)$", f.read(), re.M).group(1)
    rows, ref_bytes, our_bytes = measure(board, ref, ours, os.path.dirname(os.path.dirname(port)))
    return rows, ref_bytes, our_bytes, layout.code_area(board), boards.facts(board)["floor_bytes"]


def _n(n):
    return format(n, ",")


def doc_table(builds):
    """The Markdown table of every row over the boards in `builds` ({board: last_build()})."""
    shown = [b for b in boards.firmware_boards() if builds.get(b)]
    head = ["| turned off | defines (MICROPY_...) | why | " + " | ".join(title(b) for b in shown) + " |",
            "|---|---|---|" + "---:|" * len(shown)]
    freed_by = {b: {(r if r == SHARED else r.what): n for r, n in builds[b][0]} for b in shown}
    body = []
    for row in ROWS:
        cells = [_n(freed_by[b][row.what]) if row.what in freed_by[b] else "kept" for b in shown]
        body.append("| %s | %s | %s | %s |" % (row.what, " ".join(d[len("MICROPY_"):] for d in row.defines),
                                                row.why, " | ".join(cells)))
    body.append("| shared | | the names in the qstr pool, the module tables, the core's hooks | %s |"
                % " | ".join(_n(freed_by[b][SHARED]) for b in shown))
    body.append("| **in all** | | the image with every option on less ours | %s |"
                % " | ".join("**%s**" % _n(builds[b][1] - builds[b][2]) for b in shown))
    body.append("| code area left | | ours (with every option on) | %s |" % " | ".join(
        "%s (%s)" % (_n(builds[b][3] - builds[b][2]), _n(builds[b][3] - builds[b][1])) for b in shown))
    body.append("| floor | | `make firmware` fails below it (floor_bytes, board.json) | %s |"
                % " | ".join(_n(builds[b][4]) for b in shown))
    return head + body


def write_doc(builds, path=DOC):
    """Put doc_table(builds) between BEGIN and END in docs/firmware.md."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    i, j = text.index(BEGIN) + len(BEGIN), text.index(END)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text[:i] + "\n" + "\n".join(doc_table(builds)) + "\n" + text[j:])


def _last_builds(asked):
    """{board: last_build(board)} of the boards asked for (default: every firmware board)."""
    known = boards.firmware_boards()
    for b in asked or ():
        if b not in known:
            raise boards.BoardError("no firmware for board %r: the boards are %s" % (b, ", ".join(known)))
    return {b: last_build(b) for b in (asked or known)}


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m host_tools.board.firmware.unused",
                                 description=__doc__.split("\n\n")[0])
    ap.add_argument("--board", action="append", metavar="BOARD",
                    help="%s (default: each one built)" % boards.firmware_help(None))
    ap.add_argument("--doc", action="store_true", help="write the table into docs/firmware.md")
    a = ap.parse_args(argv)
    try:
        builds = _last_builds(a.board)
    except boards.BoardError as e:
        print("unused: %s" % e, file=sys.stderr)
        return 2
    if not any(builds.values()):
        print("unused: no board is built with its reference (make firmware BOARD=all)", file=sys.stderr)
        return 2
    for b, got in builds.items():
        print("\n".join(table(b, *got)) if got else "firmware %s: not built" % b)
    if a.doc:
        write_doc(builds)
        print("wrote the table into %s" % os.path.relpath(DOC, boards.ROOT))
    return 0


if __name__ == "__main__":
    from host_tools.cli_io import run_command
    sys.exit(run_command(main))
