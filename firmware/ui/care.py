# Screen care: an OLED showing the same picture all evening burns in. After a few idle minutes the
# panel is dimmed (contrast), later blanked (display off); the press that wakes it does nothing
# else. Brightness and both delays are preferences (/prefs.json through the store).
try:
    from micropython import const
except ImportError:          # CPython
    def const(x):
        return x

BRIGHT = (16, 64, 128, 192, 255)     # panel contrast for brightness 1..5
DIM_CONTRAST = const(0)              # dimmed: the panel's lowest contrast (still readable up close)
DIM_MIN = (0, 1, 2, 3, 5, 10)        # minutes idle before dimming (0: never)
BLANK_MIN = (0, 5, 10, 15, 30, 60)   # minutes idle before the panel goes off (0: never)
DEFAULTS = {"bright": 4, "dim": 3, "blank": 15}
CHOICES = {"bright": (1, 2, 3, 4, 5), "dim": DIM_MIN, "blank": BLANK_MIN}
ON = const(0)
DIM = const(1)
BLANK = const(2)


def value(prefs, key):
    """A screen-care preference as saved, or its default when missing or not one of the choices."""
    v = prefs.get(key) if isinstance(prefs, dict) else None
    if isinstance(v, bool) or v not in CHOICES[key]:
        return DEFAULTS[key]
    return v


class Care:
    def __init__(self, app, prefs):
        self.app = app
        self.bright = value(prefs, "bright")
        self.dim_min = value(prefs, "dim")
        self.blank_min = value(prefs, "blank")
        self.level = ON
        # The clock's own functions, looked up once: tick() runs at every poll of the main loop,
        # 100 times a second, where each Python call counts on the Pico (docs/performance.md).
        clock = app.clock
        self.ticks = None if clock is None else clock.ticks_ms
        self.diff = getattr(clock, "ticks_diff", None) or _minus
        self.since = app.now()       # the last gesture
        self.waking = None           # the button whose press woke the panel: its gesture is eaten
        self.plan()
        self.apply()

    def _call(self, name, *args):
        f = getattr(self.app.display, name, None)
        if f is None:                # a display without the method (tests' fakes): nothing to do
            return
        try:
            f(*args)
        except Exception:            # a panel that refuses a command must never stop play
            pass

    def apply(self):
        """The chosen brightness on the panel (at boot, after a change, on waking)."""
        self._call("contrast", BRIGHT[self.bright - 1])

    def set(self, key, v):
        setattr(self, {"bright": "bright", "dim": "dim_min", "blank": "blank_min"}[key], v)
        self.plan()
        if key == "bright" and self.level == ON:
            self.apply()

    def plan(self):
        """`after`: the idle ms at which tick() next has something to do (None: nothing will)."""
        d, b = self.dim_min, self.blank_min
        if self.ticks is None or self.level == BLANK:
            d = b = 0
        elif self.level != ON or not d or (b and d >= b):
            d = b
        self.after = d * 60000 if d else None

    def gesture(self, kind, name):
        """Every button event comes here first; True: it only woke the panel (the app drops it)."""
        self.since = self.app.now()
        if self.level != ON:
            self.wake()
            self.waking = None if kind in ("click", "long") else name
            return True
        if self.waking is not None:
            if kind == "press":
                self.waking = None   # a new press: act on it
            elif name == self.waking:
                if kind in ("click", "long"):
                    self.waking = None
                return True          # the rest of the waking press (its click, repeats, long)
        return False

    def wake(self):
        if self.level == BLANK:
            self._call("power", True)
        self.level = ON
        self.plan()
        self.apply()
        self.app.dirty = True

    def tick(self):
        """From every frame: dim, then blank, when the table has not touched a button for long."""
        after = self.after
        if after is None:
            return
        idle = self.diff(self.ticks(), self.since)
        if idle < after:
            return
        if self.blank_min and idle >= self.blank_min * 60000:
            self.level = BLANK
            self._call("power", False)
        else:                        # `after` was the dimming's
            self.level = DIM
            self._call("contrast", DIM_CONTRAST)
        self.plan()


def _minus(a, b):
    return a - b
