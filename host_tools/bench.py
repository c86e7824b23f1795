# `make bench`: RAM, work per press, resume cost, flash wear, display traffic, the emulated Pico and
# host throughput, measured in one run and written to docs/benchmarks.md.
#
#   python -m host_tools.bench [--uf2 PATH] [--quick] [--out docs/benchmarks.md] [--no-emu]
#
# Deterministic figures (fuel, bytes, erase counts, emulated ms) repeat exactly on any machine;
# wall-clock figures (host throughput) do not and are labelled so. Scripts: host_tools/bench_play.py
# (the games), host_tools/bench_wasm.py (MicroPython with a fuel gauge), host_tools/bench_mp/ (guests).
import argparse
import concurrent.futures
import json
import os
import shutil
import sys
import tempfile
import time

from host_tools import _paths  # noqa: F401  (firmware/ on sys.path)
from host_tools import bench_play as bp

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DOC = os.path.join(ROOT, "docs", "benchmarks.md")
FULL_FRAME = 1037          # adafruit/micropython-lib show(): 6 command writes (3 bytes each) + 1 + 1 + 1024
I2C_HZ = 400000
BITS_PER_BYTE = 9          # 8 data bits + ACK
PICO_BLOCKS, ERASE_CYCLES, NIGHT = 352, 100000, 2000
GOAL_RAM = 64 * 1024

FULL = {"ops": {"kakehiki": 2000, "kabu": 800, "kakoi": 800, "dobon": 800},
        "resume": (100, 1000, 10000), "night": NIGHT, "host": 10000, "emu_ops": 20}
QUICK = {"ops": {"kakehiki": 12, "kabu": 12, "kakoi": 12, "dobon": 12},
         "resume": (5, 20, 40), "night": 40, "host": 60, "emu_ops": 0}


def pct(values, p):
    v = sorted(values)
    if not v:
        return 0
    k = min(len(v) - 1, max(0, int(round(p / 100.0 * (len(v) - 1)))))
    return v[k]


def median(values):
    return pct(values, 50)


def write_ops(path, ops):
    with open(path, "w") as f:
        for op in ops:
            f.write(json.dumps(op, ensure_ascii=False) + "\n")


# ---- 1 + 2: RAM and work per press under MicroPython -------------------------------------------
PLAY_MAIN = ("import play\nplay.live('base'); play.phase_core(); play.live('core')\n"
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
    return r


def play_mp(flash, kind, n_ops, heap="2M"):
    from host_tools import bench_wasm as bw
    from scoreboard import cjson
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


# ---- 3: resume cost against game length --------------------------------------------------------
def build_journals(base, sizes, kind="kabu"):
    """Play one long scripted game through the Store (CPython, OsFs) and keep a copy of the store
    after each size in `sizes`. Returns {size: folder}."""
    from scoreboard.store import Store
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
    from host_tools import bench_wasm as bw
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


# ---- 4: flash: bytes per event, littlefs erases, projected life --------------------------------
def flash_wear(kind, n_events):
    sys.path.insert(0, os.path.join(ROOT, "tests"))
    import lfs_device as ld
    from scoreboard.store import Store

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
    from host_tools.sim.device import SimBoard
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


def ms_at_400k(nbytes):
    return nbytes * BITS_PER_BYTE * 1000.0 / I2C_HZ


# ---- 6: the emulated Pico -----------------------------------------------------------------------
EMU_GAME = """
import gc, json, time
from scoreboard.store import Store
from scoreboard.engine import Game
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
    from host_tools import emu
    path = emu.find_uf2(uf2)
    if not path:
        return {"skip": "no UF2 (give --uf2 or put RPI_PICO v1.24.1 at .cache/RPI_PICO.uf2)"}
    kind = "kakoi"
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
            presses = []
            for name in ("down", "up", "down", "up"):
                p.hold(name)
                p.run_ms(120)                       # a click: held past the 50 ms debounce
                n = p.hw_target.frames
                p.release(name)
                t0 = p.now_ms
                if p.run_until(lambda: p.hw_target.frames > n, 3000):
                    presses.append(p.now_ms - t0)
                p.settle()
            r["press_ms"] = presses
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
    from host_tools import logs, report
    lines = []
    g = bp.new_game("kakoi", sink=lines.append)
    ops, _ = bp.script("kakoi", n_events, seed=11)
    for op in ops:
        bp.apply_op(g, op)
    data = "".join(lines).encode("utf-8")
    t = time.perf_counter()
    res = logs.read_bytes(data, "bench.log")
    t_val = time.perf_counter() - t
    t = time.perf_counter()
    gr = report.GameReport(res)
    gr.columns_and_rows()
    t_rep = time.perf_counter() - t
    return {"events": len(ops), "bytes": len(data), "ok": res.ok,
            "validate_eps": len(ops) / t_val, "report_eps": len(ops) / t_rep}


# ---- the run -------------------------------------------------------------------------------------
def run(args):
    cfg = QUICK if args.quick else FULL
    R = {"quick": args.quick, "cfg": cfg}
    t_all = time.time()
    from host_tools import bench_wasm as bw
    work = tempfile.mkdtemp(prefix="bench-")
    try:
        flash, how = bw.stage_flash(os.path.join(work, "flash"))
        R["modules"] = how
        log = args.log
        log("flash tree staged (%s)" % how)
        with concurrent.futures.ThreadPoolExecutor(max_workers=2) as ex:
            futs = {k: ex.submit(play_mp, flash, k, cfg["ops"][k]) for k in bp.KINDS}
            fres = ex.submit(resume_mp, flash, cfg["resume"], cfg["resume"][1])
            R["play"] = {}
            for k in bp.KINDS:
                R["play"][k] = futs[k].result()
                log("MicroPython %s: %d ops, %.0f s" % (k, R["play"][k]["n"], R["play"][k]["wall"]))
            R["resume"] = fres.result()
            log("resume measured")
        R["flash"] = [flash_wear(k, cfg["night"]) for k in bp.KINDS]
        log("flash measured")
        R["display"] = [display_sim(k, cfg["ops"][k]) for k in bp.KINDS]
        log("display measured")
        R["host"] = host_side(cfg["host"])
        if args.no_emu or args.quick and not args.uf2:
            R["emu"] = {"skip": "skipped (--no-emu or --quick without --uf2)"}
        else:
            R["emu"] = emulated(args.uf2, cfg["emu_ops"], flash)
        log("emulator: %s" % ("skipped: " + R["emu"]["skip"] if "skip" in R["emu"] else "measured"))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    R["seconds"] = time.time() - t_all
    return R


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m host_tools.bench", description=__doc__)
    ap.add_argument("--uf2", help="RPI_PICO MicroPython UF2 for the emulated Pico (default: .cache/RPI_PICO.uf2)")
    ap.add_argument("--quick", action="store_true", help="tiny sizes (smoke test); figures not meaningful")
    ap.add_argument("--out", default=None, help="where to write the markdown (default: docs/benchmarks.md; "
                                                "--quick writes nothing unless given)")
    ap.add_argument("--no-emu", action="store_true", help="skip the emulated Pico")
    ap.add_argument("--json", help="also write the raw results here")
    args = ap.parse_args(argv)
    args.log = lambda s: print("bench: " + s, file=sys.stderr, flush=True)
    R = run(args)
    from host_tools import bench_doc
    text = bench_doc.render(R)
    out = args.out or (None if args.quick else DOC)
    if out:
        with open(out, "w", encoding="utf-8") as f:
            f.write(text)
        args.log("wrote %s (%.0f s)" % (out, R["seconds"]))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(R, f, default=str, indent=1)
    print(bench_doc.table(R))
    return 0


if __name__ == "__main__":
    sys.exit(main())
