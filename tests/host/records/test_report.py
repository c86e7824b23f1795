# host_tools.records.report: the CSVs and pages of a night with every game kind, as players read them, and
# hostile names and ids (no crash, no file outside --out, one bad game never stops the night).
import os
import re
import tracemalloc
import warnings

import pytest

from core import journal
from host_tools.records import logs
from host_tools.records.report import run as report, chart as report_chart
from host_tools.dev.bench import report_memory
from host_tools.__main__ import main as host_main

from core import registry
from log_lines import data_of
from report_night import HOSTILE, night_dir, page_words, read_csv

import game_data

# A night holds one game of every game with test data, in "<kind>.log": each game's module in
# tests/kinds/<kind>/data.py plays it (report_night_log) and checks its own cells, details and words
# (check_report_csv, check_report_details, check_report_pages). The one-game checks play the games
# that claim these roles; a game's own report tests: tests/test_report_<kind>.py.
KINDS = game_data.kinds()
REPORT = game_data.of(game_data.for_role("report"))                    # a finished short game
IN_PROGRESS = game_data.of(game_data.for_role("report in progress"))   # a long game cut short
SECOND_KIND = game_data.for_role("report second game")                 # beside a hostile one
BESIDE_JUNK = game_data.of(game_data.for_role("report beside junk"))   # beside an unreadable log

# ---- the CSV -------------------------------------------------------------------------------------
def test_csv_one_value_per_cell_names_not_seats(tmp_path):
    d, games = night_dir(tmp_path)
    out = tmp_path / "out"
    w = report.report(sorted(str(p) for p in d.iterdir()), str(out), "both", plots=False)
    with_details = [k for k in KINDS if game_data.of(k).REPORT_DETAILS]
    assert len(w["csv"]) == len(KINDS) and len(w["details"]) == len(with_details) and len(w["html"]) == 2 \
        and w["problems"] == 0
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
    for kind in KINDS:                               # each game's own cells, where it names some
        g, _ = games[kind + ".log"]
        check = getattr(game_data.of(kind), "check_report_csv", None)
        if check:
            check(read_csv(out / ("%s-%s.csv" % (kind, g.game_id))))


def test_details_csv_long_format(tmp_path):
    d, games = night_dir(tmp_path)
    out = tmp_path / "out"
    report.report(sorted(str(p) for p in d.iterdir()), str(out), "en", plots=False)
    for kind in KINDS:
        data = game_data.of(kind)
        g, _ = games[kind + ".log"]
        path = out / ("%s-%s-details.csv" % (kind, g.game_id))
        if data.REPORT_DETAILS:
            data.check_report_details(read_csv(path), g)
        else:
            assert not os.path.exists(path)          # a game without details has no file


# ---- the pages -----------------------------------------------------------------------------------
def test_pages_one_language_each(tmp_path):
    d, games = night_dir(tmp_path)
    out = tmp_path / "out"
    report.report(sorted(str(p) for p in d.iterdir()), str(out), "both")
    ja = (out / "night-2025-03-01.ja.html").read_text(encoding="utf-8")
    en = (out / "night-2025-03-01.en.html").read_text(encoding="utf-8")
    assert 'href="night-2025-03-01.en.html"' in ja and 'href="night-2025-03-01.ja.html"' in en
    for word in ("最終順位", "各回のあとの得点"):
        assert word in ja, word
    for word in ("Final standings",):
        assert word in en, word
    for kind in KINDS:                               # each game's own words
        game_data.of(kind).check_report_pages(ja, en)
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
    assert len(svgs) == len(KINDS) and all("<text" in s for s in svgs)


def test_equal_scores_never_hide_a_players_line():
    """Two players level all game (and a third apart): each line is drawn narrower than the one
    under it, with its own marker, so the line below still shows around the one on top."""
    series = report_chart.Series([0, 0, 0])
    for x, sc in enumerate(([5, 5, 1], [9, 9, 4], [12, 12, 2]), 1):
        series.add(x, sc)
    svg = report_chart.chart_svg(["A", "B", "C"], series, "en")
    widths = [float(w) for w in re.findall(r'<g id="line2d_\d+">\s*<path d="M [^"]*" clip-path="[^"]*" '
                                           r'style="fill: none; stroke: #[0-9a-f]+; stroke-width: ([0-9.]+)', svg)]
    data = widths[-3:]                       # the grid's lines come first
    assert len(data) == 3 and data[0] > data[1] > data[2], widths
    markers = re.findall(r'<defs>\s*<path id="(m[0-9a-f]+)" d="([^"]+)"', svg)
    assert len(set(d for _, d in markers)) >= 3, markers   # three marker shapes


def test_chart_text_is_text_and_no_glyph_is_missing():
    """The chart's names and labels stay text in the SVG (the browser draws them), and matplotlib
    measures them with a Japanese font: a missing glyph is an error."""
    font = report_chart.japanese_font()
    assert font, "no Japanese font for matplotlib: install fonts-ipafont-gothic (make test does)"
    series = report_chart.Series([0, 0, 0])
    series.add(1, [3, -1, 2])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for lang in ("ja", "en"):
            svg = report_chart.chart_svg(["あや", "Ben", "ちか・漢字"], series, lang)
            assert "ちか・漢字" in svg and ">あや<" in svg
            assert ">各回のあとの得点<" not in svg    # the caption is HTML, the axes are text:
            assert (">回<" in svg) == (lang == "ja") and (">得点<" in svg) == (lang == "ja")
            assert "<path id=\"DejaVu" not in svg           # no glyphs drawn as paths
    with warnings.catch_warnings():          # and the check sees a glyph no font has
        warnings.simplefilter("error")
        with pytest.raises(UserWarning, match="missing from font"):
            report_chart.chart_svg(["\U000F0001"], report_chart.Series([0]), "en")


def test_refused_lines_and_in_progress_game_shown(tmp_path):
    g, lines = IN_PROGRESS.in_progress_log(11)
    p = tmp_path / "cut.log"
    p.write_bytes(data_of(lines)[:-4])
    w = report.report([str(p)], str(tmp_path / "o"), "en", night="test", plots=False)
    page = open(w["html"][0], encoding="utf-8").read()
    assert "Refused log lines" in page and "cut.log:%d: Log line %d: cut off" % (len(lines), len(lines)) in page
    assert "in progress" in page and "Standings so far" in page
    assert w["problems"] == 1


def test_same_game_twice_keeps_the_longer(tmp_path):
    g, lines = REPORT.play_log()
    (tmp_path / "mid.log").write_bytes(data_of(lines[:3]))
    (tmp_path / "end.log").write_bytes(data_of(lines))
    w = report.report([str(tmp_path / "mid.log"), str(tmp_path / "end.log")], str(tmp_path / "o"),
                      "en", night="n", plots=False)
    assert len(w["csv"]) == 1
    assert len(read_csv(w["csv"][0])) - 1 == len(list(g.history()))


# ---- hostile names and ids ----------------------------------------------------------------------
def test_hostile_names_are_plain_text(tmp_path):
    d, games = night_dir(tmp_path, names3=HOSTILE[:3], names4=HOSTILE[1:])
    out = tmp_path / "out"
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        w = report.report(sorted(str(p) for p in d.iterdir()), str(out), "both")
    assert not w["refused"] and len(w["csv"]) == len(KINDS)
    en = (out / "night-2025-03-01.en.html").read_text(encoding="utf-8")
    assert "<b>x</b>" not in en and "&lt;b&gt;x&lt;/b&gt;" in en
    svgs = re.findall(r"<svg.*?</svg>", en, re.S)
    assert all(">$$<" in s or "Ben $_$" in s for s in svgs)      # mathtext off: the text itself
    assert any(">_under<" in s for s in svgs)                      # "_" names stay in the legend
    four = [g for g, _ in games.values() if "=1+2" in g.header["seats"]]    # the game of names4
    assert four
    kh = read_csv(out / ("%s-%s.csv" % (four[0].header["kind"], four[0].game_id)))
    cells = [c for r in kh[1:] for c in r]
    assert "'=1+2" in cells and "=1+2" not in cells                 # a formula-like name defused


def sealed_log(gid):
    g, lines = REPORT.play_log()
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
    g, lines = game_data.of(SECOND_KIND).play_log()
    (arch / "good.log").write_bytes(data_of(lines))
    out = arch / "out"
    before = set(str(p) for p in tmp_path.rglob("*"))
    w = report.report([str(arch / "bad.log"), str(arch / "good.log")], str(out), "both", night="n")
    made = set(str(p) for p in tmp_path.rglob("*")) - before
    assert made and all(os.path.dirname(p) == str(out) for p in made if p != str(out)), made
    assert "%s-%s.csv" % (SECOND_KIND, g.game_id) in [os.path.basename(p) for p in w["csv"]]  # the good game
    for p in made:
        assert re.fullmatch(r"(night-n\.(ja|en)\.html|[a-z]+-[0-9a-z]{8,9}(-2)*(-details)?\.csv)|out",
                            os.path.basename(p)), p


def test_file_stem_and_slug():
    first, last = registry.KINDS[0], registry.KINDS[-1]
    assert report.file_stem(first, "0000cab0") == first + "-0000cab0"
    assert re.fullmatch(r"game-x[0-9a-f]{8}", report.file_stem("../x", "x/../../E"))
    assert report.file_stem(last, "abcdefgh\n") != last + "-abcdefgh\n"
    assert report.slug("../../etc/x y") == "etc_x_y" and report.slug("..") == "x"


def test_one_bad_game_never_stops_the_night(tmp_path, monkeypatch):
    d, games = night_dir(tmp_path)
    real = report.details

    broken = SECOND_KIND

    def broken_for_one(kind, names, o, lang):
        if kind == broken:
            raise KeyError("boom")
        return real(kind, names, o, lang)

    monkeypatch.setattr(report, "details", broken_for_one)
    out = tmp_path / "out"
    w = report.report(sorted(str(p) for p in d.iterdir()), str(out), "both", plots=False)
    assert [n for n, _ in w["refused"]] == [broken + ".log"] and "KeyError" in w["refused"][0][1]
    assert len(w["csv"]) == len(KINDS) - 1 and len(w["html"]) == 2
    ja = (out / "night-2025-03-01.ja.html").read_text(encoding="utf-8")
    assert "表示できなかったゲーム" in ja and broken + ".log" in ja and REPORT.TITLE_JA in ja
    assert not [p for p in os.listdir(out) if p.endswith(".part")]


def test_unreadable_log_listed_as_refused(tmp_path):
    (tmp_path / "junk.log").write_bytes(b"not a log\n")
    g, lines = BESIDE_JUNK.play_log()
    (tmp_path / "db.log").write_bytes(data_of(lines))
    w = report.report([str(tmp_path / "junk.log"), str(tmp_path / "db.log")], str(tmp_path / "o"),
                      "ja", night="n", plots=False)
    assert [n for n, _ in w["refused"]] == ["junk.log"] and len(w["csv"]) == 1
    page = open(w["html"][0], encoding="utf-8").read()
    assert "表示できなかったゲーム" in page and BESIDE_JUNK.TITLE_JA in page


# ---- memory --------------------------------------------------------------------------------------
def test_report_streams_a_big_log(tmp_path):
    """Python allocations peak at a few times the log size (was ~45x)."""
    log = tmp_path / "big.log"
    size = report_memory.write_big_log(str(log), 12000)
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
    g, _ = games[SECOND_KIND + ".log"]
    assert "night-2025-03-01.ja.html" in out and "%s-%s.csv" % (SECOND_KIND, g.game_id) in out
    assert not os.path.exists(tmp_path / "o" / "night-2025-03-01.en.html")
    assert host_main(["report", str(tmp_path / "nope.log")]) == 2


def test_a_japanese_font_installed_after_matplotlibs_first_run_is_found(monkeypatch):
    """matplotlib keeps the font list of its first run: a font package installed since is not in
    it. The chart looks at the system's font files before it gives up on Japanese."""
    from matplotlib import font_manager
    from host_tools.records.report import chart
    files = [p for p in font_manager.findSystemFonts() if "ipag" in os.path.basename(p).lower()]
    if not files:
        pytest.skip("no IPA Gothic on this machine (make test installs fonts-ipafont-gothic)")
    stale = [f for f in font_manager.fontManager.ttflist if f.name not in chart.JAPANESE_FONTS]
    monkeypatch.setattr(font_manager.fontManager, "ttflist", stale)
    monkeypatch.setattr(chart, "_plt", None)
    monkeypatch.setattr(chart, "_JA_FONT", None)
    assert chart.japanese_font() in chart.JAPANESE_FONTS
