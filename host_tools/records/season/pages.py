# The season's HTML pages: the season page and a page per player, in each language.
import datetime
import hashlib
import html
import os

from host_tools.records.report import run as report
from host_tools.records.report.files import inside
from host_tools.records.report.parts import word
from host_tools.records.report.text import _pick, tr
from host_tools.records.season import parts as season_games
from host_tools.records.season.chart import chart_caption, chart_svg
from host_tools.records.season.figures import extra_value
from host_tools.records.season.words import w

CHART_PLAYERS = 8      # lines in a game's chart on the season page: the players with the most games


def player_file(name, lang):
    """A player's page: a digest of the name, never the name itself."""
    return "player-%s.%s.html" % (hashlib.sha256(name.encode("utf-8", "surrogatepass")).hexdigest()[:12], lang)


def _rate(f):
    """Whole percent, rounded half up: as the device's season screen shows it."""
    return "%d%%" % ((200 * f.wins + f.games) // (2 * f.games)) if f.games else "-"


def _who(names, n, lang):
    e = html.escape
    if not names:
        return w("none", lang)
    sep = "・" if lang == "ja" else ", "
    return e(w("who_count", lang, a=sep.join(names), n=n))


def _figure_head(kind, lang):
    part = season_games.of(kind)
    low = part.BETTER == "low"
    sw = word(kind, "SCORE_WORD", "score", lang)
    sw = sw if lang == "ja" else sw.lower()
    cols = [w("player", lang), w("nights", lang), w("games", lang), w("wins", lang), w("win_rate", lang),
            w("avg_place", lang), w("avg_score", lang, s=sw), w("best_low" if low else "best", lang, s=sw),
            w("worst_low" if low else "worst", lang, s=sw), w("streak", lang)]
    return cols + [_pick(f[1], lang) for f in part.FIGURES]


def _figure_cells(f, kind):
    part = season_games.of(kind)
    return [str(len(f.nights)), str(f.games), str(f.wins), _rate(f), "%.2f" % f.avg_place(), "%.1f" % f.avg_score(),
            str(f.best), str(f.worst), str(f.streak)] + [str(extra_value(f, k)) for k, _, _ in part.FIGURES]


def _table(h, head, rows, cls):
    e = html.escape
    named = bool(rows) and rows[0][0].startswith('<td class="l">')    # a name first: left, as its cells
    h.append('<div class="wide"><table class="%s"><tr>%s</tr>' % (cls, "".join(
        '<th%s>%s</th>' % (' class="l"' if i == 0 and named else "", e(c)) for i, c in enumerate(head))))
    for first, cells in rows:
        h.append("<tr>%s%s</tr>" % (first, "".join("<td>%s</td>" % c for c in cells)))
    h.append("</table></div>")


def _link(name, lang):
    e = html.escape
    return '<td class="l"><a href="%s">%s</a></td>' % (e(player_file(name, lang)), e(name))


def _notes(h, S, lang):
    e = html.escape
    colon = "：" if lang == "ja" else ": "
    nights = S.counted_nights()
    counted = sum(1 for g in S.games if g.counted)
    if nights:
        h.append("<p>%s</p>" % e(w("span", lang, a=nights[0], b=nights[-1], n=len(nights), g=counted)))
    else:
        h.append("<p>%s</p>" % e(w("span_none", lang)))
    if S.kind:
        h.append("<p>%s</p>" % e(w("only_kind", lang, k=report.kind_name(S.kind, lang))))
    if S.since:
        h.append("<p>%s</p>" % e(w("since", lang, d=S.since)))
    if S.unfinished:
        h.append('<p class="note">%s</p>' % e(w("unfinished_in" if S.include_unfinished else "unfinished_out",
                                                lang, n=S.unfinished)))
    for g in S.games:
        if g.why is not None:
            h.append('<p class="warn">%s</p>' % e(w("dup_seat", lang, k=report.kind_name(g.kind, lang),
                                                    g=str(g.gid), d=g.night, a=g.why)))
    for g, a, b in S.clashes:
        h.append('<p class="warn">%s</p>' % e(w("alias_clash", lang, k=report.kind_name(g.kind, lang),
                                                g=str(g.gid), d=g.night, a=a, b=b)))
    if S.merged:
        h.append("<p>%s%s%s</p>" % (w("merged", lang), colon, e(("、" if lang == "ja" else "; ").join(
            w("merged_row", lang, a=o, b=n) for o, n in S.merged))))
    if S.similar:
        sep, between = ("・", "、") if lang == "ja" else (" / ", "; ")
        h.append('<p class="note">%s%s%s%s</p>' % (w("similar", lang), colon, e(between.join(
            sep.join(g) for g in S.similar)), e(tr("paren", lang, x=w("similar_hint", lang)))))


def _page_head(title, lang, other):
    e = html.escape
    h = ['<!DOCTYPE html><html lang="%s"><head><meta charset="utf-8">' % lang,
         "<title>%s</title><style>%s\n.note{color:#555}td.l,th.l{white-space:nowrap}div.wide{overflow-x:auto;max-width:100%%}td,th{word-break:keep-all;overflow-wrap:normal}table.figures{font-size:92%%}</style></head><body>" % (e(title), report.CSS)]
    if other:
        h.append('<nav><a href="%s">%s</a></nav>' % (e(other), tr("other_lang", lang)))
    h.append("<h1>%s</h1>" % e(title))
    return h


def _foot(h, lang, db_name):
    h.append("<footer><small>%s</small></footer></body></html>" % html.escape(w(
        "generated", lang, t=datetime.datetime.now().strftime("%Y-%m-%d %H:%M"), f=db_name)))


def _game_line(g, lang):
    k = report.kind_name(g.kind, lang)
    sep = "・" if lang == "ja" else ", "
    if g.why is not None:
        return w("game_out", lang, k=k)
    if not g.over and not g.counted:
        return w("game_open", lang, k=k)
    if not g.over:
        return w("game_open_counted", lang, k=k, a=sep.join(g.winners()))
    return w("game_won", lang, k=k, a=sep.join(g.winners()))


def render_season(S, lang, other, db_name, plots=True):
    e = html.escape
    h = _page_head(w("title", lang), lang, other)
    _notes(h, S, lang)
    h.append('<p><a href="season.csv">%s</a> · <a href="season-h2h.csv">%s</a> · <a href="season-games.csv">%s</a></p>' % (
        w("csv", lang), w("csv_h2h", lang), w("csv_nights", lang)))
    # every player over every game
    h.append("<h2>%s</h2>" % w("all_games", lang))
    rows = []
    for name in S.players():
        t = S.total[name]
        km, kn = S.kamo(name)
        tm, tn = S.tenteki(name)
        rows.append((_link(name, lang), [str(len(t.nights)), str(t.games), str(t.wins), _rate(t), "%.2f" % t.avg_place(),
                                         str(t.streak), _who(km, kn, lang), _who(tm, tn, lang)]))
    _table(h, [w("player", lang), w("nights", lang), w("games", lang), w("wins", lang), w("win_rate", lang),
               w("avg_place", lang), w("streak", lang), w("kamo", lang), w("tenteki", lang)], rows, "season")
    # per game
    nights = S.counted_nights()
    for k in S.kinds:
        h.append("<section><h2>%s</h2>" % e(report.kind_name(k, lang)))
        names = [n for n in S.players() if (n, k) in S.per]
        _table(h, _figure_head(k, lang), [(_link(n, lang), _figure_cells(S.per[(n, k)], k)) for n in names], "figures")
        if plots and nights:
            top = sorted(names, key=lambda n: (-S.per[(n, k)].games, n))[:CHART_PLAYERS]
            top = [n for n in names if n in top]
            cap = chart_caption(nights, lang)
            cap = cap if len(top) == len(names) else w("chart_few", lang, c=cap, n=len(top))
            h.append('<figure class="chart"><figcaption>%s</figcaption>%s</figure>' % (
                e(cap), chart_svg([(n, S.by_night[(n, k)]) for n in top], nights, lang)))
        h.append("</section>")
    # head to head
    h.append("<h2>%s</h2><p>%s</p>" % (w("h2h", lang), e(w("h2h_note", lang))))
    rows = []
    for (a, b), (g, x, y, ev) in sorted(S.pairs.items()):
        rows.append(('<td class="l">%s</td><td class="l">%s</td>' % (e(a), e(b)), [str(g), str(x), str(y), str(ev)]))
    _table(h, [w("player", lang), w("opponent", lang), w("together", lang), w("above_a", lang), w("above_b", lang),
               w("even", lang)], rows, "h2h")
    # nights
    h.append("<h2>%s</h2>" % w("nights_list", lang))
    h.append('<div class="wide"><table class="nights"><tr><th class="l">%s</th><th>%s</th><th class="l">%s</th></tr>' % (
        w("date", lang), w("games", lang), w("won", lang)))
    for night, gs in S.nights():
        h.append('<tr><td class="l">%s</td><td>%d</td><td class="l">%s</td></tr>' % (
            e(night), len(gs), "<br>".join(e(_game_line(g, lang)) for g in gs)))
    h.append("</table></div>")
    _foot(h, lang, db_name)
    return "\n".join(h)


def render_player(S, name, lang, other, db_name, plots=True):
    e = html.escape
    h = _page_head(w("title_player", lang, a=name), lang, other)
    h[-1] = '<p><a href="season.%s.html">%s</a></p>' % (lang, w("back", lang)) + h[-1]
    t = S.total[name]
    km, kn = S.kamo(name)
    tm, tn = S.tenteki(name)
    _table(h, [w("nights", lang), w("games", lang), w("wins", lang), w("win_rate", lang), w("avg_place", lang),
               w("streak", lang), w("kamo", lang), w("tenteki", lang)],
           [("<td>%d</td>" % len(t.nights), [str(t.games), str(t.wins), _rate(t), "%.2f" % t.avg_place(),
                                             str(t.streak), _who(km, kn, lang), _who(tm, tn, lang)])], "player")
    h.append("<h2>%s</h2>" % w("by_game", lang))
    mine = [k for k in S.kinds if (name, k) in S.per]
    for k in mine:
        head = _figure_head(k, lang)[1:]
        h.append("<h3>%s</h3>" % e(report.kind_name(k, lang)))
        _table(h, head, [("", _figure_cells(S.per[(name, k)], k))], "figures")
    nights = sorted(set(n for k in mine for n in S.by_night[(name, k)]))
    if plots and nights:
        h.append('<figure class="chart"><figcaption>%s</figcaption>%s</figure>' % (
            e(chart_caption(nights, lang)), chart_svg([(report.kind_name(k, lang), S.by_night[(name, k)]) for k in mine],
                                                      nights, lang)))
    h.append("<h2>%s</h2>" % w("h2h", lang))
    rows = []
    opps = sorted(set(b for (a, b) in S.pairs if a == name) | set(a for (a, b) in S.pairs if b == name))
    for o in opps:
        g, x, y, ev = S.h2h(name, o)
        rows.append((_link(o, lang), [str(g), str(x), str(y), str(ev)]))
    _table(h, [w("opponent", lang), w("together", lang), w("placed_above", lang), w("placed_below", lang),
               w("even", lang)], rows, "h2h")
    h.append("<h2>%s</h2>" % w("nights_list", lang))
    h.append('<div class="wide"><table class="nights"><tr><th class="l">%s</th><th>%s</th><th>%s</th></tr>' % (
        w("date", lang), w("games", lang), w("wins", lang)))
    for night, gs in S.nights():
        played = [g for g in gs if g.counted and any(n == name for n, _, _ in g.seats)]
        if played:
            won = sum(1 for g in played if name in g.winners())
            h.append('<tr><td class="l">%s</td><td>%d</td><td>%d</td></tr>' % (e(night), len(played), won))
    h.append("</table></div>")
    _foot(h, lang, db_name)
    return "\n".join(h)


def write_pages(S, out_dir, langs, db_name, plots=True):
    """The season page and a page per player in each language; returns the paths."""
    out = []

    def put(name, text):
        path = inside(out_dir, name)
        with open(path + ".part", "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(path + ".part", path)
        out.append(path)

    for lg in langs:
        others = [x for x in langs if x != lg]
        put("season.%s.html" % lg, render_season(S, lg, "season.%s.html" % others[0] if others else None, db_name, plots))
        for name in S.players():
            put(player_file(name, lg), render_player(S, name, lg, player_file(name, others[0]) if others else None,
                                                     db_name, plots))
    return out
