"""The simulator: the firmware's App on the PC, keyboard as buttons, the OLED in the terminal.

  python -m host_tools.sim                      interactive (make sim)
  python -m host_tools.sim --script F --shots D headless: run a button script, save PNGs
  python -m host_tools.sim --lang en            start in English
  python -m host_tools.sim --store DIR          games saved in DIR (default: memory only)
The picture goes App -> Display -> adafruit_ssd1306 -> fake I2C -> emulated SSD1306 -> screen.
"""
import argparse
import importlib
import os
import sys

from host_tools import _paths  # noqa: F401

KEYS_HELP = "arrows/WASD move  Enter=ok  Bksp/Esc=back  u=undo (long back)  l=long ok  q=quit"


def app_factory(spec):
    """`module:callable` building the app from (display, store, clock, lang); default: main.make_app."""
    if spec:
        mod, _, attr = spec.partition(":")
        return getattr(importlib.import_module(mod), attr or "App")
    import main as firmware_main
    try:
        importlib.import_module("ui.app")
    except ImportError as e:
        if getattr(e, "name", None) != "ui.app":
            raise
        sys.exit("the app (firmware/ui/app.py) is not there yet; nothing to simulate")
    return firmware_main.make_app


def make_store(folder):
    """The games' Store in `folder` (created), or None: memory only, and the screens say so."""
    if not folder:
        return None
    from scoreboard.store import Store
    folder = os.path.abspath(folder)
    os.makedirs(os.path.dirname(folder), exist_ok=True)
    return Store(root=folder)


def headless(args, factory):
    from host_tools.sim.render import to_text
    from host_tools.sim.script import ScriptError, run_script
    with open(args.script, encoding="utf-8") as f:
        lines = f.read().splitlines()
    try:
        board, _, saved = run_script(lines, factory, args.shots, args.lang, make_store(args.store))
    except ScriptError as e:
        sys.exit("script error: %s" % e)
    if args.print:
        print(to_text(board.panel))
    d = board.display
    print("%d screenshots in %s; frames sent %d, skipped %d; I2C %d bytes in %d writes"
          % (len(saved), args.shots, d.sent, d.skipped, board.bus.bytes, board.bus.writes))


def interactive(args, factory):
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        print("The simulator draws the OLED in a terminal, and this is not one (no tty).\n"
              "Run it in a terminal, or headless:  python -m host_tools.sim --script FILE --shots DIR")
        return 0
    os.environ.setdefault("ESCDELAY", "25")   # Esc is "back": don't wait curses' default 1 s
    import curses
    return curses.wrapper(_loop, args, factory)


_KEYMAP = {
    "KEY_UP": "up", "KEY_DOWN": "down", "KEY_LEFT": "left", "KEY_RIGHT": "right",
    "w": "up", "s": "down", "a": "left", "d": "right", "W": "up", "S": "down", "A": "left", "D": "right",
    "\n": "ok", "\r": "ok", "KEY_ENTER": "ok", " ": "ok",
    "KEY_BACKSPACE": "back", "\x7f": "back", "\x08": "back", "\x1b": "back",
}


def _loop(scr, args, factory):
    import curses
    import main as firmware_main
    from hw import buttons as B
    from hw.clock import Clock
    from host_tools.sim.device import SimBoard
    from host_tools.sim.render import to_text

    curses.curs_set(0)
    scr.timeout(firmware_main.POLL_MS)
    clock = Clock()
    board = SimBoard(now=clock.ticks_ms())
    app = factory(board.display, make_store(args.store), clock, args.lang)
    release_at = {}
    shown = -1
    status = ""
    while True:
        now = clock.ticks_ms()
        try:
            key = scr.getkey()
        except curses.error:
            key = None
        if key in ("q", "Q"):
            return 0
        name, hold = _KEYMAP.get(key), 100
        if key in ("u", "U"):
            name, hold = "back", B.LONG_MS + 100
        elif key in ("l", "L"):
            name, hold = "ok", B.LONG_MS + 100
        if name and name not in release_at:
            board.pins[name].pressed = True
            release_at[name] = now + hold
            status = "%s %s" % ("long" if hold > 100 else "tap", name)
        for n, t in list(release_at.items()):
            if clock.ticks_diff(now, t) >= 0:
                board.pins[n].pressed = False
                del release_at[n]
        firmware_main.step(app, board.buttons, now)
        if board.display.sent != shown:
            shown = board.display.sent
            _draw(scr, to_text(board.panel), status)
        elif status:
            _draw_status(scr, status)


def _draw(scr, picture, status):
    import curses
    scr.erase()
    h, w = scr.getmaxyx()
    if h < 36 or w < 132:
        scr.addstr(0, 0, "make the terminal at least 132x36 (now %dx%d)" % (w, h))
        scr.refresh()
        return
    scr.addstr(0, 0, "+" + "-" * 128 + "+")
    for i, row in enumerate(picture.split("\n")):
        scr.addstr(1 + i, 0, "|" + row.ljust(128) + "|")
    scr.addstr(33, 0, "+" + "-" * 128 + "+")
    scr.addstr(34, 0, KEYS_HELP[:w - 1], curses.A_BOLD)
    _draw_status(scr, status)


def _draw_status(scr, status):
    try:
        scr.addstr(35, 0, status.ljust(40))
    except Exception:
        pass
    scr.refresh()


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m host_tools.sim", description=__doc__.split("\n")[0])
    p.add_argument("--script", help="button script: one step per line (click ok, long back, repeat up 5, shot NAME)")
    p.add_argument("--shots", default=None, help="folder for PNG screenshots (headless)")
    p.add_argument("--lang", default="ja", choices=("ja", "en"))
    p.add_argument("--print", action="store_true", help="headless: print the last picture as text")
    p.add_argument("--store", default=None, help="folder where the games are saved (default: memory only)")
    p.add_argument("--app", default=None, help=argparse.SUPPRESS)   # module:callable, for tests
    args = p.parse_args(argv)
    from host_tools import make_texts
    make_texts.ensure()          # firmware/ui/texts.bin is generated, not tracked: as on the Pico
    factory = app_factory(args.app)
    if args.script:
        if args.shots is None:
            args.shots = "shots"
        headless(args, factory)
        return 0
    return interactive(args, factory)


if __name__ == "__main__":
    sys.exit(main())
