# 掛け引きほーるでむ's report CSV says one moment a row (docs/export.md): `held` and `score` are both
# counted as the standings count them, the next round's participation fee paid, so a row's
# held + 2 × success is its score; the last row, with no next round, ends at the final standings.
import csv

import game_data
from host_tools.records.report import run as report
from log_lines import data_of

play_kakehiki = game_data.of("kakehiki").play_log


def per_player(head, row, field, names):
    return [int(row[head.index("%s: %s" % (field, n))]) for n in names]


def test_held_plus_twice_success_is_the_score_on_every_row(tmp_path):
    names = ["あき", "Bob", "ちえ", "Dan"]
    g, lines = play_kakehiki(3, names=names)
    log = tmp_path / "night" / "kakehiki.log"
    log.parent.mkdir()
    log.write_bytes(data_of(lines))
    report.report([str(log)], str(tmp_path / "out"), "en", plots=False)
    with open(tmp_path / "out" / ("kakehiki-%s.csv" % g.game_id), encoding="utf-8-sig", newline="") as f:
        head, *rows = list(csv.reader(f))
    outcomes = list(g.history())
    assert len(rows) == len(outcomes) > 3 and g.is_over()
    for r, o in zip(rows, outcomes):
        held, success = per_player(head, r, "held", names), per_player(head, r, "success", names)
        score = per_player(head, r, "score", names)
        assert [h + 2 * s for h, s in zip(held, success)] == score, r
        fee = 0 if r is rows[-1] else 1                # the next round's fee, paid by everyone
        assert held == [h - fee for h in o["hold"]], r
    final = {e["seat"]: e["score"] for e in g.standings()}
    assert per_player(head, rows[-1], "score", names) == [final[i] for i in range(len(names))]
