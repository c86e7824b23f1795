# The season's figures from the ledger: every counted game's places and scores folded into each
# player's figures, per game and over all of them, head to head, and each game's own figures.
import datetime
import json
import os
import re

from host_tools.cli_io import excerpt
from host_tools.records.season import parts as season_games
from host_tools.records.season.aliases import SeasonError, aliases, fold, resolve
from core import registry

SOURCE_NUMBER = re.compile(r"^(\d+)-")    # the device's game number in an archived log's name
ISO_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")   # a date option's and a dated night's form


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
