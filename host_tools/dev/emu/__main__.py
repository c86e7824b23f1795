"""`make emu`: the firmware on the emulated Pico, in the terminal (our UF2 alone, or the official one with `make deploy`'s tree).

    python -m host_tools.dev.emu [--uf2 PATH] [--board pico] [--flash IMG] [--save IMG] [--script FILE]
    python -m host_tools.dev.emu --board pico_w [--forward 8080] [--address]   # the Pico W, serving phones
    python -m host_tools.dev.emu --zero-cost | --flash-max | --xip-cache   # costs off / flash maximum / XIP cache

Keys (as the simulator's): arrows = up/down/left/right, Enter = ok, Esc or Backspace = back,
u = long press back (undo), m = free heap (main.py's console command `mem`: gc.mem_free() with
the app running), q or Ctrl-C = quit. --save writes the flash image on quit (boot it
again with --flash: a power cut and resume). --script runs a simulator button script headless and
prints the screen after every step.

A board with a radio (RADIO = True: pico_w, pico2_w) boots the RPI_PICO_W firmware ($PICO_W_UF2,
.cache/RPI_PICO_W.uf2) with /wifi.json on a fresh flash, so it joins the emulated access point
(station mode: the emulator has no access-point mode), and 127.0.0.1:FORWARD (--forward, default
8080; 0 = any free port) is forwarded to its port 80. --address prints the page's address with the
table key (from the firmware's `net` line) and exits; in the terminal, n prints it.

The board charges silicon's costs (I2C bus time, flash BUSY, the panel's refresh: costs.py,
docs/emulator.md "What silicon costs"); --zero-cost (SCOREBOARD_EMU_COSTS=0) runs the old
zero-cost board, --flash-max (SCOREBOARD_EMU_FLASH_MAX=1) the flash at the datasheet's maximum,
--xip-cache (SCOREBOARD_EMU_XIP=1) the XIP cache's misses too (opt-in: ~2.5x slower on the host).
"""
import json
import argparse
import os
import select
import sys
import termios
import time
import tty

from host_tools.board import boards, staging

from .costs import Costs
from .firmware import UF2_HELP, W_UF2_HELP, app_flash, find_uf2
from .pico import PRESS_MS, Pico

KEYS = {b"\x1b[A": "up", b"\x1b[B": "down", b"\x1b[D": "left", b"\x1b[C": "right",
        b"\r": "ok", b"\n": "ok", b"\x1b": "back", b"\x7f": "back", b"\x08": "back"}
HELP = "arrows: move   Enter: ok   Esc/Backspace: back   u: long back (undo)   m: heap   q: quit"
RADIO_HELP = HELP.replace("   q: quit", "   n: phones' address   q: quit")
# The emulated access point accepts any name and passphrase (rp2040py's CYW43439 model).
EMU_WIFI = {"ssid": "emulated-table", "password": "emulated"}


def _draw(pico, status):
    sys.stdout.write("\x1b[H" + pico.screen_text().replace("\n", "\r\n") + "\r\n" + (RADIO_HELP if pico.radio else HELP) +
                     "\r\n\x1b[K" + status + "\r\n")
    sys.stdout.flush()


def interactive(pico):
    fd = sys.stdin.fileno()
    old = termios.tcgetattr(fd)
    tty.setraw(fd)
    sys.stdout.write("\x1b[2J")
    frames, shown, last = -1, 0.0, ""
    t0, e0 = time.monotonic(), pico.now_ms
    try:
        while True:
            pico.run_ms(20)
            # idle sleeps run faster than real time: do not let the Pico's clock run ahead
            ahead = (pico.now_ms - e0) / 1000 - (time.monotonic() - t0)
            if ahead > 0:
                time.sleep(min(ahead, 0.05))
            r, _, _ = select.select([fd], [], [], 0)
            if r:
                data = os.read(fd, 16)
                if data in (b"q", b"\x03"):
                    return
                if data == b"m":
                    free, alloc = pico.app_mem_free()
                    last = "heap: mem_free %d, mem_alloc %d" % (free, alloc)
                elif data == b"n" and pico.forward is not None:
                    last = "phones: " + _address(pico)
                elif data == b"u":
                    last = "long back"
                    pico.press("back", 1300, settle_ms=0)
                elif data in KEYS:
                    last = KEYS[data]
                    pico.press(KEYS[data], PRESS_MS, settle_ms=0)
            if pico.hw_target.frames != frames or time.monotonic() - shown > 1:
                frames, shown = pico.hw_target.frames, time.monotonic()
                tail = pico.console_text()[-60:].replace("\n", " ").replace("\r", "")
                _draw(pico, "emu %.1f s  last key: %s  console: %s" % (pico.now_ms / 1000, last, tail))
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, old)
        sys.stdout.write("\r\n")


def _address(pico):
    try:
        return pico.phone_url()
    except Exception as e:       # no server (yet): the forward alone
        return "%s/ (the board answers no `net`: %s)" % (pico.forward.url, str(e).splitlines()[0])


def _parser():
    ap = argparse.ArgumentParser(prog="python -m host_tools.dev.emu", description=__doc__.split("\n\n")[0])
    ap.add_argument("--uf2", default=None, help="MicroPython UF2 (default $PICO_UF2, .cache/RPI_PICO.uf2; a radio board: "
                                                    "$PICO_W_UF2, .cache/RPI_PICO_W.uf2)")
    ap.add_argument("--board", default="pico", help="%s (default pico)" % boards.spoken(boards.pico_boards()))
    ap.add_argument("--flash", default=None, help="boot this flash image instead of a fresh staged tree")
    ap.add_argument("--save", default=None, help="write the flash image here on quit")
    ap.add_argument("--script", default=None, help="run a button script (host_tools/dev/sim syntax) headless")
    ap.add_argument("--forward", type=int, default=8080, metavar="PORT",
                    help="radio boards: host port forwarded to the board's port 80 (0: any free port)")
    ap.add_argument("--address", action="store_true",
                    help="radio boards: print the phones' address (forward and table key) and exit")
    ap.add_argument("--zero-cost", action="store_true",
                    help="no bus, flash or panel time (the old zero-cost board; SCOREBOARD_EMU_COSTS=0)")
    ap.add_argument("--flash-max", action="store_true",
                    help="flash erases and programs at the datasheet's maximum (SCOREBOARD_EMU_FLASH_MAX=1)")
    ap.add_argument("--xip-cache", action="store_true",
                    help="charge the XIP cache's misses too (~2.5x slower on the host; SCOREBOARD_EMU_XIP=1)")
    return ap


def _costs(a):
    """The costs the environment asks for (SCOREBOARD_EMU_*), which the flags can only add to:
    --zero-cost turns the charging off, --flash-max and --xip-cache turn theirs on."""
    env = Costs.from_env()
    return Costs(charged=env.charged and not a.zero_cost, flash_max=env.flash_max or a.flash_max,
                 xip=env.xip or a.xip_cache)


def main(argv=None):
    a = _parser().parse_args(argv)
    costs = _costs(a)
    radio = staging.board_has_radio(a.board)
    if not find_uf2(a.uf2, radio):
        print(W_UF2_HELP if radio else UF2_HELP, file=sys.stderr)
        return 2
    try:
        # our firmware (make firmware) has the app frozen in: its flash starts empty
        fs = a.flash or app_flash(a.board, os.path.join(staging.BUILD, "flash-" + a.board), a.uf2)
    except staging.DeployError as e:
        print("emu: %s" % e, file=sys.stderr)
        return 2
    files = {"/wifi.json": json.dumps(EMU_WIFI).encode()} if radio and not a.flash else None
    pico = Pico(a.uf2, fs, board=a.board, forward_port=a.forward if radio else None, files=files, costs=costs)
    try:
        return _session(pico, a, radio, costs)
    finally:
        pico.close()


def _session(pico, a, radio, costs):
    """Boot, then the script, the screen once (no terminal to drive) or the keys; the exit status."""
    print("booting MicroPython on the emulated %s (busy Python runs ~30x slower than a real one), %s..."
          % ("Pico W" if radio else "Pico", costs.describe()))
    try:
        pico.boot(frames=2, timeout_ms=30000)
    except OSError as e:    # the forward's port is taken
        print("emu: cannot forward 127.0.0.1:%d: %s (try --forward 0)" % (a.forward, e), file=sys.stderr)
        return 2
    if pico.forward is not None:
        print("forward: " + pico.forward.describe())
        if a.address:
            pico.settle()
            print(_address(pico))
            return 0
    if a.script:
        _run_script(pico, a.script)
    elif not sys.stdin.isatty():
        pico.settle()
        print(pico.screen_text())
        print(pico.console_text())
    else:
        interactive(pico)
    if a.save:
        with open(a.save, "wb") as f:
            f.write(pico.power_cut())
        print("flash image saved to %s (boot it again: --flash %s)" % (a.save, a.save))
    return 0


def _run_script(pico, path):
    """A button script headless: the screen after every step, then the console and the flash's work."""
    from .script import run_script
    with open(path) as f:
        lines = f.read().splitlines()
    run_script(pico, lines, on_step=lambda text, p: print("== %s (emu %.2f s)\n%s"
                                                          % (text, p.now_ms / 1000, p.screen_text())))
    print(pico.console_text())
    print("flash: %(sector_erases)d sector erases, %(page_programs)d page programs, %(busy_ms).0f ms busy"
          % pico.flash.snapshot())


if __name__ == "__main__":
    from host_tools.cli_io import run_command
    sys.exit(run_command(main))
