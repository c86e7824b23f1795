"""The simulator: the firmware's App on the PC, keyboard as buttons, the OLED in the terminal.

  python -m host_tools.dev.sim                      interactive (make sim)
  python -m host_tools.dev.sim --script F --shots D headless: run a button script, save PNGs in D
  python -m host_tools.dev.sim --script F [--print] headless without --shots: no file written
                                                (its `shot` steps are skipped and counted)
  python -m host_tools.dev.sim --lang en            start in English
  python -m host_tools.dev.sim --store DIR          games saved in DIR (default: memory only)
  python -m host_tools.dev.sim --serve [--port P]   also serve the table to phones (docs/phones.md)
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
    from storage.store import Store
    folder = os.path.abspath(folder)
    os.makedirs(os.path.dirname(folder), exist_ok=True)
    return Store(root=folder)


def headless(args, factory):
    from host_tools.dev.sim.render import to_text
    from host_tools.dev.sim.script import ScriptError, run_script
    with open(args.script, encoding="utf-8") as f:
        lines = f.read().splitlines()
    try:
        board, _, saved = run_script(lines, factory, args.shots, args.lang, make_store(args.store))
    except ScriptError as e:
        sys.exit("script error: %s" % e)
    if args.print:
        print(to_text(board.panel))
    d = board.display
    if args.shots is None:
        n = sum(1 for l in lines if l.split("#", 1)[0].split()[:1] == ["shot"])
        where = "no screenshots (no --shots folder%s)" % (": %d shot step(s) skipped" % n if n else "")
    else:
        where = "%d screenshots in %s" % (len(saved), args.shots)
    print("%s; frames sent %d, skipped %d; I2C %d bytes in %d writes"
          % (where, d.sent, d.skipped, board.bus.bytes, board.bus.writes))


def interactive(args, factory):
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        print("The simulator draws the OLED in a terminal, and this is not one (no tty).\n"
              "Run it in a terminal, or headless:  python -m host_tools.dev.sim --script FILE --shots DIR")
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


class _Keys:
    """The terminal's keys as the six buttons, and the panel redrawn when it changed: one turn of
    the simulator's loop (the plain loop and the serving one share it)."""

    def __init__(self, scr, board, app, args, turn):
        self.scr, self.board, self.app, self.args, self.turn = scr, board, app, args, turn
        self.release_at = {}
        self.shown = -1
        self.status = ""
        self.pinned = ""              # always on the status line: the phones' address (--serve)
        self.quitting = False
        self.saving = ("games saved in %s" % args.store) if args.store else \
            "nothing is saved (make sim STORE=DIR keeps the games)"

    def once(self, now):
        """False when the player has quit."""
        import curses
        from hw import buttons as B
        from host_tools.dev.sim.render import to_text
        try:
            key = self.scr.getkey()
        except curses.error:
            key = None
        if key in ("q", "Q"):
            if self.quitting or self.args.store:
                return False
            self.quitting = True      # a memory-only game is lost on quit: ask once
            self.status = "q again to quit: %s" % self.saving
            _draw_status(self.scr, self.status, self.pinned)
            return True
        if key is not None:
            self.quitting = False
        name, hold = _KEYMAP.get(key), 100
        if key in ("u", "U"):
            name, hold = "back", B.LONG_MS + 100
        elif key in ("l", "L"):
            name, hold = "ok", B.LONG_MS + 100
        board = self.board
        if name and name not in self.release_at:
            board.pins[name].pressed = True
            self.release_at[name] = now + hold
            self.status = "%s %s" % ("long" if hold > 100 else "tap", name)
        for n, t in list(self.release_at.items()):
            if now - t >= 0:
                board.pins[n].pressed = False
                del self.release_at[n]
        self.turn(now)
        if board.display.sent != self.shown:
            self.shown = board.display.sent
            _draw(self.scr, to_text(board.panel), self.status or self.saving, self.pinned)
        elif self.status:
            _draw_status(self.scr, self.status, self.pinned)
        return True


def _loop(scr, args, factory):
    import curses
    import main as firmware_main
    from hw.clock import Clock
    from host_tools.dev.sim.device import SimBoard

    curses.curs_set(0)
    if args.serve:
        return _serve_loop(scr, args)
    scr.timeout(firmware_main.POLL_MS)
    clock = Clock()
    board = SimBoard(now=clock.ticks_ms())
    app = factory(board.display, make_store(args.store), clock, args.lang)
    keys = _Keys(scr, board, app, args, lambda now: firmware_main.step(app, board.buttons, now))
    while keys.once(clock.ticks_ms()):
        pass
    return 0


def _serve_loop(scr, args):
    """The same keys, with the phone server beside them in one asyncio loop (serve.py)."""
    import asyncio
    from host_tools.dev.sim.serve import Served

    async def run():
        sv = Served(make_store(args.store), args.store, args.lang, args.port, args.host)
        sv.quiet()                # asyncio's complaints to the error log, not over the panel
        url = await sv.start()
        scr.timeout(0)
        keys = _Keys(scr, sv.board, sv.app, args, sv.turn)
        keys.pinned = "phones: " + url
        while keys.once(sv.clock.ticks_ms()):
            await asyncio.sleep(0.01)
        sv.phones.server.close()
        return url
    url = asyncio.run(run())
    print("served phones at", url)
    return 0


def _draw(scr, picture, status, pinned=""):
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
    _draw_status(scr, status, pinned)


def _draw_status(scr, status, pinned=""):
    """The last line: what is pinned there (the phones' address), then the last key's status."""
    line = (pinned + "   " + status) if pinned else status
    try:
        scr.addstr(35, 0, line.ljust(130)[:scr.getmaxyx()[1] - 1])
    except Exception:
        pass
    scr.refresh()


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m host_tools.dev.sim", description=__doc__.split("\n")[0])
    p.add_argument("--script", help="run this button script headless: one step per line (click ok, "
                                    "long back, repeat up 5, shot NAME: NAME.png in --shots)")
    p.add_argument("--shots", default=None,
                   help="headless: folder for the PNG screenshots (made if missing); without it no "
                        "file is written and `shot` steps are skipped")
    p.add_argument("--lang", default="ja", choices=("ja", "en"))
    p.add_argument("--print", action="store_true", help="headless: print the last picture as text")
    p.add_argument("--store", default=None, help="folder where the games are saved (default: memory only)")
    p.add_argument("--app", default=None, help=argparse.SUPPRESS)   # module:callable, for tests
    p.add_argument("--serve", action="store_true",
                   help="also serve the live table to phones on this machine's network (docs/phones.md)")
    p.add_argument("--port", type=int, default=8080, help="with --serve: the port (default 8080)")
    p.add_argument("--host", default="0.0.0.0", help="with --serve: the address to listen on (default: all)")
    p.add_argument("--control", action="store_true",
                   help="with --serve: read button steps from stdin, answer each on stdout (tests)")
    args = p.parse_args(argv)
    from host_tools.board import make_texts
    make_texts.ensure()          # firmware/ui/texts.bin is generated, not tracked: as on the Pico
    factory = app_factory(args.app)
    if args.serve and args.control:
        from host_tools.dev.sim.serve import run_control
        run_control(args, make_store(args.store))
        return 0
    if args.script:
        headless(args, factory)
        return 0
    return interactive(args, factory)


if __name__ == "__main__":
    from host_tools.cli_io import run_command
    sys.exit(run_command(main))     # `--print | head`: quiet, exit 141 (host_tools/cli_io.py)
