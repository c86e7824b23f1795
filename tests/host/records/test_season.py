# host_tools.records.season, whatever the games: one player under two spellings merged and unmerged
# (season alias), the merges the page names, hostile names and ids (plain text, no file named by
# them), a name at two seats, and the command's bad input (exit 2 with a message). The figures
# themselves: tests/host/records/test_season_dobon_kabu_kakehiki_kakoi.py (a hand-computed season).
import csv
import os
import re
import sqlite3
import warnings

import pytest

from host_tools.records import ledger
from host_tools.records.season import run as season
from host_tools.records.season import pages as season_pages
from host_tools.__main__ import main as host_main

from log_lines import data_of
from report_night import HOSTILE, night_dir

import game_data

LEDGER = game_data.of(game_data.for_role("ledger"))    # a finished short game with names


def _ledger(tmp_path, nights):
    """nights: {label: [(gid, names)]} -> the ledger's path (every game imported)."""
    db = str(tmp_path / "ledger.sqlite")
    con = ledger.connect(db)
    for label, played in sorted(nights.items()):
        d = tmp_path / "archive" / label
        d.mkdir(parents=True)
        for gid, names in played:
            g, lines = LEDGER.play_log(gid=gid, names=list(names))
            p = d / ("%s.log" % gid)
            p.write_bytes(data_of(lines))
            assert ledger.import_log(con, str(p))[0] == "added"
    con.close()
    return db


def spelled_twice(tmp_path):
    return _ledger(tmp_path, {"2025-01-10": [("a0000001", ["アヤ", "Ben", "ちか"])],
                              "2025-01-17": [("a0000002", ["あや", "ben", "ちか"])]})


def test_alias_merges_and_undo_takes_it_back(tmp_path, capsys):
    db = spelled_twice(tmp_path)
    out = str(tmp_path / "o")
    S = season.season(db, out, "ja", plots=False)["season"]
    assert set(S.total) == {"アヤ", "あや", "Ben", "ben", "ちか"} and S.total["ちか"].games == 2
    assert S.similar == [["Ben", "ben"], ["あや", "アヤ"]]      # the page suggests them
    page = open(os.path.join(out, "season.ja.html"), encoding="utf-8").read()
    assert "同じ人かもしれない名前：Ben・ben、あや・アヤ" in page
    assert host_main(["season", "alias", "アヤ", "あや", "--db", db]) == 0
    assert host_main(["season", "alias", "ben", "Ben", "--db", db]) == 0
    S = season.season(db, out, "ja", plots=False)["season"]
    assert set(S.total) == {"あや", "Ben", "ちか"} and S.total["あや"].games == 2 and S.total["Ben"].games == 2
    assert S.merged == [("ben", "Ben"), ("アヤ", "あや")] and not S.similar
    page = open(os.path.join(out, "season.ja.html"), encoding="utf-8").read()
    assert "統合した名前：benはBenとして集計、アヤはあやとして集計" in page
    capsys.readouterr()
    assert host_main(["season", "alias", "--list", "--db", db]) == 0
    assert capsys.readouterr().out.splitlines() == ["ben -> Ben", "アヤ -> あや"]
    assert host_main(["season", "alias", "--undo", "--db", db]) == 0          # the latest: ben
    S = season.season(db, out, "en", plots=False)["season"]
    assert set(S.total) == {"あや", "Ben", "ben", "ちか"}
    assert host_main(["season", "alias", "--undo", "アヤ", "--db", db]) == 0
    assert set(season.season(db, out, "en", plots=False)["season"].total) == {"アヤ", "あや", "Ben", "ben", "ちか"}
    con = sqlite3.connect(db)
    assert con.execute("SELECT COUNT(*) FROM aliases").fetchone() == (0,)    # kept in the ledger, and gone
    assert con.execute("SELECT COUNT(*) FROM games").fetchone() == (2,)      # the games untouched
    con.close()


@pytest.mark.parametrize("args, says", [
    (["アヤ", "アヤ"], "same name"),
    (["nobody", "あや"], "no player 'nobody'"),
    (["Ben", "ちか"], "played in the same game"),
    (["--undo"], "no merged names"),
    (["--undo", "Ben"], "not merged"),
    (["a", "b", "c"], "usage"),
])
def test_alias_refused(tmp_path, capsys, args, says):
    db = spelled_twice(tmp_path)
    capsys.readouterr()
    assert host_main(["season", "alias"] + args + ["--db", db]) == 2
    assert says in capsys.readouterr().err
    con = sqlite3.connect(db)
    has = con.execute("SELECT COUNT(*) FROM sqlite_master WHERE name = 'aliases'").fetchone()[0]
    assert not has or con.execute("SELECT COUNT(*) FROM aliases").fetchone() == (0,)
    con.close()


def test_alias_chain_and_circle(tmp_path, capsys):
    db = spelled_twice(tmp_path)
    assert host_main(["season", "alias", "アヤ", "あや", "--db", db]) == 0
    assert host_main(["season", "alias", "あや", "Aya", "--db", db]) == 0      # a merge of a merge
    S = season.season(db, str(tmp_path / "o"), "en", plots=False)["season"]
    assert S.total["Aya"].games == 2 and "あや" not in S.total
    assert host_main(["season", "alias", "Aya", "アヤ", "--db", db]) == 2   # Aya is no player: refused
    capsys.readouterr()
    assert host_main(["season", "alias", "あや", "ちか", "--db", db]) == 2
    assert "already counted as 'Aya'" in capsys.readouterr().err


def test_an_alias_never_seats_one_player_twice(tmp_path):
    """A merge made before a game where both spellings played: that game keeps them apart, and
    the page says so."""
    db = spelled_twice(tmp_path)
    assert host_main(["season", "alias", "ben", "Ben", "--db", db]) == 0
    con = ledger.connect(db)
    d = tmp_path / "archive" / "2025-01-24"
    d.mkdir(parents=True)
    g, lines = LEDGER.play_log(gid="a0000003", names=["Ben", "ben", "ちか"])
    (d / "x.log").write_bytes(data_of(lines))
    ledger.import_log(con, str(d / "x.log"))
    con.close()
    out = str(tmp_path / "o")
    S = season.season(db, out, "en", plots=False)["season"]
    assert S.total["Ben"].games == 3 and S.total["ben"].games == 1 and S.h2h("Ben", "ben")[0] == 1
    page = open(os.path.join(out, "season.en.html"), encoding="utf-8").read()
    assert "Ben and ben sat at the same game, so they stay two players there." in page


def test_one_name_at_two_seats_is_not_counted(tmp_path):
    db = _ledger(tmp_path, {"2025-02-01": [("b0000001", ["Ann", "Ann", "Cy"]), ("b0000002", ["Ann", "Bo", "Cy"])]})
    out = str(tmp_path / "o")
    S = season.season(db, out, "en", plots=False)["season"]
    assert S.total["Ann"].games == 1 and S.total["Cy"].games == 1
    page = open(os.path.join(out, "season.en.html"), encoding="utf-8").read()
    assert "Not counted: " in page and "Ann sits at two seats" in page


def test_hostile_names_are_plain_text(tmp_path):
    d, _ = night_dir(tmp_path, names3=HOSTILE[:3], names4=HOSTILE[1:])
    db = str(tmp_path / "l.sqlite")
    con = ledger.connect(db)
    for p in sorted(d.iterdir()):
        ledger.import_log(con, str(p))
    con.close()
    out = tmp_path / "out"
    with warnings.catch_warnings():
        warnings.simplefilter("error")           # a glyph matplotlib cannot draw would warn
        w = season.season(db, str(out), "both")
    made = sorted(os.listdir(out))
    for name in made:                            # no file named by a name
        assert re.fullmatch(r"season\.(ja|en)\.html|season(-h2h|-games)?\.csv|player-[0-9a-f]{12}\.(ja|en)\.html",
                            name), name
    assert len([m for m in made if m.startswith("player-")]) == 2 * len(set(HOSTILE))
    en = (out / "season.en.html").read_text(encoding="utf-8")
    assert "<b>x</b>" not in en and "&lt;b&gt;x&lt;/b&gt;" in en
    svgs = re.findall(r"<svg.*?</svg>", en, re.S)
    assert svgs and any(">$$<" in s for s in svgs) and any(">_under<" in s for s in svgs)   # mathtext off, "_" shown
    with open(out / "season.csv", encoding="utf-8-sig", newline="") as f:
        cells = [c for r in csv.reader(f) for c in r]
    assert "'=1+2" in cells and "=1+2" not in cells
    page = (out / season_pages.player_file("<b>x</b>", "ja")).read_text(encoding="utf-8")
    assert "&lt;b&gt;x&lt;/b&gt;の通算成績" in page and "<b>x</b>" not in page
    assert w["season"].total["=1+2"].games >= 1


@pytest.mark.parametrize("gid", ["x/../../ESCAPED", "../evil1", "<i>id</i>", "=cmd|' /C calc'!A0"])
def test_hostile_game_ids_stay_text(tmp_path, gid):
    """The log reader refuses such ids, so the ledger is edited by hand: the id is text on the
    page and in the CSV, never a file name."""
    db = _ledger(tmp_path, {"2025-03-01": [("c0000001", ["Ann", "Bo", "Cy"])]})
    con = sqlite3.connect(db)
    with con:
        con.execute("UPDATE games SET g = ?", (gid,))
    con.close()
    out = tmp_path / "a" / "out"
    out.parent.mkdir()
    before = set(str(p) for p in tmp_path.rglob("*"))
    w = season.season(db, str(out), "both", plots=False)
    made = set(str(p) for p in tmp_path.rglob("*")) - before
    assert made and all(os.path.dirname(p) == str(out) for p in made if p != str(out)), made
    assert w["season"].games[0].gid == gid
    assert "<i>id</i>" not in open(w["html"][0], encoding="utf-8").read()
    with open(out / "season-games.csv", encoding="utf-8-sig", newline="") as f:
        ids = [r["id"] for r in csv.DictReader(f)]
    assert ids == ["'" + gid if gid.startswith("=") else gid]


def test_cli_exits_2_on_bad_input(tmp_path, capsys):
    db = spelled_twice(tmp_path)
    junk = tmp_path / "junk.sqlite"
    junk.write_bytes(b"not a database at all" * 100)
    empty = tmp_path / "empty.sqlite"
    sqlite3.connect(str(empty)).close()
    (tmp_path / "file").write_text("x")
    cases = [
        (["--db", str(tmp_path / "missing.sqlite")], "no ledger"),
        (["--db", str(junk)], "cannot read the ledger"),
        (["--db", str(tmp_path)], "no ledger"),                    # a folder
        (["--db", str(empty)], "is not a ledger"),
        (["--db", db, "--since", "last week"], "not a date"),
        (["--db", db, "--since", "2025-02-30"], "not a date"),
        (["--db", db, "--kind", "chess"], "no game 'chess'"),
        (["--db", db, "--lang", "fr"], "invalid choice"),
        (["--db", db, "--bogus"], "unrecognized arguments"),
        (["--db", db, "--out", str(tmp_path / "file" / "o")], "cannot write the season"),
    ]
    for args, says in cases:
        capsys.readouterr()
        assert host_main(["season"] + args) == 2, args
        err = capsys.readouterr().err
        assert says in err and "Traceback" not in err, (args, err)
    assert not os.path.exists(tmp_path / "missing.sqlite")     # a missing ledger is not created
    assert host_main(["season", "--db", db, "--out", str(tmp_path / "ok"), "--lang", "ja"]) == 0
    assert "season.ja.html" in capsys.readouterr().out
    assert not os.path.exists(tmp_path / "ok" / "season.en.html")


def test_the_benchs_generated_ledger_is_real_logs(tmp_path):
    """host_tools/dev/bench/season.py's nights: every log imports, every game of the registry with a
    random player is there, one game in UNFINISHED is in progress, and the season counts the rest."""
    from host_tools.dev.bench import season as bench_season
    from host_tools.records import logs
    from host_tools.kinds import play_games
    from core import registry
    count, size = bench_season.write_ledger_logs(str(tmp_path / "arch"), 4)
    assert count == 4 * bench_season.GAMES_A_NIGHT and size > 0
    db = str(tmp_path / "l.sqlite")
    con = ledger.connect(db)
    got = [ledger.import_log(con, segs)[0] for _, segs in logs.game_files(ledger.expand([str(tmp_path / "arch")]))]
    kinds = set(r[0] for r in con.execute("SELECT kind FROM games"))
    con.close()
    assert got == ["added"] * count
    assert kinds == set(k for k in registry.KINDS if play_games.has(k))
    S = season.season(db, str(tmp_path / "o"), "en", plots=False)["season"]
    assert S.unfinished == count // bench_season.UNFINISHED and len(S.counted_nights()) == 4
    assert sum(1 for g in S.games if g.counted) == count - S.unfinished
    assert set(S.total) <= set(bench_season.PLAYERS) and len(S.total) >= 5


def test_since_keeps_dated_nights_from_that_date(tmp_path):
    """--since compares dates: an earlier night and a night labelled with a word are left out."""
    db = _ledger(tmp_path, {"2025-01-10": [("d0000001", ["Ann", "Bo", "Cy"])],
                            "2025-02-14": [("d0000002", ["Ann", "Bo", "Cy"])]})
    con = ledger.connect(db)
    g, lines = LEDGER.play_log(gid="d0000003", names=["Ann", "Bo", "Cy"])
    (tmp_path / "w.log").write_bytes(data_of(lines))
    assert ledger.import_log(con, str(tmp_path / "w.log"), night="club-cup")[0] == "added"
    con.close()
    S = season.season(db, str(tmp_path / "a"), "en", plots=False)["season"]
    assert S.counted_nights() == ["2025-01-10", "2025-02-14", "club-cup"] and S.total["Ann"].games == 3
    S = season.season(db, str(tmp_path / "b"), "en", since="2025-02-01", plots=False)["season"]
    assert S.counted_nights() == ["2025-02-14"] and S.total["Ann"].games == 1
    page = open(str(tmp_path / "b" / "season.en.html"), encoding="utf-8").read()
    assert "Nights from 2025-02-01 on." in page


@pytest.mark.parametrize("since", ["20261113", "2026-W46-5", "2026W465", "2026-W46", "2026-317", "2026-11-13T00:00",
                                   "2026-11-13 ", " 2026-11-13", "2026-11-13\n", "2026-1-3", "26-11-13",
                                   "\uff12\uff10\uff12\uff16-11-13", "0000-01-01", "2026-13-01", "2025-02-29", ""])
def test_since_takes_exactly_a_real_yyyy_mm_dd(tmp_path, capsys, since):
    """Python 3.11's date.fromisoformat takes 20261113 and week dates: --since does not. The message
    names the value and the form; exit 2, no traceback, nothing written."""
    db = spelled_twice(tmp_path)
    out = tmp_path / "o"
    assert host_main(["season", "--db", db, "--out", str(out), "--since", since]) == 2
    err = capsys.readouterr().err
    assert "--since %r is not a date" % since in err and "YYYY-MM-DD" in err and "Traceback" not in err, err
    assert not out.exists()
    with pytest.raises(season.SeasonError):
        season.season(db, str(out), since=since)


def test_since_a_night_labelled_like_a_date_but_not_one_is_left_out(tmp_path):
    """A night label 20250214 (ledger import --night) is no date: --since leaves it out, as a word."""
    db = _ledger(tmp_path, {"2025-02-14": [("d0000011", ["Ann", "Bo", "Cy"])]})
    con = ledger.connect(db)
    for gid, night in (("d0000012", "20250214"), ("d0000013", "2025-W07-5")):
        g, lines = LEDGER.play_log(gid=gid, names=["Ann", "Bo", "Cy"])
        (tmp_path / (gid + ".log")).write_bytes(data_of(lines))
        assert ledger.import_log(con, str(tmp_path / (gid + ".log")), night=night)[0] == "added"
    con.close()
    S = season.season(db, str(tmp_path / "a"), "en", since="2025-01-01", plots=False)["season"]
    assert S.counted_nights() == ["2025-02-14"] and S.total["Ann"].games == 1


@pytest.mark.parametrize("sub", [["--help"], ["alias", "--help"]])
def test_help_and_every_option_has_a_help_text(capsys, sub):
    from host_cli import _code, _options
    assert _code(["season"] + sub) == 0
    assert capsys.readouterr().out.startswith("usage: python -m host_tools season")
    opts = _options("season", sub)
    assert opts and [o for o, h in opts if not h] == []


def _chart_points(svg):
    """{(x, y): [marker id drawn there]} of the data points of a chart (the clipped markers)."""
    at = {}
    for block in re.findall(r'<g clip-path="url\(#p[0-9a-f]+\)">(.*?)</g>', svg, re.S):
        for mark, x, y in re.findall(r'<use xlink:href="#(m[0-9a-f]+)" x="([-0-9.]+)" y="([-0-9.]+)"', block):
            at.setdefault((round(float(x), 1), round(float(y), 1)), []).append(mark)
    return at


def _box(svg, group):
    """(left, top, right, bottom) of the first path of an SVG group (its frame)."""
    d = re.search(r'<g id="%s">\s*(?:<g id="patch_\d+">\s*)?<path d="([^"]+)"' % group, svg).group(1)
    xs, ys = zip(*[(float(a), float(b)) for a, b in re.findall(r"([-0-9.]+) ([-0-9.]+)", d)])
    return min(xs), min(ys), max(xs), max(ys)


def test_chart_shows_every_point_and_keeps_its_legend_off_the_plot():
    """Two players with the same places, and a third whose only night is the place they
    share: each point is drawn with a marker of its own (shape and size: a point under another
    shows around it), and the legend sits under the plot, not over a point."""
    from host_tools.records.season.chart import chart_svg
    nights = ["2025-05-09", "2025-05-16", "2025-05-23"]
    svg = chart_svg([("A", {nights[0]: [2], nights[1]: [1], nights[2]: [3]}),
                     ("B", {nights[0]: [2], nights[1]: [1], nights[2]: [3]}),
                     ("C", {nights[1]: [1]})], nights, "en")
    points = _chart_points(svg)
    assert sorted(len(m) for m in points.values()) == [2, 2, 3], points
    for marks in points.values():
        assert len(set(marks)) == len(marks), points           # nobody's point drawn under an equal one
    shapes = re.findall(r'<path id="(m[0-9a-f]+)" d="([^"]+)"', svg)
    used = set(m for marks in points.values() for m in marks)
    assert len(set(d for m, d in shapes if m in used)) == 3, shapes
    plot, legend = _box(svg, "axes_1"), _box(svg, "legend_1")
    assert legend[1] > plot[3], (plot, legend)                   # the legend's top under the plot's bottom
