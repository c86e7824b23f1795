# The bench's figures of the journal on the flash: resume cost against game length (section 3), undo
# at scale (3b) and flash wear, littlefs erases per event and the projected life (4).
import os
import shutil
import sys
import tempfile
import time

from host_tools import _paths  # ROOT, and firmware/ on sys.path
from host_tools.kinds import play_games
from host_tools.dev.bench import play as bp
from host_tools.dev.bench.play import FixedRandom

ROOT = _paths.ROOT
PICO_BLOCKS, ERASE_CYCLES, NIGHT = 352, 100000, 2000


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
    sys.path.insert(0, os.path.join(ROOT, "tests", "support"))
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
