# The phone server's reader for one request (net/server.py) and the request's bounds: one deadline
# for all of it, no line held past the bound, the phone's language and the body's length noted as the
# headers go by.
import asyncio

MAX_LINE = 512            # a request or header line (microdot's bound too: net/routes.py)
MAX_BODY = 512            # a POST body
REQUEST_MS = 2000         # the whole request (line, headers, body) must arrive within this


class TooLong(OSError):
    """A request or header line over the bound: answered 403, 414 or 431 (net/forbidden.py), never
    logged (the client's doing). An OSError so that microdot, which reads the headers, lets it
    through to the server instead of printing it."""


class Reader:
    """The client's reader for one request: one deadline for all of it, `ms` (a client that opens
    a connection and never finishes its request is dropped then), no line longer than `max_line`
    ever held (a stream's own readline reads to the newline however far it is). It notes the
    phone's language and the body's length as the headers go by: the answers made without microdot
    need them."""

    def __init__(self, reader, ms, max_line):
        from hw.clock import ticks_add, ticks_ms
        self.reader = reader
        self.max = max_line
        self.buf = b""
        self.until = ticks_add(ticks_ms(), ms)
        self.lang = None           # the Accept-Language's first language: "ja", "en" or None
        self.more = 0              # the Content-Length said (-1: one that could not be read)

    async def _more(self, n):
        from hw.clock import ticks_diff, ticks_ms
        left = ticks_diff(self.until, ticks_ms())
        if left <= 0:
            raise OSError(104)         # as a reset: microdot closes the connection quietly
        try:
            data = await asyncio.wait_for(self.reader.read(n), left / 1000)
        except asyncio.TimeoutError:
            raise OSError(104)
        self.buf += data
        return data

    async def readline(self):
        """The next line with its end, at most max_line bytes; TooLong, with the first max_line
        bytes left in buf, when it has no end within them."""
        while True:
            i = self.buf.find(b"\n")
            if i >= self.max or i < 0 and len(self.buf) >= self.max:
                raise TooLong("a line over %d bytes" % self.max)
            if i >= 0 or not await self._more(self.max - len(self.buf)):
                i = len(self.buf) if i < 0 else i + 1       # at the end: what came
                line = self.buf[:i]
                self.buf = self.buf[i:]
                self._note(line)
                return line

    def _note(self, line):
        low = line[:16].lower()
        if low == b"accept-language:":
            self.lang = "ja" if line[16:].strip()[:2].lower() == b"ja" else "en"
        elif low[:15] == b"content-length:":
            n = line[15:].strip()
            self.more = int(n) if n.isdigit() else -1

    async def skip_line(self):
        """Drops the rest of a line over the bound as it comes, never holding more than max_line."""
        while True:
            i = self.buf.find(b"\n")
            if i >= 0:
                self.buf = self.buf[i + 1:]
                return
            self.buf = b""
            if not await self._more(self.max):
                return

    async def drop(self, n):
        """What the client still sends after its answer, read and dropped: n bytes (-1: until it
        stops), within the deadline. A socket closed with bytes unread answers with a reset, and
        the phone might lose the answer to it."""
        n -= len(self.buf)
        self.buf = b""
        try:
            while n:
                data = await self._more(self.max if n < 0 else min(n, self.max))
                if not data:
                    return
                n -= len(data) if n > 0 else 0
                self.buf = b""
        except OSError:          # the deadline, a reset: the answer went all the same
            pass

    async def readexactly(self, n):
        while len(self.buf) < n:
            if not await self._more(n - len(self.buf)):
                raise OSError(104)
        data = self.buf[:n]
        self.buf = self.buf[n:]
        return data

    async def read(self, n=-1):
        if not self.buf:
            await self._more(n if n > 0 else self.max)
        n = len(self.buf) if n < 0 else n
        data = self.buf[:n]
        self.buf = self.buf[n:]
        return data


def arg(line, name):
    """The first `name=` of a request line's query (bytes), or None."""
    parts = line.split()
    if len(parts) < 2:
        return None
    name += b"="
    for kv in parts[1].partition(b"?")[2].split(b"&"):
        if kv[:len(name)] == name:
            return kv[len(name):]
    return None


def held(line):
    """What can be trusted of a request line cut at the bound: up to its last `&` or space, since
    the parameter after it may be cut short (a key there might go on past the bound)."""
    end = max(line.rfind(b"&"), line.rfind(b" "))
    return line[:end] if end > 0 else b""
