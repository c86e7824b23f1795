"""Every press of the press scripts (tests/kinds/<kind>/presses/) on the emulated Pico: release to the last panel write.

    python -m host_tools.dev.bench.press_scripts [--uf2 PATH] [--game KIND ...] [--json OUT]

The scripts `host_tools.dev.presses` counts (each entry's fewest and hints paths) played whole, the
steps before the count included, from a board booted from the UF2's own flash (ours: the UF2
alone on an empty littlefs; the official one: make deploy's files). A click's time runs
from its release, a long press's from the moment it fires, a held ▲▼'s (`repeat N`) from its last
repeat, to the last data the panel received before the board went quiet (emulated ms; the press
made at the same phase of the board's clocks every time: bench/moments.py). No heap queries: the
emulator scripts (host_tools.dev.bench.scripts) measure the heap; these give the presses' spread
over 1,500 of them.

Each step is played once: the scripts of a run share one boot, and where scripts part (a game's
scripts share their new game; an entry's fewest and hints paths their first steps), the process
forks and each branch goes on in a copy of the emulated board. Emulated time is the board's own,
and each press goes down (a click's also up) inside the emulator at the same phase of the panel's
frame, the timer's millisecond and the firmware's wait (scripts.timed_press, bench/moments.py), so
a branch times its presses as a fresh board playing the whole script does
(tests/emu/test_bench_press_scripts.py). Pressed from the host where its run happened to stop, two
boards differed by up to a panel frame (11.4 ms), before a fork as after it: dobon-match.fewest's
first 'click right' 27.3 ms on a fresh board and 18.7 in the shared run, its last write 17.0 and
17.1 ms after the release on both (another run: 19.4 against 9.3). A script whose steps are
another's is timed once for both.
Wall time: 3 scripts 126 s one board each, 54 s shared; the 50 scripts in two halves on two cores
(bench.firmware) about 6 min (17 before the idle loop was made cheap: docs/performance.md).
"""
import argparse
import json
import os
import shutil
import sys
import tempfile
import time

from host_tools import _paths  # noqa: F401  (firmware/ on sys.path: the buttons' timing)

PRESS_OPS = ("click", "long", "repeat")
# Every board of the bench draws the same random bits (the ROSC's: os.urandom, the games' ids): with
# other bits the firmware's timing differs (a held press's polls came ms apart).
ROSC_SEED = 49


def play(p, steps):
    """[(step, ms, erases)] for each press of `steps` played on a booted board (ms None: the press
    changed nothing on the panel; erases: the flash's sector erases from the press to the quiet)."""
    from host_tools.dev.bench.scripts import play_step
    out = []
    for text in steps:
        words = text.split("#", 1)[0].split()
        if not words or words[0] == "shot":
            continue
        if words[0] == "wait":
            play_step(p, words)
            continue
        if words[0] not in PRESS_OPS:
            raise ValueError("%r: a step this bench does not time" % text)
        before = p.flash.snapshot()["sector_erases"]
        ms = play_step(p, words)
        out.append((" ".join(words), ms, p.flash.snapshot()["sector_erases"] - before))
    return out


def _steps(path):
    """The steps this bench plays (presses and waits), each as its words: setup and count alike."""
    from host_tools.dev import presses
    _head, setup, counted = presses.parse(path)
    out = []
    for text in setup + counted:
        words = text.split("#", 1)[0].split()
        if words and words[0] != "shot":
            out.append(" ".join(words))
    return out


def _play_shared(p, branch, depth, timed, emit):
    """Play `branch` ([(path, steps)], all of whose steps[:depth] are played on `p`, giving `timed`)
    to its ends: each step once, a fork where the scripts part (the parent waits for the child, so
    one emulator runs at a time). `emit(path, timed)` gets each script's presses."""
    while True:
        for path, steps in branch:
            if len(steps) == depth:
                emit(path, timed)
        branch = [b for b in branch if len(b[1]) > depth]
        if not branch:
            return
        nexts = []
        for _path, steps in branch:
            if steps[depth] not in nexts:
                nexts.append(steps[depth])
        for step in nexts[:-1]:            # every way but the last in a child of its own
            part = [b for b in branch if b[1][depth] == step]
            pid = os.fork()
            if pid == 0:
                code = 1
                try:
                    _play_shared(p, part, depth + 1, timed + play(p, [step]), emit)
                    code = 0
                finally:
                    os._exit(code)        # never the parent's cleanup: the board is the parent's too
            _pid, status = os.waitpid(pid, 0)
            if status != 0:
                raise RuntimeError("a branch of the press scripts failed (%s)" % step)
        step = nexts[-1]
        branch = [b for b in branch if b[1][depth] == step]
        timed = timed + play(p, [step])
        depth += 1


def run_shared(paths, uf2, flash_dir, log=None):
    """Every script of `paths` on one board booted once, each step played once (forks where the
    scripts part): [{"script", "kind", "presses"}] in the order of `paths`."""
    out_file = tempfile.mkstemp(prefix="bench-press-scripts-", suffix=".jsonl")[1]

    def emit(path, timed):
        line = json.dumps({"script": path, "presses": timed}) + "\n"
        fd = os.open(out_file, os.O_WRONLY | os.O_APPEND)
        try:
            os.write(fd, line.encode())          # one write: whole lines from every process
        finally:
            os.close(fd)
        if log:
            ms = [t[1] for t in timed if t[1] is not None]
            log("%s: %d presses, worst %s ms" % (os.path.basename(path), len(ms), max(ms) if ms else "-"))
    try:
        _on_a_board(uf2, flash_dir, lambda p: _play_shared(p, [(path, _steps(path)) for path in paths], 0, [], emit))
        with open(out_file, encoding="utf-8") as f:
            got = dict((r["script"], r["presses"]) for r in map(json.loads, f))
    finally:
        os.remove(out_file)
    missing = [p for p in paths if p not in got]
    if missing:
        raise RuntimeError("press scripts not timed: %s" % ", ".join(map(os.path.basename, missing)))
    return [_run(path, [tuple(x) for x in got[path]]) for path in paths]


def run_script(path, uf2, flash_dir):
    """One press script whole on a fresh board: {"script", "kind", "presses": [(step, ms)], "erases"}; what a
    shared run (run_shared) is checked against in tests/emu/test_bench_press_scripts.py."""
    return _run(path, _on_a_board(uf2, flash_dir, lambda p: play(p, _steps(path))))


def _on_a_board(uf2, flash_dir, work):
    """work(p) on a board booted from a copy of `flash_dir`, what it returns."""
    from host_tools.dev import emu
    tree = tempfile.mkdtemp(prefix="bench-press-scripts-")
    try:
        shutil.copytree(flash_dir, os.path.join(tree, "flash"))
        with emu.Pico(uf2, os.path.join(tree, "flash")) as p:
            p.rosc_seed = ROSC_SEED
            p.boot(frames=2, timeout_ms=60000)
            p.settle()
            return work(p)
    finally:
        shutil.rmtree(tree, ignore_errors=True)


def _run(path, timed):
    """A script's figures from play()'s [(step, ms, erases)]: its presses [(step, ms)] and, beside
    them, each press's sector erases."""
    return {"script": os.path.basename(path), "kind": os.path.basename(os.path.dirname(os.path.dirname(path))),
            "presses": [(t[0], t[1]) for t in timed], "erases": [t[2] for t in timed]}


def summary(runs, goal_ms=100):
    """Per game: presses timed, worst, 90th percentile, over the goal, the slowest (script, step)."""
    from host_tools.dev.bench.shared import pct
    games = {}
    for r in runs:
        g = games.setdefault(r["kind"], {"ms": [], "slowest": None, "untimed": 0})
        for step, ms in r["presses"]:
            if ms is None:
                g["untimed"] += 1
                continue
            g["ms"].append(ms)
            if g["slowest"] is None or ms > g["slowest"][2]:
                g["slowest"] = (r["script"], step, ms)
    return dict((k, {"n": len(g["ms"]), "max": max(g["ms"]) if g["ms"] else None,
                     "p90": pct(g["ms"], 90) if g["ms"] else None,
                     "over": sum(1 for v in g["ms"] if v > goal_ms), "untimed": g["untimed"],
                     "slowest": g["slowest"]}) for k, g in games.items())


def measure(uf2=None, kinds=None, log=None):
    from host_tools.dev import emu, presses
    path = emu.find_uf2(uf2)
    if not path:
        return {"skip": "no UF2"}
    scripts = [p for _stem, paths in presses.entries() for p in (paths["fewest"], paths["hints"])]
    if kinds:
        scripts = [s for s in scripts if os.path.basename(os.path.dirname(os.path.dirname(s))) in kinds]
    tmp = tempfile.mkdtemp(prefix="bench-press-scripts-flash-")
    t = time.time()
    runs = []
    try:
        flash_dir = emu.app_flash("pico", os.path.join(tmp, "flash"), path)
        runs = run_shared(scripts, path, flash_dir, log)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return {"games": summary(runs), "runs": runs, "wall": time.time() - t}


def markdown(S, goal_ms=100, p90_ms=50):
    from core import registry as G
    out = ["| game | presses | worst ms | 90th percentile ms | over %d ms | slowest press |" % goal_ms,
           "|---|---|---|---|---|---|"]
    for k, g in sorted(S["games"].items()):
        name = G.entry(k)[G.NAME][1] if k in G.KINDS else k
        sl = g["slowest"]
        out.append("| %s | %d | %s | %s | %d | %s |" % (
            name, g["n"], "-" if g["max"] is None else "%.0f" % g["max"],
            "-" if g["p90"] is None else "%.0f" % g["p90"], g["over"],
            "%s: `%s`" % (sl[0], sl[1]) if sl else "-"))
    allms = [v for r in S["runs"] for _s, v in r["presses"] if v is not None]
    if allms:
        from host_tools.dev.bench.shared import pct
        worst, p90 = max(allms), pct(allms, 90)
        out.append("| **all** | %d | %.0f (%s) | %.0f (%s) | %d | |" % (
            len(allms), worst, "met" if worst <= goal_ms else "**missed**", p90,
            "met" if p90 <= p90_ms else "**missed**", sum(1 for v in allms if v > goal_ms)))
    return "\n".join(out)


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m host_tools.dev.bench.press_scripts", description=__doc__.splitlines()[0])
    ap.add_argument("--uf2", help="the firmware (default: .cache/RPI_PICO.uf2)")
    ap.add_argument("--game", action="append", help="only this game's scripts (repeatable)")
    ap.add_argument("--json", help="write the raw results here")
    a = ap.parse_args(argv)
    S = measure(a.uf2, a.game, log=lambda s: print(s, file=sys.stderr, flush=True))
    if "skip" in S:
        print("bench_press_scripts: " + S["skip"], file=sys.stderr)
        return 2
    if a.json:
        with open(a.json, "w") as f:
            json.dump(S, f, indent=1)
    print(markdown(S))
    return 0


if __name__ == "__main__":
    from host_tools.cli_io import run_command
    sys.exit(run_command(main))
