"""株ドボン's settings show the number of games only when it counts."""
from ui_harness import Driver


def test_kabu_settings_show_the_number_of_games_only_when_it_counts():
    d = Driver(lang="ja")
    d.seq("ok down ok")                       # 株ドボン: its settings
    scr = d.app.top()
    assert scr.head == "株ドボンの設定"
    assert scr.rows() == ["length", "minus2_endings", None]
    assert scr.value_text("length") == "人数と同じ戦数"
    d.press("right")                          # 対戦の長さ -> 戦数を決める: 戦数 appears
    assert scr.value_text("length") == "戦数を決める"
    assert scr.rows() == ["games", "length", "minus2_endings", None]
    assert scr.rows()[scr.sel] == "length"    # the cursor stays on the line being changed
