"""株ドボン's settings show the number of games only when it counts."""
from ui_harness import Driver, TextLog, frame_text


def test_kabu_settings_show_the_number_of_games_only_when_it_counts():
    d = Driver(lang="ja")
    d.seq("ok down ok")                       # 株ドボン: its settings
    scr = d.app.top()
    assert scr.head == "株ドボンの設定"
    assert scr.rows() == ["length", "minus2_endings", None]
    assert scr.value_text("length") == "人数と同じ戦数"
    d.press("right")                          # 対戦の長さ -> 戦数を決める: 戦数 appears
    assert scr.value_text("length") == "戦数を決める"
    # below the line being changed, never above it (the row moved under the cursor)
    assert scr.rows() == ["length", "games", "minus2_endings", None]
    assert scr.rows()[scr.sel] == "length" and scr.sel == 0   # the cursor stays on the line


def test_the_line_being_changed_shows_its_arrows_whole_in_both_languages():
    """← → round the value under the cursor, the label beside it whole (English
    「Length」, not 「Match…」)."""
    for lang, label, value in (("ja", "対戦の長さ", "← 人数と同じ戦数 →"), ("en", "Length", "← 1 game per player →")):
        with TextLog() as log:
            d = Driver(lang=lang)
            d.seq("ok down ok")
            txt = frame_text(d, log)
            assert label in [s for s, _, _ in log.drawn] and value in txt, txt
            assert not log.over
