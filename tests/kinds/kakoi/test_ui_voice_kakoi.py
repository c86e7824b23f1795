"""囲将会ドボン's commit confirmed in one line over the title row, gone at the next press."""
from ui_voice_game import _game


def test_every_commit_is_confirmed_in_one_line_that_the_next_press_replaces():
    d = _game("kakoi")
    d.app.submit({"t": "starter", "seat": 1})
    assert d.app.note == "最初に出す人：P2"
    from ui_harness import TextLog
    with TextLog() as log:
        d.app.dirty = True
        d.app.frame()
        assert ("最初に出す人：P2", 1, 0) in log.drawn   # over the title row
    d.press("down")                           # not blocking: the press acts and the line goes
    assert d.app.note is None
