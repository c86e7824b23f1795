"""A picture of the web page (README): headless Chromium plays a button script, then shoots.

  python -m host_tools.dev.web.shot OUT.png [--script FILE] [--upto SHOT] [--width 390] [--scale 2]
The script is the simulator's (tests/kinds/<kind>/emu.txt), played up to its `shot SHOT` line.
"""
import argparse
import base64
import sys
import threading

from host_tools import _paths  # noqa: F401  (firmware/ on sys.path)
from host_tools.dev.web import build as web_build
from host_tools.dev.web import cdp
from host_tools.dev.web.__main__ import serve


def play(browser, lines):
    """The script's presses on the page's buttons, its clock moved by the script (?manual)."""
    from hw.buttons import NAMES
    from host_tools.dev.sim.script import SETTLE_MS, Runner

    class Pin:
        def __init__(self, name):
            r = browser.js("(() => { const r = document.querySelector('[data-button=%s]')"
                           ".getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()" % name)
            self.x, self.y = r

        def _set(self, down):
            browser.mouse("mousePressed" if down else "mouseReleased", self.x, self.y)
        pressed = property(lambda self: False, _set)

    class Board:
        pins = dict((n, Pin(n)) for n in NAMES)

    class PageRunner(Runner):
        def run_for(self, ms):
            browser.js("window.scoreboard.advance(%d), true" % ms)

    runner = PageRunner(Board(), None, None)
    runner.run_for(SETTLE_MS)
    for text in lines:
        runner.line(text)


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m host_tools.dev.web.shot", description=__doc__.split("\n")[0])
    p.add_argument("out")
    p.add_argument("--script", default="tests/kinds/kabu/emu.txt")
    p.add_argument("--upto", default="kabu-preview", help="stop at this `shot` line of the script")
    p.add_argument("--width", type=int, default=390)
    p.add_argument("--height", type=int, default=700)
    p.add_argument("--scale", type=float, default=2)
    a = p.parse_args(argv)
    try:
        with open(a.script, encoding="utf-8") as f:
            lines = [l for l in f.read().splitlines() if l.split("#", 1)[0].strip()]
    except OSError as e:
        sys.stderr.write("%s: %s\n" % (a.script, e.strerror))
        return 2
    stop = [i for i, l in enumerate(lines) if l.split()[:2] == ["shot", a.upto]]
    lines = lines[:stop[0]] if stop else lines
    try:
        out = web_build.build(quiet=True)
        server = serve(out, port=0)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        with cdp.Browser(width=a.width, height=a.height, scale=a.scale) as b:
            b.goto("http://127.0.0.1:%d/?manual" % server.server_address[1])
            state = b.wait_for("window.scoreboard", timeout=60)
            if not state.get("ready"):
                raise cdp.CDPError("the page did not boot: %s" % state.get("error"))
            play(b, [l for l in lines if not l.startswith("shot")])
            b.js("document.getElementById('status').textContent = '', true")
            box = b.js("(() => { const r = document.getElementById('device').getBoundingClientRect();"
                       " return [r.x, r.y, r.width, document.getElementById('logs').getBoundingClientRect().bottom]; })()")
            data = b.call("Page.captureScreenshot", format="png",
                          clip=dict(x=box[0], y=box[1], width=box[2], height=box[3] + 8, scale=1))["data"]
        server.shutdown()
    except (web_build.BuildError, cdp.CDPError, OSError) as e:
        sys.stderr.write("web shot: %s\n" % e)
        return 2
    with open(a.out, "wb") as f:
        f.write(base64.b64decode(data))
    print(a.out)
    return 0


if __name__ == "__main__":
    from host_tools.cli_io import run_command
    sys.exit(run_command(main))
