# The phone server's microdot app: its routes, each a thin closure, and their longer answers (the
# page, claims, phone events, a body over the bound). Imported with microdot at the first keyed
# request (net/server.py), never on a board nobody's phone has asked.
import json

from core.errors import Refusal
from net.reader import MAX_BODY, MAX_LINE
from net.replies import LANGS, json_reply, lang_of
from net.stream import open_stream

RECORD = ("history", "results", "games", "log", "csv", "files", "file")     # the record's addresses


def microdot_app(server):
    """The microdot app of `server`: each route a thin closure, a longer answer a function below."""
    md = _microdot(server)
    from microdot import Response
    hub = server.hub

    @md.errorhandler(404)
    async def not_found(req):
        return Response("not found", 404, {"Content-Type": "text/plain"})

    @md.errorhandler(413)
    async def too_large(req):
        return await _too_large(req)

    @md.errorhandler(400)
    async def bad(req):
        return json_reply({"error": "bad request"}, 400)

    @md.get("/")
    async def page(req):
        return _send_page(server, req)

    @md.get("/view")
    async def view(req):
        return json_reply(hub.view(lang_of(req), req.args.get("tok")))

    @md.get("/events")
    async def events(req):
        return Response(open_stream(server, req), 200, {"Content-Type": "text/event-stream",
                                                        "Cache-Control": "no-store"})

    @md.post("/claim")
    async def claim(req):
        return _claim(server, req)

    @md.post("/act")
    async def act(req):
        return _act(server, req)

    # the table's record (net/record_routes.py and net/record.py, imported at the first such
    # request): one route for its seven addresses, each microdot route costing heap
    @md.get("/<name>")
    async def record(req, name):
        if name not in RECORD:
            return await not_found(req)
        from net.record_routes import route
        return await route(server, req)

    return md


def _microdot(server):
    """An empty microdot app, its requests bounded."""
    import gc
    gc.collect()
    import sys
    from microdot import Microdot, Request
    # microdot prints every exception it catches (a request it cannot parse, a route that
    # raised) with its module's print_exception: ours puts it in the error log instead
    mod = sys.modules.get("microdot.microdot")
    if mod is not None:
        mod.print_exception = server._log
    Request.max_readline = MAX_LINE
    Request.max_content_length = MAX_BODY
    Request.max_body_length = MAX_BODY
    return Microdot()


async def _too_large(req):
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


def _send_page(server, req):
    from microdot import Response
    if req.method == "HEAD":   # microdot sends no body then, nor closes the file it has
        import os
        return Response(b"", 200, {"Content-Type": "text/html; charset=UTF-8",
                                   "Content-Length": str(os.stat(server.page)[6])})
    return Response.send_file(server.page, content_type="text/html; charset=UTF-8")


def _claim(server, req):
    """A phone asks for a seat: the panel asks the table (202), or why not (409)."""
    hub = server.hub
    body = _body(req)
    if body is None:
        return json_reply({"error": "bad request"}, 400)
    try:
        hub.claim(body.get("seat"), body.get("c"))
    except Refusal as r:
        return json_reply({"error": hub.t(lang_of(req), r.msg_id, r.info)}, 409)
    server.app.dirty = True
    return json_reply({"asked": True}, 202)


def _act(server, req):
    """A seat's phone sends an event: taken as a press would be, or refused (409), or not this
    phone's to send (403)."""
    hub = server.hub
    body = _body(req)
    if body is None:
        return json_reply({"error": "bad request"}, 400)
    try:
        code, v = hub.act(body.get("tok"), body.get("v"), body.get("ev"))
    except Refusal as r:
        return json_reply({"error": _refusal(server.app, hub, lang_of(req), r), "v": hub.v}, 409)
    if code != 200:          # no seat of this game's, or not this seat's to send
        return json_reply({"error": hub.t(lang_of(req), "E_PH_NOT_SEAT")}, 403)
    return json_reply({"ok": True, "v": v})


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
