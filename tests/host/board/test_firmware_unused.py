"""What our boards turn off of MicroPython, without MicroPython's source: every define the boards'
headers turn off is one row of unused.py (with its why), a board keeps what the app needs, the link
map reader counts what the image carries, the rows add up to the two images' difference, the build
fails below the floor, and docs/firmware.md's table names every row. On a machine with the last
builds in build/firmware/, their maps too."""
import os
import re

import pytest

from host_tools.board import boards
from host_tools.board.firmware import build, freeze, layout, linkmap, unused

FIRMWARE_BOARDS = boards.firmware_boards()
# What the app needs on a board with the phone server: hashlib (net/record_files.py's digests), re
# (microdot's routes), asyncio's C part (the server runs on asyncio).
SERVER_NEEDS = ("MICROPY_PY_HASHLIB", "MICROPY_PY_RE", "MICROPY_PY_ASYNCIO", "MICROPY_PY_BUILTINS_STR_PARTITION")
# What every board keeps whatever the rows say: the modules the app imports, and deflate, without
# which MicroPython builds no binascii.crc32 (the journal's seals: a new game failed with
# AttributeError on the emulated Pico when deflate was off).
APP_NEEDS = ("MICROPY_PY_DEFLATE", "MICROPY_PY_JSON", "MICROPY_PY_BINASCII", "MICROPY_PY_FRAMEBUF", "MICROPY_PY_SELECT",
             "MICROPY_PY_MICROPYTHON_RINGIO", "MICROPY_PY_STRUCT", "MICROPY_PY_OS_UNAME", "MICROPY_VFS_LFS2",
             "MICROPY_PY_ATTRTUPLE", "MICROPY_PY_BUILTINS_BYTES_HEX", "MICROPY_PY_SYS_STDIO_BUFFER")


@pytest.mark.parametrize("board", FIRMWARE_BOARDS)
def test_every_define_turned_off_is_a_row_and_no_row_is_half_off(board):
    rows = unused.rows_off(board)                 # ValueError otherwise
    off = unused.defines_off(board)
    assert sorted(d for r in rows for d in r.defines) == sorted(off)
    assert not set(off) & set(APP_NEEDS)


@pytest.mark.parametrize("board", FIRMWARE_BOARDS)
def test_a_board_with_the_phone_server_keeps_what_it_needs(board):
    off = set(unused.defines_off(board))
    if boards.has_radio(board):
        assert not off & set(SERVER_NEEDS)
        assert {"MICROPY_PY_WEBREPL", "MICROPY_PY_WEBSOCKET"} <= off
    else:
        assert set(SERVER_NEEDS) <= off


def test_the_app_imports_nothing_a_row_turns_off():
    """No module of firmware/ (nor the frozen main and data mount) imports a module turned off on
    every board (math, cmath, random, heapq, platform, collections, uctypes, _thread)."""
    gone = ("math", "cmath", "random", "heapq", "platform", "collections", "uctypes", "_thread")
    imports = re.compile(r"^\s*(?:import|from)\s+(%s)\b" % "|".join(gone), re.M)
    paths = [freeze.LAUNCHER, freeze.DATA_VFS]
    for folder, _dirs, files in os.walk(os.path.join(boards.ROOT, "firmware")):
        paths += [os.path.join(folder, name) for name in files if name.endswith(".py")]
    for path in paths:
        with open(path, encoding="utf-8") as f:
            assert not imports.search(f.read()), path


def test_rows_say_why_and_name_objects():
    for row in unused.ROWS:
        assert row.why and row.objects and all(d.startswith("MICROPY_") for d in row.defines), row
    assert len({r.what for r in unused.ROWS}) == len(unused.ROWS)


def test_a_board_turning_off_a_define_no_row_names_is_refused(tmp_path, monkeypatch):
    d = tmp_path / "boards" / "odd"
    d.mkdir(parents=True)
    (d / "mpconfigboard.h").write_text('#include "../odd/unused.h"\n')
    (d / "unused.h").write_text("#define MICROPY_PY_MATH (0)\n#define MICROPY_PY_FRAMEBUF (0)\n")
    monkeypatch.setattr(boards, "BOARDS", str(tmp_path / "boards"))
    with pytest.raises(ValueError, match="PY_FRAMEBUF, which no row"):
        unused.rows_off("odd")
    (d / "unused.h").write_text("#define MICROPY_PY_CMATH (0)\n")
    with pytest.raises(ValueError, match="only part of: complex, cmath"):
        unused.rows_off("odd")


# A map as GNU ld writes it: an input section on one line or two, a string section merged into the
# one before it (listed at the next one's address), padding, a gap between two output sections (as
# the RP2350's .boot2 leaves before .rodata), .data loaded from flash, .bss not.
MAP = """Discarded input sections

 .text.gone     0x00000000       0x40 CMakeFiles/firmware.dir/tree/py/gone.c.o

Linker script and memory map

.text           0x10000100      0x160
 .text.a        0x10000100       0x40 CMakeFiles/firmware.dir/tree/py/objstr.c.o
 .text.a_very_long_function_name
                0x10000140       0x20 CMakeFiles/firmware.dir/tree/extmod/modre.c.o
                0x10000140                re_match
 *fill*         0x10000160        0x4 
 .rodata.s1.str1.1
                0x10000164       0x10 CMakeFiles/firmware.dir/tree/py/objstr.c.o
 .rodata.s2.str1.1
                0x10000168       0x8 CMakeFiles/firmware.dir/tree/extmod/modre.c.o
 .text.div      0x10000170       0xf0 /usr/lib/gcc/arm-none-eabi/12.2.1/thumb/v6-m/nofp/libgcc.a(_udivsi3.o)

.rodata         0x10000264        0x4
 .rodata.t      0x10000264        0x4 CMakeFiles/firmware.dir/tree/py/qstr.c.o

.data           0x20000000       0x10 load address 0x10000268
 .data.x        0x20000000       0x10 CMakeFiles/firmware.dir/tree/py/gc.c.o

.bss            0x20000010      0x100
 .bss.y         0x20000010      0x100 CMakeFiles/firmware.dir/tree/py/gc.c.o

.debug_info     0x00000000     0x5000
 .debug_info    0x00000000     0x5000 CMakeFiles/firmware.dir/tree/py/gc.c.o
"""


def test_the_map_reader_counts_what_the_image_carries(tmp_path):
    path = tmp_path / "firmware.elf.map"
    path.write_text(MAP)
    sizes = linkmap.object_sizes(str(path), "/tree")
    assert sizes == {"py/objstr.c": 0x40 + 0x4, "extmod/modre.c": 0x20 + 0x8, linkmap.PADDING: 0x4 + 0x4,
                     "libgcc.a(_udivsi3.o)": 0xf0, "py/qstr.c": 0x4, "py/gc.c": 0x10}
    assert sum(sizes.values()) == 0x10000278 - 0x10000100   # from .text to .data's load: the .bin's size


def test_the_rows_add_up_to_the_difference_of_the_images():
    rows = unused.rows_off("pico")
    reference = {"py/modmath.c": 2000, "lib/libm/sf_erf.c": 500, "extmod/modre.c": 900, "py/qstr.c": 5000,
                 "frozen_content.c": 100000, "machine_i2c.c": 300}
    ours = {"py/qstr.c": 4600, "frozen_content.c": 100050, "machine_i2c.c": 310}
    got = dict((r if r == unused.SHARED else r.what, n) for r, n in unused.freed(reference, ours, rows))
    assert got["math"] == 2500 and got["re"] == 900 and got["hashlib"] == 0
    assert got[unused.SHARED] == 400 - 50 - 10
    assert sum(got.values()) == sum(reference.values()) - sum(ours.values())


def test_the_printed_table_names_each_row_its_bytes_and_the_floor():
    rows = [(r, 1000 + i) for i, r in enumerate(unused.rows_off("pico"))] + [(unused.SHARED, 7)]
    text = "\n".join(unused.table("pico", rows, 642000, 586000, 655360, 65536))
    for row in unused.rows_off("pico"):
        assert row.what in text and row.defines[0][len("MICROPY_"):] in text
    assert "56,000  in all" in text
    assert "keeps 69,360 bytes (67.7 KiB) free (13,360 bytes (13.0 KiB) with every option on)" in text
    assert "the floor: 65,536 bytes (64.0 KiB)" in text


def test_the_build_fails_below_the_floor_naming_what_to_do():
    floor = boards.facts("pico")["floor_bytes"]
    build.check_floor("pico", floor)
    with pytest.raises(build.BuildError) as e:
        build.check_floor("pico", floor - 1)
    msg = str(e.value)
    assert msg.startswith("the firmware leaves 65,535 bytes of pico's code area free, under its floor of 65,536")
    assert "boards/pico/unused.h" in msg and "no UF2 was written" in msg
    assert '"floor_bytes" in boards/pico/board.json' in msg
    assert floor >= 64 * 1024


def test_the_docs_table_names_every_row_and_why():
    with open(unused.DOC, encoding="utf-8") as f:
        text = f.read()
    block = text[text.index(unused.BEGIN):text.index(unused.END)]
    for row in unused.ROWS:
        assert "| %s | %s | %s |" % (row.what, " ".join(d[len("MICROPY_"):] for d in row.defines), row.why) in block


@pytest.mark.parametrize("board", FIRMWARE_BOARDS)
def test_the_last_build_of_a_board_is_counted_whole_and_keeps_its_floor(board):
    got = unused.last_build(board)
    if got is None:
        pytest.skip("%s is not built with its reference (make firmware BOARD=%s MICROPY_DIR=...)" % (board, board))
    rows, ref_bytes, our_bytes, code_area, floor = got
    binpath = os.path.join(layout.OUT, board, "cmake", "firmware.bin")
    assert our_bytes == os.path.getsize(binpath)
    assert sum(n for _r, n in rows) == ref_bytes - our_bytes
    assert code_area - our_bytes >= floor
