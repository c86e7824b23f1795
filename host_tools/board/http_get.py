# One GET to the board's phone server, read whole or refused with the reason: an answer cut
# anywhere (before its first byte, in its status line, in its headers, in its body) is a Dropped
# naming where, never half an answer taken for a whole one. (http.client takes headers cut by a
# closed connection for complete ones, and raises IncompleteRead or BadStatusLine for the rest.)
import re
import socket

HEAD_MAX = 16384        # a scoreboard's status line and headers are a few hundred bytes
CHUNK = 65536
STATUS = re.compile(rb"HTTP/1\.[01] (\d{3})(?: [^\r\n]*)?\r?$")

BEFORE, STATUS_LINE, HEADERS, BODY = "before", "status", "headers", "body"    # where an answer stopped


class NoAnswer(Exception):
    """No connection: refused, unreachable, or no byte of an answer within the timeout."""


class Dropped(Exception):
    """The answer stopped before its end: `part` is where (BEFORE its first byte, in its
    STATUS_LINE, its HEADERS or its BODY: then `got` of `want` bytes); `why` the socket's reason
    when it was not a plain close."""

    def __init__(self, part, got=0, want=0, why=""):
        Exception.__init__(self, part, got, want, why)
        self.part, self.got, self.want, self.why = part, got, want, why


class NotHttp(Exception):
    """A whole answer no scoreboard gives: no HTTP status line, headers without end, a 200 without
    its Content-Length."""


def get(host, port, target, timeout):
    """(status, {lower-case header: value}, body) of `GET target` (HTTP/1.0: one answer, then the
    board closes). Only a 200's body is read; its length must be its Content-Length."""
    try:
        sock = socket.create_connection((host, port), timeout=timeout)
    except OSError as e:
        raise NoAnswer(getattr(e, "strerror", None) or str(e) or type(e).__name__)
    try:
        sock.sendall(b"GET %s HTTP/1.0\r\nHost: %s\r\n\r\n" % (target.encode("ascii"), _host(host, port)))
        head, rest = _read_head(sock)
        status, headers = _parse_head(head)
        body = _read_body(sock, rest, headers) if status == 200 else b""
        return status, headers, body
    except OSError as e:          # the request could not be sent: the board closed at once
        raise Dropped(BEFORE, why=_why(e))
    finally:
        sock.close()


def _host(host, port):
    h = host if ":" not in host else "[%s]" % host
    return ("%s:%d" % (h, port)).encode("ascii", "replace")


def _why(e):
    return getattr(e, "strerror", None) or type(e).__name__


def _recv(sock, part, got=0, want=0):
    """The next bytes of the answer (b"" when the board closed); a reset or a timeout is a Dropped
    at `part`, but a board that accepted and never said a byte gave NoAnswer."""
    try:
        return sock.recv(CHUNK)
    except socket.timeout:
        if part == BEFORE:
            raise NoAnswer("timed out")
        raise Dropped(part, got, want, "timed out")
    except OSError as e:
        raise Dropped(part, got, want, _why(e))


def _read_head(sock):
    """(status line and headers, the body's first bytes): up to the blank line that ends the headers."""
    buf = b""
    while b"\r\n\r\n" not in buf:
        if len(buf) > HEAD_MAX:
            raise NotHttp("its headers have no end")
        data = _recv(sock, _where(buf))
        if not data:
            raise Dropped(_where(buf))
        buf += data
    head, rest = buf.split(b"\r\n\r\n", 1)
    return head, rest


def _where(head_so_far):
    """Which part of the answer a cut at the end of `head_so_far` falls in."""
    if not head_so_far:
        return BEFORE
    return STATUS_LINE if b"\n" not in head_so_far else HEADERS


def _parse_head(head):
    lines = head.split(b"\r\n")
    m = STATUS.match(lines[0])
    if not m:
        raise NotHttp("no HTTP status line")
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(b":")
        headers[name.strip().lower().decode("latin-1")] = value.strip().decode("latin-1")
    return int(m.group(1)), headers


def _read_body(sock, body, headers):
    """Exactly Content-Length bytes; fewer when the board closed is a Dropped in the BODY."""
    size = headers.get("content-length", "")
    if not size.isdigit():
        raise NotHttp("no Content-Length")
    want = int(size)
    parts, got = [body[:want]], min(len(body), want)
    while got < want:
        data = _recv(sock, BODY, got, want)
        if not data:
            raise Dropped(BODY, got, want)
        parts.append(data[:want - got])
        got += len(parts[-1])
    return b"".join(parts)
