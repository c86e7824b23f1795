"""Our firmware says what it is, on the emulated Pico and Pico W: os.uname() gives v1.28.0 with the
MicroPython tree's commit and the scoreboard's, in the same words as the UF2's own image (what `make
flash` reads), the console's `ver` prints the REPL banner's line while the scoreboard runs, and the
REPL banner itself says it. Runs on our UF2s (build/firmware/, or $PICO_UF2 / $PICO_W_UF2 when they
are ours); about a minute a board."""
import json
import re

import pytest

from host_tools.board.firmware import pinned, uf2, version
from host_tools.dev.bench.picow import WIFI            # station mode, as the W's other emulated tests
from host_tools.dev.emu import Pico
from host_tools.dev.emu.firmware import our_uf2

pytestmark = pytest.mark.emu


def booted(board, path):
    files = {"/wifi.json": json.dumps(WIFI).encode()} if board == "pico_w" else None
    p = Pico(path, board=board, files=files, wall_timeout=900)
    p.boot(frames=2, timeout_ms=60000)
    p.settle()
    return p


def console_line(p, typed, pattern, timeout_ms=5000):
    """What the console answers to `typed`: the first line matching `pattern` after it."""
    mark = p.console_mark()
    p.send(typed)
    pat = re.compile(pattern, re.M)
    assert p.run_until(lambda: pat.search(p.console_text(mark)), timeout_ms), p.console_text(mark)[-800:]
    return pat.search(p.console_text(mark)).group(0)


@pytest.mark.parametrize("board", ["pico", "pico_w"])
def test_os_uname_the_console_and_the_banner_say_the_uf2s_version(board):
    path = our_uf2(board)
    if path is None:
        pytest.skip("our UF2 for %s is not built (make firmware BOARD=%s MICROPY_DIR=...)" % (board, board))
    image = uf2.read(path)
    said = version.parse(image.version)
    assert said["micropython"] == pinned.MICROPYTHON_TAG
    assert said["commit"] == pinned.MICROPYTHON_COMMIT[:10] and said["scoreboard"], image.version
    # the banner: os.uname().version's words without the compiler's "(GNU 12.2.1 MinSizeRel)"
    banner = "MicroPython %s; %s" % (image.version.rsplit(" (", 1)[0], image.board_name)
    p = booted(board, path)
    try:
        assert console_line(p, "ver\n", r"^MicroPython .*$") == banner      # the scoreboard runs on
        out = p.exec("import os\nu = os.uname()\nprint(u.release)\nprint(u.version)\nprint(u.machine)")
        assert out.strip().split("\n") == [".".join(map(str, pinned.MICROPYTHON_VERSION)), image.version,
                                           image.board_name]
        assert console_line(p, b"\x02", r"^MicroPython .*$") == banner      # Ctrl-B: the friendly REPL
    finally:
        p.close()
