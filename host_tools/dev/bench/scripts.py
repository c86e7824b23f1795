"""Every press of every game's emulator script on the emulated Pico: release to the step's last panel write, and the heap after each step.

    python -m host_tools.dev.bench.scripts [--uf2 PATH] [--game KIND ...] [--json OUT] [--resume]

Each game's button script (tests/kinds/<kind>/emu.txt, the one tests/emu/test_emu_e2e.py plays) runs
on a fresh emulated Pico (RPI_PICO v1.24.1) booted from the flash `make deploy` lays out. For every
click the time runs from the release (a long press: from the moment it fires, DEBOUNCE_MS +
LONG_MS after the firmware first read the button closed) to the last data the panel received
before the board went quiet; a press that changed nothing on the panel has no figure. After each
step main.py's console answers `t` (the press's split and the class of the screen it left on top:
the screen kind) and `mem` (gc.mem_free() and mem_alloc() after a collect, the App alive,
micropython.mem_info()'s largest free block and qstr_info()'s interned names).
host_tools/dev/bench/firmware.py runs this for `make bench` (docs/bench-firmware.md), on both firmwares; minutes
of wall time for the four games. `--resume`: the boot with a game to resume on a flash written by
make deploy's own code (resume_boot()).
"""
import argparse
import json
import os
import re
import sys
import time

from host_tools import _paths  # ROOT, and firmware/ on sys.path

ROOT = _paths.ROOT
GC_BLOCK = 16          # bytes per heap block on a 32-bit port (mem_info counts blocks)
GOAL_MS = 100          # every press on the panel within 100 ms (docs/performance.md)


def script_file(path):
    """[(words, comment)] of a press script's steps: the comment names the step in the tables."""
    with open(path, encoding="utf-8") as f:
        lines = [l.split("#", 1) for l in f.read().splitlines() if l.split("#", 1)[0].strip()]
    return [(l[0].split(), l[1].strip() if len(l) > 1 else "") for l in lines]


def mem(p, timeout_ms=8000):
    """(free, alloc, largest free block, interned names' bytes) from the console's `mem`; the
    last two are None from a firmware whose `mem` does not print micropython.mem_info() and
    qstr_info()."""
    mark = p.console_mark()
    p.send("mem\n")
    pat = re.compile(r"mem_free (\d+) mem_alloc (\d+)")
    big = re.compile(r"max free sz: (\d+)")
    names = re.compile(r"qstr pool: n_pool=(\d+), n_qstr=(\d+), n_str_data_bytes=\d+, n_total_bytes=(\d+)")
    seen = []

    def answered():
        text = p.console_text(mark)
        if pat.search(text) and not seen:
            seen.append(p.now_ms)
        return names.search(text) or (seen and p.now_ms - seen[0] > 300)
    if not p.run_until(answered, timeout_ms):
        return None
    text = p.console_text(mark)
    m, b, q = pat.search(text), big.search(text), names.search(text)
    if not m:
        return None
    return (int(m.group(1)), int(m.group(2)), int(b.group(1)) * GC_BLOCK if b else None,
            int(q.group(3)) if q else None)


def screen_and_split(p):
    """The console's `t`: (screen kind, (lag ms, work us, draw us, show us, at ms))."""
    mark = p.console_mark()
    p.send("t\n")
    if not p.run_until(lambda: b"boot_ms" in p._console[mark:] and p._console.endswith(b"\n"), 3000):
        return None, ()
    text = p.console_text(mark)
    m = re.search(r"press_lag_ms (\d+) work_us (\d+) draw_us (-?\d+) show_us (\d+) at_ms (\d+)", text)
    s = re.search(r"screen (\S+)", text)
    return (s.group(1) if s else None), (tuple(int(x) for x in m.groups()) if m else ())


def _note_panel(p, st):
    """st["last"]: the emulated ms at which the panel showed a transaction after st["panel"] of them
    (Pico.shown_ms: its next refresh on the silicon-timed board, its STOP on the zero-cost one)."""
    if p.panel.transactions != st["panel"]:
        st["panel"], st["last"] = p.panel.transactions, p.shown_ms()


def settle_timed(p, quiet_ms, last=None, panel=None):
    """Pico.settle(), noting the emulated ms of the last panel transaction seen after `panel` of
    them (default: those made by now): `last` if none."""
    st = {"act": p._activity(), "since": p.now_ms, "panel": p.panel.transactions if panel is None else panel,
          "last": last}

    def quiet():
        a = p._activity()
        _note_panel(p, st)
        if a != st["act"] or not p.polling():
            st["act"], st["since"] = a, p.now_ms
        return p.now_ms - st["since"] >= quiet_ms
    p.run_until(quiet, 15000)
    return st["last"]


def timed_press(p, step):
    """Play a script's click, long or repeat step (`step`: its words) and time it: emulated ms from
    the event it is timed from (a click's release; a held press's moment, from the firmware's first
    read of the button) to the last panel write before the board went quiet; None when nothing
    reached the panel from then on. The finger goes down, and a click's comes up, inside the
    emulator at the same phase of the board's clocks (the panel's frame, the timer's millisecond,
    the firmware asleep in its wait: bench/moments.py), so two boards that played the same steps
    time the press alike, not a frame apart as where the host's run stopped would give. A held
    press's redraw can end before the finger lifts: the panel is watched from its moment."""
    from host_tools.dev.bench.moments import Moments
    from host_tools.dev.bench.shared import TIMED_QUIET_MS
    from host_tools.dev.emu.script import held_ms
    op, name = step[0], step[1]
    hold, fires = held_ms(op, step[1:])
    m = Moments.of(p)
    down = m.hold(name, held=fires is not None)
    if fires is None:
        t0, panel = m.release(name, down + hold)
    else:
        t0 = down + fires
        panel, _ = m.at_exactly([(t0, lambda: p.panel.transactions), (down + hold, lambda: p.release(name))])
    last = settle_timed(p, TIMED_QUIET_MS, panel=panel)
    return None if last is None else round(max(0, last - t0), 1)


def play_step(p, words):
    """One step of a press script on board p: a press (click, long, repeat) timed as timed_press()
    times it, or a wait waited out (None). `shot` and the other steps are not played here."""
    from host_tools.dev.emu.pico import SETTLE_MS
    if words[0] == "wait":
        p.run_ms(int(words[1]))
        p.settle(SETTLE_MS)
        return None
    return timed_press(p, words)


def run_game(kind, uf2, flash_dir, log=None):
    """One game's script on a fresh board: {"steps": [...], "boot": {...}}."""
    import shutil
    import tempfile
    from host_tools.dev import emu
    tree = tempfile.mkdtemp(prefix="bench-scripts-")
    steps = []
    try:
        shutil.copytree(flash_dir, os.path.join(tree, "flash"))
        with emu.Pico(uf2, os.path.join(tree, "flash")) as p:
            p.boot(frames=2, timeout_ms=60000)
            p.settle()
            first = mem(p)
            for n, (words, note) in enumerate(script_file(_paths.emu_script(kind)), 1):
                op = words[0]
                if op == "shot":
                    continue
                flash = p.flash.snapshot()
                if op not in ("click", "long", "wait"):
                    raise ValueError("%s.txt: step %r is not measured here" % (kind, op))
                ms = play_step(p, words)
                kind_of, split = screen_and_split(p)
                m = mem(p)
                label = "%d %s" % (n, " ".join(words)) + (" (%s)" % note[:40] if note else "")
                steps.append({"step": label, "ms": ms, "screen": kind_of, "split": split,
                              "free": m[0] if m else None, "alloc": m[1] if m else None,
                              "largest": m[2] if m else None, "names": m[3] if m else None,
                              "erases": p.flash.snapshot()["sector_erases"] - flash["sector_erases"],
                              "programs": p.flash.snapshot()["page_programs"] - flash["page_programs"]})
                if log:
                    log("%s: %-30s %5s ms  %-14s alloc %s largest %s names %s" % (
                        kind, label, ms, kind_of, m and m[1], m and m[2], m and m[3]))
    finally:
        shutil.rmtree(tree, ignore_errors=True)
    return {"kind": kind, "steps": steps, "first": first}


def _steps(kind):
    """The game's whole script without its screenshots (the resume game's ends in a game in
    progress with its first round saved)."""
    return [" ".join(words) for words, _ in script_file(_paths.emu_script(kind)) if words[0] != "shot"]


def resume_boot(uf2, staged, kind, boots=3, log=None):
    """Boot with a game to resume on a flash `make deploy` laid out itself: a blank emulated Pico,
    host_tools.board.deploy.deploy() over its USB console (the real mpremote), the game's script, then
    `boots` power cuts and boots. Returns {"boots": [[(mark, ms)...]...],
    "ready_ms": [...]}: main.py's BOOT marks (ms since reset) and power-on to the app's first
    picture on the panel."""
    from host_tools.board import deploy
    from host_tools.dev.emu import Pico

    def run(args):
        rc, out = p.mpremote(*args, check=False, timeout=1800)
        if rc != 0:
            raise deploy.DeployError("mpremote %s failed (%d): %s" % (args[0], rc, out[-300:]))
        return out
    p = Pico(uf2, None, wall_timeout=3600)
    res = {"boots": [], "ready_ms": [], "kind": kind}
    try:
        p.boot()
        p.run_ms(300)
        frames = p.hw_target.frames
        deploy.deploy(run, staged, log=lambda s: None)
        if not p.run_until(lambda: p.hw_target.frames >= frames + 2, 60000):
            return {"skip": "no boot after the deploy's reset"}
        p.settle(1500)
        return power_cycles(p, kind, boots, res, log)
    finally:
        p.close()


def power_cycles(p, kind, boots, res, log=None):
    """On a board at its first screen: the game's script, then `boots` power cuts and boots, each
    into res["ready_ms"] (power-on to the panel's first picture) and res["boots"] (main.py's BOOT
    marks). Returns res, or a skip when a boot left the panel blank."""
    from host_tools.dev.bench.shared import console_times
    from host_tools.dev.emu.script import run_script
    run_script(p, _steps(kind))
    p.run_ms(3000)
    p.settle()
    for i in range(boots):
        p.power_cut()
        p.boot()
        if not p.run_until(lambda: any(p.screen()), 20000):
            return {"skip": "the panel stayed blank after a power cut"}
        res["ready_ms"].append(p.now_ms)
        p.settle()
        res["boots"].append(console_times(p)[1])
        if log:
            log("resume boot %d: %s" % (i + 1, res["boots"][-1]))
    return res


def summary(games):
    """Per game and per screen kind: (n, worst ms, 90th percentile ms); per game the most heap."""
    from host_tools.dev.bench.shared import pct
    out = {"games": {}, "screens": {}}
    for g in games:
        ms = [s["ms"] for s in g["steps"] if s["ms"] is not None]
        allocs = [s for s in g["steps"] if s["alloc"] is not None]
        worst = max(allocs, key=lambda s: s["alloc"]) if allocs else None
        slow = max((s for s in g["steps"] if s["ms"] is not None), key=lambda s: s["ms"]) if ms else None
        out["games"][g["kind"]] = {
            "worst_split": tuple(slow["split"][1:4]) if slow and len(slow["split"]) > 3 else None,
            "n": len(ms), "max": max(ms) if ms else None, "p90": pct(ms, 90) if ms else None,
            "over": sum(1 for v in ms if v > GOAL_MS),
            "worst_step": max((s for s in g["steps"] if s["ms"] is not None), key=lambda s: s["ms"])["step"] if ms else None,
            "alloc_max": worst["alloc"] if worst else None, "free_min": worst["free"] if worst else None,
            "largest_min": min(s["largest"] for s in allocs if s["largest"]) if any(s["largest"] for s in allocs) else None,
            "names": worst.get("names") if worst else None, "first": g["first"]}
        for s in g["steps"]:
            if s["ms"] is not None:
                out["screens"].setdefault(s["screen"] or "?", []).append(s["ms"])
    out["screens"] = dict((k, {"n": len(v), "max": max(v), "p90": pct(v, 90)}) for k, v in out["screens"].items())
    return out


def measure(uf2=None, kinds=None, flash_dir=None, log=None):
    from host_tools.dev import emu
    path = emu.find_uf2(uf2)
    if not path:
        return {"skip": "no UF2 (give --uf2 or put RPI_PICO v1.24.1 at .cache/RPI_PICO.uf2)"}
    from core import registry as G
    kinds = kinds or [k for k in G.KINDS if os.path.exists(_paths.emu_script(k))]
    import shutil
    import tempfile
    tmp = None
    if flash_dir is None:
        # the flash each firmware starts from: make deploy's files on the official one, nothing
        # on ours (its littlefs holds games only: a staged tree there slows the game's creation)
        tmp = tempfile.mkdtemp(prefix="bench-scripts-flash-")
        flash_dir = emu.app_flash("pico", os.path.join(tmp, "flash"), path)
    t = time.time()
    try:
        res = [run_game(k, path, flash_dir, log) for k in kinds]
    finally:
        if tmp:
            shutil.rmtree(tmp, ignore_errors=True)
    out = summary(res)
    out["runs"] = res
    out["wall"] = time.time() - t
    return out


def report(S):
    lines = ["game        presses  worst ms  p90 ms  over %d ms  most heap used (free, largest free block)" % GOAL_MS]
    for k, g in S["games"].items():
        lines.append("%-11s %7d %9s %7s %10d  %s (%s, %s)  worst: %s" % (
            k, g["n"], _ms(g["max"]), _ms(g["p90"]), g["over"], g["alloc_max"], g["free_min"], g["largest_min"],
            g["worst_step"]))
    lines.append("screen kind         presses  worst ms  p90 ms")
    for k, s in sorted(S["screens"].items(), key=lambda kv: -kv[1]["max"]):
        lines.append("%-19s %7d %9s %7s" % (k, s["n"], _ms(s["max"]), _ms(s["p90"])))
    return "\n".join(lines)


def measure_resume(uf2=None, staged=None, log=None):
    """resume_boot() for the bench's "resume" game, on `staged` (default: deploy.stage("pico"))."""
    import shutil
    import tempfile
    from host_tools.board import deploy
    from host_tools.dev import emu
    from host_tools.kinds import play_games
    from core import registry as G
    path = emu.find_uf2(uf2)
    if not path:
        return {"skip": "no UF2"}
    tmp = None
    if staged is None:
        tmp = tempfile.mkdtemp(prefix="bench-resume-flash-")
        staged = deploy.stage("pico", out_dir=os.path.join(tmp, "flash"))
    try:
        return resume_boot(path, staged, play_games.for_role("resume", G.KINDS), log=log)
    except Exception as e:   # the emulator and mpremote are moving parts: say why
        return {"skip": "emulator error: %s" % (str(e).splitlines() or ["?"])[0][:200]}
    finally:
        if tmp:
            shutil.rmtree(tmp, ignore_errors=True)


def resume_markdown(R):
    """One line for docs/benchmarks.md, section 6."""
    if "skip" in R:
        return "- boot with a game to resume on a flash written by `make deploy`: not measured (%s)" % R["skip"]
    from host_tools.dev.bench.shared import spread as _spread
    from core import registry as G
    marks = R["boots"]
    names = [m for m, _ in marks[0]] if marks and marks[0] else []
    steps = []
    for i, m in enumerate(names):
        vals = [b[i][1] - (b[i - 1][1] if i else 0) for b in marks if len(b) == len(names)]
        steps.append("%s %s" % (m, _spread(vals)))
    return ("- boot with a game to resume (%s after its emulator script: its first round saved) on a flash written by `make "
            "deploy`'s own code over the emulated USB (host_tools.board.deploy.deploy() and mpremote, not a host-built "
            "image), %d power cuts: ready (main.py's `frame` mark, ms since reset) %s ms, goal 500 ms; step by "
            "step: %s ms" % (G.entry(R["kind"])[G.NAME][1], len(marks), _spread([b[-1][1] for b in marks if b]), "; ".join(steps)))


def _kb(n):
    return "-" if n is None else "%.1f KB" % (n / 1024.0)


def _ms(v):
    return "-" if v is None else "%.0f" % v


def markdown(S):
    """The section's tables for docs/benchmarks.md (host_tools/dev/bench/doc_measured.py)."""
    from core import registry as G
    out = ["Every press of each game's emulator script (`python -m host_tools.dev.bench.scripts`: tests/kinds/<kind>/emu.txt, "
           "one fresh boot a game; release to the step's last panel write, emulated ms; the heap from main.py's "
           "`mem` after every step, after `gc.collect()` with the App alive; goal: every press within %d ms):"
           % GOAL_MS, "",
           "| game | presses | worst ms | 90th percentile | over %d ms | slowest step | its work / drawing / "
           "compare + I2C ms | most heap used | of it: names | its free | smallest largest free block |" % GOAL_MS,
           "|---|---|---|---|---|---|---|---|---|---|---|"]
    for k, g in S["games"].items():
        name = G.entry(k)[G.NAME][1] if k in G.KINDS else k
        ws = g.get("worst_split")
        out.append("| %s | %d | %s | %s | %d | %s | %s | %s | %s | %s | %s |" % (
            name, g["n"], _ms(g["max"]), _ms(g["p90"]), g["over"], g["worst_step"] or "-",
            " / ".join("%.0f" % (v / 1000.0) for v in ws) if ws else "-",
            _kb(g["alloc_max"]), _kb(g.get("names")), _kb(g["free_min"]), _kb(g["largest_min"])))
    out += ["", "Per screen kind (the class on top after the press, from the console's `t`):", "",
            "| screen | presses | worst ms | 90th percentile |", "|---|---|---|---|"]
    for k, v in sorted(S["screens"].items(), key=lambda kv: -kv[1]["max"]):
        out.append("| %s | %d | %s | %s |" % (k, v["n"], _ms(v["max"]), _ms(v["p90"])))
    return "\n".join(out)


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m host_tools.dev.bench.scripts", description=__doc__.splitlines()[0])
    ap.add_argument("--uf2", help="RPI_PICO v1.24.1 (default: .cache/RPI_PICO.uf2)")
    ap.add_argument("--game", action="append", help="only this game (repeatable)")
    ap.add_argument("--json", help="write the raw results here")
    ap.add_argument("--resume", action="store_true", help="only the boot with a game to resume on a flash "
                                                          "written by make deploy's code (~15 min)")
    a = ap.parse_args(argv)
    if a.resume:
        R = measure_resume(a.uf2, log=lambda s: print(s, file=sys.stderr, flush=True))
        print(json.dumps(R))
        if a.json:
            with open(a.json, "w") as f:
                json.dump(R, f, indent=1)
        return 0 if "skip" not in R else 2
    S = measure(a.uf2, a.game, log=lambda s: print(s, file=sys.stderr, flush=True))
    if "skip" in S:
        print("bench_scripts: " + S["skip"], file=sys.stderr)
        return 2
    if a.json:
        with open(a.json, "w") as f:
            json.dump(S, f, indent=1)
    print(report(S))
    print()
    print(markdown(S))
    return 0


if __name__ == "__main__":
    from host_tools.cli_io import run_command
    sys.exit(run_command(main))
