"""Our firmware beside the official one, in one run on the emulated boards: presses, boot, heap, phones, sizes.

    python -m host_tools.dev.bench.firmware [--out docs/bench-firmware.md] [--jobs 2] [--download] [--page [--uf2 PATH]]

For each firmware, on the emulated Pico (rp2040py; emulated milliseconds):
- every press of every game's emulator script (bench.scripts: release to the last panel write),
  worst and 90th percentile per game, and the most heap the App holds (after gc.collect());
- the boot with a game to resume, on a board flashed as a user would: ours is the UF2 alone on a
  fresh flash (the game played, then power cuts); the official one gets `make deploy`'s files
  over the emulated USB (bench.scripts.resume_boot);
and on the emulated Pico W (ours: the official one serves no phones) each game with the server and
six phones' streams (bench.picow), and a whole evening with phones (host_tools/dev/evening: views
delivered, press to phone, the lowest free heap);
then each UF2's size, the littlefs blocks a fresh board has free for games, and what the main
loop costs the CPU between presses. Our UF2s come from build/firmware/ (make firmware), the
official ones from .cache/ (docs/emulator.md).

Every figure is a task in a process of its own, the longest first, `--jobs` at once (this machine:
2 cores). `make bench` adds its other emulated and long parts to the same tasks, so that both
cores stay busy to the end: `--download` (bench.download's page, docs/bench-download.md) and
`--page` (`python -m host_tools.dev.bench [--uf2 PATH]`, docs/benchmarks.md, in a process of its
own: its wall-clock figures have a core to themselves).
"""
import argparse
import json
import os
import shutil
import sys
import tempfile
import time

from host_tools import _paths
from host_tools.dev.bench.firmware_doc import PHONES, PRESS_MS

ROOT = _paths.ROOT
DOC = os.path.join(ROOT, "docs", "bench-firmware.md")
ZERO, FLASH_MAX = "zero-cost", "flash-max"
# A task labelled "... zero-cost" runs on the zero-cost board of before, "... flash-max" with the
# flash at the datasheet's maximum (host_tools/dev/emu/costs.py); any other on the silicon-timed board.
MODES = {ZERO: ("SCOREBOARD_EMU_COSTS", "0"), FLASH_MAX: ("SCOREBOARD_EMU_FLASH_MAX", "1")}


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
    from host_tools.kinds import play_games
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


def evening(uf2):
    """The evening of the test that plays it (host_tools/dev/evening), its figures and how many of
    its checks failed (the test says which): those make test-emu kept for this very UF2 and
    evening (evening/record.py), else played here (40-60 minutes) and kept."""
    from host_tools.dev.evening import record, run
    got = record.load(uf2)
    if got is not None:
        return dict(got, kept=True)
    rec = run.play(uf2, log=lambda s: None)
    record.save(uf2, rec)
    return record.summary(rec)


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
    from host_tools.board import boards
    from host_tools.board.firmware import build, layout, uf2
    out = []
    for board in sorted(boards.firmware_boards()):
        path = build.uf2_path(board)
        if not os.path.exists(path):
            out.append((board, None, None, None))
            continue
        out.append((board, os.path.getsize(path), len(uf2.read(path).payload), layout.code_area(board)))
    return out


def download(uf2):
    from host_tools.dev.bench import download as D
    return D.measure(uf2, log=lambda s: None)


def idle(uf2, ms=1000):
    """What the main loop costs between presses: CPU cycles per emulated ms over `ms` at the start
    screen (the emulated core's count, not the host's time; a few % apart between runs, with where
    the second falls among the polls and the chip's own interrupts)."""
    from host_tools.dev.emu import Pico, app_flash
    tmp = tempfile.mkdtemp(prefix="bench-fw-idle-")
    try:
        with Pico(uf2, app_flash("pico", os.path.join(tmp, "flash"), uf2)) as p:
            p.boot(frames=2, timeout_ms=60000)
            p.settle()
            core = p.dev.mcu.core
            c0 = core.cycles
            p.run_ms(ms)
            return {"cycles_per_ms": (core.cycles - c0) / float(ms)}
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


TASKS = {"presses": presses, "press_scripts": None, "resume ours": resume_ours,
         "resume official": resume_official, "phones": phones, "download": download, "idle": idle,
         "evening": evening}
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


def board_env(label):
    """The environment of a task: the silicon-timed board, unless its label ends with one of
    MODES (the zero-cost board, or the flash at the datasheet's maximum)."""
    env = dict(os.environ)
    for mode, (var, value) in MODES.items():
        env.pop(var, None)
        if label.endswith(" " + mode):
            env[var] = value
    return env


def _spawn(label, name, args, out_dir):
    """(process, the file its figure is written to; None: a command of its own, which writes its page)."""
    import subprocess
    if name == "command":
        return subprocess.Popen([sys.executable, "-m"] + args, cwd=ROOT, stdout=subprocess.DEVNULL,
                                stderr=subprocess.PIPE), None
    out = os.path.join(out_dir, label.replace(" ", "_") + ".json")
    cmd = [sys.executable, "-m", "host_tools.dev.bench.firmware", "--task", name, "--task-args", json.dumps(args),
           "--task-out", out]
    return subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            env=board_env(label)), out


def tasks_for(found, with_download=False, commands=()):
    """[(label, task, args)], the longest first (their wall times on this machine: the evening on the
    Pico W ~50 min; the press scripts' halves ~6 min each; the official resume 2.5-5 min, its
    deploy over the emulated USB waiting on the host; the emulator scripts, the download and the
    bench page 2-3 min; a game with phones ~2 min; the rest under a minute): with two at a time,
    both cores stay busy to the end.
    `commands`: [(label, ["module", args...])] run as they are."""
    first, last = [], []
    if ("ours", "pico_w") in found:
        first.append(("ours evening", "evening", [found[("ours", "pico_w")]]))
    if ("ours", "pico") in found:
        for suffix in ("",) + tuple(" " + m for m in MODES):
            for i, kinds in enumerate(press_script_groups()):
                first.append(("ours press_scripts %d%s" % (i + 1, suffix), "press_scripts",
                              [found[("ours", "pico")], kinds]))
    if ("official", "pico") in found:
        first.append(("official resume", "resume official", [found[("official", "pico")]]))
    for fw in ("official", "ours"):
        if (fw, "pico") in found:
            first.append(("%s presses" % fw, "presses", [found[(fw, "pico")]]))
            first.append(("%s presses %s" % (fw, ZERO), "presses", [found[(fw, "pico")]]))
    if with_download and ("ours", "pico_w") in found:
        first.append(("ours download", "download", [found[("ours", "pico_w")]]))
    first += [(label, "command", argv) for label, argv in commands]
    if ("ours", "pico_w") in found:      # the official Pico W serves no phones (main.make_phones)
        from core import registry as G
        for game in G.KINDS:
            last.append(("ours phones %s" % game, "phones", [found[("ours", "pico_w")], game]))
    for fw in ("ours", "official"):
        if (fw, "pico") in found:
            last.append(("%s idle" % fw, "idle", [found[(fw, "pico")]]))
    if ("ours", "pico") in found:
        last.append(("ours resume", "resume ours", [found[("ours", "pico")]]))
    return first + last


def measure(jobs=2, log=print, wall_s=TASK_WALL_S, with_download=False, commands=()):
    """Every figure, each task in a process of its own (at most `jobs` at once, each stopped after
    `wall_s` of wall time)."""
    found = uf2s()
    tasks = tasks_for(found, with_download, commands)
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
                elif out is None:
                    err = proc.stderr.read().decode(errors="replace").strip().splitlines()
                    res[label] = {"exit": proc.returncode, "error": err[-1][:200] if proc.returncode and err else None}
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
    """The groups' press scripts as one figure per board ("ours press_scripts", "... zero-cost",
    "... flash-max"), as if measured in one run."""
    for suffix in ("",) + tuple(" " + m for m in MODES):
        _join_groups(res, "ours press_scripts", suffix)


def _group_mode(rest):
    """"2 zero-cost" -> "zero-cost", "1" -> "", anything else None."""
    words = rest.split(" ", 1)
    return None if not words[0].isdigit() else (words[1] if len(words) > 1 else "")


def _join_groups(res, key, suffix):
    from host_tools.dev.bench import press_scripts
    mine = [k for k in res if k.startswith(key + " ") and _group_mode(k[len(key) + 1:]) == suffix.strip()]
    parts = [res.pop(k) for k in sorted(mine)]
    if not parts:
        return
    skipped = [p["skip"] for p in parts if "skip" in p]
    if skipped:
        res[key + suffix] = {"skip": skipped[0]}
        return
    runs = [r for p in parts for r in p["runs"]]
    res[key + suffix] = {"games": press_scripts.summary(runs, PRESS_MS), "runs": runs,
                         "wall": max(p["wall"] for p in parts)}


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m host_tools.dev.bench.firmware", description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=DOC, help="the page to write (default docs/bench-firmware.md)")
    ap.add_argument("--jobs", type=int, default=2, help="emulators at once (default 2: this machine's cores)")
    ap.add_argument("--download", action="store_true", help="also bench.download, its page docs/bench-download.md")
    ap.add_argument("--page", action="store_true", help="also the bench page (python -m host_tools.dev.bench, "
                    "docs/benchmarks.md) among the tasks")
    ap.add_argument("--uf2", help="the page's official UF2 (its --uf2)")
    ap.add_argument("--task", help=argparse.SUPPRESS)          # one figure, run by measure() in a process
    ap.add_argument("--task-args", help=argparse.SUPPRESS)
    ap.add_argument("--task-out", help=argparse.SUPPRESS)
    a = ap.parse_args(argv)
    if a.task:
        R = run_task(a.task, json.loads(a.task_args))
        with open(a.task_out, "w", encoding="utf-8") as f:
            json.dump(R, f)
        return 0
    from host_tools.dev.bench.firmware_doc import markdown
    commands = [("page", ["host_tools.dev.bench"] + (["--uf2", a.uf2] if a.uf2 else []))] if a.page else []
    R = measure(a.jobs, log=lambda s: print(s, file=sys.stderr, flush=True), with_download=a.download,
                commands=commands)
    text = markdown(R)
    with open(a.out, "w", encoding="utf-8") as f:
        f.write(text)
    print(text)
    if "ours download" in R:
        from host_tools.dev.bench import download
        download.write_page(R["ours download"], uf2s()[("ours", "pico_w")])
    page = R.get("page")
    if page and page.get("exit"):
        print("bench.firmware: the bench page failed (exit %d): %s" % (page["exit"], page.get("error")), file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    from host_tools.cli_io import run_command
    sys.exit(run_command(main))
