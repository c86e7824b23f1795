# Guest of host_tools/dev/bench/phones.py under the MicroPython unix port: the App and the phone server
# on 127.0.0.1:PORT with a 4-player game; prints the heap (after gc.collect()) with 0 phones, then
# each time the number of connected phones' streams changes, and once more after every step the
# host asks for on stdin (a press as the board's loop delivers it).
import gc
import json
import sys

import asyncio

from hw.clock import FakeClock
from ui.app import App
from net.radio import Phones

PORT = int(sys.argv[1])
FOLDER = sys.argv[2]
KIND = sys.argv[3]           # the game (the host names it: the first registered one)


def heap(label, n):
    gc.collect()
    print(json.dumps({"at": label, "streams": n, "alloc": gc.mem_alloc(), "free": gc.mem_free()}))


async def main():
    app = App(None, None, FakeClock(), "ja")
    phones = Phones(app, FOLDER, PORT, radio=False, host="127.0.0.1")
    app.new_game(KIND, ["P1", "P2", "P3", "P4"], {})
    app.frame()
    phones.start()
    phones.lan("127.0.0.1")
    srv = phones.server
    await asyncio.sleep(0.1)
    heap("ready", 0)
    seen = 0
    while True:
        n = len(srv.streams)
        if n != seen:
            seen = n
            await asyncio.sleep(0.2)     # the stream's first view sent
            heap("streams", n)
            if n >= 6:
                break
        await asyncio.sleep(0.02)
    for name in ("ok", "ok", "ok", "ok"):
        app.on_button("click", name)
        app.frame()
        phones.hub.poll()
        await asyncio.sleep(0.2)
    heap("after presses", len(srv.streams))
    print(json.dumps({"errors": app.errors}))


asyncio.run(main())
