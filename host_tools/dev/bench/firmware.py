"""Our firmware beside the official one, in one run on the emulated boards: presses, boot, heap, phones, sizes.

    python -m host_tools.dev.bench.firmware [--out docs/bench-firmware.md] [--jobs 2]

For each firmware, on the emulated Pico (rp2040py; emulated milliseconds):
- every press of every game's emulator script (bench.scripts: release to the last panel write),
  worst and 90th percentile per game, and the most heap the App holds (after gc.collect());
- the boot with a game to resume, on a board flashed as a user would: ours is the UF2 alone on a
  fresh flash (the game played, then power cuts); the official one gets `make deploy`'s files
  over the emulated USB (bench.scripts.resume_boot);
and on the emulated Pico W (ours: the official one serves no phones) each game with the server and
six phones' streams (bench.picow);
then each UF2's size and the littlefs blocks a fresh board has free for games. Our UF2s come from
build/firmware/ (make firmware), the official ones from .cache/ (docs/emulator.md).
"""
import argparse
import json
import os
import shutil
import sys
import tempfile
import time

from host_tools import _paths

ROOT = _paths.ROOT
PRESS_MS, PRESS_P90_MS, RESUME_MS = 100, 50, 500
HEAP_KB, W_FREE_KB, PHONES = 64, 96, 6
DOC = os.path.join(ROOT, "docs", "bench-firmware.md")


def uf2s():
    """{(firmware, board): path} for what is at hand: ("official"|"ours", "pico"|"pico_w")."""
    from host_tools.dev.emu.firmware import official_uf2, our_uf2
    found = {("official", "pico"): official_uf2(False), ("official", "pico_w"): official_uf2(True),
             ("ours", "pico"): our_uf2("pico"), ("ours", "pico_w"): our_uf2("pico_w")}
    return {k: v for k, v in found.items() if v}


def presses(uf2):
    from host_tools.dev.bench import scripts
    from host_tools.dev.emu import app_flash
    tmp = tempfile.mkdtemp(prefix="bench-fw-")
    try:
        flash_dir = app_flash("pico", os.path.join(tmp, "flash"), uf2)
        S = scripts.measure(uf2, flash_dir=flash_dir)
        return S
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def resume_ours(uf2, boots=3):
    """The UF2 alone on a fresh flash, the resume game's script played, then `boots` power cuts:
    ms from reset to the first picture (main.py's `frame` mark) at each boot."""
    from core import registry as G
    from host_tools.dev import play_games
    from host_tools.dev.bench.scripts import power_cycles
    from host_tools.dev.emu import Pico
    kind = play_games.for_role("resume", G.KINDS)
    p = Pico(uf2, None, wall_timeout=3600)
    try:
        p.boot(frames=2, timeout_ms=60000)
        p.settle()
        R = power_cycles(p, kind, boots, {"kind": kind, "boots": [], "ready_ms": []})
    finally:
        p.close()
    if "skip" not in R:
        R["ready_ms"] = [dict(b).get("frame") for b in R["boots"]]     # main.py's mark, as for the official
    return R


def resume_official(uf2):
    from host_tools.dev.bench import scripts
    R = scripts.measure_resume(uf2)
    if "skip" not in R:
        R["ready_ms"] = [dict(b).get("frame") for b in R["boots"]]
    return R


def phones(uf2, game=None):
    from host_tools.dev.bench import picow
    R = picow.run(uf2, game=game, phones=PHONES, plain=False, log=lambda s: None)
    R.pop("served_rows", None)
    return R


def free_blocks(board, ours):
    """littlefs blocks free on a fresh board: the official firmware's after `make deploy`, ours
    with nothing but the filesystem (everything else is frozen)."""
    from littlefs import LittleFS, UserContext
    from host_tools.dev.emu import flash
    tmp = tempfile.mkdtemp(prefix="bench-fw-fs-")
    try:
        blocks = flash.W_BLOCK_COUNT if board == "pico_w" else flash.BLOCK_COUNT
        src = None
        if not ours:
            from host_tools.board import staging
            src = staging.stage(board, os.path.join(tmp, "flash"))
        image = flash.build_image(src, block_count=blocks)
        ctx = UserContext(buffsize=len(image))
        ctx.buffer[:] = image
        fs = LittleFS(context=ctx, block_size=flash.BLOCK_SIZE, block_count=blocks, mount=False)
        fs.mount()
        return blocks, blocks - fs.used_block_count
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def sizes():
    """(board, UF2 bytes, firmware bytes, code area bytes) of each built board (None: not built)."""
    from host_tools.board.firmware import build, pinned, uf2
    out = []
    for board in sorted(pinned.BOARDS):
        path = build.uf2_path(board)
        if not os.path.exists(path):
            out.append((board, None, None, None))
            continue
        up = pinned.BOARDS[board]
        out.append((board, os.path.getsize(path), len(uf2.read(path).payload),
                    build.FLASH_SIZE[up] - build.STORAGE[up]))
    return out


TASKS = {"presses": presses, "press_scripts": None, "resume ours": resume_ours,
         "resume official": resume_official, "phones": phones}
TASK_WALL_S = 3600      # an emulator that stops answering (it happened with the official Pico W's
                        # phones) costs its figure, said so, not the whole run


def press_script_groups(n=2):
    """The games split into `n` groups of about as many press-script presses each (one task on each
    core), the largest group first."""
    from host_tools.dev import presses
    from host_tools.dev.bench.press_scripts import PRESS_OPS
    steps = {}
    for _stem, paths in presses.entries():
        for path in paths.values():
            kind = os.path.basename(os.path.dirname(os.path.dirname(path)))
            _head, setup, counted = presses.parse(path)
            steps[kind] = steps.get(kind, 0) + sum(1 for t in setup + counted if t.split()[:1] and
                                                   t.split()[0] in PRESS_OPS)
    groups = [[] for _ in range(n)]
    load = [0] * n
    for kind in sorted(steps, key=lambda k: -steps[k]):
        i = load.index(min(load))
        groups[i].append(kind)
        load[i] += steps[kind]
    return [g for _l, g in sorted(zip(load, groups), key=lambda t: -t[0]) if g]


def run_task(name, args):
    """One figure, in this process: what a task subprocess prints as JSON."""
    if name == "press_scripts":
        from host_tools.dev.bench import press_scripts
        return press_scripts.measure(*args)
    return TASKS[name](*args)


def _spawn(label, name, args, out_dir):
    import subprocess
    out = os.path.join(out_dir, label.replace(" ", "_") + ".json")
    cmd = [sys.executable, "-m", "host_tools.dev.bench.firmware", "--task", name, "--task-args", json.dumps(args),
           "--task-out", out]
    return subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE), out


def measure(jobs=2, log=print, wall_s=TASK_WALL_S):
    """Every figure, each task in a process of its own (at most `jobs` at once, each stopped after
    `wall_s` of wall time)."""
    found = uf2s()
    tasks = []
    if ("ours", "pico") in found:        # the longest first, one on each core
        for i, kinds in enumerate(press_script_groups()):
            tasks.append(("ours press_scripts %d" % (i + 1), "press_scripts", [found[("ours", "pico")], kinds]))
    for fw in ("official", "ours"):
        if (fw, "pico") in found:
            pico = found[(fw, "pico")]
            tasks.append(("%s presses" % fw, "presses", [pico]))
            tasks.append(("%s resume" % fw, "resume " + fw, [pico]))
    if ("ours", "pico_w") in found:      # the official Pico W serves no phones (main.make_phones)
        from core import registry as G
        for game in G.KINDS:
            tasks.append(("ours phones %s" % game, "phones", [found[("ours", "pico_w")], game]))
    t0 = time.time()
    res = {"uf2": {"%s %s" % k: os.path.relpath(v, ROOT) for k, v in found.items()}}
    tmp = tempfile.mkdtemp(prefix="bench-fw-tasks-")
    running = {}
    try:
        while tasks or running:
            while tasks and len(running) < jobs:
                label, name, args = tasks.pop(0)
                running[label] = _spawn(label, name, args, tmp) + (time.time(),)
            time.sleep(2)
            for label in list(running):
                proc, out, started = running[label]
                if proc.poll() is None and time.time() - started < wall_s:
                    continue
                if proc.poll() is None:
                    proc.kill()
                    proc.wait()
                    res[label] = {"skip": "stopped after %.0f s of wall time (the emulator stopped answering)" % wall_s}
                elif os.path.exists(out):
                    with open(out, encoding="utf-8") as f:
                        res[label] = json.load(f)
                else:              # an emulator error is a figure not measured, said so
                    err = proc.stderr.read().decode(errors="replace").strip().splitlines()
                    res[label] = {"skip": (err[-1] if err else "exit %d" % proc.returncode)[:200]}
                proc.stderr.close()
                del running[label]
                log("%s: done at %.0f s" % (label, time.time() - t0))
    finally:
        for proc, _out, _t in running.values():
            proc.kill()
        shutil.rmtree(tmp, ignore_errors=True)
    _join_press_scripts(res)
    res["sizes"] = sizes()
    res["blocks"] = {"%s %s" % (fw, b): free_blocks(b, fw == "ours")
                     for fw in ("official", "ours") for b in ("pico", "pico_w")}
    res["wall_s"] = time.time() - t0
    return res


def _join_press_scripts(res):
    """The groups' press scripts as one figure ("ours press_scripts"), as if measured in one run."""
    from host_tools.dev.bench import press_scripts
    parts = [res.pop(k) for k in sorted(k for k in list(res) if k.startswith("ours press_scripts "))]
    if not parts:
        return
    skipped = [p["skip"] for p in parts if "skip" in p]
    if skipped:
        res["ours press_scripts"] = {"skip": skipped[0]}
        return
    runs = [r for p in parts for r in p["runs"]]
    res["ours press_scripts"] = {"games": press_scripts.summary(runs, PRESS_MS), "runs": runs,
                                 "wall": max(p["wall"] for p in parts)}


def _ms(v):
    return "-" if v is None else "%.0f" % v


def _kb(v):
    return "-" if v is None else "%.1f" % (v / 1024.0)


def _verdict(ok):
    return "met" if ok else "**missed**"


def _press_scripts_section(R):
    """Our Pico: every press of the press scripts, then each game's presses of both kinds of script
    together (the goal counts them all)."""
    from core import registry as G
    from host_tools.dev.bench import press_scripts
    from host_tools.dev.bench.shared import pct
    out = ["", "## Presses on our Pico: the press scripts too", "",
           "Every press of the press scripts (`python -m host_tools.dev.bench.press_scripts`: each entry's fewest and "
           "hints paths in tests/kinds/<kind>/presses/, played whole from one boot, each step once, forking where "
           "scripts part, so each is timed as on a fresh board; a `repeat N` timed from its last repeat), then "
           "each game's presses of both kinds of script together.", ""]
    S = R.get("ours press_scripts")
    if not S or "skip" in S:
        return out + ["Not measured: %s." % (S or {}).get("skip", "no UF2 of ours")]
    out += [press_scripts.markdown(S, PRESS_MS, PRESS_P90_MS), "",
            "| game | presses (emulator script + press scripts) | worst ms | 90th percentile ms |", "|---|---|---|---|"]
    E = R.get("ours presses") or {}
    for k in G.KINDS:
        ms = [st["ms"] for run in E.get("runs", []) if run["kind"] == k for st in run["steps"] if st["ms"] is not None]
        ms += [v for run in S["runs"] if run["kind"] == k for _s, v in run["presses"] if v is not None]
        if ms:
            out.append("| %s | %d | %s (%s) | %s (%s) |" % (G.entry(k)[G.NAME][1], len(ms), _ms(max(ms)),
                       _verdict(max(ms) <= PRESS_MS), _ms(pct(ms, 90)), _verdict(pct(ms, 90) <= PRESS_P90_MS)))
    return out


def markdown(R):
    from core import registry as G
    out = ["# Our firmware beside the official one (emulated)", "",
           "Generated by `python -m host_tools.dev.bench.firmware` (part of `make bench`): one run, both firmwares, "
           "on rp2040py's emulated RP2040; milliseconds are emulated milliseconds (docs/emulator.md). "
           "Firmware files: %s. The Pico 2 and Pico 2 W are built but not emulated here." %
           ", ".join("%s: `%s`" % kv for kv in sorted(R["uf2"].items())), ""]
    out += ["## Presses on the Pico (every press of every game's emulator script)", "",
            "Goal: every press within %d ms of the release, the 90th percentile within %d ms; the worst game "
            "at most %d KB of heap (App alive, after `gc.collect()`). Here each game's emulator script alone "
            "(16-21 presses: its 90th percentile is its second slowest press); on our Pico the press goal is "
            "judged on all of a game's presses, the press scripts' too, in the next section's last table." %
            (PRESS_MS, PRESS_P90_MS, HEAP_KB), "",
            "| firmware | game | presses | worst ms | 90th percentile ms | most heap used KB | its free KB |",
            "|---|---|---|---|---|---|---|"]
    for fw in ("official", "ours"):
        S = R.get("%s presses" % fw)
        if not S or "skip" in S:
            out.append("| %s | not measured: %s | | | | | |" % (fw, (S or {}).get("skip", "no UF2")))
            continue
        for k, g in S["games"].items():
            name = G.entry(k)[G.NAME][1] if k in G.KINDS else k
            out.append("| %s | %s | %d | %s | %s | %s | %s |" % (fw, name, g["n"], _ms(g["max"]), _ms(g["p90"]),
                                                              _kb(g["alloc_max"]), _kb(g["free_min"])))
        worst = max(g["max"] or 0 for g in S["games"].values())
        p90 = max(g["p90"] or 0 for g in S["games"].values())
        heap = max(g["alloc_max"] or 0 for g in S["games"].values())
        out.append("| %s | **all** | | %s (%s) | %s (%s) | %s (%s) | |" % (
            fw, _ms(worst), _verdict(worst <= PRESS_MS), _ms(p90), _verdict(p90 <= PRESS_P90_MS),
            _kb(heap), _verdict(heap <= HEAP_KB * 1024)))
    out += _press_scripts_section(R)
    out += ["", "## Boot with a game to resume (the Pico)", "",
            "Goal: the start screen within %d ms of reset on a board flashed as a user would (ours: the UF2 "
            "alone; the official: `make deploy`'s files over USB)." % RESUME_MS, "",
            "| firmware | ready ms at each boot (main.py's `frame` mark) | goal |", "|---|---|---|"]
    for fw in ("official", "ours"):
        B = R.get("%s resume" % fw) or {"skip": "no UF2"}
        if "skip" in B:
            out.append("| %s | not measured: %s | |" % (fw, B["skip"]))
        else:
            vals = [v for v in B["ready_ms"] if v is not None]
            out.append("| %s | %s | %s |" % (fw, ", ".join(_ms(v) for v in vals),
                                             _verdict(bool(vals) and max(vals) <= RESUME_MS)))
    out += ["", "## The Pico W: each game with the server and %d phones streaming" % PHONES, "",
            "Goal: at least %d KB free at the lowest, no MemoryError, no phone shed, every view reaching "
            "every phone." % W_FREE_KB, "",
            "| firmware | game | streams connected | free after boot KB | with the streams KB | lowest KB | "
            "MemoryError | views per stream | reconnections |", "|---|---|---|---|---|---|---|---|---|"]
    out.append("| official | serves no phones: the board plays on the panel alone (main.make_phones: its heap "
               "does not hold the server beside a game) | | | | | | | |")
    rows = sorted(k for k in R if k.split()[1:2] == ["phones"])
    for key in rows or ["ours phones"]:
        fw = key.split()[0]
        P = R.get(key) or {"skip": "no UF2"}
        if "skip" in P:
            out.append("| %s | not measured: %s | | | | | | | |" % (fw, P["skip"]))
            continue
        s = P.get("served", {})
        out.append("| %s | %s | %d of %d | %s | %s | %s (%s) | %s | %s | %s |" % (
            fw, P["game"], P["streams_connected"], P["phones"], _kb(P["free_boot"]), _kb(P["free_streams"]),
            _kb(s.get("free_min")), _verdict((s.get("free_min") or 0) >= W_FREE_KB * 1024),
            ", ".join(P["memory_errors"]) or "none", P.get("views_per_stream"), P.get("reconnects_per_stream")))
    out += ["", "## Sizes", "", "| board | our UF2 bytes | firmware bytes | code area bytes (the official layout) | left |",
            "|---|---|---|---|---|"]
    for board, n, fw, area in R["sizes"]:
        if n is None:
            out.append("| %s | not built | | | |" % board)
        else:
            out.append("| %s | {:,} | {:,} | {:,} | {:,} |".format(n, fw, area, area - fw) % board)
    out += ["", "| board | firmware | littlefs blocks | free for games on a fresh board |", "|---|---|---|---|"]
    for key, (total, free) in sorted(R["blocks"].items()):
        fw, board = key.split()
        out.append("| %s | %s | %d | %d |" % (board, fw, total, free))
    out += ["", "Wall time of the run: %.0f s." % R["wall_s"], ""]
    return "\n".join(out)


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m host_tools.dev.bench.firmware", description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=DOC, help="the page to write (default docs/bench-firmware.md)")
    ap.add_argument("--jobs", type=int, default=2, help="emulators at once (default 2: this machine's cores)")
    ap.add_argument("--task", help=argparse.SUPPRESS)          # one figure, run by measure() in a process
    ap.add_argument("--task-args", help=argparse.SUPPRESS)
    ap.add_argument("--task-out", help=argparse.SUPPRESS)
    a = ap.parse_args(argv)
    if a.task:
        R = run_task(a.task, json.loads(a.task_args))
        with open(a.task_out, "w", encoding="utf-8") as f:
            json.dump(R, f)
        return 0
    R = measure(a.jobs, log=lambda s: print(s, file=sys.stderr, flush=True))
    text = markdown(R)
    with open(a.out, "w", encoding="utf-8") as f:
        f.write(text)
    print(text)
    return 0


if __name__ == "__main__":
    from host_tools.cli_io import run_command
    sys.exit(run_command(main))
