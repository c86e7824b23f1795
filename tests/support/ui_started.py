# A game of the registry started with n seats and some events, one frame drawn (started; the seats' names: NAMES).
from ui_harness import Driver
NAMES = ["たろう", "Ben", "はなこ", "P4", "P5"]


def started(kind, n, events=()):
    d = Driver(None)
    d.app.new_game(kind, NAMES[:n], {})
    for e in events:
        d.app.submit(e)
    d.clock.t += 10000
    d.app.frame()
    return d
