"""The corrected rules entered through the buttons: a 囲将会 chain in which a player calls
twice (返し返し by an earlier caller)."""
from ui_harness import Driver, new_game as new
from ui_entry_helpers import hand
from kakoi_buttons import pick, kakoi_list_row


def test_kakoi_earlier_caller_answers_again():
    # P1 plays 7; P2 (9 2) and P3 (Q 5) dobon; P1 (J 2) answers P2 showing J; P2 answers P1's J
    # with 9+2 = 11: level 3 (×8). P1 pays P2 12 × 2^2 × 8 = 384 and P3 48; P2 starts next.
    d = Driver(lang="ja")
    new(d, 2, 3)
    d.press("right")                                # 「→:ドボン」
    pick(d, "P1")                                   # who played the card
    pick(d, "P2")                                   # who called
    hand(d, ["9", "2"])
    pick(d, "7")                                    # the field card, offered from 9 2
    kakoi_list_row(d, "＋ドボンを追加")          # only P3 is left: not asked
    hand(d, ["Q", "5"])
    kakoi_list_row(d, "＋返しを追加")
    pick(d, "P1")                                   # P1 answers P2's 9 (J-2)
    hand(d, ["J", "2"])                             # P1's hand: asked once, as it answers
    kakoi_list_row(d, "＋返しを追加")
    pick(d, "P2")                                   # P2 again: only P1's J is reachable (9+2)
    r = d.app.top().rows()
    assert "P1→P2 384点（12×32）" in r and "P1→P3 48点（12×4）" in r, r
    d.press("ok")                                   # 登録
    s = d.app.state()
    assert s["totals"] == [-432, 384, 48] and s["starter"] == 1
    calls = d.app.game.last_outcome["calls"]
    assert [(c["seat"], c["level"]) for c in calls] == [(1, 1), (2, 1), (0, 2), (1, 3)]
