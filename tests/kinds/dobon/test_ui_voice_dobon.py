"""ドボン's confirmation line goes by itself."""
from ui_voice_game import _game


def test_the_confirmation_line_goes_by_itself():
    d = _game("dobon", "en")
    d.app.submit({"t": "draw"})
    assert d.app.note
    d.clock.t += 4100
    d.app.frame()
    assert d.app.note is None
