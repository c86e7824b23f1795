# The table's record for phones (docs/phones.md "The record"): the Record, one per server, each
# answer kept once built and one download at a time; what it answers is built by its parts:
#   net/record_pages.py   the game's 履歴 as the panel says it, a game's results (standings and each
#                         round's result), the saved games and 通算成績 (net/record_saved.py: a saved
#                         game read from the flash, as its own screens need it)
#   net/record_csv.py     a game's results as CSV
#   net/record_files.py   the games' files streamed from the flash (a phone's download,
#                         `python -m host_tools export --url`)
# Imported at the first such request; nothing here runs unless a phone asks.
#
# Bounds: a file is read and sent in CHUNK bytes, never whole in RAM (a CSV's rows made as its game's
# journal is read back, sent about CHUNK bytes at a time); one download (a CSV, or a listing with
# digests) at a time, another phone gets 503 and BUSY in its language; what is built from the
# journal is built once per change of the table and language (the last one kept), so phones asking
# the same thing cost the buttons one build.
import gc
import json

from net.record_csv import Rows, csv
from net.record_files import File, all_files, digests, log_files, safe_path
from net.record_pages import games, history, results

BUSY = {"ja": "ほかのスマホがダウンロード中です。少し待ってからもう一度", "en": "Another phone is downloading: try again shortly"}


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
