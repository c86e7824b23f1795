"""MicroPython's own tests of what the scoreboard relies on (tests/emu/micropython_tests.txt, from the
pinned tree's tests/) on our UF2s on the emulated Pico and Pico W: one boot, then each test after a
soft reset through the raw REPL, judged against its .exp or CPython by run-tests.py's own code; a
test of an option our board turns off is skipped by name (tests/emu/micropython_skips.txt). Runs
in make test-emu's pass on our UF2s; skips without the MicroPython tree (MICROPY_DIR, or the one
`make firmware` fetches into .cache/). Minutes a board."""
import os
import re

import pytest

from host_tools.board.firmware.uf2 import is_ours
from host_tools.dev.emu.firmware import our_uf2
from host_tools.dev.mptests import lists, run, tree

BOARDS = ("pico", "pico_w")


def our_firmware(board):
    """Our UF2 for `board`, or pytest.skip: make test-emu's first pass gives the official files
    (PICO_UF2 always, PICO_W_UF2 when it has one), and a board's test is not run twice."""
    for env in (os.environ.get("PICO_UF2"), os.environ.get("PICO_W_UF2")):
        if env and not is_ours(env):
            pytest.skip("MicroPython's tests run in make test-emu's pass on our UF2s (%s is the official file)" % env)
    path = our_uf2(board)
    if path is None:
        pytest.skip("our UF2 for %s is not built (make firmware BOARD=%s)" % (board, board))
    return path


@pytest.mark.emu
@pytest.mark.parametrize("board", BOARDS)
def test_micropythons_own_tests_pass_on_our_uf2(board, capsys, tmp_path):
    found, why = tree.find_tree()
    if not found:
        pytest.skip(why)
    uf2 = our_firmware(board)
    results, line = run.run_board(uf2, board, found, results=str(tmp_path))
    with capsys.disabled():                   # the figures, whatever pytest captures
        print("\n" + line)
    assert len(results) == len(lists.board_tests(board))
    failed = ["%s: %s" % (r.test, r.detail) for r in results if r.verdict == run.FAIL]
    assert not failed, "%s\n%s\n(.exp and .out of each in %s)" % (line, "\n".join(failed), tmp_path)


def test_the_lists_are_well_formed():
    """Every skip names a listed test, an option or `emulator`, and a reason; no test twice."""
    listed = set(lists.board_tests("pico_w"))
    assert len(listed) == len(lists.board_tests("pico_w"))
    assert set(lists.board_tests("pico")) < listed
    for test, entries in lists.skips().items():
        assert test in listed, test
        for s in entries:
            assert re.fullmatch(r"MICROPY_\w+", s.when) or s.when == lists.EMULATOR, s
            assert len(s.reason) > 20, s


def test_the_listed_tests_are_in_the_tree():
    found, why = tree.find_tree()
    if not found:
        pytest.skip(why)
    missing = [t for t in lists.board_tests("pico_w") if not os.path.isfile(os.path.join(found, "tests", t))]
    assert not missing


def test_a_skip_follows_the_boards_configuration(tmp_path):
    """An option a board's headers turn off (followed through our own includes, not MicroPython's)
    skips its tests there; the board keeping it runs them."""
    for board, text in (("small", '#include "boards/RPI_PICO/mpconfigboard.h"\n#include "../small/off.h"\n'),
                        ("big", '#include "boards/RPI_PICO_W/mpconfigboard.h"\n#define MICROPY_PY_RE (1)\n')):
        (tmp_path / board).mkdir()
        (tmp_path / board / "mpconfigboard.h").write_text(text)
    (tmp_path / "small" / "off.h").write_text("#ifndef SCOREBOARD_REFERENCE\n#define MICROPY_PY_RE (0)\n#endif\n")
    assert lists.options_off("small", str(tmp_path)) == {"MICROPY_PY_RE"}
    assert lists.options_off("big", str(tmp_path)) == set()
    table = {"extmod/re_sub.py": [lists.Skip("extmod/re_sub.py", "MICROPY_PY_RE", "re is off on this board")]}
    assert lists.skip_for("extmod/re_sub.py", "small", table, {"MICROPY_PY_RE"}).when == "MICROPY_PY_RE"
    assert lists.skip_for("extmod/re_sub.py", "big", table, set()) is None
