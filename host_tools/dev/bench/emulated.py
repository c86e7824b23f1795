# The bench's emulated Pico (section 6): boot and press-to-screen times, free heap, the import sets
# on the Pico, every game's script and the boot with a game to resume, over several runs.
import os
import shutil
import tempfile
import time

from host_tools.kinds import play_games
from host_tools.dev.bench import play as bp
from host_tools.dev.bench.heap import heapsets_pico
from host_tools.dev.bench.play import write_ops
from host_tools.dev.bench.shared import console_times

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
                    presses.append(p.shown_ms() - t0)     # on the glass: the panel's refresh
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
    # Every press of every game's emulator script and the boot with a game to resume are measured
    # once, by bench.firmware (docs/bench-firmware.md), for this firmware beside ours: not again here.
    E["wall"] = time.time() - t
    return E
