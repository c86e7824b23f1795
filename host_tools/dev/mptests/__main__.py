# By hand: python -m host_tools.dev.mptests --board pico [--uf2 PATH] [TEST ...]; a line per test, the summary last.
import argparse
import sys

from host_tools.dev.emu.firmware import find_uf2
from host_tools.board.staging import board_has_radio

from . import run, tree


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m host_tools.dev.mptests", description="MicroPython's own tests on the emulated board")
    ap.add_argument("--board", default="pico", help="pico or pico_w")
    ap.add_argument("--uf2", help="the firmware (default: $PICO_UF2 / $PICO_W_UF2, else .cache/)")
    ap.add_argument("--results", help="a folder for each failed test's .exp and .out")
    ap.add_argument("--cpu", type=float, default=300,
                    help="host CPU seconds a wait of a test may take without an answer (default 300)")
    ap.add_argument("--no-skips", action="store_true",
                    help="run the tests micropython_skips.txt keeps off this board too (another firmware)")
    ap.add_argument("tests", nargs="*", help="tests/ paths such as basics/dict1.py (default: the board's list)")
    args = ap.parse_args(argv)
    found, why = tree.find_tree()
    if not found:
        print(why, file=sys.stderr)
        return 2
    uf2 = find_uf2(args.uf2, board_has_radio(args.board))
    if not uf2:
        print("no firmware for %s: --uf2 PATH" % args.board, file=sys.stderr)
        return 2

    def log(r):
        detail = r.detail.replace("\n", "\n" + " " * 16)
        print("%-14s %-40s %6.1f s %6.1f s CPU %8.1f ms  %s"
              % (r.verdict, r.test, r.wall_s, r.cpu_s, r.emulated_ms, detail), flush=True)
    results, line = run.run_board(uf2, args.board, found, args.tests or None, log, args.results, args.cpu,
                                   not args.no_skips)
    print(line)
    return 1 if any(r.verdict == run.FAIL for r in results) else 0


if __name__ == "__main__":
    from host_tools.cli_io import run_command
    sys.exit(run_command(main))
