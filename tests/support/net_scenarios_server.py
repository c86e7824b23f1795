# The phone server's own scenarios (no game's rules), run unchanged under CPython and the
# MicroPython unix port (tests/firmware/net/test_phone_server.py runs both and compares): requests without the
# table key, the bounds after it, errors into the App's error log, streams past the limit and a
# phone that vanished. Prints one JSON line per check: {"name": ..., "got": ...}.
#
#   python tests/support/net_scenarios_server.py PORT FOLDER       (firmware/ and microdot importable)
import json
import sys

if sys.path and sys.path[0].rstrip("/").endswith("support"):
    sys.path.pop(0)     # this file's folder: its kinds/ (the games' tests) would hide firmware's
import asyncio

from hw.clock import FakeClock, ticks_diff, ticks_ms
from ui.app import App
from net.radio import Phones
from core.registry import KINDS

PORT = int(sys.argv[1])
FOLDER = sys.argv[2]
HOST = "127.0.0.1"


def out(name, got):
    print(json.dumps({"name": name, "got": got}))


async def request(raw, timeout=5):
    """Sends `raw` as it is; returns (status, headers text, body text); status 0: closed unanswered."""
    r, w = await asyncio.open_connection(HOST, PORT)
    w.write(raw)
    await w.drain()
    buf = b""
    try:
        while True:
            chunk = await asyncio.wait_for(r.read(1024), timeout)
            if not chunk:
                break
            buf += chunk
    except asyncio.TimeoutError:
        pass
    except OSError:               # a reset after the answer (a body left unread): what came counts
        pass
    w.close()
    head, _, text = buf.partition(b"\r\n\r\n")
    line = head.split(b"\r\n")[0].decode()
    code = int(line.split()[1]) if line else 0
    return code, head.decode().lower(), text.decode()


def req(method, path, body=b"", headers=""):
    return ("%s %s HTTP/1.0\r\nHost: x\r\n%sContent-Length: %d\r\n\r\n"
            % (method, path, headers, len(body))).encode() + body


async def stream(path, headers=""):
    r, w = await asyncio.open_connection(HOST, PORT)
    w.write(("GET %s HTTP/1.0\r\nHost: x\r\n%s\r\n" % (path, headers)).encode())
    await w.drain()
    while True:
        line = await asyncio.wait_for(r.readline(), 5)
        if line in (b"\r\n", b""):
            break
    return r, w


async def events(r, timeout=5):
    """Every event until the stream ends (or times out): [(name, data)]; comments left out."""
    got = []
    name, data = None, None
    try:
        while True:
            line = (await asyncio.wait_for(r.readline(), timeout)).decode()
            if line == "":
                break
            line = line.rstrip("\r\n")
            if line == "":
                if name or data is not None:
                    got.append((name, data))
                name, data = None, None
            elif line.startswith("event: "):
                name = line[7:]
            elif line.startswith("data: "):
                data = line[6:]
            elif line.startswith("retry: "):
                got.append(("retry", line[7:]))
    except asyncio.TimeoutError:
        got.append(("open", None))
    return got


async def next_event(r, timeout=5):
    name = None
    while True:
        line = (await asyncio.wait_for(r.readline(), timeout)).decode().rstrip("\r\n")
        if line.startswith("event: "):
            name = line[7:]
        elif line.startswith("data: "):
            return name, line[6:]


EN_LONG = "The request is too long: reload the page"
JA_LONG = "リクエストが長すぎます。ページを読み込み直してください"


def said(got):
    """[code, "page" or "json", its language] of an answer from request()."""
    code, head, text = got
    if "application/json" in head:
        words = json.loads(text).get("error")
        return [code, "json", {JA_LONG: "ja", EN_LONG: "en"}.get(words, words)]
    if "text/html" in head:
        return [code, "page", "en" if 'lang="en"' in text and "key is missing" in text else
                "ja" if 'lang="ja"' in text and "鍵がない" in text else text[:80]]
    return [code, head[:40], text[:40]]


def long_line(n, query, method="GET"):
    """A request line of n bytes with its CRLF: /view?<query>x=aaa… up to n."""
    head = "%s /view?%sx=" % (method, query)
    return (head + "a" * (n - len(head) - len(" HTTP/1.0\r\n")) + " HTTP/1.0\r\n").encode()


async def oversized(key, logged):
    """Lines and bodies over the bound: 403 without the key (the page, in the Accept-Language's
    language), 414 / 431 / 413 with it (JSON in the query's `lang`, else the Accept-Language's,
    else Japanese), the server serving the next request, nothing logged."""
    n_logged = len(logged)
    view = req("GET", "/view?k=" + key)
    en = b"Accept-Language: en-US,en;q=0.9\r\n"
    got = []
    for n in (513, 2000, 70000):
        got.append([n, said(await request(long_line(n, "") + b"\r\n")),
                    said(await request(long_line(n, "lang=en&") + en + b"\r\n")),
                    said(await request(long_line(n, "k=%s&" % key) + b"\r\n")),
                    said(await request(long_line(n, "k=%s&lang=en&" % key) + b"\r\n")),
                    said(await request(long_line(n, "k=%s&" % key) + en + b"\r\n")),
                    (await request(view))[0]])
    out("request lines over the bound", got)
    out("a request line at the bound", [(await request(long_line(512, "k=%s&" % key) + b"\r\n"))[0],
                                        (await request(long_line(512, "") + b"\r\n"))[0]])
    # the key counts only when it ends within the first 512 bytes (a `&` or a space after it there)
    pad = 512 - len("GET /view?x=&k=" + key)
    ends_at_bound = ("GET /view?x=%s&k=%s&y=%s HTTP/1.0\r\n\r\n" % ("a" * pad, key, "b" * 600)).encode()
    ends_before = ("GET /view?x=%s&k=%s&y=%s HTTP/1.0\r\n\r\n" % ("a" * (pad - 1), key, "b" * 600)).encode()
    after = ("GET /view?x=%s&k=%s HTTP/1.0\r\n\r\n" % ("a" * 600, key)).encode()
    got = []
    for raw in (ends_at_bound, ends_before, after):     # no await in a comprehension: MicroPython
        got.append((await request(raw))[0])
    out("a key cut at the bound", got)
    x = b"X-Long: " + b"a" * 590 + b"\r\n"
    got = [said(await request(b"GET /view HTTP/1.0\r\n" + x + en + b"\r\n")),
           said(await request(b"GET /view HTTP/1.0\r\n" + en + x + b"\r\n")),
           said(await request(("GET /view?k=%s HTTP/1.0\r\n" % key).encode() + x + b"\r\n")),
           said(await request(("GET /view?k=%s&lang=en HTTP/1.0\r\n" % key).encode() + x + b"\r\n")),
           said(await request(("GET /view?k=%s HTTP/1.0\r\n" % key).encode() + x + en + b"\r\n")),
           said(await request(("GET /view?k=%s HTTP/1.0\r\n" % key).encode() + en + x + b"\r\n")),
           said(await request(("GET /view?k=%s HTTP/1.0\r\nX: %s\r\n\r\n" % (key, "a" * 70000)).encode())),
           (await request(view))[0]]
    out("header lines over the bound", got)
    got = [said(await request(req("POST", "/act?k=%s&lang=en" % key, b"{" + b" " * 600 + b"}"))),
           said(await request(req("POST", "/act?k=" + key, b"{" + b" " * 70000 + b"}"))),
           (await request(view))[0]]
    out("bodies over the bound", got)
    heads = []
    for raw in (req("HEAD", "/"), req("HEAD", "/?k=" + key), req("HEAD", "/view?k=" + key),
                req("HEAD", "/nowhere?k=" + key), long_line(2000, "", "HEAD") + b"\r\n",
                long_line(2000, "k=%s&" % key, "HEAD") + b"\r\n",
                ("HEAD /view?k=%s HTTP/1.0\r\n" % key).encode() + x + b"\r\n",
                req("HEAD", "/act?k=" + key, b"{" + b" " * 600 + b"}")):
        code, head, text = await request(raw)
        heads.append([code, text])
    out("HEAD gets no body", heads)
    out("nothing logged for a client's oversized request", logged[n_logged:])


def not_the_key(key):
    """The key in capitals: a key of digits only (about 1 key in 280) has none, so one digit moves."""
    up = key.upper()
    return up if up != key else key[:-1] + ("1" if key[-1] == "0" else "0")


async def scenarios():
    clock = FakeClock()
    app = App(None, None, clock, "ja")
    logged = []
    app.log_error = lambda e, scr: logged.append([scr, type(e).__name__])
    phones = Phones(app, FOLDER, PORT, radio=False, host=HOST)
    hub = phones.hub
    srv = phones.server
    srv.log_gap = 0                        # every error written: each check sees its own
    phones.start()
    phones.lan(HOST)
    await asyncio.sleep(0.2)
    key = hub.key

    # ---- without the key: 403 and the language page, whatever was asked; microdot never loaded ----
    ja = "この卓の鍵がないか、違います"
    en = "This table's key is missing or wrong"
    got = []
    for raw in (req("GET", "/"), req("GET", "/view?k=000000000000"), req("GET", "/nowhere?lang=en"),
                req("GET", "/../../main.py"), req("POST", "/act", b"{" + b" " * 2000 + b"}"),
                req("POST", "/claim?k=" + key[:-1], b"{\"seat\": 0}"),
                req("DELETE", "/"), req("PUT", "/view"), req("HEAD", "/"), req("OPTIONS", "/"),
                req("BREW", "/pot"), req("GET", "/?k=" + not_the_key(key)),
                req("GET", "/?x=1&k=" + key + "0"),
                b"\x00\xff garbage\r\n\r\n", b"GET\r\n\r\n",
                b"GET / HTTP/1.0\r\nX-Long: " + b"a" * 900 + b"\r\n\r\n",
                b"POST /act HTTP/1.0\r\nContent-Length: 99999\r\n\r\n" + b"\xff" * 600):
        code, head, text = await request(raw)
        got.append([code, "text/html" in head, ja in text])
    out("403 page without the key", got)
    code, head, text = await request(req("GET", "/", headers="Accept-Language: en-US,en;q=0.9,ja;q=0.8\r\n"))
    out("403 in english", [code, en in text, ja in text, 'lang="en"' in text])
    code, head, text = await request(req("GET", "/view", headers="accept-language: ja-JP,ja;q=0.9,en\r\n"))
    out("403 in japanese", [code, ja in text, en in text, 'lang="ja"' in text])
    # the first line decides: nothing after it can change the answer, even never sent
    r, w = await asyncio.open_connection(HOST, PORT)
    w.write(b"GET /view HTTP/1.0\r\nHost: x\r\n")
    await w.drain()
    head = await asyncio.wait_for(r.readline(), 5)
    w.close()
    out("403 before the headers end", head.decode().split()[1])
    out("microdot not loaded without the key", [srv.md is None, "microdot" in sys.modules])

    # ---- with the key: the bounds as before ----
    out("page with the key", (await request(req("GET", "/?k=" + key)))[0])
    out("unknown path with the key", (await request(req("GET", "/nowhere?k=" + key)))[0])
    out("a method the path lacks", (await request(req("DELETE", "/view?k=" + key)))[0])
    out("no errors logged yet", logged)

    await oversized(key, logged)
    code = (await request(("GET /view?k=%s HTTP/1.0\r\nNo colon here\r\n\r\n" % key).encode()))[0]
    out("a header microdot cannot read", [code, logged[-1:]])
    # a route that raises: microdot's catch, into the log, and a 500
    hub_view = hub.view

    def broken(lang, tok=None):
        raise RuntimeError("a route that failed")
    hub.view = broken
    code = (await request(req("GET", "/view?k=" + key)))[0]
    hub.view = hub_view
    out("a route that raised", [code, logged[-1:]])
    # at most one error written each log_gap: a flood of bad headers is one entry, then counted
    srv.log_gap = 60000
    srv.logged_at = None
    n = len(logged)
    bad = ("GET /view?k=%s HTTP/1.0\r\nNo colon here\r\n\r\n" % key).encode()
    for _ in range(5):
        await request(bad)
    srv.logged_at = None                  # as if the minute had passed
    await request(bad)
    out("a flood is one entry and a count", [len(logged) - n, logged[-2][0], logged[-1][0]])
    srv.log_gap = 0

    # ---- every phone live: 8 streams held, a 9th polls ----
    app.new_game(KINDS[0], ["P1", "P2", "P3", "P4"], {})
    hub.poll()
    held = []
    for i in range(8):
        r, w = await stream("/events?k=%s&lang=ja&c=phone%07d" % (key, i))
        name, _ = await next_event(r)
        held.append((r, w))
    first = [len(srv.streams), srv.max_streams]
    r9, w9 = await stream("/events?k=%s&lang=ja&c=phone0000009" % key)
    got9 = await events(r9)
    w9.close()
    out("eight streams held, a ninth polls", [first, [n for n, _ in got9], len(srv.streams)])
    # its EventSource asks again with the view it has: only the poll
    v = hub.v
    r9, w9 = await stream("/events?k=%s&lang=ja&c=phone0000009" % key, "Last-Event-ID: %d\r\n" % v)
    again = await events(r9)
    w9.close()
    out("the ninth again, nothing new", [n for n, _ in again])
    # a change: the held streams get it at once, the ninth at its next ask
    app.on_button("click", "ok")
    app.frame()
    hub.poll()
    seen = []
    for r, w in held:
        name, data = await next_event(r)
        seen.append(json.loads(data)["v"] == hub.v)
    r9, w9 = await stream("/events?k=%s&lang=ja&c=phone0000009" % key, "Last-Event-ID: %d\r\n" % v)
    got9 = await events(r9)
    w9.close()
    out("a change reaches all nine", [hub.v > v, all(seen), [n for n, _ in got9],
                                      json.loads(got9[0][1])["v"] == hub.v])
    # a claim from the ninth phone: its answer comes with its next ask
    code = (await request(req("POST", "/claim?k=" + key, json.dumps({"seat": 1, "c": "phone0000009"}).encode())))[0]
    app.frame()
    app.on_button("click", "ok")           # the table says yes on the panel
    app.frame()
    hub.poll()
    r9, w9 = await stream("/events?k=%s&lang=ja&c=phone0000009" % key)
    got9 = await events(r9)
    w9.close()
    claim = [json.loads(d) for n, d in got9 if n == "claim"]
    out("a polling phone's claim", [code, [n for n, _ in got9][:1], claim[0]["seat"] if claim else None,
                                    len(claim[0].get("tok", "")) if claim else 0])

    # ---- a phone that vanished: its slot free within 5 s ----
    r, w = held[0]
    t0 = ticks_ms()
    w.close()
    await w.wait_closed()                  # MicroPython's close() alone leaves the socket open
    while "phone0000000" in srv.streams and ticks_diff(ticks_ms(), t0) < 10000:
        await asyncio.sleep(0.05)
    ms = ticks_diff(ticks_ms(), t0)
    sys.stderr.write("vanished phone's slot free after %d ms\n" % ms)
    out("a vanished phone's slot", ["phone0000000" not in srv.streams, ms < 5000])
    # the slot taken by the next phone
    r9, w9 = await stream("/events?k=%s&lang=ja&c=phone0000009" % key)
    name, _ = await next_event(r9)
    out("the ninth holds the freed slot", [name, "phone0000009" in srv.streams, len(srv.streams)])
    w9.close()
    for r, w in held[1:]:
        w.close()
    out("errors", app.errors)
    phones.server.close()


asyncio.run(scenarios())
