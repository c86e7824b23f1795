"""株ドボン's report: every ending itemised in its CSV, details and Japanese page."""
from core.engine import Game
from host_tools.records.report import run as report

from log_lines import data_of
from report_night import NAMES3, read_csv


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
