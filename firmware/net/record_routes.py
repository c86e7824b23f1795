# The table's record over HTTP (docs/phones.md "The record"): /history, /results, /games, /log, /csv,
# /files and /file, answered from net/record.py. net/routes.py routes them here; this module is
# imported at the first such request only (the official firmware loads code into the heap).
from microdot import Response

from net.replies import json_reply, lang_of


async def route(server, req):
    rec = server.record()
    path = req.path
    lang = lang_of(req)
    if path == "/history":
        return json_reply(rec.history(lang))
    if path == "/results":
        text = rec.results(lang, req.args.get("g"))
        return json_reply(text) if text != "null" else json_reply({"error": "not found"}, 404)
    if path == "/games":
        return json_reply(rec.games(lang))
    st = server.app.store
    if path == "/csv":
        if rec.busy is not None:       # before the game is read: a busy answer costs no replay
            return _busy(req, rec)
        got = rec.csv(lang, req.args.get("g"))
        if got is None:
            return json_reply({"error": "not found"}, 404)
        body = rec.Rows(got[1], got[2])
        server.open_streams[id(req.sock[1])] = body     # let go however the connection ends
        return Response(body, 200, {"Content-Type": "text/csv; charset=utf-8", "Cache-Control": "no-store",
                                    "Content-Disposition": 'attachment; filename="%s"' % got[0]})
    if path == "/log":
        key = req.args.get("g")
        files = rec.log_files(st, key)
        if files is None:
            return json_reply({"error": "not found"}, 404)
        return send(server, req, rec, files, key + ".log")
    if path == "/files":
        if rec.busy is not None:
            return _busy(req, rec)
        got = [] if st is None else await rec.digests(st.fs, rec.all_files(st))
        return json_reply({"scoreboard": 1, "root": st.root if st else "/games", "files": got})
    # /file
    path = rec.safe_path(st, req.args.get("p"))
    if path is None:
        return json_reply({"error": "not found"}, 404)
    try:
        stat = st.fs.stat(path)
    except OSError:
        stat = None
    if stat is None or stat[0] & 0x4000:
        return json_reply({"error": "not found"}, 404)
    return send(server, req, rec, [(path, stat[6])], path[path.rfind("/") + 1:])


def send(server, req, rec, files, name):
    """A file (or a game's segments, one after the other) streamed from the flash: one at a time."""
    if rec.busy is not None:
        return _busy(req, rec)
    body = rec.File(server.app.store.fs, files)
    server.open_streams[id(req.sock[1])] = body     # let go however the connection ends
    return Response(body, 200, {"Content-Type": "application/octet-stream",
                                "Content-Length": str(sum([n for _, n in files])),
                                "Content-Disposition": 'attachment; filename="%s"' % name,
                                "Cache-Control": "no-store"})


def _busy(req, rec):
    return json_reply({"error": rec.BUSY[lang_of(req)]}, 503)
