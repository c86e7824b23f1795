# Which firmware the emulated board boots (the official UF2 or ours, from .cache/, build/firmware/ or
# $PICO_UF2 / $PICO_W_UF2) and what its flash holds for it (app_flash).
import os
import shutil

from host_tools.board.staging import board_has_radio

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
DEFAULT_UF2 = os.path.join(ROOT, ".cache", "RPI_PICO.uf2")
UF2_SHA256 = "a41b7dbadfe4f399a10bd344002b365427ad033de993cf372c29c884b33a4cdf"
UF2_HELP = ("no MicroPython firmware for the emulated Pico: download RPI_PICO v1.24.1 "
            "(RPI_PICO-20241129-v1.24.1.uf2) from https://micropython.org/download/RPI_PICO/ and "
            "set PICO_UF2=/path/to/it (or put it at .cache/RPI_PICO.uf2); see docs/emulator.md")

# The Pico W's (RPI_PICO_W): v1.23.0 is the file at hand (a public repository holds it; see
# docs/emulator.md); the board itself is flashed with v1.24.1 like the Pico.
DEFAULT_W_UF2 = os.path.join(ROOT, ".cache", "RPI_PICO_W.uf2")
W_UF2_SHA256 = "33b87e058d7a7c02cebc34bcd9eff2c8fdfadf8cec1a60c2d896c5044da4fcb1"
W_UF2_HELP = ("no MicroPython firmware for the emulated Pico W: download RPI_PICO_W v1.23.0 "
              "(RPI_PICO_W-20240602-v1.23.0.uf2) from https://micropython.org/download/RPI_PICO_W/ and "
              "set PICO_W_UF2=/path/to/it (or put it at .cache/RPI_PICO_W.uf2); see docs/emulator.md")


def find_uf2(path=None, radio=False):
    """The UF2 to boot: `path`, else $PICO_UF2 / .cache/RPI_PICO.uf2 (radio: $PICO_W_UF2 /
    .cache/RPI_PICO_W.uf2); None when none exists."""
    env, default = ("PICO_W_UF2", DEFAULT_W_UF2) if radio else ("PICO_UF2", DEFAULT_UF2)
    for p in (path, os.environ.get(env), default):
        if p and os.path.isfile(p):
            return p
    return None


def runs_ours(uf2=None, radio=False):
    """True when the UF2 the emulator boots (find_uf2) is our own firmware, the scoreboard frozen
    in (make firmware): it runs its frozen main, whatever the flash holds."""
    from host_tools.board.firmware.uf2 import is_ours
    path = find_uf2(uf2, radio)
    return bool(path) and is_ours(path)


def official_uf2(radio=False):
    """The official firmware file ($PICO_UF2 / $PICO_W_UF2 when it is one, else .cache/), or None."""
    from host_tools.board.firmware.uf2 import is_ours
    env, default = ("PICO_W_UF2", DEFAULT_W_UF2) if radio else ("PICO_UF2", DEFAULT_UF2)
    for p in (os.environ.get(env), default):
        if p and os.path.isfile(p) and not is_ours(p):
            return p
    return None


def our_uf2(board):
    """Our firmware for `board` (make firmware's build/firmware/scoreboard-<board>.uf2, or the
    $PICO_UF2 / $PICO_W_UF2 file when it is ours), or None."""
    from host_tools.board.firmware.uf2 import is_ours
    radio = board_has_radio(board)
    env = os.environ.get("PICO_W_UF2" if radio else "PICO_UF2")
    built = os.path.join(ROOT, "build", "firmware", "scoreboard-%s.uf2" % board)
    for p in (env, built):
        if p and os.path.isfile(p) and is_ours(p):
            return p
    return None


def app_flash(board, out_dir, uf2=None):
    """The tree a board's flash gets for the firmware the emulator boots: what `make deploy`
    stages on the official firmware, nothing on ours (everything is frozen in: the littlefs
    holds games, names and settings only). Returns out_dir."""
    if runs_ours(uf2, board_has_radio(board)):
        if os.path.isdir(out_dir):
            shutil.rmtree(out_dir)
        os.makedirs(out_dir)
        return out_dir
    from host_tools.board import staging
    return staging.stage(board, out_dir)


OFFICIAL_ONLY = ("our own firmware runs its frozen scoreboard whatever the flash holds: this test "
                 "boots an app of its own or tests the official firmware's path (PICO_UF2 / "
                 "PICO_W_UF2 = the official files)")
