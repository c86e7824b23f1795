"""The page of bench.firmware (docs/bench-firmware.md) from its figures: presses, boot, phones, sizes, the idle loop."""
from host_tools import _paths  # noqa: F401  (firmware/ on sys.path)
from core import registry

PRESS_MS, PRESS_P90_MS, RESUME_MS = 100, 50, 500       # the goals the page judges (docs/performance.md)
MAX_PRESS_MS = 500          # ... and no press over this with the flash at the datasheet's maximum
HEAP_KB, W_FREE_KB, PHONES = 64, 96, 6
# The test that plays the evening: named after the games it plays, as every test of several is.
EVENING_TEST = "tests/emu/test_emu_evening_%s.py" % "_".join(sorted(registry.KINDS))


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
    for k in G.KINDS:
        ms = _ms_of(R.get("ours presses"), k) + _ms_of(S, k)
        if ms:
            out.append("| %s | %d | %s (%s) | %s (%s) |" % (G.entry(k)[G.NAME][1], len(ms), _ms(max(ms)),
                       _verdict(max(ms) <= PRESS_MS), _ms(pct(ms, 90)), _verdict(pct(ms, 90) <= PRESS_P90_MS)))
    return out


def _ms_of(S, kind):
    """Every timed press of `kind` in a figure: the emulator scripts' steps or the press scripts' presses."""
    runs = [] if not S or "skip" in S else S.get("runs") or []
    if runs and "steps" in runs[0]:
        return [st["ms"] for run in runs if run["kind"] == kind for st in run["steps"] if st["ms"] is not None]
    return [v for run in runs if run["kind"] == kind for _s, v in run["presses"] if v is not None]


def _worst_p90(ms):
    from host_tools.dev.bench.shared import pct
    return "%s / %s" % (_ms(max(ms)), _ms(pct(ms, 90))) if ms else "-"


def _erases(R, kind):
    """(per press: mean, most; per game: the emulator script's whole game) on the silicon-timed board."""
    S = R.get("ours press_scripts") or {}
    per = [e for run in S.get("runs", []) if run["kind"] == kind for e in run.get("erases", [])]
    E = R.get("ours presses") or {}
    game = [sum(st.get("erases") or 0 for st in run["steps"]) for run in E.get("runs", []) if run["kind"] == kind]
    mean = "%.2f" % (float(sum(per)) / len(per)) if per else "-"
    return mean, str(max(per)) if per else "-", str(game[0]) if game else "-"


def _both_ways_section(R):
    """Each press figure on the zero-cost board of before and the silicon-timed one, the flash at
    its datasheet maximum, and the sector erases (flash wear) per press and per game."""
    from core import registry as G
    out = ["", "## Both boards, and the flash's wear", "",
           "Each game's presses, worst / 90th percentile ms, on the zero-cost board (rp2040py as it is: "
           "no I2C bus time, no flash BUSY, no panel refresh) and on the silicon-timed board (those "
           "costs charged at typical times; docs/emulator.md), the official firmware beside ours on the "
           "emulator scripts; ours also over the press scripts with the flash at the datasheet's "
           "maximum (goal: no press over %d ms there). Sector erases: each press of the press scripts "
           "(mean, most), and the emulator script's whole game; a sector takes 100,000 erases." % MAX_PRESS_MS,
           "", "| game | official zero-cost | official silicon | ours zero-cost | ours silicon | ours press scripts "
           "zero-cost | ours press scripts silicon | ours press scripts flash-max worst | erases a press (mean, most) "
           "| erases a game |", "|---|---|---|---|---|---|---|---|---|---|"]
    keys = ("official presses zero-cost", "official presses", "ours presses zero-cost", "ours presses",
            "ours press_scripts zero-cost", "ours press_scripts")
    worst_max = []
    for k in G.KINDS:
        cells = [_worst_p90(_ms_of(R.get(key), k)) for key in keys]
        top = _ms_of(R.get("ours press_scripts flash-max"), k)
        worst_max += top
        mean, most, game = _erases(R, k)
        out.append("| %s | %s | %s | %s, %s | %s |" % (G.entry(k)[G.NAME][1], " | ".join(cells),
                                                       _ms(max(top)) if top else "-", mean, most, game))
    if worst_max:
        out += ["", "At the datasheet's maximum the worst press is %s ms (%s)." % (
            _ms(max(worst_max)), _verdict(max(worst_max) <= MAX_PRESS_MS))]
    return out


def _idle_section(R):
    """The main loop between presses: what it costs the CPU (a count, the same at every run)."""
    rows = [(fw, R.get("%s idle" % fw)) for fw in ("official", "ours")]
    if not any(r for _fw, r in rows):
        return []
    out = ["", "## The main loop between presses (the Pico)", "",
           "CPU cycles per emulated ms at the start screen, over one second with no press (the RP2040 "
           "runs 125,000 a ms): the buttons' poll every 10 ms, the screen care's look at the clock, the "
           "console, and the wait between polls (hw.buttons.EdgeWake). The emulator runs a cycle in the "
           "same wall time whether the board works or waits, so this is also most of what a held key "
           "costs the bench.", "", "| firmware | cycles per ms | share of the CPU |", "|---|---|---|"]
    for fw, r in rows:
        if not r or "skip" in r:
            out.append("| %s | not measured: %s | |" % (fw, (r or {}).get("skip", "no UF2")))
        else:
            out.append("| %s | {:,.0f} | %.1f %% |".format(r["cycles_per_ms"]) % (fw, r["cycles_per_ms"] / 1250.0))
    return out


def _evening_section(R):
    """The evening on our Pico W (host_tools/dev/evening, the test's own steps and checks)."""
    E = R.get("ours evening")
    if E is None:
        return []
    out = ["", "## An evening on the Pico W", "",
           "host_tools/dev/evening/story.py on our emulated Pico W, as " + EVENING_TEST + " plays it: five "
           "games of all four kinds (kept, ended, one resumed after a power cut, one continued from the saved "
           "games), four phones' page streams on the forward claiming seats, taking one over and sending "
           "events, a secret prediction in each 掛け引き, `export --url` at the end; every phone's view "
           "checked against the simulator's App and Hub after every step. Views delivered: the streams' and the views asked for (GET /view). Press to phone: "
           "from the press's event (a click's release) to its view on the last of the phones. The heap: "
           "`mem` at each check (the App, the server and the four streams alive). Goal: at least %d KB "
           "free at the lowest, no check failing." % W_FREE_KB, "",
           "| steps (presses) | checks | views delivered (streams + asked) | press to phone median ms | worst ms "
           "| lowest free KB | checks failed |", "|---|---|---|---|---|---|---|"]
    if "skip" in E:
        return out + ["| not measured: %s | | | | | | |" % E["skip"]]
    f = E["figures"]
    out.append("| %d (%d) | %d | %d (%d + %d) | %s | %s (%s) | %s (%s) | %d (%s) |" % (
        E["steps"], E["presses"], f["checks"], f["views"], f["views_streamed"], f["views_asked"],
        _ms(f["press_to_phone_median_ms"]), _ms(f["press_to_phone_max_ms"]), f["press_to_phone_worst_step"],
        _kb(f["heap_free_min"]), _verdict((f["heap_free_min"] or 0) >= W_FREE_KB * 1024), E["problems"],
        _verdict(E["problems"] == 0)))
    out += ["", "First failures: " + "; ".join(E["first_problems"])] if E["problems"] else []
    if E.get("kept"):
        out += ["", "Played by make test-emu on this very UF2 (%s, %s) and kept in build/evening/ "
                "(host_tools/dev/evening/record.py): an evening takes 40-60 minutes, make bench prints "
                "its figures without playing it twice." % (E.get("uf2"), E.get("played"))]
    return out


def _presses_section(R):
    """The title, then every press of every game's emulator script, each firmware's games and its all."""
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
    return out


def _resume_section(R):
    """The boot with a game to resume, each firmware."""
    out = ["", "## Boot with a game to resume (the Pico)", "",
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
    return out


def _phones_section(R):
    """The Pico W with the server and six phones, each game (the official serves none)."""
    out = ["", "## The Pico W: each game with the server and %d phones streaming" % PHONES, "",
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
    return out


def _sizes_section(R):
    """Each UF2's size against its code area, and the littlefs blocks a fresh board keeps."""
    out = ["", "## Sizes", "", "| board | our UF2 bytes | firmware bytes | code area bytes (the official layout) | left |",
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
    return out


def markdown(R):
    out = _presses_section(R)
    out += _press_scripts_section(R)
    out += _both_ways_section(R)
    out += _resume_section(R)
    out += _phones_section(R)
    out += _evening_section(R)
    out += _idle_section(R)
    out += _sizes_section(R)
    out += ["", "Wall time of the run: %.0f s." % R["wall_s"], ""]
    return "\n".join(out)
