"""`make emu`: the firmware, staged as `make deploy` lays it out, on the emulated Pico, in the terminal.

    python -m host_tools.emu [--uf2 PATH] [--board pico] [--flash IMG] [--save IMG] [--script FILE]

Keys (as the simulator's): arrows = up/down/left/right, Enter = ok, Esc or Backspace = back,
u = long press back (undo), m = free heap (main.py's console command `mem`: gc.mem_free() with
the app running), q or Ctrl-C = quit. --save writes the flash image on quit (boot it
again with --flash: a power cut and resume). --script runs a simulator button script headless and
prints the screen after every step.
"""
import argparse
import os
import select
import sys
import termios
import time
import tty

from host_tools import deploy

from .pico import PRESS_MS, UF2_HELP, Pico, find_uf2

KEYS = {b"\x1b[A": "up", b"\x1b[B": "down", b"\x1b[D": "left", b"\x1b[C": "right",
        b"\r": "ok", b"\n": "ok", b"\x1b": "back", b"\x7f": "back", b"\x08": "back"}
HELP = "arrows: move   Enter: ok   Esc/Backspace: back   u: long back (undo)   m: heap   q: quit"


def _draw(pico, status):
    sys.stdout.write("\x1b[H" + pico.screen_text().replace("\n", "\r\n") + "\r\n" + HELP +
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


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m host_tools.emu", description=__doc__.split("\n\n")[0])
    ap.add_argument("--uf2", default=None, help="MicroPython RPI_PICO UF2 (default $PICO_UF2, .cache/RPI_PICO.uf2)")
    ap.add_argument("--board", default="pico")
    ap.add_argument("--flash", default=None, help="boot this flash image instead of a fresh staged tree")
    ap.add_argument("--save", default=None, help="write the flash image here on quit")
    ap.add_argument("--script", default=None, help="run a button script (host_tools/sim syntax) headless")
    a = ap.parse_args(argv)
    if not find_uf2(a.uf2):
        print(UF2_HELP, file=sys.stderr)
        return 2
    fs = a.flash or deploy.stage(a.board)
    pico = Pico(a.uf2, fs, board=a.board)
    try:
        print("booting MicroPython on the emulated Pico (busy Python runs ~30x slower than a real one)...")
        pico.boot(frames=2, timeout_ms=30000)
        if a.script:
            from .script import run_script
            with open(a.script) as f:
                lines = f.read().splitlines()
            run_script(pico, lines, on_step=lambda text, p: print("== %s (emu %.2f s)\n%s"
                                                                  % (text, p.now_ms / 1000, p.screen_text())))
            print(pico.console_text())
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
    finally:
        pico.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
