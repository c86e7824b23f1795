# `python -m host_tools report LOG... [--out DIR] [--lang ja|en|both] [--night LABEL]`: the game
# night as the players read it (docs/export.md: every page element and every CSV column).
#
# For every game: `<kind>-<id>.csv`, one row per round with one value per cell, players by name;
# `<kind>-<id>-details.csv`, long format: one row per prediction, payment or score item.
# For every game night (logs grouped by their archive/<date>/ folder, else the file's date;
# --night: all of them as one night): one HTML page per language, every word in that language,
# each game's settings, standings, a chart of the scores (inline SVG, its text left as text for the
# browser to draw: no font is baked into a picture) and the rounds with their itemised results.
#
# Trust: output file names come from validated ids (8 lowercase hex digits) or a slug, never from
# the log; names are plain text everywhere (no mathtext, HTML-escaped, CSV formulas defused); a
# game that cannot be processed is listed as refused with its reason and the other games go on.
# Memory: one game at a time, its rounds streamed from the fold straight into the CSVs and pages.
# The chart: chart.py; output names and the CSVs' rows: files.py; each game's part: parts.py.
import csv
import datetime
import html
import os
import re
import sys

from host_tools.records import logs
from host_tools.records.report import parts as report_games
from host_tools.records.report.chart import Series, chart_svg
from host_tools.records.report.files import (DETAIL_COLUMNS, csv_columns, csv_row, detail_rows, file_stem, has_details,
                                            inside, safe_cell, slug)
from host_tools.records.report.parts import word
from host_tools.records.report.text import T, _name, _num, _pick, tr  # noqa: F401  (words and cell helpers)
from core import registry      # the registry: every game's kind and name

TABLE_ROWS = 1000      # rounds listed on a page (all of them are in the CSV)


def kind_name(kind, lang):
    return registry.name(kind, lang) if kind in registry.KINDS else tr("unknown_game", lang)


def settings_text(kind, settings, lang):
    """The settings as "label: value" pairs in `lang`, in the device's words: each game declares
    its settings once (SETTINGS in its rules module, core/settings.py) with the text id of
    the label; a choice's value reads as its V_<value> text. Unknown keys: key = value."""
    from core import settings as sdecl
    out = []
    settings = settings if isinstance(settings, dict) else {}
    decl, texts = (), {}
    if kind in registry.KINDS:
        decl = registry.load(kind).SETTINGS
        texts = registry.module(registry.texts(kind)).MESSAGES
    for d in decl:
        key = d[sdecl.KEY]
        cond = d[sdecl.SHOWN_IF]
        if key not in settings or (cond is not None and settings.get(cond[0]) != cond[1]):
            continue
        v = settings[key]
        if v is True or v is False:
            shown = tr("yes" if v else "no", lang)
        else:
            shown = _pick(texts["V_" + v], lang) if isinstance(v, str) and "V_" + v in texts else str(v)
        label = _pick(texts[d[sdecl.LABEL]], lang) if d[sdecl.LABEL] in texts else key
        out.append("%s%s%s" % (label, "：" if lang == "ja" else ": ", shown))
    known = [d[sdecl.KEY] for d in decl]
    for key in sorted(k for k in settings if k not in known):
        out.append("%s = %s" % (key, settings[key]))
    return out


def rounds_of(res):
    """Yields (outcome, scores after it) for the effective actions of a read log, one at a time
    (the scores per the rules' standings, seat order; the outcome as the game's part reads it at
    that same moment, when it says one: at_standings)."""
    game = res.game
    if game is None:
        return
    rules = game.rules
    state = rules.initial_state(game.settings, game.nseats)
    at_standings = getattr(report_games.of(res.kind), "at_standings", None)
    for rec in game._effective(game.done):
        o = game._apply(state, rec)
        if o is not None:
            sc = [0] * game.nseats
            for e in rules.standings(state):
                sc[e["seat"]] = e["score"]
            yield (at_standings(o, state) if at_standings else o), sc


def initial_scores(res):
    g = res.game
    sc = [0] * g.nseats
    for e in g.rules.standings(g.rules.initial_state(g.settings, g.nseats)):
        sc[e["seat"]] = e["score"]
    return sc


def player_labels(names):
    """Column labels per seat: the name, with its 1-based seat number when names repeat."""
    return [n if names.count(n) == 1 else "%s (seat %d)" % (n, i + 1) for i, n in enumerate(names)]


def details(kind, names, o, lang):
    """One round's itemised result as short plain-text lines in `lang` (escaped by the caller)."""
    return report_games.of(kind).details(names, o, lang)


class GameSection:
    """What the night's pages show for one log (built by process_log)."""

    def __init__(self, res):
        self.res = res
        self.name = res.name
        self.kind = res.kind
        self.key = (res.game_id, repr(res.header)) if res.header else (res.name, id(res))
        self.kept = res.kept
        self.html = {}
        self.csv = []
        self.refusal = None     # (file, reason per language) when the game is not shown


def process_log(res, out_dir, langs, used_stems, plots=True):
    """Writes the game's CSVs and renders its sections; streams the rounds once."""
    sec = GameSection(res)
    names = [str(n) for n in (res.header or {}).get("seats", [])]
    parts = dict((lg, []) for lg in langs)
    for lg in langs:
        parts[lg] += ["<section>", "<h2>%s <small>%s</small></h2>" % (
            html.escape(kind_name(res.kind, lg)), html.escape(str(res.game_id or res.name)))]
    if res.game is None:
        return _unreadable_section(sec, res, names, parts, langs)
    stem = _unique_stem(res, sec.key, used_stems)
    for lg in langs:
        _head(parts[lg], res, names, stem, lg)
    n, series, tables = _write_csvs(res, names, out_dir, stem, sec, langs)
    standings = sorted(res.game.standings(), key=lambda s: (s["place"], s["seat"]))
    for lg in langs:
        h = parts[lg]
        _standings_table(h, res, names, standings, lg)
        if not n:
            h.append("<p>%s</p></section>" % tr("no_rounds", lg))
        else:
            _rounds_table(h, res.kind, names, n, series, tables[lg], lg, plots)
        sec.html[lg] = "\n".join(h)
    return sec


def _unreadable_section(sec, res, names, parts, langs):
    """A log with no game in it: the section says so, with the first problem as the refusal."""
    sec.refusal = dict((lg, res.problems[0].text(lg, res.kind) if res.problems else tr("unreadable", lg))
                       for lg in langs)
    for lg in langs:
        parts[lg].append('<p class="warn">%s</p>' % tr("unreadable", lg))
        _head(parts[lg], res, names, None, lg)
        parts[lg].append("</section>")
        sec.html[lg] = "\n".join(parts[lg])
    return sec


def _unique_stem(res, key, used_stems):
    """The game's file stem; another game of the night with the same one gets a suffix."""
    stem = file_stem(res.kind, res.game_id)
    while stem in used_stems and used_stems[stem] != key:
        stem += "-2"
    used_stems[stem] = key
    return stem


def _write_csvs(res, names, out_dir, stem, sec, langs):
    """The CSVs, written beside as .part and renamed when whole (a crash leaves no half file); the
    chart's series and the page's round rows, from the same single pass: (rounds, series, rows)."""
    kind = res.kind
    labels = player_labels(names)
    csv_path = inside(out_dir, stem + ".csv")
    det_path = inside(out_dir, stem + "-details.csv") if has_details(kind) else os.devnull
    tmp_csv = csv_path + ".part"
    tmp_det = det_path + ".part" if has_details(kind) else os.devnull
    start = initial_scores(res)
    series = Series(start)
    tables = dict((lg, []) for lg in langs)
    try:
        n, _ = _write_rounds(res, kind, names, labels, tmp_csv, tmp_det, series, tables, langs, start)
    except BaseException:
        for p in (tmp_csv, tmp_det):
            if p != os.devnull and os.path.exists(p):
                os.remove(p)
        raise
    os.replace(tmp_csv, csv_path)
    sec.csv = [csv_path]
    if has_details(kind):
        os.replace(tmp_det, det_path)
        sec.csv.append(det_path)
    return n, series, tables


def _standings_table(h, res, names, standings, lg):
    h.append("<h3>%s</h3>" % tr("standings" if res.over() else "standings_now", lg))
    h.append('<table class="standings"><tr><th>%s</th><th class="l">%s</th><th>%s</th></tr>' % (
        tr("place", lg), tr("player", lg), word(res.kind, "SCORE_WORD", "score", lg)))
    for s in standings:
        cls = ' class="first"' if s["place"] == 1 else ""
        h.append('<tr%s><td>%d</td><td class="l">%s</td><td>%s</td></tr>' % (
            cls, s["place"], html.escape(_name(names, s["seat"])), s["score"]))
    h.append("</table>")


def _rounds_table(h, kind, names, n, series, rows, lg, plots):
    """The chart and the rounds, the table cut at TABLE_ROWS (the CSV has them all)."""
    if plots:
        h.append('<figure class="chart"><figcaption>%s</figcaption>%s</figure>' % (
            tr("chart", lg), chart_svg(names, series, lg, kind)))
    h.append('<h3>%s</h3><table class="rounds"><tr><th>%s</th>' % (
        tr("rounds", lg), word(kind, "ROUND_WORD", "round", lg)))
    h.extend("<th>%s</th>" % html.escape(nm) for nm in names)
    h.append('<th class="l">%s</th></tr>' % tr("details", lg))
    h.extend(rows)
    h.append("</table>")
    if n > TABLE_ROWS:
        h.append("<p>%s</p>" % tr("truncated", lg, a=TABLE_ROWS + 1, b=n))
    h.append("</section>")


def _write_rounds(res, kind, names, labels, tmp_csv, tmp_det, series, tables, langs, start):
    """One pass over the rounds: both CSVs, the chart series and the page rows."""
    prev = list(start)
    n = 0
    with open(tmp_csv, "w", newline="", encoding="utf-8-sig") as fc, \
            open(tmp_det, "w", newline="", encoding="utf-8-sig") as fd:
        wc, wd = csv.writer(fc), csv.writer(fd)
        wc.writerow([safe_cell(c) for c in csv_columns(kind, labels)])
        wd.writerow(DETAIL_COLUMNS)
        for o, sc in rounds_of(res):
            n += 1
            wc.writerow([safe_cell(c) for c in csv_row(kind, n, names, o, sc)])
            for r in detail_rows(kind, n, names, o):
                wd.writerow([safe_cell(c) for c in r])
            series.add(n, sc)
            if n <= TABLE_ROWS:
                for lg in langs:
                    tables[lg].append(_round_row(kind, names, n, o, sc, prev, lg))
            prev = sc
    return n, prev


def _head(h, res, names, stem, lg):
    e = html.escape
    if res.game is not None:
        st = tr("finished", lg) if res.over() else tr("in_progress", lg)
        sep = "、" if lg == "ja" else ", "
        colon = "：" if lg == "ja" else ": "
        h.append("<p>%s%s%s</p>" % (tr("players", lg), colon, e(sep.join(names))))
        items = settings_text(res.kind, res.game.settings, lg)
        if items:
            h.append('<p>%s%s%s</p>' % (tr("settings", lg), colon, e(" / ".join(items))))
        links = ""
        if stem:
            links = ' · <a href="%s.csv">%s</a>' % (e(stem), tr("csv", lg))
            if has_details(res.kind):
                links += ' · <a href="%s-details.csv">%s</a>' % (e(stem), tr("csv_details", lg))
        h.append("<p>%s%s%s%s</p>" % (tr("status", lg), colon, st, links))
    if res.problems:
        h.append('<h3 class="warn">%s</h3><ul class="warn">' % tr("refused", lg))
        for s in res.report_lines(lg):
            h.append("<li>%s</li>" % e(s))
        h.append("</ul>")
        if res.hole:
            h.append('<p class="warn">%s</p>' % tr("hole", lg))


def _round_row(kind, names, n, o, sc, prev, lg):
    e = html.escape
    cells = ["<tr><td>%d</td>" % n]
    for j in range(len(names)):
        cells.append("<td>%s <small>(%+d)</small></td>" % (sc[j], sc[j] - prev[j]))
    cells.append('<td class="l">%s</td></tr>' % "<br>".join(e(s) for s in details(kind, names, o, lg)))
    return "".join(cells)


def crashed_section(path, err, langs):
    """A game the report could not process: named with the reason, the night goes on."""
    sec = GameSection.__new__(GameSection)
    sec.name, sec.kind, sec.key, sec.kept, sec.csv = os.path.basename(path), None, (path, id(err)), 0, []
    why = "%s: %s" % (type(err).__name__, str(err)[:120])
    sec.refusal = dict((lg, tr("crashed", lg, e=why)) for lg in langs)
    sec.html = dict((lg, "") for lg in langs)
    return sec


CSS = """body{font-family:system-ui,'IPAexGothic','IPAGothic','Noto Sans CJK JP','Hiragino Sans',Meiryo,sans-serif;margin:1.5em;max-width:72em}
table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #bbb;padding:.2em .5em;text-align:right;vertical-align:top}
td.l,th.l{text-align:left}.warn{color:#a40}.first{font-weight:bold}section{margin-bottom:2.5em}
figure.chart{margin:.5em 0}figure.chart svg{max-width:100%;height:auto}
figure.chart svg text{font-family:system-ui,'IPAexGothic','IPAGothic','Noto Sans CJK JP','Hiragino Sans',Meiryo,sans-serif!important}
nav{float:right}small{color:#666}"""


def render_page(label, sections, lang, other=None):
    e = html.escape
    title = tr("night", lang, d=label)
    h = ['<!DOCTYPE html><html lang="%s"><head><meta charset="utf-8">' % lang,
         "<title>%s</title><style>%s</style></head><body>" % (e(title), CSS)]
    if other:
        h.append('<nav><a href="%s">%s</a></nav>' % (e(other), tr("other_lang", lang)))
    h.append("<h1>%s</h1>" % e(title))
    refused = [s for s in sections if s.refusal]
    if refused:
        h.append('<h2 class="warn">%s</h2><ul class="warn">' % tr("refused_games", lang))
        for s in refused:
            h.append("<li>%s</li>" % e(tr("refused_game", lang, f=s.name, why=s.refusal[lang])))
        h.append("</ul>")
    for s in sections:
        h.append(s.html.get(lang, ""))
    h.append("<footer><small>%s</small></footer></body></html>" % e(tr(
        "generated", lang, t=datetime.datetime.now().strftime("%Y-%m-%d %H:%M"), n=len(sections))))
    return "\n".join(h)


_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")


def night_of(path):
    """The game night a log belongs to: its archive/<date>/ folder, else the file's date."""
    parent = os.path.basename(os.path.dirname(os.path.abspath(path)))
    if _DATE.match(parent):
        return parent
    try:
        return datetime.date.fromtimestamp(os.path.getmtime(path)).isoformat()
    except (OSError, ValueError, OverflowError):
        return datetime.date.today().isoformat()


def report(paths, out_dir, lang="both", night=None, plots=True):
    """Writes the CSVs and pages; returns {"csv": [rounds CSVs], "details": [details CSVs],
    "html": [...], "problems": n, "refused": [(log name, reason)]}. Logs are read and processed one game at a time."""
    os.makedirs(out_dir, exist_ok=True)
    by_night = {}
    for p in paths:
        by_night.setdefault(night or night_of(p), []).append(p)
    written = {"csv": [], "details": [], "html": [], "problems": 0, "refused": []}
    langs = ["ja", "en"] if lang == "both" else [lang]
    for label in sorted(by_night):
        sections, order, used_stems = {}, [], {}
        for name, segs in logs.game_files(by_night[label]):
            try:
                res = logs.read_paths(segs)[0]
                written["problems"] += len(res.problems)
                res.data = None           # the bytes are not needed any more: free them now
                sec = process_log(res, out_dir, langs, used_stems, plots)
            except Exception as err:      # one bad game never stops the night: it is listed
                sec = crashed_section(segs[0], err, langs)
            sec.res = None
            old = sections.get(sec.key)
            if old is None:
                order.append(sec.key)
                sections[sec.key] = sec
            elif sec.kept > old.kept:     # the same game exported twice: the longer log wins
                sections[sec.key] = sec
        shown = [sections[k] for k in order]
        for s in shown:
            if s.csv and s.csv[0] not in written["csv"]:
                written["csv"].append(s.csv[0])
                written["details"] += s.csv[1:]
            if s.refusal:
                written["refused"].append((s.name, s.refusal[langs[-1]]))
        pages = dict((lg, "night-%s.%s.html" % (slug(label), lg)) for lg in langs)
        for lg in langs:
            other = [pages[x] for x in langs if x != lg]
            path = inside(out_dir, pages[lg])
            with open(path, "w", encoding="utf-8") as f:
                f.write(render_page(label, shown, lg, other[0] if other else None))
            written["html"].append(path)
    return written


def main(argv):
    import argparse
    ap = argparse.ArgumentParser(prog="python -m host_tools report",
                                 description="Two CSVs per game and an HTML page per game night.")
    ap.add_argument("logs", nargs="+", metavar="LOG",
                    help="a log file (NNNN-GGGGGGGG.N.log segments of one game go together) or a folder of them")
    ap.add_argument("--out", default="reports", help="output folder (default ./reports)")
    ap.add_argument("--lang", choices=("ja", "en", "both"), default="both",
                    help="the pages' language (default both, linked to each other)")
    ap.add_argument("--night", help="take all the logs as one game night with this label")
    a = ap.parse_args(argv)
    missing = [p for p in a.logs if not os.path.isfile(p)]
    if missing:
        sys.stderr.write("no such file: %s\n" % ", ".join(missing)[:300])
        return 2
    try:
        w = report(a.logs, a.out, a.lang, a.night)
    except OSError as err:
        sys.stderr.write("cannot write the report: %s\n" % err)
        return 2
    for p in w["csv"] + w["details"] + w["html"]:
        print(p)
    for name, why in w["refused"]:
        print("refused: %s: %s" % (name, why))
    if w["problems"]:
        print("%d log line(s) refused: see the pages" % w["problems"])
    return 0
