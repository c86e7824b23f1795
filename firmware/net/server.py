# The phone server on microdot: connections, each request bounded and keyed before microdot is
# imported, the error log, the streams held (docs/phones.md). Runs as asyncio tasks beside the
# buttons' loop; its routes (net/routes.py) and event streams (net/stream.py) come with microdot.
import asyncio

from net.live import Hub
from net.seats import rand_hex
from net.reader import MAX_LINE, REQUEST_MS, Reader, TooLong, arg, held

PORT = 80
KEY_HEX = 12              # the table key: 48 random bits, in the page's address
MAX_CONNS = 12            # connections at once (6 phones' streams and their requests)
MAX_STREAMS = 8           # streams held open at once (a board may say fewer: PHONE_STREAMS)
PING_S = 2                # every held stream pings this often, in two writes net/stream.py's
                          # PING_GAP_S apart: its slot is free within PING_S + PING_GAP_S
LOG_GAP_MS = 60000        # the server writes at most one error a minute to the flash (a flood's
                          # errors are counted into the next one)
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
        self.open_streams = {}      # id(connection's writer) -> its net/stream.py _Stream (or a download)
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

    def _routes(self):
        """The microdot app and its routes (net/routes.py), imported now: a board nobody's phone
        has asked keeps their heap and microdot's ~13 KB."""
        from net.routes import microdot_app
        return microdot_app(self)

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

    # ---- the streams held, the record ----------------------------------------------------------
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

    def record(self):
        from net import record
        if self.rec is None:
            self.rec = record.Record(self)
        return self.rec


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


def make_key():
    return rand_hex(KEY_HEX)
