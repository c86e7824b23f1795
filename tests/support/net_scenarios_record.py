# The table's record over HTTP (firmware/net/record.py), run unchanged under CPython and the
# MicroPython unix port (tests/firmware/net/test_phone_record.py prepares FOLDER/games with one finished game of
# every kind and a large file, runs both and compares): the phone's 履歴 equal to the panel's lines
# in both languages, a game's results, the saved games and 通算成績 as the panel counts them, a
# game's log byte for byte streamed in chunks, one download at a time (the second phone told so in
# its language) while the buttons keep working, and the listing with digests export --url reads.
# Prints one JSON line per check: {"name": ..., "got": ...}.
#
#   python tests/support/net_scenarios_record.py PORT FOLDER       (firmware/ and microdot importable)
import json
import socket
import sys

if sys.path and sys.path[0].rstrip("/").endswith("support"):
    sys.path.pop(0)
import asyncio
import gc
import hashlib
from binascii import hexlify

from hw.clock import FakeClock
from ui.app import App
from words.game import lines as panel_lines
from words.game import tally
from net.live import Hub
from net.radio import Phones
from storage.store import Store

PORT = int(sys.argv[1])
FOLDER = sys.argv[2]
HOST = "127.0.0.1"
MP = sys.implementation.name == "micropython"


def out(name, got):
    print(json.dumps({"name": name, "got": got}))


async def get(path, timeout=10):
    """(status, headers text, body bytes) of GET path."""
    r, w = await asyncio.open_connection(HOST, PORT)
    w.write(("GET %s HTTP/1.0\r\nHost: x\r\n\r\n" % path).encode())
    await w.drain()
    buf = b""
    try:
        while True:
            chunk = await asyncio.wait_for(r.read(4096), timeout)
            if not chunk:
                break
            buf += chunk
    except (asyncio.TimeoutError, OSError):
        pass
    w.close()
    head, _, body = buf.partition(b"\r\n\r\n")
    line = head.split(b"\r\n")[0].decode()
    return (int(line.split()[1]) if line else 0), head.decode().lower(), body


async def get_json(path):
    code, head, body = await get(path)
    return code, json.loads(body.decode()) if body else None


def read(path):
    with open(path, "rb") as f:
        return f.read()


def parse_csv(text):
    """Rows of cells of a CSV (RFC 4180: quoted cells, "" inside them, CRLF between rows)."""
    rows, row, cell, i, quoted = [], [], "", 0, False
    while i < len(text):
        c = text[i]
        if quoted:
            if c == '"' and text[i + 1:i + 2] == '"':
                cell += '"'
                i += 1
            elif c == '"':
                quoted = False
            else:
                cell += c
        elif c == '"':
            quoted = True
        elif c == ",":
            row.append(cell)
            cell = ""
        elif c == "\r" and text[i + 1:i + 2] == "\n":
            row.append(cell)
            rows.append(row)
            row, cell = [], ""
            i += 1
        else:
            cell += c
        i += 1
    return rows


def file_sha(path):
    """(size, SHA-256 hex) of a file read in pieces (the large one is more than this heap)."""
    h = hashlib.sha256()
    n = 0
    with open(path, "rb") as f:
        while True:
            data = f.read(4096)
            if not data:
                break
            n += len(data)
            h.update(data)
    return n, hexlify(h.digest()).decode()


async def scenarios():
    clock = FakeClock()
    store = Store(root=FOLDER + "games")
    app = App(None, store, clock, "ja")
    app.log_error = lambda e, scr: app.errors.append(scr + ": " + repr(e))
    phones = Phones(app, FOLDER, PORT, radio=False, host=HOST)
    hub = phones.hub
    phones.start()
    phones.lan(HOST)
    await asyncio.sleep(0.2)
    k = "k=" + hub.key
    listed = store.games()
    keys = [e["key"] for e in listed]

    # ---- 履歴: the panel's lines, in each phone's language ----
    app.start(store.open_game(keys[-1]))       # the first game saved, on the table
    app.frame()
    hub.poll()
    same = []
    for lang in ("ja", "en"):
        code, got = await get_json("/history?%s&lang=%s" % (k, lang))
        app.lang = lang
        want, total = panel_lines(app)
        app.lang = "ja"
        same.append([code, got["sections"][0]["lines"] == want, len(want) == total, len(want) > 3])
    out("history is the panel's", same)
    code, got = await get_json("/history?%s&lang=en" % k)
    out("history head", [got["sections"][0]["head"], (await get_json("/history?%s&lang=ja" % k))[1]["sections"][0]["head"]])

    # ---- results of the game on the table and of a saved one ----
    code, res = await get_json("/results?%s&lang=ja" % k)
    view = hub.view("ja")
    out("results on the table", [code, res["over"], res["standings"] == view["sections"][0]["rows"],
                                 res["head"] == view["sections"][0]["head"], len(res["rounds"]),
                                 res["rounds_head"]])
    code, other = await get_json("/results?%s&lang=en&g=%s" % (k, keys[0]))
    out("results of a saved game", [code, other["key"] == keys[0], other["over"], len(other["rounds"]) > 0,
                                    other["rounds_head"], len(other["standings"]) > 1])
    out("results of no game", (await get("/results?%s&g=9999-nothere" % k))[0])

    # ---- saved games and 通算成績 as the panel counts them ----
    code, gl = await get_json("/games?%s&lang=ja" % k)
    counted, left_out, rows = tally(store)
    season = gl["season"]
    out("saved games", [code, [g["key"] for g in gl["games"]] == keys, [g["table"] for g in gl["games"]].count(True),
                        gl["games"][-1]["table"], gl["head"], [g["mark"] for g in gl["games"]][:1]])
    out("season is the panel's", [season["head"], season["items"][0] == ["ゲーム数", str(counted)],
                                  [r[:3] for r in season["rows"]] == [[n, str(g), str(w)] for n, g, w in rows]])
    code, gl_en = await get_json("/games?%s&lang=en" % k)
    out("saved games in english", [gl_en["head"], gl_en["season"]["head"], gl_en["season"]["cols"][1:]])

    # ---- a game's log, byte for byte ----
    segs = ["%s/%s.%d.log" % (store.root, keys[0], 0)]
    code, head, body = await get("/log?%s&g=%s" % (k, keys[0]))
    out("a game's log", [code, body == b"".join([read(p) for p in segs]),
                         ("content-length: %d" % len(body)) in head,
                         ('filename="%s.log"' % keys[0]) in head])
    out("no such game's log", [(await get("/log?%s&g=0001-zzzzzzzz" % k))[0],
                               (await get("/log?%s&g=../net" % k))[0]])

    # ---- a game's results as CSV: the rounds as /results says them, the figures the standings' ----
    from core.engine import Game
    csv_ok = []
    for key, lang in ((keys[-1], "ja"), (keys[0], "en"), (keys[0], "ja")):
        code, head, body = await get("/csv?%s&lang=%s&g=%s" % (k, lang, key))
        res = (await get_json("/results?%s&lang=%s&g=%s" % (k, lang, key)))[1]
        game = Game.from_lines(read("%s/%s.0.log" % (store.root, key)).decode().splitlines(True))
        st = game.standings()
        names = [str(n) for n in game.header["seats"]]
        rows = parse_csv(body.decode("utf-8"))
        by_seat = lambda what: [[e[what] for e in st if e["seat"] == i][0] for i in range(len(names))]
        csv_ok.append([code, "content-type: text/csv; charset=utf-8" in head,
                       ('filename="%s.csv"' % key) in head, body[:3] == b"\xef\xbb\xbf",
                       rows[0] == ["\ufeffround", "result"] + ["score: " + n for n in names],
                       [r[1] for r in rows[1:-2]] == res["rounds"],
                       [r[0] for r in rows[1:-2]] == [str(i + 1) for i in range(len(res["rounds"]))],
                       rows[-2] == ["score", res["head"]] + [str(v) for v in by_seat("score")],
                       rows[-1] == ["place", ""] + [str(v) for v in by_seat("place")],
                       rows[-3][2:] == rows[-2][2:]])        # the last round's scores are the final ones
    out("a game's results as CSV", csv_ok)
    out("no such game's CSV", [(await get("/csv?%s&g=0001-zzzzzzzz" % k))[0], (await get("/csv?%s&g=../x" % k))[0]])
    # a CSV being sent holds the one download: a log meanwhile is 503, and free again once it ends;
    # what it keeps live, at most, while its rows go (MicroPython): the game's fold and one row
    rec = phones.server.record()
    gc.collect()
    heap0 = gc.mem_alloc() if MP else 0
    got = rec.csv("ja", keys[-1])
    body = rec.Rows(got[1], got[2])
    first = await body.__anext__()
    gc.collect()
    csv_heap = (gc.mem_alloc() if MP else 0) - heap0
    sys.stderr.write("heap over a CSV of a %d-byte log: %d bytes\n" % (len(read("%s/%s.0.log" % (store.root, keys[-1]))), csv_heap))
    during = (await get("/log?%s&lang=en&g=%s" % (k, keys[0])))[0]
    body.close()
    out("one download with a CSV", [len(first) > 0, during, (await get("/log?%s&g=%s" % (k, keys[0])))[0]])
    # a long game's CSV (FOLDER/long: over 200 KB of journal): its rows come as the journal is read
    # back from the flash; what is live meanwhile, sampled at every chunk, stays far below the log
    # (measured 33 KB for a 341 KB log, the other game's modules and texts imported with it: our
    # firmware keeps those in the flash; about half on the Pico's 32-bit heap)
    long_app = App(None, Store(root=FOLDER + "long"), clock, "ja")
    long_store = long_app.store
    long_key = long_store.games()[0]["key"]
    log_bytes = sum([e["bytes"] for e in long_store.games()])

    class Served:
        pass
    served = Served()
    served.hub = Hub(long_app, hub.key)
    long_rec = rec.__class__(served)
    gc.collect()
    heap0 = gc.mem_alloc() if MP else 0
    got = long_rec.csv("en", long_key)
    body = long_rec.Rows(got[1], got[2])
    n_rows = 0
    peak = 0
    async for chunk in body:
        n_rows += chunk.count(b"\r\n")
        if MP:
            gc.collect()
            peak = max(peak, gc.mem_alloc() - heap0)
    game = long_store.open_game(long_key)
    rounds = len([1 for rec, _, res in game.steps() if res is not None and rec.get("t") != "end"])
    sys.stderr.write("heap over a CSV of a %d-byte log: %d bytes at most\n" % (log_bytes, peak))
    out("a long game's CSV", [log_bytes > 200 * 1024, n_rows == rounds + 3])
    out("the CSV's heap stays small", peak < 48 * 1024)

    # ---- one download at a time; the buttons meanwhile; the heap while a large file streams ----
    big = store.root + "/big.bin"
    size, big_sha = file_sha(big)
    gc.collect()
    heap0 = gc.mem_alloc() if MP else 0          # before the download: its whole cost is counted
    peak = 0
    # a slow phone: a small receive window (SOL_SOCKET 1, SO_RCVBUF 8 on Linux), read in its time
    s = socket.socket()
    s.setsockopt(1, 8, 4096)
    s.connect(socket.getaddrinfo(HOST, PORT)[0][-1])
    s.setblocking(False)
    s.send(("GET /file?%s&p=%s HTTP/1.0\r\nHost: x\r\n\r\n" % (k, big)).encode())

    async def recv(n, wait=10):
        for _ in range(wait * 100):
            try:
                data = s.recv(n)
            except OSError:
                await asyncio.sleep(0.01)
                continue
            return data
        return None
    first = b""
    while first.find(b"\r\n\r\n") < 0:
        first += await recv(2048)                  # the answer has begun; then the phone dawdles
    await asyncio.sleep(0.3)
    busy_ja = await get_json("/log?%s&lang=ja&g=%s" % (k, keys[0]))
    busy_en = await get_json("/files?%s&lang=en" % k)
    busy_csv = await get_json("/csv?%s&lang=en&g=%s" % (k, keys[0]))
    seq = app.game.seq
    app.on_button("long", "back")              # a press while the file is sent: the table answers
    app.frame()
    pressed = [app.game.seq != seq, app.errors]
    got = len(first) - first.find(b"\r\n\r\n") - 4
    h = hashlib.sha256(first[first.find(b"\r\n\r\n") + 4:])
    while True:
        chunk = await recv(4096)
        if not chunk:
            break
        got += len(chunk)
        h.update(chunk)
        if MP and got // 65536 != (got - len(chunk)) // 65536:
            gc.collect()                   # what is live, not the chunks already let go
            peak = max(peak, gc.mem_alloc() - heap0)
    s.close()
    out("busy, in the phone's language", [busy_ja[0], busy_ja[1]["error"], busy_en[0], busy_en[1]["error"],
                                          busy_csv[0], busy_csv[1]["error"]])
    out("a press during a download", pressed)
    out("the large file whole", [got == size, hexlify(h.digest()).decode() == big_sha])
    # what the download keeps live in the heap, at most, sampled every 64 KB (MicroPython: the Pico's
    # 32-bit heap about half)
    sys.stderr.write("heap over a %d KB download: %d bytes at most\n" % (size // 1024, peak))
    out("the heap stays small", peak < 8 * 1024)
    await asyncio.sleep(0.1)
    out("free again", (await get("/log?%s&g=%s" % (k, keys[0])))[0])

    # ---- the listing export --url reads ----
    code, fl = await get_json("/files?%s" % k)
    ok = [code, fl["scoreboard"], fl["root"]]
    for path, n, sha in fl["files"]:
        ok.append([n, sha] == list(file_sha(path)))
    out("listing with digests", ok)
    codes = []
    for p in (FOLDER + "net.json", store.root + "/../net.json", "/etc/passwd", store.root + "/nothere.log",
              store.root):
        codes.append((await get("/file?%s&p=%s" % (k, p)))[0])
    out("outside the games folder", codes)
    out("errors", app.errors)
    phones.server.close()


asyncio.run(scenarios())
