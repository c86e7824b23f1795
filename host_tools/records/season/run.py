# `python -m host_tools season [--db FILE] [--kind K] [--since YYYY-MM-DD] [--lang ja|en|both] [--out DIR] [--all]`
# and `python -m host_tools season alias OLD NEW | alias --undo [OLD] | alias --list`: every
# player's record across the game nights of the ledger (host_tools/records/ledger.py), as pages and CSVs.
#
# What is counted, what a win is, how ties and nights go, and every figure: docs/season.md. Each
# game's own figures and which way its score is better: host_tools/kinds/<kind>/season.py.
# Trust: names are plain text everywhere (HTML-escaped, CSV formulas defused, no mathtext in the
# charts); a player's page is named by a digest of the name, never by the name or a game id.
# Memory: the games' seats and places are held (a few numbers per game); the rounds are streamed
# from SQLite once, each game's figures added as its rounds pass.
import csv
import datetime
import hashlib
import html
import json
import os
import re
import sqlite3
import sys
import unicodedata

from host_tools.cli_io import excerpt
from host_tools.records.report import run as report
from host_tools.records.season import parts as season_games
from host_tools.records.report.text import _pick, tr
from core import registry

ALIASES = """CREATE TABLE IF NOT EXISTS aliases (
  old TEXT PRIMARY KEY, new TEXT NOT NULL, made TEXT NOT NULL)"""
CHART_PLAYERS = 8      # lines in a game's chart on the season page: the players with the most games
CHART_NIGHTS = 50      # points per line at most: a longer season is drawn in groups of nights
SOURCE_NUMBER = re.compile(r"^(\d+)-")    # the device's game number in an archived log's name
ISO_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")   # a date option's and a dated night's form

# Page words: key -> (English, 日本語). Terms: docs/glossary.md.
W = {
    "title": ("Season", "通算成績"),
    "title_player": ("{a}: season", "{a}の通算成績"),
    "span": ("{a} to {b}: {n} night(s), {g} game(s) counted", "{a}～{b}・ゲーム会{n}回・集計したゲーム{g}件"),
    "span_none": ("No game counted.", "集計したゲームはありません。"),
    "only_kind": ("Only {k}.", "{k}だけを集計しています。"),
    "since": ("Nights from {d} on.", "{d}以降のゲーム会です。"),
    "unfinished_out": ("{n} game(s) still in progress are not counted: they are listed under the nights as "
                       "in progress (season --all counts them with their standings so far).",
                       "途中のゲーム{n}件は集計していません。ゲーム会の一覧に「途中」として載せています"
                       "（season --allで、その時点の順位で集計します）。"),
    "unfinished_in": ("{n} game(s) still in progress are counted with their standings so far (--all).",
                      "途中のゲーム{n}件を、その時点の順位で集計しています（--all）。"),
    "dup_seat": ("Not counted: {k} {g} on {d}: {a} sits at two seats.",
                 "集計外：{d}の{k}（{g}）：{a}が2つの席にいます。"),
    "alias_clash": ("{k} {g} on {d}: {a} and {b} sat at the same game, so they stay two players there.",
                    "{d}の{k}（{g}）：{a}と{b}が同じゲームにいたため、このゲームでは別の人として数えています。"),
    "merged": ("Names merged", "統合した名前"),
    "merged_row": ("{a} counted as {b}", "{a}は{b}として集計"),
    "similar": ("Names that may be one player", "同じ人かもしれない名前"),
    "similar_hint": ("merge them with: python -m host_tools season alias OLD NEW",
                     "統合するには：python -m host_tools season alias 旧名 新名"),
    "players": ("Players", "参加者"),
    "player": ("Player", "参加者"),
    "nights": ("Nights", "ゲーム会数"),
    "games": ("Games", "ゲーム数"),
    "wins": ("Wins", "1位"),
    "win_rate": ("Win rate", "1位率"),
    "avg_place": ("Average place", "平均順位"),
    "avg_score": ("Average {s}", "平均{s}"),       # {s}: the game's score word (report_games)
    "best": ("Best {s}", "最高{s}"),
    "worst": ("Worst {s}", "最低{s}"),
    "best_low": ("Best (fewest points)", "最少点（最高）"),
    "worst_low": ("Worst (most points)", "最多点（最低）"),
    "streak": ("Longest winning streak", "最長連続1位"),
    "kamo": ("Beats most", "カモ"),
    "tenteki": ("Beaten most by", "天敵"),
    "who_count": ("{a} ({n})", "{a}（{n}回）"),
    "h2h": ("Head to head", "対戦成績"),
    "h2h_note": ("For every pair who played in one game: how often each placed above the other; a shared "
                 "place is even.", "同じゲームに出た2人ごとに、どちらが何回上の順位だったか。同じ順位は引き分けです。"),
    "together": ("Games together", "同じゲーム"),
    "above_a": ("Player placed above", "参加者が上"),
    "above_b": ("Opponent placed above", "相手が上"),
    "even": ("Even", "引き分け"),
    "opponent": ("Opponent", "相手"),
    "placed_above": ("Placed above", "上の順位"),
    "placed_below": ("Placed below", "下の順位"),
    "chart": ("Average place on each night (1 is the top)", "各ゲーム会の平均順位（上ほど良い）"),
    "chart_few": ("{c}; the {n} players with the most games", "{c}・ゲーム数の多い{n}人"),
    "chart_grouped": ("Average place over every {n} nights (1 is the top)", "ゲーム会{n}回ごとの平均順位（上ほど良い）"),
    "x_night": ("Night", "ゲーム会"),
    "y_place": ("Average place", "平均順位"),
    "nights_list": ("Nights", "ゲーム会の一覧"),
    "date": ("Date", "日付"),
    "won": ("Who won", "1位"),
    "game_won": ("{k}: {a}", "{k}：{a}"),
    "game_open": ("{k}: in progress", "{k}：途中"),
    "game_open_counted": ("{k}: in progress, leading {a}", "{k}：途中（現在1位{a}）"),
    "game_out": ("{k}: not counted", "{k}：集計外"),
    "by_game": ("Per game", "ゲームごとの成績"),
    "all_games": ("All games", "全ゲーム"),
    "csv": ("CSV: players", "CSV：参加者ごと"),
    "csv_h2h": ("CSV: head to head", "CSV：対戦成績"),
    "csv_nights": ("CSV: games", "CSV：ゲームごと"),
    "back": ("Season", "通算成績へ"),
    "generated": ("Made {t} from the ledger {f}.", "{t}に台帳{f}から作成。"),
    "none": ("-", "－"),
}


def w(key, lang, **kw):
    return tr(key, lang, W, **kw)


class SeasonError(Exception):
    """Bad input for the season: the message names the problem (the CLI exits 2 with it)."""


# ---- the ledger and its aliases ------------------------------------------------------------------
def open_ledger(path):
    """The ledger at `path` for reading and aliases (its aliases table made when missing)."""
    if not os.path.isfile(path):
        raise SeasonError("no ledger %s: run 'python -m host_tools ledger import' first" % path)
    try:
        db = sqlite3.connect(path)
        tables = set(r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'"))
        if not {"games", "results", "rounds"} <= tables:
            db.close()
            raise SeasonError("%s is not a ledger (no games, results and rounds tables)" % path)
        db.execute(ALIASES)
        db.commit()
    except sqlite3.Error as e:
        raise SeasonError("cannot read the ledger %s: %s" % (path, e))
    return db


def aliases(db):
    """{old name: new name} as kept in the ledger."""
    return dict(db.execute("SELECT old, new FROM aliases"))


def resolve(amap, name):
    """The name `name` is counted as: its aliases followed to the end."""
    seen = set()
    while name in amap and name not in seen:
        seen.add(name)
        name = amap[name]
    return name


def add_alias(db, old, new):
    """Count `old` as `new` from now on (kept in the ledger); SeasonError when it cannot be."""
    if not isinstance(old, str) or not isinstance(new, str) or not old.strip() or not new.strip():
        raise SeasonError("a name cannot be empty")
    if old == new:
        raise SeasonError("%r and %r are the same name" % (old, new))
    amap = aliases(db)
    if old in amap:
        raise SeasonError("%r is already counted as %r: undo that first (season alias --undo %s)" % (
            old, amap[old], old))
    if resolve(amap, new) == old:
        raise SeasonError("%r is counted as %r already: merging back would go round in a circle" % (new, old))
    seated = {}
    for key, name in db.execute("SELECT key, name FROM results"):
        seated.setdefault(key, []).append(name)
    names = set(n for v in seated.values() for n in v)
    if old not in names:
        raise SeasonError("no player %r in the ledger" % old)
    # the names that become one: every name counted as old or as new's end
    target = resolve(amap, new)
    for key, mine in seated.items():
        ours = [n for n in mine if resolve(amap, n) == old]
        theirs = [n for n in mine if resolve(amap, n) == target]
        if ours and theirs:
            g, night = db.execute("SELECT g, night FROM games WHERE key = ?", (key,)).fetchone()
            raise SeasonError("%r and %r played in the same game (%s on %s): they are two players" % (
                ours[0], theirs[0], g, night))
    with db:
        db.execute("INSERT INTO aliases VALUES (?,?,?)", (old, new, datetime.datetime.now().isoformat(timespec="seconds")))


def undo_alias(db, old=None):
    """Takes back the merge of `old` (default: the latest merge); returns (old, new)."""
    if old is None:
        row = db.execute("SELECT old, new FROM aliases ORDER BY made DESC, rowid DESC LIMIT 1").fetchone()
        if row is None:
            raise SeasonError("no merged names to undo")
    else:
        row = db.execute("SELECT old, new FROM aliases WHERE old = ?", (old,)).fetchone()
        if row is None:
            raise SeasonError("%r is not merged into another name" % old)
    with db:
        db.execute("DELETE FROM aliases WHERE old = ?", (row[0],))
    return row[0], row[1]


def fold(name):
    """A name as it may be spelled differently: NFKC, case folded, katakana as hiragana."""
    s = unicodedata.normalize("NFKC", name).casefold()
    return "".join(chr(ord(c) - 0x60) if "\u30a1" <= c <= "\u30f6" else c for c in s).strip()


# ---- the figures ---------------------------------------------------------------------------------
class Fig:
    """One player's figures in one game kind (or in all of them: kind None)."""

    def __init__(self):
        self.games = 0
        self.wins = 0
        self.place_sum = 0
        self.score_sum = 0
        self.best = None
        self.worst = None
        self.run = 0
        self.streak = 0
        self.nights = set()
        self.extra = {}

    def add(self, night, place, score, better):
        self.games += 1
        self.nights.add(night)
        self.place_sum += place
        if place == 1:
            self.wins += 1
            self.run += 1
            self.streak = max(self.streak, self.run)
        else:
            self.run = 0
        if score is not None:
            self.score_sum += score
            low = better == "low"
            if self.best is None or (score < self.best if low else score > self.best):
                self.best = score
            if self.worst is None or (score > self.worst if low else score < self.worst):
                self.worst = score

    def win_rate(self):
        return self.wins / float(self.games) if self.games else 0.0

    def avg_place(self):
        return self.place_sum / float(self.games) if self.games else 0.0

    def avg_score(self):
        return self.score_sum / float(self.games) if self.games else 0.0


class GameRow:
    """One game of the ledger as the season sees it: seats (counted name, place, score) in seat order."""

    __slots__ = ("key", "gid", "kind", "night", "over", "counted", "seats", "why")

    def __init__(self, key, gid, kind, night, over):
        self.key, self.gid, self.kind, self.night, self.over = key, gid, kind, night, over
        self.counted = False
        self.seats = []
        self.why = None

    def winners(self):
        return [n for n, p, s in self.seats if p == 1]


class Season:
    """Everything the pages and CSVs show (build())."""

    def __init__(self):
        self.games = []          # GameRow, in play order
        self.kinds = []          # the kinds with counted games, in the registry's order
        self.per = {}            # (name, kind) -> Fig
        self.total = {}          # name -> Fig over every kind
        self.pairs = {}          # (a, b) with a < b -> [games, a above, b above, even]
        self.beat = {}           # name -> {opponent: times placed above}
        self.by_night = {}       # (name, kind) -> {night: [places]}
        self.merged = []         # (old, new) applied
        self.clashes = []        # (GameRow, a, b): an alias not applied in that game
        self.similar = []        # [names] that fold to one spelling and are not merged
        self.unfinished = 0
        self.include_unfinished = False
        self.kind = None
        self.since = None

    def nights(self):
        out = []
        for g in self.games:
            if not out or out[-1][0] != g.night:
                out.append((g.night, []))
            out[-1][1].append(g)
        return out

    def counted_nights(self):
        return sorted(set(g.night for g in self.games if g.counted))

    def players(self):
        """Most wins first, then win rate, then average place; names break the rest of the ties."""
        return sorted(self.total, key=lambda n: (-self.total[n].wins, -self.total[n].win_rate(),
                                                 self.total[n].avg_place(), n))

    def kamo(self, name):
        """(opponents `name` placed above most often, how often); ([], 0) when never."""
        return _most(self.beat.get(name, {}))

    def tenteki(self, name):
        """(opponents who placed above `name` most often, how often)."""
        return _most(dict((o, self.beat[o][name]) for o in self.beat if name in self.beat[o]))

    def h2h(self, a, b):
        """(games together, a above b, b above a, even)."""
        if a < b:
            g, x, y, e = self.pairs.get((a, b), (0, 0, 0, 0))
            return g, x, y, e
        g, x, y, e = self.pairs.get((b, a), (0, 0, 0, 0))
        return g, y, x, e


def _most(counts):
    best = max([c for c in counts.values() if c > 0] or [0])
    return sorted(o for o, c in counts.items() if c == best and best > 0), best


def _order_key(row):
    rowid, source = row[0], row[-1]
    m = SOURCE_NUMBER.match(os.path.basename(source or ""))
    return (row[4], int(m.group(1)) if m else float("inf"), rowid)


def as_date(text):
    """`text` when it is a real day written exactly YYYY-MM-DD (ASCII digits), else None.
    date.fromisoformat alone is not the test: from Python 3.11 it also takes 20261113 and ISO week
    dates (2026-W46-5), which would then be compared as text with the nights' labels."""
    if not isinstance(text, str) or not ISO_DATE.fullmatch(text):
        return None
    try:
        return datetime.date.fromisoformat(text).isoformat()
    except ValueError:          # 2025-02-30, month 13, year 0000
        return None


def valid_date(option, text):
    """The value of a date option (`option`, e.g. "--since"), or SeasonError naming it and the form."""
    date = as_date(text)
    if date is None:
        raise SeasonError("%s %s is not a date: give a real day as YYYY-MM-DD (e.g. 2026-11-13)" % (
            option, excerpt(repr(text))))
    return date


def valid_since(text):
    return valid_date("--since", text)


def build(db, kind=None, since=None, include_unfinished=False):
    """The season of the ledger `db`: the games of `kind` (all: None) on the nights labelled with a
    date on or after `since` (YYYY-MM-DD; every night: None); unfinished games counted only when
    `include_unfinished`."""
    S = Season()
    S.kind, S.since, S.include_unfinished = kind, since, include_unfinished
    amap = aliases(db)
    q = "SELECT rowid, key, g, kind, night, over, source FROM games"
    args = []
    if kind:
        q += " WHERE kind = ?"
        args.append(kind)
    rows = [r for r in db.execute(q, args) if since is None or (_is_date(r[4]) and r[4] >= since)]
    rows.sort(key=_order_key)
    by_key = {}
    for r in rows:
        g = GameRow(r[1], r[2], r[3], r[4], bool(r[5]))
        by_key[g.key] = g
        S.games.append(g)
    seats = {}
    for key, seat, name, score, place in db.execute("SELECT key, seat, name, score, place FROM results"):
        if key in by_key:
            seats.setdefault(key, []).append((seat, name, score, place))
    used = set()
    for g in S.games:
        got = sorted(seats.pop(g.key, []))
        own = [n for _, n, _, _ in got]
        names = [resolve(amap, n) for n in own]
        for i in range(len(names)):              # an alias that would seat one player twice: not here
            if names.count(names[i]) > 1 and own.count(own[i]) == 1:
                other = [own[j] for j in range(len(own)) if names[j] == names[i] and j != i][0]
                if own[i] < other:
                    S.clashes.append((g, own[i], other))
        names = [names[i] if names.count(names[i]) == 1 else own[i] for i in range(len(names))]
        g.seats = [(names[i], got[i][3], got[i][2]) for i in range(len(got))]
        if not g.over:
            S.unfinished += 1
        if len(set(names)) < len(names):
            g.why = [n for n in names if names.count(n) > 1][0]
        elif got and (g.over or include_unfinished):
            g.counted = True
            used.update(own)
    for g in S.games:
        if g.counted:
            _count(S, g)
    S.kinds = [k for k in registry.KINDS if any(kk == k for (_, kk) in S.per)] + sorted(
        set(kk for (_, kk) in S.per if kk not in registry.KINDS))
    S.merged = sorted((o, resolve(amap, o)) for o in amap if o in used)
    _rounds(S, db, by_key)
    groups = {}
    for n in S.total:
        groups.setdefault(fold(n), []).append(n)
    S.similar = sorted(sorted(v) for v in groups.values() if len(v) > 1)
    return S


def _is_date(label):
    return as_date(label) is not None


def _count(S, g):
    better = season_games.of(g.kind).BETTER
    for name, place, score in g.seats:
        S.per.setdefault((name, g.kind), Fig()).add(g.night, place, score, better)
        S.total.setdefault(name, Fig()).add(g.night, place, None, better)
        S.by_night.setdefault((name, g.kind), {}).setdefault(g.night, []).append(place)
    for i in range(len(g.seats)):
        a, pa, _ = g.seats[i]
        for j in range(i + 1, len(g.seats)):
            b, pb, _ = g.seats[j]
            x, y = (a, b) if a < b else (b, a)
            px, py = (pa, pb) if a < b else (pb, pa)
            c = S.pairs.setdefault((x, y), [0, 0, 0, 0])
            c[0] += 1
            if px < py:
                c[1] += 1
            elif py < px:
                c[2] += 1
            else:
                c[3] += 1
            if pa < pb:
                S.beat.setdefault(a, {})[b] = S.beat.setdefault(a, {}).get(b, 0) + 1
            elif pb < pa:
                S.beat.setdefault(b, {})[a] = S.beat.setdefault(b, {}).get(a, 0) + 1


def _rounds(S, db, by_key):
    """Each game's own figures (season_games), the ledger's rounds streamed once."""
    kinds = [k for k in S.kinds if season_games.of(k).FIGURES]
    if not kinds:
        return
    cur_key, memo, g, part, hows = None, None, None, None, None
    q = ("SELECT r.key, r.outcome FROM rounds r JOIN games g ON g.key = r.key WHERE g.kind IN (%s) "
         "ORDER BY r.key, r.idx" % ",".join("?" * len(kinds)))
    for key, outcome in db.execute(q, kinds):
        if key != cur_key:
            cur_key, memo = key, {}
            g = by_key.get(key)
            part = season_games.of(g.kind) if g is not None and g.counted else None
            hows = dict((f[0], f[2]) for f in part.FIGURES) if part is not None else None
        if part is None:
            continue
        try:
            o = json.loads(outcome)
        except ValueError:
            continue
        if not isinstance(o, dict):
            continue
        n = len(g.seats)
        for seat, fkey, value in part.figures(o, memo, n):
            fig = S.per[(g.seats[seat][0], g.kind)]
            old = fig.extra.get(fkey)
            fig.extra[fkey] = value if old is None else (old + value if hows[fkey] == "sum" else max(old, value))


def extra_value(fig, key):
    """A game's own figure of a player; 0 when nothing happened (a count, or the largest of none)."""
    return fig.extra.get(key, 0)


# ---- CSVs ----------------------------------------------------------------------------------------
def _csv(path, head, rows):
    tmp = path + ".part"
    with open(tmp, "w", newline="", encoding="utf-8-sig") as f:
        wr = csv.writer(f)
        wr.writerow(head)
        for r in rows:
            wr.writerow([report._safe_cell(c) for c in r])
    os.replace(tmp, path)
    return path


def player_rows(S):
    """One row per player and game (then per player over every game: game "all")."""
    extras = []
    for k in S.kinds:
        for f in season_games.of(k).FIGURES:
            extras.append((k, f))
    head = ["player", "game", "nights", "games", "wins", "win rate", "average place", "average score",
            "best score", "worst score", "longest winning streak", "beats most", "beats most (times)",
            "beaten most by", "beaten most by (times)"] + ["%s: %s" % (k, f[1][0]) for k, f in extras]
    rows = []
    for name in S.players():
        km, kn = S.kamo(name)
        tm, tn = S.tenteki(name)
        t = S.total[name]
        rows.append([name, "all", len(t.nights), t.games, t.wins, round(t.win_rate(), 3), round(t.avg_place(), 2),
                     "", "", "", t.streak, " / ".join(km), kn, " / ".join(tm), tn] + [""] * len(extras))
        for k in S.kinds:
            f = S.per.get((name, k))
            if f is None:
                continue
            rows.append([name, k, len(f.nights), f.games, f.wins, round(f.win_rate(), 3), round(f.avg_place(), 2),
                         round(f.avg_score(), 2), f.best, f.worst, f.streak, "", "", "", ""]
                        + [extra_value(f, x[1][0]) if x[0] == k else "" for x in extras])
    return head, rows


def write_csvs(S, out_dir):
    head, rows = player_rows(S)
    out = [_csv(report._inside(out_dir, "season.csv"), head, rows)]
    h2h = []
    for (a, b), (g, x, y, e) in sorted(S.pairs.items()):
        h2h.append([a, b, g, x, y, e])
        h2h.append([b, a, g, y, x, e])
    out.append(_csv(report._inside(out_dir, "season-h2h.csv"),
                    ["player", "opponent", "games together", "placed above", "placed below", "even"], h2h))
    games = ([g.night, g.kind, g.gid, "finished" if g.over else "in progress", "yes" if g.counted else "no",
              " / ".join(g.winners()) if g.counted else "", " / ".join(n for n, _, _ in g.seats)] for g in S.games)
    out.append(_csv(report._inside(out_dir, "season-games.csv"),
                    ["night", "game", "id", "status", "counted", "winners", "players"], games))
    return out


# ---- the chart -----------------------------------------------------------------------------------
def group_of(nights):
    """How many nights one point of a chart stands for (1 up to CHART_NIGHTS nights)."""
    return max(1, -(-len(nights) // CHART_NIGHTS))


def chart_caption(nights, lang):
    k = group_of(nights)
    return w("chart", lang) if k == 1 else w("chart_grouped", lang, n=k)


def chart_svg(lines, nights, lang):
    """An inline SVG of average places: lines = [(label, {night: [places]})], one point per night,
    or per group of group_of(nights) nights (labelled with the group's first night)."""
    plt = report._setup_matplotlib()
    import matplotlib
    from matplotlib.ticker import FuncFormatter, MaxNLocator
    k = group_of(nights)
    index = dict((n, i // k + 1) for i, n in enumerate(nights))
    firsts = nights[::k]
    grouped = []
    for label, per in lines:
        sums = {}
        for n, places in per.items():
            if n in index:
                c = sums.setdefault(index[n], [0, 0])
                c[0] += sum(places)
                c[1] += len(places)
        grouped.append((label, dict((x, c[0] / float(c[1])) for x, c in sums.items())))
    with matplotlib.rc_context(report._chart_rc()):
        fig, ax = plt.subplots(figsize=(7, 3.6))
        try:
            fig.subplots_adjust(left=0.1, right=0.98, top=0.97, bottom=0.16)
            drawn = []
            for label, per in grouped:
                xs = sorted(per)
                drawn.append(ax.plot(xs, [per[x] for x in xs], marker="o", markersize=3)[0])
            ax.set_xlabel(w("x_night", lang))
            ax.set_ylabel(w("y_place", lang))
            ax.invert_yaxis()
            ax.xaxis.set_major_locator(MaxNLocator(nbins=6, integer=True))
            ax.xaxis.set_major_formatter(FuncFormatter(
                lambda x, pos: firsts[int(x) - 1] if x == int(x) and 1 <= int(x) <= len(firsts) else ""))
            ax.yaxis.set_major_locator(MaxNLocator(integer=True))
            ax.grid(True, alpha=0.3)
            ax.legend(drawn, [lb for lb, _ in grouped], loc="best", fontsize="small")  # "_" names shown
            svg = report.svg_of(fig)
        finally:
            plt.close(fig)
    return svg


# ---- the pages -----------------------------------------------------------------------------------
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
    sw = report.word(kind, "SCORE_WORD", "score", lang)
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
        path = report._inside(out_dir, name)
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


def season(db_path, out_dir, lang="both", kind=None, since=None, include_unfinished=False, plots=True):
    """Builds and writes everything: {"html": [...], "csv": [...], "season": Season}."""
    if kind is not None and kind not in registry.KINDS:
        raise SeasonError("no game %r (one of: %s)" % (kind, ", ".join(registry.KINDS)))
    since = valid_since(since) if since is not None else None
    db = open_ledger(db_path)
    try:
        S = build(db, kind, since, include_unfinished)
    except sqlite3.Error as e:
        raise SeasonError("cannot read the ledger %s: %s" % (db_path, e))
    finally:
        db.close()
    try:
        os.makedirs(out_dir, exist_ok=True)
        langs = ["ja", "en"] if lang == "both" else [lang]
        pages = write_pages(S, out_dir, langs, os.path.basename(db_path), plots)
        csvs = write_csvs(S, out_dir)
    except OSError as e:
        raise SeasonError("cannot write the season to %s: %s" % (out_dir, e))
    return {"html": pages, "csv": csvs, "season": S}


# ---- the command ---------------------------------------------------------------------------------
def _parser(prog, description):
    """argparse raising SeasonError instead of exiting (its messages kept): one exit, 2, for all bad input."""
    import argparse

    class Parser(argparse.ArgumentParser):
        def error(self, message):
            raise SeasonError("%s: %s" % (self.prog, message))
    return Parser(prog=prog, description=description)


def _alias_main(argv):
    ap = _parser("python -m host_tools season alias", "Count one spelling of a name as another "
                      "(kept in the ledger; --undo takes it back).")
    ap.add_argument("names", nargs="*", metavar="NAME", help="OLD NEW: count OLD as NEW")
    ap.add_argument("--undo", action="store_true", help="take back the merge of OLD (default: the latest)")
    ap.add_argument("--list", action="store_true", help="the merged names")
    ap.add_argument("--db", default="ledger.sqlite", help="the ledger (default ./ledger.sqlite)")
    a = ap.parse_args(argv)
    if a.undo and len(a.names) > 1 or not a.undo and len(a.names) not in (0, 2) or a.list and a.names:
        raise SeasonError("usage: season alias OLD NEW | season alias --undo [OLD] | season alias --list")
    db = open_ledger(a.db)
    try:
        if a.undo:
            old, new = undo_alias(db, a.names[0] if a.names else None)
            print("%s is its own name again (was counted as %s)" % (old, new))
        elif a.names:
            add_alias(db, a.names[0], a.names[1])
            print("%s is counted as %s (undo: season alias --undo %s)" % (a.names[0], a.names[1], a.names[0]))
        else:
            amap = aliases(db)
            for old in sorted(amap):
                print("%s -> %s" % (old, resolve(amap, old)))
            if not amap:
                print("(no merged names)")
    except sqlite3.Error as e:
        raise SeasonError("cannot change the ledger %s: %s" % (a.db, e))
    finally:
        db.close()
    return 0


def _main(argv):
    if argv and argv[0] == "alias":
        return _alias_main(argv[1:])
    ap = _parser("python -m host_tools season", "Every player's record across the game nights "
                      "of the ledger: HTML pages and CSVs (docs/season.md). 'season alias --help': merge names.")
    ap.add_argument("--db", default="ledger.sqlite", help="the ledger (default ./ledger.sqlite)")
    ap.add_argument("--kind", help="only this game: " + ", ".join(registry.KINDS))
    ap.add_argument("--since", metavar="YYYY-MM-DD",
                    help="only the nights from this day on (exactly YYYY-MM-DD, a real day; else exit 2)")
    ap.add_argument("--lang", choices=("ja", "en", "both"), default="both",
                    help="the pages' language (default both, linked to each other)")
    ap.add_argument("--out", default="season", help="output folder (default ./season)")
    ap.add_argument("--all", action="store_true", help="count games still in progress (standings so far)")
    a = ap.parse_args(argv)
    made = season(a.db, a.out, a.lang, a.kind, a.since, a.all)
    for p in [p for p in made["html"] if os.path.basename(p).startswith("season.")] + made["csv"]:
        print(p)
    S = made["season"]
    print("%d page(s), %d player(s), %d game(s) counted, %d in progress%s" % (
        len(made["html"]), len(S.total), sum(1 for g in S.games if g.counted), S.unfinished,
        " (counted)" if S.include_unfinished else " (not counted)"))
    return 0


def main(argv):
    try:
        return _main(argv)
    except SeasonError as e:
        sys.stderr.write("season: %s\n" % e)
        return 2


if __name__ == "__main__":
    from host_tools.cli_io import run_command
    sys.exit(run_command(main, sys.argv[1:]))
