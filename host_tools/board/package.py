# `python -m host_tools.board.package > package.json`: MicroPython's package manifest (mip format), so
#     mpremote mip install --target / github:<owner>/<repo>        (or: mpremote mip install --target / ./package.json)
# puts the scoreboard on a Pico as `make deploy` lays it out, as source: every firmware file at the
# same path, boards/pico/board.py as /board.py, and ssd1306 as a dependency: micropython-lib's index
# at the version staging.SSD1306_MIP pins, which is not byte for byte the driver deploy stages and
# our firmware freezes (PyPI's micropython-ssd1306 0.3, which mip cannot fetch; staging.py says why).
# tests/host/board/test_package.py checks package.json is what this prints and that it names exactly the
# files host_tools/board/staging.py stage() puts on the board. `make deploy` stays the way to deploy
# compiled files (.mpy: less RAM and no compile at boot) and to choose another board. It is the
# plain Pico's package: firmware/net/ (the phone server) and microdot go only onto a board with a
# radio, by `make deploy BOARD=pico_w` (staging._firmware_files leaves net/ out here).
import json
import sys

from host_tools import _paths  # noqa: F401  (firmware/ on sys.path)
from host_tools.board import staging
import core

# Built, not in the repository (host_tools/board/make_texts.py), so mip cannot fetch it: a board
# installed by mip has no ui/texts.bin and its App imports the text tables instead (the same
# texts; a slower boot). `make deploy` puts the file on the board.
GENERATED = "ui/texts.bin"


def urls(board="pico"):
    """[[path on the board, path in the repository]] for every file the board gets."""
    out = []
    for full, rel in staging._firmware_files(staging.FIRMWARE):
        if rel == GENERATED:
            continue
        out.append([rel, "firmware/" + rel])
    out.append(["board.py", "boards/%s/board.py" % board])
    return sorted(out)


def manifest():
    return {"urls": urls(), "deps": [list(staging.SSD1306_MIP)], "version": core.VERSION}


def text():
    """package.json: one file a line."""
    m = manifest()
    rows = ",\n".join("  " + json.dumps(u, ensure_ascii=False) for u in m["urls"])
    return '{\n "urls": [\n%s\n ],\n "deps": %s,\n "version": %s\n}\n' % (
        rows, json.dumps(m["deps"]), json.dumps(m["version"]))


def main():
    sys.stdout.write(text())
    return 0


if __name__ == "__main__":
    from host_tools.cli_io import run_command
    sys.exit(run_command(main))
