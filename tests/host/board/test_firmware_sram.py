"""The Pico's bytecode loop and collector in SRAM (boards/pico/interpreter_in_sram.cmake): which
boards ask for it, and, where the last builds are in build/firmware/, where their maps put them."""
import os
import re

import pytest

from host_tools.board.firmware import layout

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
STEP = "interpreter_in_sram.cmake"
IN_SRAM = {"pico": True, "pico_w": False}     # the W's heap carries the phones: docs/firmware.md


def _cmake(board):
    with open(os.path.join(ROOT, "boards", board, "mpconfigboard.cmake"), encoding="utf-8") as f:
        return f.read()


@pytest.mark.parametrize("board", sorted(IN_SRAM))
def test_the_pico_alone_links_its_interpreter_into_sram(board):
    assert (STEP in _cmake(board)) is IN_SRAM[board]


def test_the_step_corrects_the_trees_own_script_or_stops_the_build():
    with open(os.path.join(ROOT, "boards", "pico", STEP), encoding="utf-8") as f:
        step = f.read()
    assert "${MICROPY_PORT_DIR}/memmap_mp_rp2040.ld" in step           # MicroPython's own, not a copy
    assert '"*gc.c.obj *vm.c.obj *parse.c.obj"' in step and "FATAL_ERROR" in step
    assert '"*/py/gc.c.o */py/vm.c.o"' in step


def _address(map_path, symbol):
    with open(map_path, encoding="utf-8") as f:
        m = re.search(r"^\s+0x([0-9a-f]{8})\s+%s$" % symbol, f.read(), re.M)
    return int(m.group(1), 16)


@pytest.mark.parametrize("board", sorted(IN_SRAM))
def test_the_last_build_puts_the_loop_and_the_collector_where_its_board_says(board):
    path = os.path.join(layout.OUT, board, "cmake", "firmware.elf.map")
    if not os.path.exists(path):
        pytest.skip("%s is not built here (make firmware BOARD=%s)" % (board, board))
    for symbol in ("mp_execute_bytecode", "gc_alloc"):
        in_sram = _address(path, symbol) >> 28 == 0x2
        assert in_sram is IN_SRAM[board], (board, symbol, hex(_address(path, symbol)))
