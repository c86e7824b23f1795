"""`python -m host_tools.dev.evening [--uf2 PATH] [--json OUT]`: the evening on our emulated Pico W, its figures and problems."""
import argparse
import json
import sys

from host_tools import _paths  # noqa: F401  (firmware/ importable)


def report(rec):
    f = rec["figures"]
    out = ["An evening on the emulated Pico W: %d steps (%d presses), %d phones, %d checks; %.0f s wall, %.0f emulated s"
           % (rec["steps"], rec["presses"], f["phones"], f["checks"], f["wall_s"], f["emulated_ms"] / 1000.0),
           "  views delivered: %d (%d on the streams, %d asked for)" % (f["views"], f["views_streamed"], f["views_asked"]),
           "  press to phone (the last phone's view), %d presses: median %s ms, worst %s ms (%s)"
           % (f["timed_presses"], f["press_to_phone_median_ms"], f["press_to_phone_max_ms"], f["press_to_phone_worst_step"]),
           "  slowest: " + "; ".join("%s %s ms" % (step, ms) for step, ms in f.get("press_to_phone_slowest", [])),
           "  lowest free heap: %s bytes (at %s)" % (f["heap_free_min"], f["heap_free_min_at"])]
    out.append("  problems: %d" % len(rec["problems"]))
    out += ["    %s: %s" % p for p in rec["problems"]]
    return "\n".join(out)


def main(argv=None):
    from host_tools.dev.emu import W_UF2_HELP, find_uf2, runs_ours
    from host_tools.dev.evening import run
    ap = argparse.ArgumentParser(prog="python -m host_tools.dev.evening", description=__doc__.split(":", 1)[1].strip())
    ap.add_argument("--uf2", default=None, help="our Pico W UF2 (default $PICO_W_UF2)")
    ap.add_argument("--json", default=None, help="also write the record here")
    a = ap.parse_args(argv)
    if find_uf2(a.uf2, radio=True) is None or not runs_ours(a.uf2, radio=True):
        print("evening: needs our own Pico W firmware (the official one serves no phones). " + W_UF2_HELP, file=sys.stderr)
        return 2
    rec = run.play(a.uf2, log=lambda s: print(s, file=sys.stderr, flush=True))
    print(report(rec))
    if a.json:
        with open(a.json, "w", encoding="utf-8") as f:
            json.dump(rec, f, indent=1, default=str)
    return 1 if rec["problems"] else 0


if __name__ == "__main__":
    from host_tools.cli_io import run_command
    sys.exit(run_command(main))
