# The table's record for phones (docs/phones.md "The record"): the game's 履歴 as the panel says it,
# a game's results (standings and each round's result, and as CSV), the saved games and 通算成績,
# and the games' files streamed from the flash (a phone's download, `python -m host_tools export --url`).
# Imported at the first such request; nothing here runs unless a phone asks.
#
# Bounds: a file is read and sent in CHUNK bytes, never whole in RAM (a CSV's rows made as its game's
# journal is read back, sent about CHUNK bytes at a time); one download (a CSV, or a listing with
# digests) at a time, another phone gets 503 and BUSY in its language; what is built from the
# journal is built once per change of the table and language (the last one kept), so phones asking
# the same thing cost the buttons one build.
import gc
import json

from core import registry
from storage import layout

CHUNK = 1024
BUSY = {"ja": "ほかのスマホがダウンロード中です。少し待ってからもう一度", "en": "Another phone is downloading: try again shortly"}
WORDS = {"ja": ("各回の結果", "1位率"), "en": ("Each round", "Win rate")}


class Record:
    """One per server: the cached answers and the one download at a time."""

    def __init__(self, server):
        self.server = server
        self.kept = None            # (what, lang, v, JSON text): the last answer built
        self.busy = None            # the _File being sent, or None

    def cached(self, what, lang, build):
        hub = self.server.hub
        k = self.kept
        if k is not None and k[0] == what and k[1] == lang and k[2] == hub.v:
            return k[3]
        self.kept = None
        gc.collect()
        text = json.dumps(build())
        self.kept = (what, lang, hub.v, text)
        return text

    # ---- 履歴 -------------------------------------------------------------------------------------
    def history(self, lang):
        return self.cached("h", lang, lambda: history(self.server.hub.voice(lang)))

    def results(self, lang, key):
        return self.cached("r" + (key or ""), lang, lambda: results(self.server.hub, lang, key))

    def games(self, lang):
        return self.cached("g", lang, lambda: games(self.server.hub, lang))

    # ---- the files -------------------------------------------------------------------------------
    BUSY = BUSY

    def log_files(self, store, key):
        return log_files(store, key)

    def all_files(self, store):
        return all_files(store)

    def safe_path(self, store, path):
        return safe_path(store, path)

    def File(self, fs, files):
        return File(self, fs, files)

    def csv(self, lang, key):
        self.kept = None             # the last answer kept: its heap for the game read instead
        gc.collect()
        return csv(self.server.hub, lang, key)

    def Rows(self, rows, after):
        return Rows(self, rows, after)

    async def digests(self, fs, files):
        return await digests(self, fs, files)


def history(vo):
    """The panel's 履歴 (ui/screens_history.lines) in the phone's language: the same lines, newest
    first, the same older-lines count; a hidden prediction reads as the panel reads it."""
    app = vo.app
    t = vo.t
    sec = {"head": t("HISTORY"), "lines": []}
    if app.game is None:
        sec["lines"] = [t("PH_NO_GAME")]
        return {"sections": [sec]}
    from ui.screens_history import lines
    got, total = lines(vo)
    if not got:
        got = [t("HIST_NONE")]
    elif total > len(got):
        got.append(t("HIST_OLDER", {"n": total - len(got)}))
    sec["lines"] = got
    return {"sections": [sec]}


def rounds(vo, game):
    """Each round's or hand's result: the history lines of the actions that ended one (an outcome),
    in play order."""
    say = getattr(vo.gmod, "history", None)
    out = []
    for rec, before, res in game.steps():
        if res is not None and rec.get("t") != "end":
            out.append(say(vo, rec, before, res) if say is not None else vo.gmod.describe(vo, rec))
    return out


def _standings(vo, game):
    st = sorted(game.standings(), key=lambda e: (e["place"], e["seat"]))
    kind = game.header["kind"]
    pts = "PTS_" + kind
    if vo.t(pts) == pts:
        pts = "PTS"
    names = game.header["seats"]
    return [[vo.t("PLACE", {"n": e["place"]}), str(names[e["seat"]]), vo.t(pts, {"n": e["score"]})] for e in st]


def results(hub, lang, key):
    """A game's standings and each round's result: the game on the table (key None or its own), or
    a saved one read from the flash (read only, as the saved-games list reads it)."""
    app = hub.app
    vo = hub.voice(lang)
    game = app.game
    if key and (game is None or getattr(game, "store_key", None) != key):
        game = _load(app, key)
    if game is None:
        return None
    kind = game.header["kind"]
    if game is not app.game:        # a saved game: its own names, state, texts and screens
        vo = _Other(vo, app, game)
    over = game.is_over()
    where = ""
    try:
        from ui.screens_games import progress
        where = progress(vo, kind, game.settings, game.state, over)
    except Exception:
        pass
    out = {"title": registry.name(kind, lang), "where": where, "over": over,
           "key": getattr(game, "store_key", None), "head": vo.t("FINAL" if over else "STANDINGS"),
           "standings": _standings(vo, game), "rounds_head": WORDS[lang][0], "rounds": rounds(vo, game)}
    if kind != app.kind:
        registry.unload_except(app.kind)
    return out


# ---- a game's results as CSV (docs/phones.md "The record": its columns) ---------------------------
def csv(hub, lang, key):
    """(file name, its lines: a generator making each when it is sent, what to do at its end) of the
    saved game `key`'s results as CSV, or None. The game is read from the flash (the table's own game
    too: the rows stay those of the journal as it was when the download began), its journal read
    back as the rows go; in RAM one game's fold and one row, never the log."""
    app = hub.app
    game = _load(app, key or getattr(app.game, "store_key", None))
    if game is None:
        return None
    other = game.header["kind"] != app.kind
    rows = _rows(_Other(hub.voice(lang), app, game), game)
    return game.store_key + ".csv", rows, (lambda: registry.unload_except(app.kind)) if other else None


def _rows(vo, game):
    """The header; a row per round or hand: its number, its result (the 各回の結果 line), every
    player's score after it as the standings count it; then the standings' scores and places."""
    names = [str(n) for n in game.header["seats"]]
    cols = []
    for i in range(len(names)):
        cols.append("score: " + (names[i] if names.count(names[i]) == 1 else "%s (seat %d)" % (names[i], i + 1)))
    yield "\ufeff" + _line(["round", "result"] + cols)     # the BOM: a spreadsheet reads UTF-8
    say = getattr(vo.gmod, "history", None)
    n = 0
    last = None
    for rec, before, out in game.steps():
        if last is not None:                # the round's row, with the state after it
            yield _line([n, last] + _scores(game.rules.standings(before), len(names)))
            last = None
        if out is not None and rec.get("t") != "end":
            n += 1
            last = say(vo, rec, before, out) if say is not None else vo.gmod.describe(vo, rec)
    final = game.standings()
    if last is not None:
        yield _line([n, last] + _scores(final, len(names)))
    yield _line(["score", vo.t("FINAL" if game.is_over() else "STANDINGS")] + _scores(final, len(names)))
    yield _line(["place", ""] + _scores(final, len(names), "place"))


def _scores(standings, n, what="score"):
    got = [""] * n
    for e in standings:
        got[e["seat"]] = e[what]
    return got


def _line(cells):
    out = []
    for v in cells:
        if isinstance(v, int):
            out.append(str(v))
            continue
        v = str(v)
        if v[:1] in ("=", "+", "-", "@"):    # a name like =1+2: shown, never run by a spreadsheet
            v = "'" + v
        if [c for c in v if c in ',"\r\n']:
            v = '"' + v.replace('"', '""') + '"'
        out.append(v)
    return ",".join(out) + "\r\n"


class Rows:
    """A response body: the CSV's lines sent about CHUNK bytes at a time, the loop let go between
    rows (each row replays one round's actions: a press never waits for more). Holds the record's one
    download until it ends, however the connection ends."""

    def __init__(self, record, rows, after):
        self.record = record
        self.rows = rows
        self.after = after
        record.busy = self

    def __aiter__(self):
        return self

    async def __anext__(self):
        import asyncio
        got = []
        n = 0
        while self.rows is not None and n < CHUNK:
            try:
                line = next(self.rows)
            except StopIteration:
                self.end()              # the download is held until this last piece is sent
                break
            line = line.encode()
            got.append(line)
            n += len(line)
            await asyncio.sleep(0)
        if not got:
            self.close()
            raise StopAsyncIteration
        return b"".join(got)

    def end(self):
        if self.rows is not None:
            rows = self.rows
            self.rows = None
            rows.close()
            if self.after is not None:
                self.after()

    def close(self):
        self.end()
        if self.record.busy is self:
            self.record.busy = None

    async def aclose(self):
        self.close()


class _Other:
    """A saved game that is not the table's, as its own screens need it: its texts, names and state."""

    def __init__(self, vo, app, game):
        from ui import texts
        self.lang = vo.lang
        self.app = self
        self.game = game
        kind = game.header["kind"]
        self.kind = kind
        self.gmod = registry.screens(kind)
        # the table's game's kind: the phone's texts already loaded (a copy would be a few KB more)
        self._tx = vo._tx if kind == vo.kind else texts.load(vo.lang, kind) + (hub_words(vo),)

    def t(self, sid, info=None):
        from ui import texts
        from core.errors import fill
        s = texts.look(self._tx, sid)
        return sid if s is None else fill(s, info)

    def name(self, i):
        return str(self.game.header["seats"][i])

    def state(self):
        return self.game.state

    def describe(self, rec):
        return self.gmod.describe(self, rec)

    def nseats(self):
        return self.game.nseats


def hub_words(vo):
    return vo._tx[-1]


def _load(app, key):
    """The saved game `key` (a stem of Store.games()) read as the list reads it, or None."""
    st = app.store
    if st is None or not isinstance(key, str) or layout.parse(layout.snap(key)) is None:
        return None
    st._listed = None
    cat = st._catalog()
    if key not in cat:
        return None
    from storage import recovery
    gid = layout.game_id(key)
    j = st._open.get(gid)
    try:
        game = recovery.load_listed(st, key, cat[key])
    finally:
        if j is not None:
            st._open[gid] = j
    if game is None or game is recovery.SET_ASIDE:
        return None
    game.store_key = key
    return game


def games(hub, lang):
    """The saved games (as the panel's list: newest first, where each stands, who plays, ended or
    not) and 通算成績 (the panel's figures: ui/screens_season.tally)."""
    app = hub.app
    vo = hub.voice(lang)
    t = vo.t
    st = app.store
    rows = []
    season = {"head": t("SEASON"), "items": [], "cols": ["", t("SN_GAMES"), t("SN_WINS"), WORDS[lang][1]], "rows": []}
    if st is None:
        return {"games": rows, "head": t("SAVED_GAMES"), "none": t("GL_NONE"), "season": season}
    from ui.screens_games import progress
    cur = getattr(app.game, "store_key", None)
    for e in st.games():
        kind = e["kind"]
        row = {"key": e["key"], "over": e["over"], "table": e["key"] == cur,
               "mark": t("GL_OVER" if e["over"] else "GL_OPEN"), "bytes": e["bytes"]}
        if kind is None:
            row.update({"title": t("GL_UNREADABLE"), "where": "", "players": "", "names": []})
        else:
            try:
                where = progress(vo, kind, e["settings"], e["state"], e["over"])
            except Exception:
                where = ""
            names = [str(n) for n in e["seats"]]
            row.update({"title": registry.name(kind, lang), "where": where, "names": names,
                        "players": t("GL_SEP").join(names)})
        rows.append(row)
    e = None
    gc.collect()
    from ui.screens_season import tally, rate
    counted, left_out, per = tally(st)
    registry.unload_except(app.kind)
    season["items"] = [[t("SN_GAMES"), str(counted)]] + ([[t("SN_OUT"), str(left_out)]] if left_out else [])
    season["rows"] = [[name, str(n), str(w), rate(t, w, n)] for name, n, w in per]
    return {"games": rows, "head": t("SAVED_GAMES"), "none": t("GL_NONE"), "season": season}


# ---- the files, streamed ---------------------------------------------------------------------------
def log_files(store, key):
    """[(path, size)] of the segments of the saved game `key`, in order, or None."""
    if store is None or not isinstance(key, str) or layout.parse(layout.snap(key)) is None:
        return None
    store._listed = None
    segs = store._catalog().get(key)
    if not segs:
        return None
    return [_sized(store.fs, "%s/%s" % (store.root, layout.segment(key, s))) for s in segs]


def _sized(fs, path):
    from storage.fsio import size
    return (path, size(fs, path) or 0)


SAFE = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-"


def safe_path(store, path):
    """A file under the games folder named as export names it (host_tools/board/files.safe_name for each
    part, at most two folders deep), or None: no '..', no other folder of the flash."""
    if store is None or not isinstance(path, str) or not path.startswith(store.root + "/"):
        return None
    parts = path[len(store.root) + 1:].split("/")
    if len(parts) > 3:
        return None
    for p in parts:
        if not 0 < len(p) <= 64 or p[0] == "." or [c for c in p if c not in SAFE]:
            return None
    return path


def all_files(store):
    """[(path, size)] of every file under the games folder (two folders deep at most), sorted."""
    out = []
    todo = [(store.root, 0)]
    fs = store.fs
    while todo:
        d, depth = todo.pop()
        for e in fs.ilistdir(d):
            p = d + "/" + e[0]
            if safe_path(store, p) is None:
                continue
            if e[1] == 0x4000:
                if depth < 2:
                    todo.append((p, depth + 1))
            else:
                out.append(_sized(fs, p))
    out.sort()
    return out


class File:
    """A response body: `paths` read CHUNK bytes at a time and sent, up to the sizes they had when
    the answer began (a game being played grows: its prefix is sent, a whole journal all the same).
    Holds the record's one download until it ends, however the connection ends."""

    def __init__(self, record, fs, files):
        self.record = record
        self.fs = fs
        self.files = files
        self.i = 0
        self.left = files[0][1] if files else 0
        self.f = None
        record.busy = self

    def __aiter__(self):
        return self

    async def __anext__(self):
        while True:
            if self.i >= len(self.files):
                self.close()
                raise StopAsyncIteration
            if self.left <= 0:
                if self.f is not None:
                    self.f.close()
                    self.f = None
                self.i += 1
                self.left = self.files[self.i][1] if self.i < len(self.files) else 0
                continue
            if self.f is None:
                self.f = self.fs.open(self.files[self.i][0], "rb")
            data = self.f.read(min(CHUNK, self.left))
            if not data:                 # shorter than when the answer began: the phone sees a cut
                self.close()
                raise StopAsyncIteration
            self.left -= len(data)
            return data

    def close(self):
        if self.f is not None:
            self.f.close()
            self.f = None
        if self.record.busy is self:
            self.record.busy = None

    async def aclose(self):
        self.close()


async def digests(record, fs, files):
    """[[path, size, SHA-256 hex]] of `files`, each read CHUNK bytes at a time, the loop let go
    between chunks (the buttons never wait for a listing). Holds the one download meanwhile."""
    import asyncio
    import hashlib
    from binascii import hexlify
    out = []
    record.busy = fs
    try:
        for path, n in files:
            h = hashlib.sha256()
            f = fs.open(path, "rb")
            try:
                left = n
                while left > 0:
                    data = f.read(min(CHUNK, left))
                    if not data:
                        break
                    left -= len(data)
                    h.update(data)
                    await asyncio.sleep(0)
            finally:
                f.close()
            out.append([path, n - left, hexlify(h.digest()).decode()])
    finally:
        if record.busy is fs:
            record.busy = None
    return out
