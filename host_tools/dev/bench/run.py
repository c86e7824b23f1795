# `make bench`: RAM, work per press, resume cost, flash wear, display traffic, the emulated Pico and
# host throughput, measured in one run and written to docs/benchmarks.md.
#
#   python -m host_tools.dev.bench [--uf2 PATH] [--quick] [--out docs/benchmarks.md] [--no-emu] [--runs N]
#   python -m host_tools.dev.bench --deterministic --check    # the page's compared part vs this commit
#   python -m host_tools.dev.bench --deterministic --write    # rewrite that part, keep the measured part
#   make bench-doc                                        # the whole page (emulated Pico included)
#
# Deterministic figures (fuel, bytes, heap, erase counts, press counts) repeat exactly on any
# machine and form the top of the page, which tests/host/dev/test_bench.py compares with this commit's;
# the emulated Pico's milliseconds and the host's wall clock do not repeat exactly: they are the
# bottom of the page, after the MEASURED marker, given as a spread over several runs. Scripts: host_tools/dev/bench/play.py
# (the games), host_tools/dev/bench/wasm.py (MicroPython with a fuel gauge), host_tools/dev/bench/mp/ (guests).
# The sections: heap.py (1, 2: under MicroPython), journals.py (3, 4: resume, undo at scale, flash),
# display.py (5), emulated.py (6: the emulated Pico), host_side() here (7); the page: doc.py.
import argparse
import concurrent.futures
import json
import os
import shutil
import sys
import tempfile
import time

from host_tools import _paths  # ROOT, and firmware/ on sys.path
from host_tools.kinds import play_games
from host_tools.dev.bench import play as bp
from host_tools.dev.bench.display import display_sim
from host_tools.dev.bench.emulated import emulated_runs
from host_tools.dev.bench.heap import heap_split, heapsets_wasm, play_mp
from host_tools.dev.bench.journals import NIGHT, flash_wear, resume_mp, undo_scale
from host_tools.dev.bench.shared import MEASURED

ROOT = _paths.ROOT
DOC = os.path.join(ROOT, "docs", "benchmarks.md")
GOAL_RAM = 64 * 1024

# ops per game: each game's BENCH_OPS (host_tools/kinds/<kind>/play.py)
FULL = {"ops": dict((k, play_games.of(k).BENCH_OPS["full"]) for k in bp.KINDS),
        "resume": (100, 1000, 10000), "night": NIGHT, "host": 10000, "emu_ops": 20, "undo_lines": 10000}
QUICK = {"ops": dict((k, play_games.of(k).BENCH_OPS["quick"]) for k in bp.KINDS),
         "resume": (5, 20, 40), "night": 40, "host": 60, "emu_ops": 0, "report_events": 2000,
         "undo_lines": 200}
GOAL_UNDO = 1.5            # undo-heavy / plain journal of one length: resume and report


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
            from host_tools.dev.bench import report_memory
            R["host"]["report_mem"] = report_memory.measure(cfg.get("report_events", 200000))
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
    ap.add_argument("--runs", type=int, default=1, help="emulated-Pico runs (default 1: the emulator repeats "
                    "its milliseconds exactly, so more runs only check that)")
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
    from host_tools.cli_io import run_command
    sys.exit(run_command(main))
