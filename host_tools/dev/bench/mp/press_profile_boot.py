# The press profiler's boot.py (host_tools/dev/bench/press_profile.py): put on the emulated board's
# flash, where MicroPython runs it before the frozen main.py. Not a firmware file.
#
# Once frozen_data.install() has run (the texts and the font in place, as main.py wants them), it
# wraps the functions listed in WRAP (module, owner or "", name) with a timer, and after the frame
# that follows a press prints one line: `PROF label calls/us | ...`, most time first. Times are
# inclusive (a wrapped call inside another counts in both) and carry the wrapper's own cost (tens
# of us a call on the Pico), so read them as where the time goes, not as exact figures.
from hw.clock import ticks_diff, ticks_us    # the firmware's own (CPython too)

WRAP = ()          # replaced by press_profile.py: (("ui.app", "App", "t"), ("words.texts", "", "look"), ...)
_acc = {}
_on = [False]


def _rec(label, d):
    e = _acc.get(label)
    if e is None:
        _acc[label] = [1, d]
    else:
        e[0] += 1
        e[1] += d


def _wrap(owner, name, label):
    f = getattr(owner, name, None)
    if f is None:
        print("PROF none", label)
        return

    def timed(*a, **k):
        t = ticks_us()
        try:
            return f(*a, **k)
        finally:
            _rec(label, ticks_diff(ticks_us(), t))
    setattr(owner, name, timed)


def _frame_and_report(app_cls):
    frame = app_cls.frame
    press = app_cls.on_button

    def on_button(self, kind, name):
        if not _on[0]:
            _acc.clear()
            _on[0] = True
        return press(self, kind, name)

    def framed(self):
        t = ticks_us()
        drawn = frame(self)
        if drawn and _on[0]:
            _rec("App.frame", ticks_diff(ticks_us(), t))
            got = sorted(_acc.items(), key=lambda kv: -kv[1][1])
            print("PROF", " | ".join("%s %d/%d" % (k, v[0], v[1]) for k, v in got))
            _acc.clear()
            _on[0] = False
        return drawn
    app_cls.on_button = on_button
    app_cls.frame = framed


def _install():
    for mod, owner, name in WRAP:
        m = __import__(mod, None, None, ("x",))
        _wrap(getattr(m, owner) if owner else m, name, (owner or mod.rsplit(".", 1)[-1]) + "." + name)
    import ui.app
    _frame_and_report(ui.app.App)
    print("PROF ready")


try:
    import frozen_data
    _data = frozen_data.install

    def install():
        _data()
        try:
            _install()
        except Exception as e:
            import sys
            sys.print_exception(e)
    frozen_data.install = install
except ImportError:          # not our firmware: nothing frozen to wait for
    _install()
