# `python -m host_tools report LOG... [--out DIR] [--lang ja|en|both] [--night LABEL]`
#
# For every game: a CSV, one row per round/hand (the rules' outcome dict flattened: scalars as
# they are, per-seat lists as one column per player, anything nested as JSON; then every player's
# score after the round per the rules' standings).
# For every game night (the logs grouped by the date folder they were exported to, archive/<date>/,
# else the file's date; --night takes them all as one night): an HTML page per language, each
# player's score over the rounds as a plot (matplotlib, embedded PNG), the final standings, the
# itemised scores (株ドボン breakdown items, 囲将会ドボン payments, predictions...) and any refused
# log lines. Works for every game kind: the generic path needs only the rules protocol.
import base64
import csv
import datetime
import html
import io
import json
import os
import re
import sys

from host_tools import logs

KIND_NAMES = {
    "kakehiki": ("Kakehiki Hold'em", "掛け引きほーるでむ"),
    "kabu": ("Kabu Dobon", "株ドボン"),
    "kakoi": ("Kakoi Dobon", "囲将会ドボン"),
    "dobon": ("Dobon", "ドボン"),
}

T = {
    "night": ("Game night {d}", "{d} のゲーム会"),
    "game": ("Game", "ゲーム"),
    "players": ("Players", "プレイヤー"),
    "settings": ("Settings", "設定"),
    "status": ("Status", "状態"),
    "finished": ("finished", "終了"),
    "in_progress": ("in progress", "途中"),
    "standings": ("Final standings", "最終順位"),
    "standings_now": ("Standings so far", "現在の順位"),
    "place": ("Place", "順位"),
    "player": ("Player", "プレイヤー"),
    "score": ("Score", "得点"),
    "round": ("Round", "回"),
    "rounds": ("Rounds", "各回の結果"),
    "details": ("Details", "内訳"),
    "plot_title": ("Score over the rounds", "得点の推移"),
    "refused": ("Refused log lines", "読めなかったログ行"),
    "hole": ("Lines were refused in the middle of the log: the rounds after them may be incomplete.",
             "ログの途中で読めない行がありました。その後の結果は不完全かもしれません。"),
    "no_rounds": ("No round finished yet.", "まだ終わった回はありません。"),
    "unreadable": ("This log could not be read.", "このログは読めませんでした。"),
    "csv": ("CSV", "CSV"),
    "other_lang": ("日本語", "English"),
    "generated": ("Generated {t} from {n} log(s).", "{t} に {n} 件のログから作成。"),
    "winner": ("winner", "勝者"),
    "winners": ("winners", "勝者"),
    "loser": ("loser", "敗者"),
    "total": ("total", "合計"),
    "pays": ("{a} pays {b}", "{a} → {b}"),
    "capped": ("capped", "上限"),
    "predicted": ("{a} predicted {b} ({v}): {res}", "{a} が {b} を予想 ({v}): {res}"),
    "share": ("share", "配当"),
    "pot_left": ("pot left", "残りの場"),
    "reason": ("reason", "理由"),
    "draw": ("draw", "流局"),
    "parent": ("parent", "親"),
}

KABU_ITEMS = {
    1: ("base", "基本"), 2: ("trumps", "切り札"), 3: ("own cards", "自分の手札"),
    4: ("their cards", "相手の手札"), 5: ("tens", "十"), 6: ("sets", "組"),
    7: ("hand specials", "手札の魂四・赤ピン"), 8: ("card specials", "札の魂四・赤ピン"),
    9: ("gaeshi", "返し"), 10: ("tanpin", "単ピン"), 11: ("four of a kind", "4枚揃い"),
}
CIRCLED = "⓪①②③④⑤⑥⑦⑧⑨⑩⑪⑫"


def tr(key, lang, **kw):
    pair = T[key]
    s = pair[1] if lang == "ja" else pair[0]
    for k, v in kw.items():
        s = s.replace("{" + k + "}", str(v))
    return s


def kind_name(kind, lang):
    pair = KIND_NAMES.get(kind, (kind, kind))
    return pair[1] if lang == "ja" else pair[0]


# ---- one game: rows -------------------------------------------------------------------------------
class GameReport:
    """A read log turned into what the CSV and the page show."""

    def __init__(self, res):
        self.res = res
        self.header = res.header or {}
        self.kind = res.kind
        self.names = [str(n) for n in self.header.get("seats", [])]
        self.n = len(self.names)
        self.rounds = logs.game_rounds(res)       # [(outcome, scores after)]
        self.initial = None
        self.standings = []
        if res.game is not None:
            g = res.game
            st = g.rules.standings(g.rules.initial_state(g.settings, g.nseats))
            self.initial = [0] * self.n
            for e in st:
                self.initial[e["seat"]] = e["score"]
            self.standings = sorted(g.standings(), key=lambda e: (e["place"], e["seat"]))

    @property
    def game_id(self):
        return self.res.game_id

    def columns_and_rows(self):
        keys = []
        for o, _ in self.rounds:
            for k in o:
                if k not in keys:
                    keys.append(k)
        cols = ["round"]
        spec = []
        for k in keys:
            subs = [o[k] for o, _ in self.rounds if isinstance(o.get(k), dict)]
            if subs and all(isinstance(o.get(k), dict) or o.get(k) is None for o, _ in self.rounds):
                sk = []
                for d in subs:
                    for x in d:
                        if x not in sk:
                            sk.append(x)
                spec.append((k, sk))
                cols += ["%s.%s" % (k, x) for x in sk]
                if self.kind == "kabu" and "breakdown" in sk:
                    spec.append((k, "items"))
                    cols += ["%s.%s%d" % (k, "item", n) for n in sorted(KABU_ITEMS)]
                continue
            per_seat = all(isinstance(o.get(k), list) and len(o[k]) == self.n and
                           all(not isinstance(x, (dict, list)) for x in o[k])
                           for o, _ in self.rounds if k in o)
            if per_seat and self.n:
                spec.append((k, True))
                cols += ["%s[%s]" % (k, nm) for nm in self.names]
            else:
                spec.append((k, False))
                cols.append(k if k != "round" else "round_rules")
        cols += ["score[%s]" % nm for nm in self.names]
        rows = []
        for i, (o, sc) in enumerate(self.rounds):
            row = [i + 1]
            for k, per in spec:
                v = o.get(k)
                if per == "items":
                    got = {}
                    for it in (v or {}).get("breakdown", []):
                        got[it.get("item")] = it.get("points", "x%s" % it.get("factor"))
                    row += [got.get(n, "") for n in sorted(KABU_ITEMS)]
                elif isinstance(per, list):
                    row += [_cell((v or {}).get(x)) for x in per]
                elif per:
                    row += list(v) if v is not None else [""] * self.n
                else:
                    row.append(_cell(v))
            row += sc
            rows.append(row)
        return cols, rows

    def write_csv(self, path):
        cols, rows = self.columns_and_rows()
        with open(path, "w", newline="", encoding="utf-8-sig") as f:
            w = csv.writer(f)
            w.writerow(cols)
            for r in rows:
                w.writerow(r)
        return path


def _cell(v):
    if v is None:
        return ""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float, str)):
        return v
    return json.dumps(v, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


# ---- itemised details, per kind (generic fallback) -----------------------------------------------
def _seat(gr, i):
    if isinstance(i, int) and 0 <= i < gr.n:
        return gr.names[i]
    return str(i)


def _kabu_score(sc, lang):
    parts = []
    for it in sc.get("breakdown", []):
        n = it.get("item", 0)
        lab = KABU_ITEMS.get(n, (it.get("label", "?"),) * 2)
        lab = lab[1] if lang == "ja" else lab[0]
        mark = CIRCLED[n] if 0 <= n < len(CIRCLED) else "(%d)" % n
        if "points" in it:
            parts.append("%s %s %+d" % (mark, lab, it["points"]))
        else:
            parts.append("%s %s ×%s" % (mark, lab, it.get("factor")))
    return "%s = %s %s" % (", ".join(parts), sc.get("total"), tr("total", lang))


def details(gr, o, lang):
    """One round's itemised result as a list of short HTML-safe text lines."""
    e = html.escape
    out = []
    kind = gr.kind
    if kind == "kabu":
        k = o.get("kind")
        if "winner" in o and "loser" in o:
            out.append("%s: %s, %s: %s" % (tr("winner", lang), e(_seat(gr, o["winner"])),
                                           tr("loser", lang), e(_seat(gr, o["loser"]))))
        if isinstance(o.get("score"), dict):
            out.append(e(_kabu_score(o["score"], lang)))
        for p in o.get("pairs", []) or []:
            out.append("%s → %s: %s" % (e(_seat(gr, p.get("loser"))), e(_seat(gr, p.get("winner"))),
                                        e(_kabu_score(p, lang))))
        if k == "draw":
            out.append(tr("draw", lang))
        if o.get("minus2"):
            out.append("−2: %s" % e(json.dumps(o["minus2"])))
    elif kind == "kakoi":
        for p in o.get("payments", []) or []:
            s = "%s: %s (%s×%s)" % (tr("pays", lang, a=e(_seat(gr, p.get("payer"))), b=e(_seat(gr, p.get("receiver")))),
                                    p.get("amount"), p.get("points"), p.get("factor"))
            if p.get("capped"):
                s += " [%s]" % tr("capped", lang)
            out.append(s)
    elif kind == "kakehiki":
        if "winners" in o:
            out.append("%s: %s, %s %s, %s %s" % (
                tr("winners", lang), e(", ".join(_seat(gr, w) for w in o["winners"])),
                tr("share", lang), o.get("share"), tr("pot_left", lang), o.get("pot_left")))
        for pr in o.get("preds", []) or []:
            out.append(e(tr("predicted", lang, a=_seat(gr, pr.get("by")), b=_seat(gr, pr.get("on")),
                            v=pr.get("v"), res=pr.get("res"))))
    elif kind == "dobon":
        w = o.get("winner")
        out.append("%s: %s (%s)" % (tr("winner", lang), e(_seat(gr, w)) if w is not None else "-",
                                    e(str(o.get("reason")))))
    if not out:   # generic: the scalar fields
        out.append(e(", ".join("%s=%s" % (k, _cell(v)) for k, v in o.items()
                               if not isinstance(v, (list, dict)))))
    return out


# ---- the plot -------------------------------------------------------------------------------------
_FONT = None


def _setup_matplotlib():
    global _FONT
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib import font_manager
    if _FONT is None:
        _FONT = "DejaVu Sans"
        have = set(f.name for f in font_manager.fontManager.ttflist)
        for name in ("Noto Sans CJK JP", "IPAexGothic", "IPAGothic", "TakaoGothic", "VL Gothic",
                     "MisakiGothic", "MisakiGothic2nd"):
            if name in have:
                _FONT = name
                break
        else:
            for path in ("/usr/share/fonts/truetype/misaki/misaki_gothic.ttf",):
                if os.path.exists(path):
                    font_manager.fontManager.addfont(path)
                    _FONT = font_manager.FontProperties(fname=path).get_name()
                    break
        plt.rcParams["font.family"] = [_FONT, "DejaVu Sans"]
        plt.rcParams["axes.unicode_minus"] = False
    return plt


def plot_png(gr):
    """PNG bytes: each player's score after every round (round 0: the start). One picture for
    both languages (bilingual labels): plotting is the slow part of a report."""
    if getattr(gr, "_png", None) is not None:
        return gr._png
    plt = _setup_matplotlib()
    fig, ax = plt.subplots(figsize=(7, 3.6), dpi=90)
    fig.subplots_adjust(left=0.09, right=0.98, top=0.9, bottom=0.14)
    xs = list(range(len(gr.rounds) + 1))
    for i, nm in enumerate(gr.names):
        ys = [gr.initial[i] if gr.initial else 0] + [sc[i] for _, sc in gr.rounds]
        ax.plot(xs, ys, marker="o" if len(xs) <= 60 else None, markersize=3, label=nm)
    ax.set_xlabel("%s / %s" % (tr("round", "ja"), tr("round", "en")))
    ax.set_ylabel("%s / %s" % (tr("score", "ja"), tr("score", "en")))
    ax.set_title("%s / %s  %s" % (kind_name(gr.kind, "ja"), kind_name(gr.kind, "en"), gr.game_id))
    from matplotlib.ticker import MaxNLocator
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.grid(True, alpha=0.3)
    ax.legend(loc="best", fontsize="small")
    buf = io.BytesIO()
    fig.savefig(buf, format="png")
    plt.close(fig)
    gr._png = buf.getvalue()
    return gr._png


# ---- the page -------------------------------------------------------------------------------------
CSS = """body{font-family:system-ui,'Hiragino Sans','Noto Sans CJK JP',Meiryo,sans-serif;margin:1.5em;max-width:70em}
table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #bbb;padding:.2em .5em;text-align:right;vertical-align:top}
td.l,th.l{text-align:left}.warn{color:#a40}.first{font-weight:bold}section{margin-bottom:2.5em}
img{max-width:100%}nav{float:right}small{color:#666}"""


def render_night(label, reports, lang, other=None, csv_names=None, plots=True):
    e = html.escape
    h = ['<!DOCTYPE html><html lang="%s"><head><meta charset="utf-8">' % lang,
         "<title>%s</title><style>%s</style></head><body>" % (e(tr("night", lang, d=label)), CSS)]
    if other:
        h.append('<nav><a href="%s">%s</a></nav>' % (e(other), tr("other_lang", lang)))
    h.append("<h1>%s</h1>" % e(tr("night", lang, d=label)))
    for gr in reports:
        res = gr.res
        h.append("<section>")
        h.append("<h2>%s <small>%s</small></h2>" % (e(kind_name(gr.kind, lang) if gr.kind else res.name),
                                                   e(gr.game_id or res.name)))
        if res.game is None:
            h.append('<p class="warn">%s</p>' % tr("unreadable", lang))
        else:
            st = tr("finished", lang) if res.over() else tr("in_progress", lang)
            h.append("<p>%s: %s · %s: %s · %s: %s" % (
                tr("players", lang), e(", ".join(gr.names)), tr("settings", lang),
                e(json.dumps(gr.header.get("settings", {}), ensure_ascii=False, sort_keys=True)),
                tr("status", lang), st))
            if csv_names and gr.game_id in csv_names:
                h.append(' · <a href="%s">%s</a>' % (e(csv_names[gr.game_id]), tr("csv", lang)))
            h.append("</p>")
        if res.problems:
            h.append('<h3 class="warn">%s</h3><ul class="warn">' % tr("refused", lang))
            for s in res.report_lines(lang):
                h.append("<li>%s</li>" % e(s))
            h.append("</ul>")
            if res.hole:
                h.append('<p class="warn">%s</p>' % tr("hole", lang))
        if res.game is None:
            h.append("</section>")
            continue
        # standings
        h.append("<h3>%s</h3>" % tr("standings" if res.over() else "standings_now", lang))
        h.append('<table><tr><th>%s</th><th class="l">%s</th><th>%s</th></tr>' % (
            tr("place", lang), tr("player", lang), tr("score", lang)))
        for s in gr.standings:
            cls = ' class="first"' if s["place"] == 1 else ""
            h.append('<tr%s><td>%d</td><td class="l">%s</td><td>%s</td></tr>' % (
                cls, s["place"], e(_seat(gr, s["seat"])), s["score"]))
        h.append("</table>")
        if not gr.rounds:
            h.append("<p>%s</p></section>" % tr("no_rounds", lang))
            continue
        if plots:
            png = plot_png(gr)
            h.append('<p><img alt="%s" src="data:image/png;base64,%s"></p>' % (
                e(tr("plot_title", lang)), base64.b64encode(png).decode("ascii")))
        # rounds with scores and the itemised result
        h.append("<h3>%s</h3><table><tr><th>%s</th>" % (tr("rounds", lang), tr("round", lang)))
        for nm in gr.names:
            h.append("<th>%s</th>" % e(nm))
        h.append('<th class="l">%s</th></tr>' % tr("details", lang))
        prev = gr.initial or [0] * gr.n
        for i, (o, sc) in enumerate(gr.rounds):
            h.append("<tr><td>%d</td>" % (i + 1))
            for j in range(gr.n):
                d = sc[j] - prev[j]
                h.append("<td>%s <small>(%+d)</small></td>" % (sc[j], d))
            h.append('<td class="l">%s</td></tr>' % "<br>".join(details(gr, o, lang)))
            prev = sc
        h.append("</table></section>")
    h.append("<footer><small>%s</small></footer></body></html>" % e(tr(
        "generated", lang, t=datetime.datetime.now().strftime("%Y-%m-%d %H:%M"), n=len(reports))))
    return "\n".join(h)


# ---- nights ---------------------------------------------------------------------------------------
_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")


def night_of(path):
    """The game night a log belongs to: its archive/<date>/ folder, else the file's date."""
    parent = os.path.basename(os.path.dirname(os.path.abspath(path)))
    if _DATE.match(parent):
        return parent
    try:
        return datetime.date.fromtimestamp(os.path.getmtime(path)).isoformat()
    except OSError:
        return datetime.date.today().isoformat()


def latest_per_game(results):
    """The same game given twice (exported mid-game, then at the end): keep the longer one."""
    best = {}
    order = []
    for r in results:
        key = (r.game_id, json.dumps(r.header, sort_keys=True)) if r.header else (r.name, id(r))
        if key not in best:
            order.append(key)
            best[key] = r
        elif r.kept > best[key].kept:
            best[key] = r
    return [best[k] for k in order]


def report(paths, out_dir, lang="both", night=None, plots=True):
    """Writes the CSVs and pages; returns {"csv": [...], "html": [...], "problems": n}."""
    os.makedirs(out_dir, exist_ok=True)
    by_night = {}
    for p in paths:
        by_night.setdefault(night or night_of(p), []).append(p)
    groups = dict((label, logs.read_paths(ps)) for label, ps in by_night.items())
    written = {"csv": [], "html": [], "problems": 0}
    langs = ["ja", "en"] if lang == "both" else [lang]
    for label in sorted(groups):
        results = latest_per_game(groups[label])
        reports = [GameReport(r) for r in results]
        csv_names = {}
        for gr in reports:
            written["problems"] += len(gr.res.problems)
            if gr.res.game is None:
                continue
            name = "%s-%s.csv" % (gr.kind, gr.game_id)
            written["csv"].append(gr.write_csv(os.path.join(out_dir, name)))
            csv_names[gr.game_id] = name
        safe = re.sub(r"[^\w.-]+", "_", label)
        pages = {lg: "night-%s.%s.html" % (safe, lg) for lg in langs}
        for lg in langs:
            other = [pages[x] for x in langs if x != lg]
            page = render_night(label, reports, lg, other[0] if other else None, csv_names, plots)
            path = os.path.join(out_dir, pages[lg])
            with open(path, "w", encoding="utf-8") as f:
                f.write(page)
            written["html"].append(path)
    return written


def main(argv):
    import argparse
    ap = argparse.ArgumentParser(prog="python -m host_tools report",
                                 description="CSV per game and an HTML page per game night.")
    ap.add_argument("logs", nargs="+", metavar="LOG")
    ap.add_argument("--out", default="reports", help="output folder (default ./reports)")
    ap.add_argument("--lang", choices=("ja", "en", "both"), default="both")
    ap.add_argument("--night", help="take all the logs as one game night with this label")
    a = ap.parse_args(argv)
    missing = [p for p in a.logs if not os.path.isfile(p)]
    if missing:
        sys.stderr.write("no such file: %s\n" % ", ".join(missing))
        return 2
    w = report(a.logs, a.out, a.lang, a.night)
    for p in w["csv"] + w["html"]:
        print(p)
    if w["problems"]:
        print("%d log line(s) refused: see the pages" % w["problems"])
    return 0
