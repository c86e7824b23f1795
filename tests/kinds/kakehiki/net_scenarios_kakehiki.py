# The phone server's scenarios, run unchanged under CPython and the MicroPython unix port
# (tests/kinds/kakehiki/test_net_kakehiki.py runs both and compares): the App and the server in one asyncio loop, a raw
# HTTP client beside them. Prints one JSON line per check: {"name": ..., "got": ...}.
#
#   python tests/kinds/kakehiki/net_scenarios_kakehiki.py PORT FOLDER       (firmware/ and microdot importable)
#
# FOLDER (where the server keeps its files) is the test's tmp_path; run by hand without it, CPython
# makes a fresh folder of this run's own: never a shared fixed one, where two runs would meet.
import json
import sys

import asyncio

from hw.clock import FakeClock
from ui.app import App
from net.radio import Phones


def own_folder():
    """A fresh temporary folder for this run alone (CPython); the MicroPython unix port has no
    tempfile, so there the folder must be given."""
    try:
        import tempfile
    except ImportError:
        sys.stderr.write("usage: net_scenarios_kakehiki.py PORT FOLDER (give FOLDER under MicroPython)\n")
        sys.exit(2)
    return tempfile.mkdtemp(prefix="net-scenarios-") + "/"


PORT = int(sys.argv[1]) if len(sys.argv) > 1 else 8765
FOLDER = sys.argv[2] if len(sys.argv) > 2 else own_folder()
HOST = "127.0.0.1"


def out(name, got):
    print(json.dumps({"name": name, "got": got}))


async def request(method, path, body=None, raw=None, read=True, timeout=5):
    """One HTTP/1.0 request: (status, body text)."""
    r, w = await asyncio.open_connection(HOST, PORT)
    if raw is None:
        data = body.encode() if isinstance(body, str) else (body or b"")
        raw = ("%s %s HTTP/1.0\r\nHost: x\r\nContent-Length: %d\r\n\r\n" % (method, path, len(data))).encode() + data
    w.write(raw)
    await w.drain()
    if not read:
        return w
    buf = b""
    try:
        while True:
            chunk = await asyncio.wait_for(r.read(1024), timeout)
            if not chunk:
                break
            buf += chunk
    except asyncio.TimeoutError:
        pass
    except OSError:               # closed by the server without an answer (over a bound)
        w.close()
        return 0, ""
    w.close()
    head, _, text = buf.partition(b"\r\n\r\n")
    line = head.split(b"\r\n")[0].decode()
    code = int(line.split()[1]) if line else 0
    return code, text.decode()


async def stream(path):
    """An open event stream: (reader, writer) after its headers."""
    r, w = await asyncio.open_connection(HOST, PORT)
    w.write(("GET %s HTTP/1.0\r\nHost: x\r\n\r\n" % path).encode())
    await w.drain()
    while True:
        line = await asyncio.wait_for(r.readline(), 5)
        if line in (b"\r\n", b""):
            break
    return r, w


async def next_event(r, timeout=5):
    """The next event of a stream: (event name, data as JSON or text)."""
    name, data = None, ""
    while True:
        line = (await asyncio.wait_for(r.readline(), timeout)).decode()
        if line == "":
            return None, None
        line = line.rstrip("\r\n")
        if line == "":
            if data:
                try:
                    return name, json.loads(data)
                except ValueError:
                    return name, data
            continue
        if line.startswith("event: "):
            name = line[7:]
        elif line.startswith("data: "):
            data += line[6:]


class Table:
    """The App on a fake clock: press() is a button gesture, as the board's loop delivers it."""

    def __init__(self):
        self.clock = FakeClock()
        self.app = App(None, None, self.clock, "ja")
        self.phones = Phones(self.app, FOLDER, PORT, radio=False, host=HOST)
        self.hub = self.phones.hub
        self.app.frame()

    def press(self, name, kind="click"):
        self.app.on_button(kind, name)
        self.app.frame()
        self.hub.poll()


async def scenarios():
    t = Table()
    t.phones.start()
    t.phones.lan(HOST)
    await asyncio.sleep(0.2)
    key = t.hub.key
    app = t.app

    # ---- the key ----
    out("no key", (await request("GET", "/"))[0])
    out("wrong key", await request("GET", "/view?k=000000000000"))
    out("page with key", (await request("GET", "/?k=" + key))[0])
    out("unknown path", (await request("GET", "/../../main.py?k=" + key))[0])

    # ---- between games ----
    code, text = await request("GET", "/view?k=%s&lang=en" % key)
    v = json.loads(text)
    out("no game view", [code, v["screen"], v["title"]])

    # a 4-player 掛け引き game, started as the table would (the engine's Game, through the App)
    app.new_game("kakehiki", ["あや", "Ben", "ちか", "<b>D</b>"], {})
    t.hub.poll()
    code, text = await request("GET", "/view?k=%s&lang=ja" % key)
    v = json.loads(text)
    out("play view", [code, v["screen"], v["title"], [s["name"] for s in v["seats"]], v["turn"],
                      v["sections"][0]["items"][0][0]])
    out("view in english", json.loads((await request("GET", "/view?k=%s&lang=en" % key))[1])["sections"][1]["cols"][1])

    # ---- a stream: the view at once, then every change ----
    r, w = await stream("/events?k=%s&lang=ja&c=phoneAAAA0001" % key)
    name, first = await next_event(r)
    out("stream first", [name, first["v"] == t.hub.v])
    t.press("ok")                   # P1's usual action
    name, ev = await next_event(r)
    out("stream after press", [name, ev["v"] == t.hub.v, ev["note"] != ""])

    # ---- claiming a seat ----
    code, text = await request("POST", "/claim?k=" + key, json.dumps({"seat": 2, "c": "phoneAAAA0001"}))
    out("claim asked", [code, json.loads(text)])
    app.frame()
    out("panel asks", type(app.top()).__name__)
    code, text = await request("POST", "/claim?k=" + key, json.dumps({"seat": 1, "c": "phoneBBBB0002"}))
    out("second claim while asking", code)
    t.press("ok")                   # the table says yes on the panel
    tok = None
    for _ in range(3):
        name, ev = await next_event(r)
        if name == "claim":
            tok = ev.get("tok")
            out("claim answer", [sorted(ev.keys()), ev["seat"]])
            break
    out("token length", len(tok or ""))
    name, ev = await next_event(r)
    out("view after claim", [name, ev["seats"][2]["phone"]])

    # ---- events from a phone ----
    body = json.dumps({"tok": "f" * 16, "v": t.hub.v, "ev": {"t": "predict", "p": 2, "on": 0, "v": 1}})
    out("act with a wrong token", (await request("POST", "/act?k=" + key, body))[0])
    body = json.dumps({"tok": tok, "v": t.hub.v, "ev": {"t": "predict", "p": 1, "on": 0, "v": 1}})
    out("act for another seat", (await request("POST", "/act?k=" + key, body))[0])
    body = json.dumps({"tok": tok, "v": t.hub.v, "ev": {"t": "win", "p": [2]}})
    out("act a press-only event", (await request("POST", "/act?k=" + key, body))[0])
    out("act invalid json", (await request("POST", "/act?k=" + key, "{nope"))[0])
    out("act too large", (await request("POST", "/act?k=" + key, "{" + " " * 600 + "}"))[0])

    # play to P3's prediction: P2 and P3 fold after P1 raised, P4 calls
    seq0 = app.game.seq
    app.submit({"t": "raise", "p": 1, "v": 2}) if app.state()["turn"] == 1 else None
    s = app.state()
    folded = None
    while s["phase"] != "predict" and s["turn"] is not None and app.game.seq < seq0 + 12:
        p = s["turn"]
        if p == 2:                  # P3's own turn: its phone offers the bar's actions, and folds
            t.hub.poll()
            mine = json.loads((await request("GET", "/view?k=%s&lang=ja&tok=%s" % (key, tok)))[1])["mine"]
            body = json.dumps({"tok": tok, "v": t.hub.v, "ev": {"t": "fold", "p": 2}})
            code, _ = await request("POST", "/act?k=" + key, body)
            t.hub.poll()
            note = json.loads((await request("GET", "/view?k=%s&lang=ja" % key))[1])["note"]
            # the line a fold gets whoever sent it: the phones' note and the panel's, as a press's
            folded = [[f["id"] for f in mine["forms"]], code, app.last_act[1]["t"], app.state()["out"][2],
                      note, app.note]
        else:
            app.submit({"t": "fold", "p": p} if p == 3 else {"t": "call", "p": p})
        s = app.state()
    out("fold from the phone", folded)
    t.hub.poll()
    out("predict phase", [s["phase"], s["predictors"]])
    vjson = json.loads((await request("GET", "/view?k=%s&lang=ja&tok=%s" % (key, tok)))[1])
    forms = vjson["mine"]["forms"]
    out("my form", [f["id"] for f in forms] if s["turn"] == 2 else "not my turn")
    stale = json.dumps({"tok": tok, "v": t.hub.v - 1, "ev": {"t": "predict", "p": 2, "on": 0, "v": 1}})
    code, text = await request("POST", "/act?k=" + key, stale)
    out("stale act", [code, json.loads(text)["error"]])
    # a refusal from the rules: more dango than held
    big = json.dumps({"tok": tok, "v": t.hub.v, "ev": {"t": "predict", "p": 2, "on": 0, "v": 99}})
    code, text = await request("POST", "/act?k=" + key + "&lang=en", big)
    out("refused act", [code, json.loads(text)["error"]])
    seq = app.game.seq
    good = json.dumps({"tok": tok, "v": t.hub.v, "ev": {"t": "predict", "p": 2, "on": 0, "v": 1}})
    code, text = await request("POST", "/act?k=" + key, good)
    out("predict from the phone", [code, app.game.seq == seq + 1, app.last_act[1]["t"]])
    # the secret: in my view, in no other view, in no stream's event
    mine = json.loads((await request("GET", "/view?k=%s&lang=ja&tok=%s" % (key, tok)))[1])
    other = (await request("GET", "/view?k=%s&lang=ja" % key))[1]
    out("secret only mine", [len(mine["mine"]["lines"]), "あなたの予想" in other, "（1個）" in other])
    while True:                     # the claimant's stream carries its own part
        name, ev = await next_event(r)
        if name == "view" and ev["v"] == t.hub.v:
            break
    out("my stream has my part", [ev["mine"]["seat"], len(ev["mine"]["lines"])])
    r2, w2 = await stream("/events?k=%s&lang=ja&c=phoneCCCC0003" % key)
    name, ev = await next_event(r2)
    raw = json.dumps(ev)
    out("another stream has no secret", ["mine" in ev, "あなたの予想" in raw, "（1個）" in raw])
    w2.close()

    # ---- the panel first: the end question on the panel, a phone's act refused, a claim held ----
    t.press("back")                 # the game menu, then its 「…を終える」
    labels = [lab for lab, _ in app.top().items]
    for _ in range([i for i in range(len(labels)) if labels[i].endswith("を終える")][0]):
        t.press("down")
    t.press("ok")
    asked = type(app.top()).__name__
    body = json.dumps({"tok": tok, "v": t.hub.v, "ev": {"t": "fold", "p": 2}})
    code, text = await request("POST", "/act?k=" + key, body)
    out("act while the panel asks", [asked, code, json.loads(text)["error"], type(app.top()).__name__])
    # ---- another phone takes seat 2 over: asked once the panel is back, as a change of phone ----
    r3, w3 = await stream("/events?k=%s&lang=ja&c=phoneFFFF0006" % key)
    await next_event(r3)
    code, _ = await request("POST", "/claim?k=" + key, json.dumps({"seat": 2, "c": "phoneFFFF0006"}))
    t.hub.poll()
    held = type(app.top()).__name__
    t.press("back")                 # the end question goes: the game menu, still no question
    held = [held, type(app.top()).__name__]
    t.press("back")                 # the table is back
    top = app.top()
    out("a takeover waits for the panel", [code, held, type(top).__name__, getattr(top, "swap", None)])
    t.press("ok")                   # the table gives seat 2 to the new phone
    tok2 = None
    for _ in range(4):
        name, ev = await next_event(r3)
        if name == "claim":
            tok2 = ev.get("tok")
            break
    while True:                     # the old phone's stream: a view without its part, at once
        name, ev = await next_event(r)
        if name == "view" and ev["v"] == t.hub.v:
            break
    raw = json.dumps(ev)
    out("the old phone is out", ["mine" in ev, "あなたの予想" in raw, ev["seats"][2]["phone"]])
    mine2 = json.loads((await request("GET", "/view?k=%s&lang=ja&tok=%s" % (key, tok2)))[1])["mine"]
    old = (await request("GET", "/view?k=%s&lang=ja&tok=%s" % (key, tok)))[1]
    out("the secret goes with the seat", [len(tok2 or ""), mine2["seat"], len(mine2["lines"]), "あなたの予想" in old])
    body = json.dumps({"tok": tok, "v": t.hub.v, "ev": {"t": "fold", "p": 2}})
    out("the old token acts no more", (await request("POST", "/act?k=" + key, body))[0])
    w.close()
    w3.close()

    # ---- past the streams a board holds open (the Pico W: 4): the view, then `poll` with `retry`, closed ----
    srv = t.phones.server
    srv.max_streams = len(srv.streams) + 1
    ra, wa = await stream("/events?k=%s&lang=ja&c=phoneDDDD0004" % key)
    name, ev = await next_event(ra)
    rb, wb = await stream("/events?k=%s&lang=ja&c=phoneEEEE0005" % key)
    lines = []
    while True:
        line = await asyncio.wait_for(rb.readline(), 5)
        if not line:
            break
        lines.append(line.decode().split(":")[0])
    out("stream past the bound", [name, lines[:8], len(srv.streams) == srv.max_streams])
    wa.close()
    wb.close()
    srv.max_streams = 8

    # ---- floods ----
    srv.dropped = 0
    conns = []
    for _ in range(50):
        try:
            _r, _w = await asyncio.open_connection(HOST, PORT)
            conns.append(_w)
        except OSError:
            pass
    await asyncio.sleep(0.3)
    t.press("ok")                   # the buttons work while 50 connections are open
    out("press during flood", app.game.seq > seq)
    srv = t.phones.server
    out("refused over the bound", [srv.conns <= 12, srv.dropped >= 50 - 12])
    for c in conns:
        c.close()
    await asyncio.sleep(2.5)        # the request deadline: every half-open connection is gone
    out("connections after the deadline", srv.conns - len(srv.streams))
    out("view after the flood", (await request("GET", "/view?k=" + key))[0])
    # a client that sends half a request and stops
    w2 = await request("GET", "/", raw=b"GET /view?k=" + key.encode() + b" HTTP/1.0\r\nHost:", read=False)
    await asyncio.sleep(2.5)
    out("slow client dropped", srv.conns - len(srv.streams))
    w2.close()
    out("errors", app.errors)


asyncio.run(scenarios())
