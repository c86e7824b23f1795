# A game's results as CSV for the record (docs/phones.md "The record": its columns): its rows made
# as its journal is read back from the flash, sent about CHUNK bytes at a time.
from core import registry
from net.record_files import CHUNK
from net.record_saved import load_saved, words_of


def csv(hub, lang, key):
    """(file name, its lines: a generator making each when it is sent, what to do at its end) of the
    saved game `key`'s results as CSV, or None. The game is read from the flash (the table's own game
    too: the rows stay those of the journal as it was when the download began), its journal read
    back as the rows go; in RAM one game's fold and one row, never the log."""
    app = hub.app
    game = load_saved(app, key or getattr(app.game, "store_key", None))
    if game is None:
        return None
    other = game.header["kind"] != app.kind
    rows = _rows(words_of(hub.voice(lang), game), game)
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
