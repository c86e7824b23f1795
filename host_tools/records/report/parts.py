# Each game's part of the report (host_tools/records/report/run.py): its CSV columns and rows, its details CSV
# rows and its itemised lines, in host_tools/kinds/<kind>/report.py. A game without such a file (a
# registered game the report has not been taught) gets the generic part: round number and scores.
#
# A part provides ROUND_WORD and SCORE_WORD ((English, 日本語) or None: the page's words),
# COLUMNS = (fixed columns, per-player column names), PER (the outcome's per-seat lists, in the
# order of COLUMNS[1]), row(n, names, outcome) -> the fixed cells, details(names, outcome, lang)
# -> lines, and, when the game has a long-format details CSV, detail_rows(n, names, outcome). A
# game whose outcome holds a value the rules change again before the standings are counted (the
# next round's fee) gives at_standings(outcome, state) -> the outcome with its per-seat lists at the
# moment of the row's scores, so a row's columns all say one moment.
from host_tools import kinds
from host_tools.records.report import generic
from host_tools.records.report.text import T, _pick


def of(kind):
    """The report part of `kind` (generic when the game has none)."""
    mod = kinds.part(kind, "report")
    return generic if mod is None else mod


def word(kind, name, key, lang):
    """The game's word for its rows (ROUND_WORD) or its scores (SCORE_WORD), else the page's."""
    pair = getattr(of(kind), name, None)
    return _pick(pair if pair is not None else T[key], lang)
