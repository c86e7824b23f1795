# Each game's part of the report (host_tools/report.py): its CSV columns and rows, its details CSV
# rows and its itemised lines, in host_tools/report_games/<kind>.py. A game without such a file (a
# registered game the report has not been taught) gets the generic part: round number and scores.
#
# A part provides ROUND_WORD and SCORE_WORD ((English, 日本語) or None: the page's words),
# COLUMNS = (fixed columns, per-player column names), PER (the outcome's per-seat lists, in the
# order of COLUMNS[1]), row(n, names, outcome) -> the fixed cells, details(names, outcome, lang)
# -> lines, and, when the game has a long-format details CSV, detail_rows(n, names, outcome).
import importlib
import importlib.util

from host_tools.report_games import generic


def of(kind):
    """The report part of `kind` (generic when the game has none)."""
    name = "host_tools.report_games.%s" % kind
    if isinstance(kind, str) and kind.isidentifier() and importlib.util.find_spec(name) is not None:
        return importlib.import_module(name)
    return generic
