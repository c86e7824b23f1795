"""掛け引きほーるでむ's round lines on a phone in headless Chromium at 390x844: a game whose
rounds end without a showdown (all but one folded, the last card told) on the table; the phone's 履歴
is the panel's, line for line, in Japanese and English, and each such round's line, there and in
各回の結果, says who won and the share taken, never the judge card's question."""
import os

import pytest

import game_data
from phone_browser import cdp
from record_page import TABS, get, panel_history, shoot, wait

pytestmark = pytest.mark.skipif(
    not cdp.chromium(), reason="Chromium is not installed (Debian: apt-get install chromium; make test does)")

WON = {"ja": "の勝ち（+", "en": " won +"}       # 「第1回 P4の勝ち（+9個）」
QUESTION = {"ja": "強いのは小さい方？", "en": "Smaller is stronger?"}


def test_a_round_won_without_a_showdown_reads_who_won_on_the_phone(sim, phones, shots, tmp_path):
    folder = str(tmp_path / "table")
    games = os.path.join(folder, "games")
    os.makedirs(games)
    g, lines = game_data.of("kakehiki").play_log(gid="000000a0")
    ends = [rec.get("t") for rec, _, out in g.steps() if out is not None]
    told = len([1 for rec, _, out in g.steps() if rec.get("t") == "judge" and out is None])
    assert "judge" in ends, ends                # rounds won without a showdown: the last card told
    with open(os.path.join(games, "0001-000000a0.0.log"), "w", encoding="utf-8", newline="") as f:
        f.write("".join(lines))
    table = sim(folder)
    for step in ("click down", "click ok", "click ok", "click ok"):     # 保存したゲーム, the game, 順位
        table.step(step)
    two = phones(["ja", "en"])
    for p in two:
        want, total, app = panel_history(games, "0001-000000a0", p.lang)
        assert len(want) == total
        rounds = [l for l in want if WON[p.lang] in l]
        assert len(rounds) == len(ends), rounds                         # every round's end says who won
        assert len([l for l in want if QUESTION[p.lang] in l]) == told, want    # a card that ended no round
        res = get(table, "/results", p.lang)
        assert res["rounds"] == rounds[::-1]                            # 各回の結果: the same lines, in play order
        p.goto(table.url)
        wait(p, lambda page: page["state"] == "live", "the table")
        p.tap(".tabs button", TABS[p.lang][1])
        page = wait(p, lambda page: page["tab"] == "1" and page["secs"] and page["secs"][0]["lines"], "the 履歴")
        assert page["secs"][0]["lines"] == want
        shoot(p, shots, "history-rounds-won")
        p.tap(".tabs button", TABS[p.lang][0])
        wait(p, lambda page: res["rounds_head"] in [s["head"] for s in page["secs"]], "each round's result")
        shoot(p, shots, "results-rounds-won", "section.share")
