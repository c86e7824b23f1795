# How much memory `report` needs for a big log: a generated N-event 囲将会ドボン log, the report run
# in a child process, its own peak RSS (VmHWM) compared with the log's size. For `make bench`.
import json
import os
import subprocess
import sys
import tempfile

from host_tools import _paths  # noqa: F401  (firmware/ on sys.path)
from host_tools.kinds import play_games
from core import journal
from core.engine import Game

# The game of the "report" workload (host_tools/kinds/<kind>/play.py): its REPORT_ROUNDS keep repeating.
KIND = play_games.for_role("report")
ROUNDS = play_games.of(KIND).REPORT_ROUNDS


def write_big_log(path, events=200000, names=("あや", "Ben", "ちか")):
    """A 囲将会ドボン log of `events` rounds (the engine checks the first rounds; the rest repeat
    them with new sequence numbers). Returns the file size in bytes."""
    lines = []
    game = Game.new(KIND, list(names), play_games.of(KIND).REPORT_SETTINGS, "0b1600d5", lines.append)
    for i in range(len(ROUNDS)):
        game.submit(dict(ROUNDS[i]))
    with open(path, "w", encoding="utf-8") as f:
        f.writelines(lines)
        for seq in range(len(ROUNDS) + 1, events + 1):
            rec = dict(ROUNDS[(seq - 1) % len(ROUNDS)])
            rec["g"] = game.game_id
            rec["seq"] = seq
            f.write(journal.seal(rec))
    return os.path.getsize(path)


# The peak is this process's own (VmHWM belongs to the address space exec made): ru_maxrss would
# carry over the parent's size from before the exec, so a big parent (make bench) hid the report's.
_PEAK = """
def peak_kb():
    try:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    import resource
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
"""

_CHILD = _PEAK + """
import sys, json
from host_tools.records.report import run as report
w = report.report([sys.argv[1]], sys.argv[2], "both", night="bench")
print(json.dumps({"peak_kb": peak_kb(), "refused": w["problems"], "pages": len(w["html"])}))
"""

_BASELINE = _PEAK + """
import json
from host_tools.records.report import run as report
from host_tools.records import logs
import matplotlib
print(json.dumps({"peak_kb": peak_kb()}))
"""


def _child(code, *args):
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
    env = dict(os.environ, PYTHONPATH=root + os.pathsep + os.environ.get("PYTHONPATH", ""))
    out = subprocess.run([sys.executable, "-c", code] + list(args), capture_output=True, text=True,
                         env=env, cwd=root, check=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def measure(events=200000):
    """{"events", "log_bytes", "peak_bytes", "baseline_bytes", "ratio"}: ratio = (peak RSS of a
    report run - RSS of the same interpreter with the report's imports loaded) / log size."""
    with tempfile.TemporaryDirectory() as tmp:
        log = os.path.join(tmp, "big.log")
        size = write_big_log(log, events)
        run = _child(_CHILD, log, os.path.join(tmp, "out"))
        base = _child(_BASELINE)
    peak, baseline = run["peak_kb"] * 1024, base["peak_kb"] * 1024
    return {"events": events, "log_bytes": size, "peak_bytes": peak, "baseline_bytes": baseline,
            "ratio": round((peak - baseline) / float(size), 2), "refused": run["refused"]}


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    events = int(argv[0]) if argv else 200000
    r = measure(events)
    print("report on a %d-event log (%.1f MB): peak RSS %.0f MB, %.0f MB above the bare imports "
          "= %.1f x the log size" % (r["events"], r["log_bytes"] / 1e6, r["peak_bytes"] / 1e6,
                                      (r["peak_bytes"] - r["baseline_bytes"]) / 1e6, r["ratio"]))
    return 0


if __name__ == "__main__":
    from host_tools.cli_io import run_command
    sys.exit(run_command(main))
