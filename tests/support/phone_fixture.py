# A stand-in for the scoreboard's phone server (docs/phones.md) on CPython's http.server, for the
# phone page's browser tests: serves firmware/net/page.html, canned views (tests/phone_views/),
# the event stream, /claim and /act, and can drop its streams, go down and come back, or change key.
import glob
import json
import os
import socket
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PAGE = os.path.join(ROOT, "firmware", "net", "page.html")
KINDS_DIR = os.path.join(ROOT, "tests", "kinds")   # a game's canned views: tests/kinds/<kind>/phone_views.json


def canned():
    """{kind: canned view file} from tests/kinds/<kind>/phone_views.json: {"ja": view, "en": view,
    "mine": {seat: {"ja": mine, "en": mine}}, ...}."""
    out = {}
    for path in sorted(glob.glob(os.path.join(KINDS_DIR, "*", "phone_views.json"))):
        with open(path, encoding="utf-8") as f:
            out[os.path.basename(os.path.dirname(path))] = json.load(f)
    return out


class Table:
    """The device's side: the current view (both languages, each seat's `mine`), the seats'
    tokens, the claim being asked, and what the phones sent. Thread-safe through one condition."""

    def __init__(self, key="0123456789ab"):
        self.key = key
        self.cond = threading.Condition()
        self.v = 0
        self.views = {"ja": {"screen": "start", "title": "スコアボード", "seats": [], "sections": []},
                      "en": {"screen": "start", "title": "Scoreboard", "seats": [], "sections": []}}
        self.mines = {}
        self.tokens = {}          # seat -> token
        self.asking = None        # (seat, cid) while the panel asks
        self.claim_events = []    # (cid, payload), in order
        self.acts = []            # (seat, ev) accepted
        self.refuse = None        # ev -> {"ja": text, "en": text} or None
        self.closed = 0           # bumps when the streams must end

    def show(self, views, mines=None):
        """A new picture: {"ja": view, "en": view}, mines {seat: {"ja": mine, "en": mine}}."""
        with self.cond:
            self.v += 1
            self.views = views
            self.mines = dict((int(s), m) for s, m in (mines or {}).items())
            self.cond.notify_all()
            return self.v

    def view(self, lang, tok=None):
        with self.cond:
            d = dict(self.views[lang])
            d["v"], d["lang"] = self.v, lang
            seat = self.seat_of(tok)
            if seat is not None and seat in self.mines:
                d["mine"] = self.mines[seat][lang]
            return d

    def seat_of(self, tok):
        for s, t in self.tokens.items():
            if tok and t == tok:
                return s
        return None

    def answer_claim(self, ok=True, refused=None):
        """The table's OK (a new token) or Back on the panel's question."""
        with self.cond:
            seat, cid = self.asking
            self.asking = None
            if ok:
                self.tokens[seat] = os.urandom(8).hex()
                payload = {"seat": seat, "tok": self.tokens[seat]}
            else:
                payload = {"seat": seat, "refused": refused}
            self.claim_events.append((cid, payload))
            self.cond.notify_all()
            return payload

    def drop_streams(self):
        with self.cond:
            self.closed += 1
            self.cond.notify_all()


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.0"

    def log_message(self, *args):
        pass

    def reply(self, code, body=b"", ctype="application/json"):
        if isinstance(body, (dict, list)):
            body = json.dumps(body).encode("utf-8")
        elif isinstance(body, str):
            body = body.encode("utf-8")
        self.send_response(code)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def forbidden(self):
        self.reply(403, "forbidden", "text/plain")

    def parse(self):
        url = urlsplit(self.path)
        q = dict((k, v[0]) for k, v in parse_qs(url.query).items())
        return url.path, q

    def do_GET(self):
        path, q = self.parse()
        table = self.server.table
        if q.get("k") != table.key:
            return self.forbidden()
        lang = "en" if q.get("lang") == "en" else "ja"
        tok = q.get("tok")
        if tok and table.seat_of(tok) is None:
            return self.forbidden()
        if path == "/":
            with open(PAGE, "rb") as f:
                return self.reply(200, f.read(), "text/html; charset=utf-8")
        if path == "/view":
            return self.reply(200, table.view(lang, tok))
        if path == "/events":
            return self.stream(table, lang, tok, q.get("c"))
        self.reply(404, {"error": "not found"})

    def stream(self, table, lang, tok, cid):
        self.server.streams.append(self)
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-cache")
        self.end_headers()
        with table.cond:
            closed = table.closed
            seen_claims = len(table.claim_events)
        sent = None
        try:
            self.wfile.write(b"retry: 1000\n\n")
            while True:
                out = []
                with table.cond:
                    while (table.v == sent and len(table.claim_events) == seen_claims
                           and table.closed == closed and not self.server.stopping):
                        table.cond.wait(1)
                    if table.closed != closed or self.server.stopping:
                        return
                    if table.v != sent:
                        view = table.view(lang, tok)
                        sent = view["v"]
                        out.append("event: view\nid: %d\ndata: %s\n\n" % (sent, json.dumps(view, ensure_ascii=False)))
                    for c, payload in table.claim_events[seen_claims:]:
                        if c == cid:
                            out.append("event: claim\ndata: %s\n\n" % json.dumps(payload, ensure_ascii=False))
                    seen_claims = len(table.claim_events)
                self.wfile.write("".join(out).encode("utf-8"))
                self.wfile.flush()
        except OSError:
            pass
        finally:
            self.server.streams.remove(self)
            self.close_connection = True

    def do_POST(self):
        path, q = self.parse()
        table = self.server.table
        if q.get("k") != table.key:
            return self.forbidden()
        lang = "en" if q.get("lang") == "en" else "ja"
        n = int(self.headers.get("Content-Length") or 0)
        if n > 512:
            return self.reply(413, {"error": "too large"})
        try:
            body = json.loads(self.rfile.read(n).decode("utf-8"))
        except ValueError:
            return self.reply(400, {"error": "invalid JSON"})
        self.server.posts.append((path, body))
        if path == "/claim":
            with table.cond:
                if table.asking is not None:
                    return self.reply(409, {"error": "asking"})
                table.asking = (body["seat"], body["c"])
            if self.server.fixture.auto_claim:
                threading.Timer(0.2, table.answer_claim).start()
            return self.reply(202, {"asked": True})
        if path == "/act":
            ev = body.get("ev") or {}
            seat = table.seat_of(body.get("tok"))
            if seat is None or ev.get("p") != seat:
                return self.forbidden()
            # a refusal names the view it answered, as the device's does (the page keeps it until then)
            if body.get("v") != table.v:
                return self.reply(409, {"error": {"ja": "画面が古くなりました", "en": "The view changed"}[lang], "v": table.v})
            why = table.refuse(ev) if table.refuse else None
            if why:
                return self.reply(409, {"error": why[lang], "v": table.v})
            table.acts.append((seat, ev))
            return self.reply(200, {"ok": True, "v": table.v})
        self.reply(404, {"error": "not found"})


class Fixture:
    """The fixture's server on 127.0.0.1 (a free port, kept across stop() / start())."""

    def __init__(self, table=None):
        self.table = table or Table()
        self.port = None
        self.httpd = None
        self.posts = []
        self.auto_claim = False
        self.start()

    def start(self):
        httpd = ThreadingHTTPServer(("127.0.0.1", self.port or 0), Handler)
        httpd.daemon_threads = True
        httpd.table, httpd.streams, httpd.posts, httpd.stopping = self.table, [], self.posts, False
        httpd.fixture = self
        self.port = httpd.server_address[1]
        self.httpd = httpd
        threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()

    def stop(self):
        """The server goes away: its streams end and new connections are refused."""
        httpd = self.httpd
        httpd.stopping = True
        with self.table.cond:
            self.table.cond.notify_all()
        httpd.shutdown()
        httpd.server_close()
        deadline = time.time() + 5
        while httpd.streams and time.time() < deadline:
            time.sleep(0.05)
        for h in list(httpd.streams):
            try:
                h.connection.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    def url(self, key=None):
        return "http://127.0.0.1:%d/?k=%s" % (self.port, self.table.key if key is None else key)
