# host_tools.report: CSV and HTML content for logs written by the engine, every game kind.
import base64
import csv
import os
import re

from host_tools import logs, report
from host_tools.__main__ import main as host_main

from test_logs import data_of, play_dobon, play_kabu, play_kakehiki, play_kakoi

NAMES3 = ["あき", "Bob", "ちえ"]


def night_dir(tmp_path, label="2025-03-01"):
    d = tmp_path / "archive" / label
    d.mkdir(parents=True)
    games = {"kh.log": play_kakehiki(3, names=["あき", "Bob", "ちえ", "Dan"]),
             "ko.log": play_kakoi(names=NAMES3), "kb.log": play_kabu(names=NAMES3),
             "db.log": play_dobon(names=NAMES3)}
    for name, (g, lines) in games.items():
        (d / name).write_bytes(data_of(lines))
    return d, games


def read_csv(path):
    with open(path, encoding="utf-8-sig", newline="") as f:
        return list(csv.reader(f))


def test_csv_one_row_per_round_with_per_seat_scores(tmp_path):
    d, games = night_dir(tmp_path)
    out = tmp_path / "out"
    w = report.report(sorted(str(p) for p in d.iterdir()), str(out), "both", plots=False)
    assert len(w["csv"]) == 4 and len(w["html"]) == 2 and w["problems"] == 0
    for name, (g, lines) in games.items():
        rows = read_csv(out / ("%s-%s.csv" % (g.header["kind"], g.game_id)))
        head, body = rows[0], rows[1:]
        hist = list(g.history())
        assert len(body) == len(hist) > 0
        names = [str(n) for n in g.header["seats"]]
        score_cols = [head.index("score[%s]" % n) for n in names]
        final = {e["seat"]: e["score"] for e in g.standings()}
        assert [int(body[-1][c]) for c in score_cols] == [final[i] for i in range(len(names))]
        assert [r[0] for r in body] == [str(i + 1) for i in range(len(hist))]
    kb = read_csv(out / "kabu-0000cab0.csv")
    h = kb[0]
    # 株ドボン: the breakdown items get their own columns
    assert kb[1][h.index("score.total")] == "8" and kb[1][h.index("score.item2")] == "4"
    assert kb[1][h.index("points[Bob]")] == "8" and kb[2][h.index("kind")] == "draw"
    ko = read_csv(out / "kakoi-0000c0c0.csv")
    assert ko[1][ko[0].index("deltas[あき]")] == "30"


def test_html_pages_both_languages_with_plots_standings_and_items(tmp_path):
    d, games = night_dir(tmp_path)
    out = tmp_path / "out"
    report.report(sorted(str(p) for p in d.iterdir()), str(out), "both")
    ja = (out / "night-2025-03-01.ja.html").read_text(encoding="utf-8")
    en = (out / "night-2025-03-01.en.html").read_text(encoding="utf-8")
    assert 'href="night-2025-03-01.en.html"' in ja and 'href="night-2025-03-01.ja.html"' in en
    for kind in ("掛け引きほーるでむ", "株ドボン", "囲将会ドボン", "ドボン", "最終順位", "得点の推移"):
        assert kind in ja
    for kind in ("Kakehiki Hold&#x27;em", "Kabu Dobon", "Kakoi Dobon", "Final standings"):
        assert kind in en
    pngs = re.findall(r'src="data:image/png;base64,([^"]+)"', en)
    assert len(pngs) == 4 and all(base64.b64decode(p).startswith(b"\x89PNG") for p in pngs)
    # itemised 株ドボン score and 囲将会ドボン payments
    assert "② trumps +4" in en and "② 切り札 +4" in ja and "= 8 total" in en
    assert "Bob pays あき: 20" in en and "Bob → あき: 20" in ja
    # final standings: the winner of the dobon match (Bob, 2 wins) is first
    sec = en[en.index("<h2>Dobon <small>"):]
    assert re.search(r'<tr class="first"><td>1</td><td class="l">Bob</td><td>2</td></tr>', sec)


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
    rs = [logs.read_file(str(tmp_path / n)) for n in ("mid.log", "end.log")]
    assert [r.name for r in report.latest_per_game(rs)] == ["end.log"]


def test_cli(tmp_path, capsys):
    d, games = night_dir(tmp_path)
    rc = host_main(["report"] + sorted(str(p) for p in d.iterdir()) + ["--out", str(tmp_path / "o"), "--lang", "ja"])
    assert rc == 0
    out = capsys.readouterr().out
    assert "night-2025-03-01.ja.html" in out and "kabu-0000cab0.csv" in out
    assert not os.path.exists(tmp_path / "o" / "night-2025-03-01.en.html")
