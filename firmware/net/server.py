# The phone server on microdot: the page, the live view as server-sent events, claims and phone
# events, each request bounded (docs/phones.md). Runs as asyncio tasks beside the buttons' loop.
import json

import asyncio

from net.live import Hub
from net.seats import rand_hex
from net.reader import Reader, TooLong, arg, held
from core.errors import Refusal

PORT = 80
KEY_HEX = 12              # the table key: 48 random bits, in the page's address
MAX_CONNS = 12            # connections at once (6 phones' streams and their requests)
MAX_STREAMS = 8           # streams held open at once (a board may say fewer: PHONE_STREAMS)
RETRY_MS = 1500           # a phone past them asks again this often (its EventSource's retry)
MAX_LINE = 512            # a request or header line
MAX_BODY = 512            # a POST body
REQUEST_MS = 2000         # the whole request (line, headers, body) must arrive within this
PING_S = 2                # every held stream pings this often, in two writes PING_GAP_S apart: a
PING_GAP_S = 0.3          # phone that left answers the first with a reset, so the second fails and
                          # its slot is free within PING_S + PING_GAP_S
LOG_GAP_MS = 60000        # the server writes at most one error a minute to the flash (a flood's
                          # errors are counted into the next one)
LANGS = ("ja", "en")
RECORD = ("history", "results", "games", "log", "csv", "files", "file")     # the record's addresses
# A request without the table key, the table's record: their code is in net/forbidden.py and
# net/record_routes.py, imported only when one comes (the official firmware loads code into the heap)


def _page_path():
    import sys
    if sys.path[:1] == [".frozen"]:     # our firmware: the page is frozen, mounted with its data
        from frozen_data import MOUNT
        return MOUNT + "/net/page.html"
    try:
        here = __file__
    except NameError:        # a MicroPython built without __file__: the flash layout
        return "/net/page.html"
    i = max(here.rfind("/"), here.rfind("\\"))
    return (here[:i + 1] if i >= 0 else "") + "page.html"


class Server:
    """The microdot app around the Hub; serve() listens until cancelled."""

    def __init__(self, app, key, page=None, max_streams=MAX_STREAMS):
        self.app = app
        self.max_streams = max_streams
        self.hub = Hub(app, key)
        app.hub = self.hub
        self.hub.wake = self._wake
        self.page = page or _page_path()
        self.conns = 0
        self.streams = {}           # client id -> its stream's asyncio.Event
        self.open_streams = {}      # id(connection's writer) -> its _Stream
        self.dropped = 0            # connections refused over MAX_CONNS (the bench, the tests)
        self.logged_at = None       # ticks_ms of the last error written (LOG_GAP_MS)
        self.unlogged = 0           # errors since then, not written
        self.log_gap = LOG_GAP_MS
        self.md = None              # microdot and the routes: imported at the first phone's request
        self.rec = None             # net.record.Record: at the first request for the record
        self.server = None

    # ---- listening -------------------------------------------------------------------------------
    async def serve(self, host="0.0.0.0", port=PORT):
        self.server = await asyncio.start_server(self._conn, host, port)
        while True:               # MicroPython's server has no serve_forever: this task pings
            await asyncio.sleep(PING_S)
            self._wake()          # every idle stream sends a ping: one that fails is let go

    def close(self):
        if self.server is not None:
            self.server.close()

    async def _conn(self, reader, writer):
        if not hasattr(writer, "awrite"):      # CPython's streams: microdot's two coroutines
            _cpython_writer(writer)
        if self.conns >= MAX_CONNS:
            self.dropped += 1
            try:
                await writer.aclose()
            except Exception:
                pass
            return
        self.conns += 1
        try:
            await self._request(Reader(reader, REQUEST_MS, MAX_LINE), writer)
        except asyncio.CancelledError:   # the server stopping: the connection just closes
            pass
        except Exception as e:     # a broken client: its connection only
            self._log(e)
        finally:
            self.conns -= 1
            st = self.open_streams.pop(id(writer), None)
            if st is not None:
                st.close()
            try:
                await writer.aclose()
            except Exception:
                pass

    async def _request(self, rd, writer):
        """One request, the key decided on its request line before microdot is imported: without
        it 403, whatever it asked; with it a line over the bound is 414 (the request line) or 431
        (a header line). A request line over the bound is judged on its first MAX_LINE bytes."""
        try:
            line = await rd.readline()
            cut = False
        except TooLong:
            line, cut = rd.buf, True
            rd.buf = b""
        if not line:                       # connected and gone
            return
        trusted = held(line) if cut else line
        if arg(trusted, b"k") != self.key:
            return await self._refuse(rd, writer, 403, line, cut)
        if cut:
            return await self._refuse(rd, writer, 414, trusted, cut)
        rd.buf = line + rd.buf             # microdot reads the request line again
        if self.md is None:
            self.md = self._routes()
        try:
            await self.md.handle_request(rd, writer)
        except TooLong:                    # a header line: microdot had not answered yet
            await self._refuse(rd, writer, 431, line, True)

    async def _refuse(self, rd, writer, code, line, cut):
        """The answer of net/forbidden.py, after the rest of the request's head (cut: the line
        being read was over the bound); a keyed answer in the language its query names, if any."""
        from net.forbidden import answer, skip_head
        await skip_head(rd, cut)
        lang = None if code == 403 else arg(line, b"lang")
        await answer(rd, writer, code, lang.decode() if lang in (b"ja", b"en") else None,
                     line[:5] == b"HEAD ")

    @property
    def key(self):
        return self.hub.key.encode()

    def _log(self, e, file=None):
        """An error of the server's or microdot's (its print_exception comes here: never the
        console) into the error log, at most one each log_gap ms so a flood never wears the flash;
        a client that went away is not an error, nor a line over the bound (TooLong: answered)."""
        if isinstance(e, (asyncio.TimeoutError, asyncio.CancelledError, OSError)):
            return
        from hw.clock import ticks_diff, ticks_ms
        now = ticks_ms()
        if self.logged_at is not None and ticks_diff(now, self.logged_at) < self.log_gap:
            self.unlogged += 1
            return
        self.logged_at = now
        where = "Server" if not self.unlogged else "Server (+%d not logged)" % self.unlogged
        self.unlogged = 0
        try:
            self.app.log_error(e, where)
        except Exception:
            pass

    def shed(self):
        streams = self.streams
        self.streams = {}           # every _Stream sees it is no longer the held one and ends
        for cid in streams:
            streams[cid].set()
        self.hub.views = {}
        self.hub.voices = {}

    def _wake(self):
        for cid in self.streams:
            self.streams[cid].set()

    # ---- the routes --------------------------------------------------------------------------------
    def _routes(self):
        """The microdot app (imported now: a board nobody's phone has asked keeps its ~13 KB): each
        route a thin closure, a longer answer a method below."""
        md = self._microdot()
        from microdot import Response
        hub = self.hub

        @md.errorhandler(404)
        async def not_found(req):
            return Response("not found", 404, {"Content-Type": "text/plain"})

        @md.errorhandler(413)
        async def too_large(req):
            return await self._too_large(req)

        @md.errorhandler(400)
        async def bad(req):
            return _json({"error": "bad request"}, 400)

        @md.get("/")
        async def page(req):
            return self._send_page(req)

        @md.get("/view")
        async def view(req):
            return _json(hub.view(_lang(req), req.args.get("tok")))

        @md.get("/events")
        async def events(req):
            return Response(self.stream(req), 200, {"Content-Type": "text/event-stream",
                                                    "Cache-Control": "no-store"})

        @md.post("/claim")
        async def claim(req):
            return self._claim(req)

        @md.post("/act")
        async def act(req):
            return self._act(req)

        # the table's record (net/record_routes.py and net/record.py, imported at the first such
        # request): one route for its seven addresses, each microdot route costing heap
        @md.get("/<name>")
        async def record(req, name):
            if name not in RECORD:
                return await not_found(req)
            from net.record_routes import route
            return await route(self, req)

        return md

    def _microdot(self):
        """An empty microdot app, its requests bounded."""
        import gc
        gc.collect()
        import sys
        from microdot import Microdot, Request
        # microdot prints every exception it catches (a request it cannot parse, a route that
        # raised) with its module's print_exception: ours puts it in the error log instead
        mod = sys.modules.get("microdot.microdot")
        if mod is not None:
            mod.print_exception = self._log
        Request.max_readline = MAX_LINE
        Request.max_content_length = MAX_BODY
        Request.max_body_length = MAX_BODY
        return Microdot()

    async def _too_large(self, req):
        # answered and the unread body drained here: microdot would close on it (a reset)
        from microdot import Response
        from net.forbidden import answer
        lang = req.args.get("lang")
        try:
            await answer(req.sock[0], req.sock[1], 413, lang if lang in LANGS else None,
                         req.method == "HEAD")
        except OSError:        # the phone went: nothing more to say
            pass
        return Response.already_handled

    def _send_page(self, req):
        from microdot import Response
        if req.method == "HEAD":   # microdot sends no body then, nor closes the file it has
            import os
            return Response(b"", 200, {"Content-Type": "text/html; charset=UTF-8",
                                       "Content-Length": str(os.stat(self.page)[6])})
        return Response.send_file(self.page, content_type="text/html; charset=UTF-8")

    def _claim(self, req):
        """A phone asks for a seat: the panel asks the table (202), or why not (409)."""
        hub = self.hub
        body = _body(req)
        if body is None:
            return _json({"error": "bad request"}, 400)
        try:
            hub.claim(body.get("seat"), body.get("c"))
        except Refusal as r:
            return _json({"error": hub.t(_lang(req), r.msg_id, r.info)}, 409)
        self.app.dirty = True
        return _json({"asked": True}, 202)

    def _act(self, req):
        """A seat's phone sends an event: taken as a press would be, or refused (409), or not this
        phone's to send (403)."""
        hub = self.hub
        body = _body(req)
        if body is None:
            return _json({"error": "bad request"}, 400)
        try:
            code, v = hub.act(body.get("tok"), body.get("v"), body.get("ev"))
        except Refusal as r:
            return _json({"error": _refusal(self.app, hub, _lang(req), r), "v": hub.v}, 409)
        if code != 200:          # no seat of this game's, or not this seat's to send
            return _json({"error": hub.t(_lang(req), "E_PH_NOT_SEAT")}, 403)
        return _json({"ok": True, "v": v})

    def record(self):
        from net import record
        if self.rec is None:
            self.rec = record.Record(self)
        return self.rec

    def stream(self, req):
        """One phone's event stream: the current view at once, then one at every change. Past
        max_streams (the official Pico W firmware's lwIP has 5 connections in all) the phone polls:
        it gets the view (none when its Last-Event-ID is the view's v), its claim's answer and
        `event: poll` with `retry`, then the stream ends and its EventSource asks again RETRY_MS
        later; the page knows it is polled and shows no 再接続中 for that."""
        cid = req.args.get("c") or ""
        if not 8 <= len(cid) <= 32:
            cid = rand_hex(16)
        held = cid in self.streams or len(self.streams) < self.max_streams
        st = _Stream(self, cid, _lang(req), req.args.get("tok"), held)
        if not held and req.headers.get("Last-Event-ID") == str(self.hub.v):
            st.sent = self.hub.v                # the view it has: only the poll
        self.open_streams[id(req.sock[1])] = st    # _conn lets it go however the connection ends
        return st


class _Stream:
    """The body of an event stream (microdot writes what __anext__ returns): one object a phone,
    no task of its own; a slow phone gets the newest view, never a backlog."""

    def __init__(self, server, cid, lang, tok, held):
        self.server = server
        self.cid = cid
        self.lang = lang
        self.tok = None
        self.own(tok)
        self.sent = None
        self.ev = None
        self.big = False           # the last chunk was an event: send a tiny one before waiting
        self.pinged = False        # the last chunk was a ping's first half
        if held:
            self.ev = asyncio.Event()
            old = server.streams.get(cid)
            server.streams[cid] = self.ev      # a client's new stream replaces its old one
            if old is not None:
                old.set()

    def __aiter__(self):
        return self

    async def __anext__(self):
        server = self.server
        hub = server.hub
        while True:
            if self.ev is None:                # not held: one chunk, then the phone asks again
                if self.big:
                    raise StopAsyncIteration
                self.big = True
                out = self._answer() or b""
                if self.sent != hub.v:
                    self.sent = hub.v
                    out += _event("view", hub.view_json(self.lang, self.tok), self.sent)
                return out + _event("poll", "%d" % RETRY_MS, None, RETRY_MS)
            if server.streams.get(self.cid) is not self.ev:
                raise StopAsyncIteration       # replaced by the same phone's newer stream
            if self.pinged:                    # the ping's second half: fails if the phone left
                self.pinged = False
                await asyncio.sleep(PING_GAP_S)
                return b"\n"
            if self.big:
                # microdot's writer holds the last chunk while it waits for the next one: a
                # comment line first, so no phone's view stays in the heap between changes
                self.big = False
                return b":\n"
            self.big = True
            ans = self._answer()
            if ans is not None:
                return ans
            if self.sent != hub.v:
                if self.tok and hub.seat_of(self.tok) is None:
                    self.own(None)             # the seat was given to another phone, or another
                                               # game is on the table
                self.sent = hub.v
                return _event("view", hub.view_json(self.lang, self.tok), self.sent)
            self.big = False
            self.ev.clear()
            v = hub.v
            await self.ev.wait()               # a change, or the server's ping (no task of its own)
            if hub.v == v and self.cid not in hub.answers and server.streams.get(self.cid) is self.ev:
                self.pinged = True
                return b": ping\n"             # a phone that left is noticed when this fails

    def _answer(self):
        """This client's claim answer as an event, or None."""
        hub = self.server.hub
        ans = hub.answers.pop(self.cid, None)
        if ans is None:
            return None
        if "tok" in ans:
            self.own(ans["tok"])
        else:
            ans = {"seat": ans["seat"], "refused": hub.t(self.lang, ans["refused"])}
        return _event("claim", json.dumps(ans))

    def own(self, tok):
        """This stream is now `tok`'s phone's (the hub knows which seats' phones are here)."""
        hub = self.server.hub
        if self.tok:
            hub.stream_off(self.tok)
        self.tok = tok
        if tok:
            hub.stream_on(tok)

    def close(self):
        if self.ev is not None and self.server.streams.get(self.cid) is self.ev:
            del self.server.streams[self.cid]
        self.own(None)

    async def aclose(self):
        self.close()


def _event(name, text, eid=None, retry=None):
    head = "event: " + name + "\n"
    if eid is not None:
        head += "id: %d\n" % eid
    if retry is not None:
        head += "retry: %d\n" % retry
    return (head + "data: " + text + "\n\n").encode()


def _cpython_writer(writer):
    from types import MethodType

    async def awrite(self, data):
        self.write(data)
        await self.drain()

    async def aclose(self):
        self.close()
        await self.wait_closed()

    writer.awrite = MethodType(awrite, writer)
    writer.aclose = MethodType(aclose, writer)


def _lang(req):
    lang = req.args.get("lang")
    return lang if lang in LANGS else "ja"


def _json(obj, code=200):
    from microdot import Response
    return Response(json.dumps(obj), code, {"Content-Type": "application/json"})


def _body(req):
    try:
        body = json.loads(req.body.decode())
    except Exception:
        return None
    return body if isinstance(body, dict) else None


def _refusal(app, hub, lang, r):
    """A refusal in the phone's language, with seats as names (App.refuse's rules)."""
    info = r.info
    if info:
        info = dict(info)
        for k in info:
            v = info[k]
            if k in ("seat", "winner", "loser", "by") and isinstance(v, int) and 0 <= v < app.nseats():
                info[k] = app.name(v)
    return hub.t(lang, r.msg_id, info)


def make_key():
    return rand_hex(KEY_HEX)
