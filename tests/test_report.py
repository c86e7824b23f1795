# host_tools.report: the CSVs and pages of a night with every game kind, as players read them, and
# hostile names and ids (no crash, no file outside --out, one bad game never stops the night).
import csv
import html.parser
import os
import re
import tracemalloc
import warnings

import pytest

from scoreboard import journal
from scoreboard.engine import Game
from host_tools import logs, report, report_bench
from host_tools.__main__ import main as host_main

from game_data.dobon import play_log as play_dobon
from game_data.kabu import play_log as play_kabu
from game_data.kakehiki import play_log as play_kakehiki
from game_data.kakoi import play_log as play_kakoi
from test_logs import data_of

NAMES3 = ["あき", "Bob", "ちえ"]


def night_dir(tmp_path, label="2025-03-01", names3=NAMES3, names4=("あき", "Bob", "ちえ", "Dan")):
    d = tmp_path / "archive" / label
    d.mkdir(parents=True)
    games = {"kh.log": play_kakehiki(3, names=list(names4)),
             "ko.log": play_kakoi(names=list(names3)), "kb.log": play_kabu(names=list(names3)),
             "db.log": play_dobon(names=list(names3))}
    for name, (g, lines) in games.items():
        (d / name).write_bytes(data_of(lines))
    return d, games


def read_csv(path):
    with open(path, encoding="utf-8-sig", newline="") as f:
        return list(csv.reader(f))


class PageText(html.parser.HTMLParser):
    """The words a reader sees: text outside <style>, the chart's text included."""

    def __init__(self):
        super().__init__()
        self.skip = 0
        self.words = []

    def handle_starttag(self, tag, attrs):
        if tag in ("style", "script"):
            self.skip += 1

    def handle_endtag(self, tag):
        if tag in ("style", "script"):
            self.skip -= 1

    def handle_data(self, data):
        if not self.skip and data.strip():
            self.words.append(data.strip())


def page_words(page):
    p = PageText()
    p.feed(page)
    return p.words


# ---- the CSV -------------------------------------------------------------------------------------
def test_csv_one_value_per_cell_names_not_seats(tmp_path):
    d, games = night_dir(tmp_path)
    out = tmp_path / "out"
    w = report.report(sorted(str(p) for p in d.iterdir()), str(out), "both", plots=False)
    assert len(w["csv"]) == 4 and len(w["details"]) == 3 and len(w["html"]) == 2 and w["problems"] == 0
    for name, (g, lines) in games.items():
        rows = read_csv(out / ("%s-%s.csv" % (g.header["kind"], g.game_id)))
        head, body = rows[0], rows[1:]
        hist = list(g.history())
        assert len(body) == len(hist) > 0
        names = [str(n) for n in g.header["seats"]]
        score_cols = [head.index("score: %s" % n) for n in names]
        final = {e["seat"]: e["score"] for e in g.standings()}
        assert [int(body[-1][c]) for c in score_cols] == [final[i] for i in range(len(names))]
        for r in body:   # no JSON, no lists: one value per cell
            assert len(r) == len(head)
            assert not any(c.startswith(("[", "{")) for c in r), r
    kh = read_csv(out / "kakehiki-00000003.csv")
    h = kh[0]
    assert kh[1][h.index("parent")] == "あき" and kh[2][h.index("parent")] == "Bob"   # names, not 0/1
    assert kh[1][h.index("winners")] in ("あき", "Bob", "ちえ", "Dan")
    kb = read_csv(out / "kabu-0000cab0.csv")
    h = kb[0]
    assert kb[1][h.index("winner")] == "あき" and kb[1][h.index("loser")] == "Bob"
    assert kb[1][h.index("points")] == "8" and kb[1][h.index("points: Bob")] == "8"
    assert kb[2][h.index("ending")] == "draw"
    ko = read_csv(out / "kakoi-0000c0c0.csv")
    assert ko[1][ko[0].index("change: あき")] == "30"


def test_details_csv_long_format(tmp_path):
    d, games = night_dir(tmp_path)
    out = tmp_path / "out"
    report.report(sorted(str(p) for p in d.iterdir()), str(out), "en", plots=False)
    kb = read_csv(out / "kabu-0000cab0-details.csv")
    assert kb[0] == report.DETAIL_COLUMNS
    first = [r for r in kb[1:] if r[0] == "1"]
    assert ["1", "score item", "Bob", "あき", "2", "Trumps", "4", "", "", ""] in first
    assert ["1", "score total", "Bob", "あき", "", "", "", "", "8", ""] in first
    ko = read_csv(out / "kakoi-0000c0c0-details.csv")
    assert ["1", "payment", "ちえ", "あき", "", "", "5", "2", "10", ""] in ko
    g, _ = games["kh.log"]
    kh = read_csv(out / "kakehiki-00000003-details.csv")
    preds = [p for o in g.history() for p in o["preds"]]
    assert len(kh) - 1 == len(preds) > 0
    assert set(r[9] for r in kh[1:]) <= {"won", "lost", "folded"}
    assert not os.path.exists(out / "dobon-0000d0b0-details.csv")    # dobon has no details


KABU_ENDINGS = [
    {"t": "okoshi", "okoshi": 5, "winners": [0, 2], "hands": [[1, 2, 10, 2], [9, 9, 8, 7], [11, 3, 10, 1]]},
    {"t": "four", "seat": 2, "hand": [7, 7, 7, 7]},
    {"t": "deckout", "sizes": [3, 5, 2], "most": [9, 9, 8, 7, 6], "fewest": [1, 2]},
    {"t": "draw"},
]


def test_kabu_every_ending_itemised(tmp_path):
    lines = []
    g = Game.new("kabu", NAMES3, {"length": "stop"}, "0000cab1", lines.append)
    for ev in KABU_ENDINGS:
        g.submit(dict(ev))
    (tmp_path / "kb.log").write_bytes(data_of(lines))
    w = report.report([str(tmp_path / "kb.log")], str(tmp_path / "o"), "both", night="k", plots=False)
    rows = read_csv(w["csv"][0])
    h = rows[0]
    assert [r[h.index("ending")] for r in rows[1:]] == ["okoshi", "four", "deckout", "draw"]
    assert rows[1][h.index("winner")] == "あき, ちえ" and rows[1][h.index("points")] == "48"
    assert rows[2][h.index("winner")] == "ちえ" and rows[3][h.index("loser")] == "Bob"
    det = read_csv(w["details"][0])
    assert ["2", "score total", "あき", "ちえ", "", "", "", "", "180", ""] in det
    assert ["2", "score total", "Bob", "ちえ", "", "", "", "", "180", ""] in det
    assert ["1", "score item", "Bob", "ちえ", "7", "Red pin/soul four held", "", "5", "", ""] in det
    ja = open(w["html"][0], encoding="utf-8").read()
    for words in ("起こし札ドボン", "ちえのドボン：", "= Bobに40点", "揃えた人：ちえ", "ほかの全員に180点ずつ",
                  "山切れ", "⑫山切れ +3", "流局"):
        assert words in ja, words


# ---- the pages -----------------------------------------------------------------------------------
def test_pages_one_language_each(tmp_path):
    d, games = night_dir(tmp_path)
    out = tmp_path / "out"
    report.report(sorted(str(p) for p in d.iterdir()), str(out), "both")
    ja = (out / "night-2025-03-01.ja.html").read_text(encoding="utf-8")
    en = (out / "night-2025-03-01.en.html").read_text(encoding="utf-8")
    assert 'href="night-2025-03-01.en.html"' in ja and 'href="night-2025-03-01.ja.html"' in en
    for word in ("掛け引きほーるでむ", "株ドボン", "囲将会ドボン", "最終順位", "各回のあとの得点",
                 "最初のだんご：20", "ダイヤル上限：5", "②切り札 +4", "Bob→あき 20点"):
        assert word in ja, word
    assert re.search("→(的中|外れ|降りた)", ja)
    for word in ("Kakehiki Hold&#x27;em", "Kabu Dobon", "Kakoi Dobon", "Final standings",
                 "Starting dango: 20", "② Trumps +4", "8 points to Bob", "Bob pays あき 20"):
        assert word in en, word
    assert "{" not in "".join(page_words(ja)) and '"start"' not in ja     # no raw settings JSON
    allowed = {"Bob", "Dan", "CSV", "English"}
    ids = {g.game_id for g, _ in games.values()}
    for w in page_words(ja):   # every word on the Japanese page is Japanese (names, ids aside)
        latin = set(t for t in re.findall(r"[A-Za-z0-9]+", w) if re.search("[A-Za-z]{2}", t)) - allowed - ids
        assert not latin, (w, latin)
    for w in page_words(en):   # and no Japanese on the English page but the players' names
        rest = w
        for n in ("あき", "ちえ", "日本語"):
            rest = rest.replace(n, "")
        assert not re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", rest), w
    svgs = re.findall(r"<svg.*?</svg>", en, re.S)
    assert len(svgs) == 4 and all("<text" in s for s in svgs)
    # the dobon match: Bob (2 wins) is first
    sec = en[en.index("<h2>Dobon <small>"):]
    assert re.search(r'<tr class="first"><td>1</td><td class="l">Bob</td><td>2</td></tr>', sec)


def test_chart_text_is_text_and_no_glyph_is_missing():
    """The chart's names and labels stay text in the SVG (the browser draws them), and matplotlib
    measures them with a Japanese font: a missing glyph is an error."""
    font = report.japanese_font()
    assert font, "no Japanese font for matplotlib: install fonts-ipafont-gothic (make test does)"
    series = report.Series([0, 0, 0])
    series.add(1, [3, -1, 2])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for lang in ("ja", "en"):
            svg = report.chart_svg(["あや", "Ben", "ちか・漢字"], series, lang)
            assert "ちか・漢字" in svg and ">あや<" in svg
            assert ">各回のあとの得点<" not in svg    # the caption is HTML, the axes are text:
            assert (">回<" in svg) == (lang == "ja") and (">得点<" in svg) == (lang == "ja")
            assert "<path id=\"DejaVu" not in svg           # no glyphs drawn as paths
    with warnings.catch_warnings():          # and the check sees a glyph no font has
        warnings.simplefilter("error")
        with pytest.raises(UserWarning, match="missing from font"):
            report.chart_svg(["\U000F0001"], report.Series([0]), "en")


def test_refused_lines_and_in_progress_game_shown(tmp_path):
    g, lines = play_kakehiki(11)
    p = tmp_path / "cut.log"
    p.write_bytes(data_of(lines)[:-4])
    w = report.report([str(p)], str(tmp_path / "o"), "en", night="test", plots=False)
    page = open(w["html"][0], encoding="utf-8").read()
    assert "Refused log lines" in page and "cut.log:%d: Log line %d: cut off" % (len(lines), len(lines)) in page
    assert "in progress" in page and "Standings so far" in page
    assert w["problems"] == 1


def test_same_game_twice_keeps_the_longer(tmp_path):
    g, lines = play_kakoi()
    (tmp_path / "mid.log").write_bytes(data_of(lines[:3]))
    (tmp_path / "end.log").write_bytes(data_of(lines))
    w = report.report([str(tmp_path / "mid.log"), str(tmp_path / "end.log")], str(tmp_path / "o"),
                      "en", night="n", plots=False)
    assert len(w["csv"]) == 1
    assert len(read_csv(w["csv"][0])) - 1 == len(list(g.history()))


# ---- hostile names and ids ----------------------------------------------------------------------
HOSTILE = ["$$", "Ben $_$", "_under", "=1+2", "<b>x</b>"]


def test_hostile_names_are_plain_text(tmp_path):
    d, games = night_dir(tmp_path, names3=HOSTILE[:3], names4=HOSTILE[1:])
    out = tmp_path / "out"
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        w = report.report(sorted(str(p) for p in d.iterdir()), str(out), "both")
    assert not w["refused"] and len(w["csv"]) == 4
    en = (out / "night-2025-03-01.en.html").read_text(encoding="utf-8")
    assert "<b>x</b>" not in en and "&lt;b&gt;x&lt;/b&gt;" in en
    svgs = re.findall(r"<svg.*?</svg>", en, re.S)
    assert all(">$$<" in s or "Ben $_$" in s for s in svgs)      # mathtext off: the text itself
    assert any(">_under<" in s for s in svgs)                      # "_" names stay in the legend
    kh = read_csv(out / "kakehiki-00000003.csv")
    cells = [c for r in kh[1:] for c in r]
    assert "'=1+2" in cells and "=1+2" not in cells                 # a formula-like name defused


def sealed_log(gid, kind="kakoi"):
    g, lines = {"kakoi": play_kakoi, "kabu": play_kabu}[kind]()
    out = []
    for line in lines:
        rec = journal.unseal(line)
        rec["g"] = gid
        out.append(journal.seal(rec))
    return data_of(out)


@pytest.mark.parametrize("gid", ["x/../../ESCAPED", "a/b", "../evil1", "ABCDEFGH", "abc", "C:\\x"])
def test_hostile_game_ids_never_name_a_file(tmp_path, gid):
    arch = tmp_path / "a" / "b" / "c"
    arch.mkdir(parents=True)
    (tmp_path / "ESCAPED").mkdir()
    (arch / "bad.log").write_bytes(sealed_log(gid))
    g, lines = play_kabu()
    (arch / "good.log").write_bytes(data_of(lines))
    out = arch / "out"
    before = set(str(p) for p in tmp_path.rglob("*"))
    w = report.report([str(arch / "bad.log"), str(arch / "good.log")], str(out), "both", night="n")
    made = set(str(p) for p in tmp_path.rglob("*")) - before
    assert made and all(os.path.dirname(p) == str(out) for p in made if p != str(out)), made
    assert "kabu-0000cab0.csv" in [os.path.basename(p) for p in w["csv"]]   # the good game is there
    for p in made:
        assert re.fullmatch(r"(night-n\.(ja|en)\.html|[a-z]+-[0-9a-z]{8,9}(-2)*(-details)?\.csv)|out",
                            os.path.basename(p)), p


def test_file_stem_and_slug():
    assert report.file_stem("kabu", "0000cab0") == "kabu-0000cab0"
    assert re.fullmatch(r"game-x[0-9a-f]{8}", report.file_stem("../x", "x/../../E"))
    assert report.file_stem("kakoi", "abcdefgh\n") != "kakoi-abcdefgh\n"
    assert report.slug("../../etc/x y") == "etc_x_y" and report.slug("..") == "x"


def test_one_bad_game_never_stops_the_night(tmp_path, monkeypatch):
    d, games = night_dir(tmp_path)
    real = report.details

    def broken_for_kabu(kind, names, o, lang):
        if kind == "kabu":
            raise KeyError("boom")
        return real(kind, names, o, lang)

    monkeypatch.setattr(report, "details", broken_for_kabu)
    out = tmp_path / "out"
    w = report.report(sorted(str(p) for p in d.iterdir()), str(out), "both", plots=False)
    assert [n for n, _ in w["refused"]] == ["kb.log"] and "KeyError" in w["refused"][0][1]
    assert len(w["csv"]) == 3 and len(w["html"]) == 2
    ja = (out / "night-2025-03-01.ja.html").read_text(encoding="utf-8")
    assert "表示できなかったゲーム" in ja and "kb.log" in ja and "囲将会ドボン" in ja
    assert not [p for p in os.listdir(out) if p.endswith(".part")]


def test_unreadable_log_listed_as_refused(tmp_path):
    (tmp_path / "junk.log").write_bytes(b"not a log\n")
    g, lines = play_dobon()
    (tmp_path / "db.log").write_bytes(data_of(lines))
    w = report.report([str(tmp_path / "junk.log"), str(tmp_path / "db.log")], str(tmp_path / "o"),
                      "ja", night="n", plots=False)
    assert [n for n, _ in w["refused"]] == ["junk.log"] and len(w["csv"]) == 1
    page = open(w["html"][0], encoding="utf-8").read()
    assert "表示できなかったゲーム" in page and "ドボン" in page


# ---- memory --------------------------------------------------------------------------------------
def test_report_streams_a_big_log(tmp_path):
    """Python allocations peak at a few times the log size (was ~45x)."""
    log = tmp_path / "big.log"
    size = report_bench.write_big_log(str(log), 12000)
    tracemalloc.start()
    try:
        w = report.report([str(log)], str(tmp_path / "o"), "both", night="big", plots=False)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert w["problems"] == 0 and len(read_csv(w["csv"][0])) == 12001
    assert peak < 5 * size, peak / float(size)
    page = open(w["html"][0], encoding="utf-8").read()
    rounds = page[page.index('<table class="rounds">'):]
    assert rounds.count("<tr><td>") == report.TABLE_ROWS and "1001行目から12000行目まで" in rounds


def test_cli(tmp_path, capsys):
    d, games = night_dir(tmp_path)
    rc = host_main(["report"] + sorted(str(p) for p in d.iterdir()) + ["--out", str(tmp_path / "o"), "--lang", "ja"])
    assert rc == 0
    out = capsys.readouterr().out
    assert "night-2025-03-01.ja.html" in out and "kabu-0000cab0.csv" in out
    assert not os.path.exists(tmp_path / "o" / "night-2025-03-01.en.html")
    assert host_main(["report", str(tmp_path / "nope.log")]) == 2
