"""The simulator serving phones: the firmware's App and its phone server (firmware/net/) in one
asyncio loop, on the PC's LAN (docs/phones.md).

  python -m host_tools.dev.sim --serve [--port 8080] [--host 0.0.0.0]       interactive, in a terminal
  python -m host_tools.dev.sim --serve --control [--port P]                 button steps from stdin

--control (tests, the bench): prints {"url": ..., "key": ...} once serving, then reads one script
step per line (host_tools/dev/sim/script.py's steps) and answers each with {"step": n, "v": view
version, "seq": journal seq}; `quit` or the end of input stops it.
"""
import asyncio
import json
import os
import sys
import tempfile

from host_tools import _paths  # noqa: F401

class Served:
    """A simulated board, its App and the phones' server, built as main.py wires a board."""

    def __init__(self, store, store_dir, lang, port, host, clock=None):
        import main as firmware_main
        from hw.clock import Clock
        from host_tools.dev.sim.device import SimBoard
        from net.radio import Phones
        self.clock = clock or Clock()
        self.board = SimBoard(now=self.clock.ticks_ms())
        self.app = firmware_main.make_app(self.board.display, store, self.clock, lang)
        # the board's net.json (table key, passphrase) beside the games, or in a folder of this run
        folder = os.path.dirname(os.path.abspath(store_dir)) if store_dir else tempfile.mkdtemp(prefix="simnet-")
        self.phones = Phones(self.app, folder.rstrip("/") + "/", port, radio=False, host=host)
        self.hub = self.phones.hub
        self.host = host

    async def start(self):
        self.phones.start()       # on a host: the address a phone opens is its LAN one
        await asyncio.sleep(0.05)
        return self.hub.address()

    def quiet(self):
        """What CPython's asyncio would print (a task's exception nobody awaited, writes to a socket
        already closed) goes to the error log as the server's own errors do, never the terminal
        (the panel drawn there). Inside the running loop; the `asyncio` logger is the process's."""
        import logging
        served = self

        class ToLog(logging.Handler):
            def emit(self, record):
                served.report(RuntimeError("asyncio: " + record.getMessage()))

        log = logging.getLogger("asyncio")
        log.handlers[:] = [ToLog()]
        log.propagate = False
        asyncio.get_running_loop().set_exception_handler(
            lambda loop, ctx: self.report(ctx.get("exception") or RuntimeError("asyncio: %s" % ctx.get("message"))))

    def report(self, e):
        server = self.phones.server
        if server is not None:
            server._log(e)          # at most one a minute, as the board writes them
        else:
            self.app.log_error(e, "asyncio")

    def turn(self, now):
        import main as firmware_main
        firmware_main.step(self.app, self.board.buttons, now)
        self.hub.poll()


async def control(args, store):
    """Steps from stdin, each answered on stdout (tests drive phones against this)."""
    from hw.clock import FakeClock
    from host_tools.dev.sim.script import Runner, ScriptError
    clock = FakeClock()
    sv = Served(store, args.store, args.lang, args.port, args.host, clock)
    sv.quiet()
    url = await sv.start()
    print(json.dumps({"url": url, "key": sv.hub.key}), flush=True)
    runner = Runner(sv.board, sv.app, clock, args.shots)

    def run_for(ms):              # the loop's body and the hub's look at the App, every poll step
        end = clock.now + ms
        while clock.now < end:
            sv.turn(clock.now)
            clock.advance(10)
    runner.run_for = run_for
    run_for(100)
    loop = asyncio.get_running_loop()
    n = 0
    while True:
        line = await loop.run_in_executor(None, sys.stdin.readline)
        if not line or line.strip() == "quit":
            break
        n += 1
        err = None
        try:
            runner.line(line)
        except ScriptError as e:
            err = str(e)
        sv.hub.poll()
        await asyncio.sleep(0.01)     # the streams send before the answer
        g = sv.app.game
        print(json.dumps({"step": n, "v": sv.hub.v, "seq": g.seq if g else -1, "error": err,
                          "screen": type(sv.app.top()).__name__}), flush=True)
    sv.phones.server.close()


def run_control(args, store):
    asyncio.run(control(args, store))
