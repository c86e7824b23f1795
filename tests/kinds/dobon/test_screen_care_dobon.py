"""ドボン's saved setup defaults on the settings screen (test_screen_care.py's driver and store)."""
import pytest

from screen_care_driver import driver, open_prefs, store


def test_a_games_defaults_are_where_its_setup_starts(tmp_path):
    d = driver(store(tmp_path))
    open_prefs(d)
    scr = d.app.top()
    while scr.rows()[scr.sel] != "dobon":
        d.press("down")
    d.press("ok")
    assert d.app.top().head == "ドボンの既定"
    setup = d.app.top()
    setup.values["variant"] = "action"
    setup.values["rounds"] = 3
    while setup.rows()[setup.sel] is not None:
        d.press("down")
    d.press("ok")
    assert d.screen() == "Prefs" and d.toast() == "既定として登録しました"
    assert store(tmp_path).prefs()["defaults"] == {"dobon": {"variant": "action", "rounds": 3, "max_actions": 800}}
    d.press("back")
    d.press("up")
    d.press("up")
    d.press("up")                                   # past 通算成績 and 保存したゲーム
    d.press("ok")                                   # 新しいゲーム
    for _ in range(3):
        d.press("down")
    d.press("ok")                                   # ドボン
    assert d.screen() == "Settings" and d.app.top().values["variant"] == "action"
    assert d.app.top().values["rounds"] == 3


@pytest.mark.parametrize("saved", [
    '{"defaults": {"dobon": {"rounds": 4}}}',                 # the rules refuse it
    '{"defaults": {"dobon": {"rounds": "3", "variant": 1}}}',  # wrong types
    '{"defaults": {"dobon": [1]}}', '{"defaults": 7}',
])
def test_saved_defaults_the_rules_refuse_are_left_out(tmp_path, saved):
    (tmp_path / "prefs.json").write_text(saved)
    d = driver(store(tmp_path))
    d.press("ok")
    for _ in range(3):
        d.press("down")
    d.press("ok")
    assert d.screen() == "Settings"
    assert d.app.top().values == {"variant": "sum", "rounds": 1, "max_actions": 800}
