# 株ドボン's seed example 1 entered on the device alone, no phone (device_only; its seats: NAMES), and a press of the panel (press).
from hw.clock import FakeClock
from ui.app import App

NAMES = ["あや", "Ben", "ちか", "D"]


def press(app, *names):
    for n in names:
        app.on_button("click", n)
        app.frame()
    assert not app.errors, app.errors


def device_only(tmp_path, names=NAMES):
    """The seed's example 1 entered on the device alone (tests/kinds/kabu/presses/kabu-ex1)."""
    app = App(None, None, FakeClock(), "ja")
    app.new_game("kabu", list(names), {})
    from kinds.kabu.entry import DobonEntry
    e = DobonEntry(app, 0)
    e.start()
    e.pick_w(0)
    e.pick_l(1)
    e.own_done([3, 3, 2])
    e.their_done([0, 0])
    press(app, "ok")
    return app
