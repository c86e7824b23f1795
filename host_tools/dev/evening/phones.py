"""The evening's phones on the emulated Pico W: each one's page stream (GET /events) and its requests, as coroutines on the emulator's own loop, so every view is stamped with the board's clock when it arrives."""
import asyncio
import json

RETRY_MS = 1500          # an EventSource asks again this long after its stream ended (the board's ms)


class Phone:
    """One phone's page: its client id, language and seat token (kept as a page that was not told
    otherwise keeps it: a token of an earlier game is sent again), and what its stream received:
    views [(emulated ms, id, view)] and claim answers."""

    def __init__(self, name, lang, cid):
        self.name, self.lang, self.cid = name, lang, cid
        self.tok = None
        self.views = []
        self.answers = []
        self.task = None

    @property
    def last(self):
        return self.views[-1] if self.views else None

    def views_after(self, ms):
        return [v for v in self.views if v[0] > ms]

    def events_path(self, key):
        path = "/events?k=%s&lang=%s&c=%s" % (key, self.lang, self.cid)
        return path + ("&tok=" + self.tok if self.tok else "")

    def on_event(self, at_ms, fields):
        name = fields.get("event", "message")
        if name == "view":
            self.views.append((at_ms, int(fields.get("id", -1)), json.loads(fields["data"])))
        elif name == "claim":
            ans = json.loads(fields["data"])
            self.answers.append(ans)
            if "tok" in ans:
                self.tok = ans["tok"]


async def _read_events(reader, phone, now_ms):
    """The stream's events until the board ends it; returns the retry it asked for."""
    retry, fields = RETRY_MS, {}
    while True:
        line = await reader.readline()
        if not line:
            return retry
        line = line.decode("utf-8").rstrip("\r\n")
        if line == "":
            if "data" in fields:
                phone.on_event(now_ms(), fields)
            if "retry" in fields:
                retry = int(fields["retry"])
            fields = {}
        elif not line.startswith(":") and ":" in line:
            k, v = line.split(":", 1)
            fields[k] = v[1:] if v.startswith(" ") else v


async def follow(phone, address, key, now_ms, sleep_ms):
    """The page's EventSource: its stream, asked again whenever the board ends it."""
    last_id = None
    while True:
        reader, writer = await asyncio.open_connection(*address)
        try:
            head = "GET %s HTTP/1.0\r\nHost: board\r\nAccept: text/event-stream\r\n" % phone.events_path(key)
            if phone.last is not None:
                last_id = phone.last[1]
            if last_id is not None:
                head += "Last-Event-ID: %d\r\n" % last_id
            writer.write((head + "\r\n").encode())
            await writer.drain()
            while (await reader.readline()) not in (b"\r\n", b"\n", b""):
                pass                   # the answer's status and headers
            retry = await _read_events(reader, phone, now_ms)
        finally:
            writer.close()
        await sleep_ms(retry)


async def request(address, method, path, body=None):
    """One HTTP/1.0 request: (status, the answer's body as text)."""
    reader, writer = await asyncio.open_connection(*address)
    try:
        data = b"" if body is None else json.dumps(body).encode()
        head = "%s %s HTTP/1.0\r\nHost: board\r\n" % (method, path)
        if body is not None:
            head += "Content-Type: application/json\r\nContent-Length: %d\r\n" % len(data)
        writer.write((head + "\r\n").encode() + data)
        await writer.drain()
        raw = await reader.read()
    finally:
        writer.close()
    head, _, text = raw.partition(b"\r\n\r\n")
    status = int(head.split(b" ", 2)[1]) if head.startswith(b"HTTP/") else 0
    return status, text.decode("utf-8", errors="replace")
