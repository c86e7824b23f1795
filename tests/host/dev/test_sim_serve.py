"""The simulator serving phones (host_tools/dev/sim/serve.py, `make sim SERVE=1`): its terminal is the
panel's, so nothing else may be written there. A request line over the bound is answered (414)
and logged nowhere; a header microdot cannot read, a task's exception nobody awaited: each goes to
the error log beside the games (errors.txt). The simulator's stderr stays empty. The phones' address stays on the status line
whatever key is pressed."""
import argparse
import asyncio
import json
import os
import socket
import subprocess
import sys
import time

import curses

import netmp
from host_tools.dev.sim import __main__ as sim_main

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))


def send(port, raw):
    s = socket.create_connection(("127.0.0.1", port), timeout=5)
    s.sendall(raw)
    got = b""
    try:
        while True:
            chunk = s.recv(4096)
            if not chunk:
                break
            got += chunk
    except OSError:
        pass
    s.close()
    return got


def test_a_bad_request_leaves_the_terminal_clean(tmp_path):
    games = tmp_path / "games"
    games.mkdir()
    port = netmp.free_port()
    err = open(tmp_path / "stderr.txt", "w")
    p = subprocess.Popen([sys.executable, "-m", "host_tools.dev.sim", "--serve", "--control", "--port", str(port),
                          "--host", "127.0.0.1", "--store", str(games)],
                         cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=err, text=True)
    try:
        first = json.loads(p.stdout.readline())
        key = first["key"]
        assert first["url"] == "http://127.0.0.1:%d/?k=%s" % (port, key)
        # a request line of 600 bytes with the key: 414, the client's doing: not in the error log
        got = send(port, ("GET /view?k=%s&x=%s HTTP/1.0\r\n\r\n" % (key, "a" * 600)).encode())
        assert got.startswith(b"HTTP/1.0 414"), got
        # a header microdot cannot read (it would print its traceback): 400, into the error log
        got = send(port, ("GET /view?k=%s HTTP/1.0\r\nno colon\r\n\r\n" % key).encode())
        assert got.startswith(b"HTTP/1.0 400")
        log = games / "errors.txt"
        deadline = time.time() + 10
        while not (log.exists() and "ValueError" in log.read_text()) and time.time() < deadline:
            time.sleep(0.1)
        text = log.read_text() if log.exists() else ""
        assert "ValueError" in text and "screen Server" in text and "TooLong" not in text, text
        p.stdin.write("quit\n")
        p.stdin.flush()
        p.wait(timeout=20)
    finally:
        if p.poll() is None:
            p.kill()
            p.wait()
        err.close()
    assert (tmp_path / "stderr.txt").read_text() == ""


def test_asyncio_complaints_go_to_the_error_log(tmp_path):
    """What CPython's asyncio prints on its own (a task that failed and was never awaited) goes to
    the error log when the simulator serves: Served.quiet()."""
    from host_tools.dev.sim.serve import Served
    logged = []

    async def run():
        sv = Served(None, str(tmp_path / "games"), "ja", netmp.free_port(), "127.0.0.1")
        sv.app.log_error = lambda e, scr: logged.append((scr, str(e)))
        sv.quiet()
        await sv.start()

        async def fails():
            raise RuntimeError("nobody awaited me")
        task = asyncio.ensure_future(fails())
        await asyncio.sleep(0.05)
        del task                   # the loop's exception handler hears of it when it is collected
        import gc
        gc.collect()
        await asyncio.sleep(0.05)
        sv.phones.server.close()
    asyncio.run(run())
    assert ("Server", "nobody awaited me") in logged, logged


class Terminal:
    """The curses window as _Keys uses it: keys to give, the text of each row as last drawn."""

    def __init__(self, keys):
        self.keys = list(keys)
        self.rows = {}

    def getkey(self):
        if self.keys:
            k = self.keys.pop(0)
            if k is not None:
                return k
        raise curses.error("no key")

    def getmaxyx(self):
        return 36, 132

    def erase(self):
        self.rows = {}

    def addstr(self, y, x, s, *attr):
        self.rows[y] = s

    def refresh(self):
        pass


def test_the_phones_address_stays_on_screen():
    import main as firmware_main
    from hw.clock import FakeClock
    from host_tools.dev.sim.device import SimBoard
    clock = FakeClock()
    board = SimBoard(now=clock.now)
    app = firmware_main.make_app(board.display, None, clock, "ja")
    scr = Terminal(["KEY_DOWN", None, None, "\n", None, None, "KEY_BACKSPACE"] + [None] * 20)
    keys = sim_main._Keys(scr, board, app, argparse.Namespace(store=None),
                          lambda now: firmware_main.step(app, board.buttons, now))
    url = "http://192.168.1.23:8080/?k=0123456789ab"
    keys.pinned = "phones: " + url
    seen = []
    for _ in range(27):
        keys.once(clock.now)
        clock.advance(60)
        seen.append(scr.rows.get(35, ""))
    assert any("tap" in s for s in seen)                  # the keys' status was shown ...
    assert all(s.startswith("phones: " + url) for s in seen if s), seen   # ... beside the address
