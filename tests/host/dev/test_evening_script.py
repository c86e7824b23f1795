"""host_tools/dev/sim/evening.txt (the README's evening-*.png, make screenshots) still walks where its
comments say: each shot is taken on the screen it names, with no error caught on the way."""
import os

from host_tools.dev.sim.__main__ import app_factory
from storage.store import Store, OsFs

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
# shot -> the screen on top when it is taken
SCREENS = {"evening-01-ask-new": "AskNew", "evening-02-saved-games": "GamesList",
           "evening-03-game-actions": "GameActions", "evening-04-ended": "End",
           "evening-05-settings": "Prefs", "evening-06-defaults": "Defaults",
           "evening-07-dimmed": "Boot", "evening-08-woken": "Boot",
           "evening-09-seat-name": "Menu", "evening-10-kana-grid": "KanaGrid",
           "evening-11-seat-names": "SeatNames", "evening-12-large-view": "Big",
           "evening-13-large-view-dials": "Big"}


def test_the_evening_script_shows_what_its_screenshots_say(tmp_path):
    from host_tools.dev.sim.device import SimBoard
    from host_tools.dev.sim.script import Runner
    from hw.clock import FakeClock
    with open(os.path.join(ROOT, "host_tools", "dev", "sim", "evening.txt"), encoding="utf-8") as f:
        lines = f.read().splitlines()
    store = Store(fs=OsFs(), root=str(tmp_path / "games"))   # names and prefs beside it: fresh
    clock = FakeClock()
    board = SimBoard(now=clock.now)
    app = app_factory(None)(board.display, store, clock, "ja")
    runner = Runner(board, app, clock, None)
    seen = {}

    def shot(name):
        seen[name] = type(app.top()).__name__
        if name == "evening-07-dimmed":
            assert board.panel.contrast == 0 and board.panel.on
    runner.shot = shot
    runner.run(lines)
    assert seen == SCREENS
    assert not app.errors
