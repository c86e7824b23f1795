# One phone's event stream (docs/phones.md): the current view at once, then one at every change,
# pinged while idle; past the streams held, the view polled. Imported with net/routes.py.
import json

import asyncio

from net.seats import rand_hex
from net.replies import lang_of

RETRY_MS = 1500           # a phone past the streams held asks again this often (its EventSource's retry)
PING_GAP_S = 0.3          # a held stream's ping (net/server.py's PING_S) is two writes this far apart:
                          # a phone that left answers the first with a reset, so the second fails


def open_stream(server, req):
    """One phone's event stream: the current view at once, then one at every change. Past
    max_streams (the official Pico W firmware's lwIP has 5 connections in all) the phone polls:
    it gets the view (none when its Last-Event-ID is the view's v), its claim's answer and
    `event: poll` with `retry`, then the stream ends and its EventSource asks again RETRY_MS
    later; the page knows it is polled and shows no 再接続中 for that."""
    cid = req.args.get("c") or ""
    if not 8 <= len(cid) <= 32:
        cid = rand_hex(16)
    held = cid in server.streams or len(server.streams) < server.max_streams
    st = _Stream(server, cid, lang_of(req), req.args.get("tok"), held)
    if not held and req.headers.get("Last-Event-ID") == str(server.hub.v):
        st.sent = server.hub.v                # the view it has: only the poll
    server.open_streams[id(req.sock[1])] = st    # the server lets it go however the connection ends
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
