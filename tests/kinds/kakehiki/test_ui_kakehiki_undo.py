"""掛け引きほーるでむ's undo through the buttons: long back undoes the last action from every screen of
a running game that is no entry (the raise being entered is cancelled first) and says what, and undoing the last round of a finished game reopens it."""
import random

from ui_harness import Driver
from kakehiki_buttons import drive, pick_event, start_game


def test_undo_from_every_screen():
    """From each screen of a running game, long back undoes the last action and says what."""
    d = Driver(lang="en")
    start_game(d)
    drive(d, {"t": "raise", "p": 1, "v": 2})
    # "left ok": P3's bar preselects 受ける; one step left is 勝負, whose OK opens the raise entry
    paths = ["", "back", "back ok", "back down ok", "left ok", "left ok up"]
    for path in paths:
        seq = d.app.game.seq
        if path:
            d.seq(path)
        if getattr(d.app.top(), "raising", None) is not None:
            d.press("back", "long")           # the raise being entered is an entry: cancelled first
            assert d.toast() == "Entry cancelled" and d.app.game.seq == seq
            assert d.app.top().raising is None
        d.press("back", "long")
        assert d.toast() == "Undone: P2 raises to 2", path
        assert d.screen() == "Play"
        assert d.app.state()["dial"][1] == 0
        d.press("ok", "long")                 # redo
        assert d.toast() == "Redone: P2 raises to 2"
        assert d.app.state()["dial"][1] == 2
        assert d.app.game.seq == seq + 2


def test_undo_at_game_end_reopens_the_game():
    d = Driver(lang="ja")
    start_game(d)
    # random legal actions until the game is over
    rng = random.Random(3)
    while not d.app.game.is_over():
        drive(d, pick_event(rng, d.app.state()))
        if d.screen() == "Lines":
            d.press("ok")
    assert d.screen() == "End"
    d.press("back", "long")
    assert d.screen() == "Play" and not d.app.game.is_over()
    d.press("ok", "long")
    assert d.screen() in ("Lines", "End")
