# The season at scale, for `make bench`: a generated ledger of N game nights (20 games a night,
# every game of the registry, 3 or 4 of 8 players), imported with `ledger import` and turned into
# the season's pages (host_tools/records/season/run.py); wall time and peak RSS of each step, each run in its
# own process, for 100 and 1,000 nights. `python -m host_tools.dev.bench.season [NIGHTS...]`.
#
# The logs are real journals: each game is one of a few templates per game and seat count, played
# once by its random player (host_tools/kinds/<kind>/play.py) for at most TEMPLATE_EVENTS events
# and then ended by the table ("end"); every generated game is a template with its own id and the
# night's names, resealed. One game in UNFINISHED is cut in half (a game still in progress).
import datetime
import json
import os
import random
import subprocess
import sys
import tempfile
import time

from host_tools import _paths  # noqa: F401  (firmware/ on sys.path)
from host_tools.kinds import play_games
from host_tools.dev.bench.report_memory import _PEAK
from core import registry, journal
from core.engine import Game
from core.errors import Refusal

GAMES_A_NIGHT = 20
PLAYERS = ["あや", "Ben", "ちか", "Dan", "えり", "Fumi", "ごう", "Hana"]
TEMPLATES = 4            # per game and seat count
TEMPLATE_EVENTS = 12     # accepted events before the table ends a template game
UNFINISHED = 40          # one game in this many is left in progress
SIZES = (100, 1000)      # nights
QUICK_SIZES = (2, 5)     # bench --quick: a smoke test


def _template(kind, nseats, seed):
    """The sealed records of one short game of `kind` (header first), played by its random player."""
    rng = random.Random("%s-%d-%d" % (kind, nseats, seed))
    lines = []
    g = Game.new(kind, nseats, None, "%08x" % seed, lines.append)
    players = play_games.of(kind).Policy(rng)
    n = 0
    while n < TEMPLATE_EVENTS and not g.is_over():
        for ev in players.moves(g):
            try:
                players.accepted(g.submit(ev))
            except Refusal:
                continue
            n += 1
            break
        else:
            break
    if not g.is_over():
        try:
            g.submit({"t": "end"})
        except Refusal:
            pass
    return [journal.unseal(line) for line in lines]


def templates():
    """{(kind, seats): [records of a game]} for every game of the registry with a random player."""
    out = {}
    for kind in registry.KINDS:
        if not play_games.has(kind):
            continue
        lo, hi = registry.seats(kind)
        for n in (3, 4):
            if lo <= n <= hi:
                out[(kind, n)] = [_template(kind, n, s) for s in range(TEMPLATES)]
    return out


def write_ledger_logs(folder, nights, seed=31):
    """archive/<date>/NNNN-<id>.log for `nights` weekly nights; returns (games, bytes)."""
    rng = random.Random(seed)
    pool = templates()
    keys = sorted(pool)
    day = datetime.date(2007, 1, 5)
    count = size = 0
    for night in range(nights):
        d = os.path.join(folder, (day + datetime.timedelta(weeks=night)).isoformat())
        os.makedirs(d)
        here = rng.sample(PLAYERS, 5)
        for k in range(GAMES_A_NIGHT):
            kind, n = keys[(night + k) % len(keys)]
            recs = pool[(kind, n)][rng.randrange(TEMPLATES)]
            count += 1
            gid = "%08x" % (0x5ea50000 + count)
            names = rng.sample(here, n)
            cut = len(recs) // 2 if count % UNFINISHED == 0 else len(recs)
            path = os.path.join(d, "%04d-%s.log" % (k + 1, gid))
            with open(path, "w", encoding="utf-8") as f:
                for i in range(max(1, cut)):
                    rec = dict(recs[i])
                    rec["g"] = gid
                    if i == 0:
                        rec["seats"] = names
                    f.write(journal.seal(rec))
            size += os.path.getsize(path)
    return count, size


_IMPORT = _PEAK + """
import sys, json, time
from host_tools.records import ledger, logs
t, c = time.perf_counter(), time.process_time()
db = ledger.connect(sys.argv[2])
n = 0
for name, segs in logs.game_files(ledger.expand([sys.argv[1]])):
    status, res = ledger.import_log(db, segs)
    n += status == "added"
db.close()
print(json.dumps({"seconds": time.perf_counter() - t, "cpu": time.process_time() - c, "peak_kb": peak_kb(),
                  "added": n}))
"""

_BUILD = _PEAK + """
import sys, json, time
from host_tools.records.season import run as season
t, c = time.perf_counter(), time.process_time()
w = season.season(sys.argv[1], sys.argv[2], "both")
S = w["season"]
print(json.dumps({"seconds": time.perf_counter() - t, "cpu": time.process_time() - c, "peak_kb": peak_kb(),
                  "pages": len(w["html"]),
                  "counted": sum(1 for g in S.games if g.counted), "players": len(S.total)}))
"""

# the same interpreter with a step's imports loaded (matplotlib's too for the pages): what the
# step adds over it is what the ledger's size costs
_BASE_IMPORT = _PEAK + """
import json
from host_tools.records import ledger, logs
print(json.dumps({"peak_kb": peak_kb()}))
"""
_BASE_BUILD = _PEAK + """
import json
from host_tools.records.season import run as season
from host_tools.records.report import chart
chart.setup_matplotlib()
print(json.dumps({"peak_kb": peak_kb()}))
"""


def _child(code, *args):
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
    env = dict(os.environ, PYTHONPATH=root + os.pathsep + os.environ.get("PYTHONPATH", ""))
    out = subprocess.run([sys.executable, "-c", code] + list(args), capture_output=True, text=True,
                         env=env, cwd=root, check=True, timeout=600).stdout
    return json.loads(out.strip().splitlines()[-1])


def measure(sizes=SIZES, log=lambda s: None):
    """{"rows": [{"nights", "games", "log_bytes", "import_s", "import_peak", "build_s", "build_peak",
    "ledger_bytes", "pages", "counted", ...}], "baseline_bytes": {"import", "build"}: the peak of
    the interpreter with that step's imports loaded}."""
    rows = []
    with tempfile.TemporaryDirectory(prefix="bench-season-") as tmp:
        base = {"import": _child(_BASE_IMPORT)["peak_kb"] * 1024, "build": _child(_BASE_BUILD)["peak_kb"] * 1024}
        for nights in sizes:
            arch = os.path.join(tmp, "archive-%d" % nights)
            t = time.perf_counter()
            count, size = write_ledger_logs(arch, nights)
            gen = time.perf_counter() - t
            db = os.path.join(tmp, "ledger-%d.sqlite" % nights)
            imp = _child(_IMPORT, arch, db)
            log("season: %d nights (%d games) generated in %.0f s, imported in %.0f s" % (
                nights, count, gen, imp["seconds"]))
            bld = _child(_BUILD, db, os.path.join(tmp, "season-%d" % nights))
            log("season: %d nights: pages built in %.0f s" % (nights, bld["seconds"]))
            rows.append({"nights": nights, "games": count, "log_bytes": size, "generate_s": gen,
                         "import_s": imp["seconds"], "import_cpu": imp["cpu"], "import_peak": imp["peak_kb"] * 1024,
                         "added": imp["added"], "build_s": bld["seconds"], "build_cpu": bld["cpu"],
                         "build_peak": bld["peak_kb"] * 1024,
                         "ledger_bytes": os.path.getsize(db), "pages": bld["pages"], "counted": bld["counted"],
                         "players": bld["players"]})
    return {"baseline_bytes": base, "rows": rows}


def lines(M):
    """The figures as text: one line per size and the growth from the first size to the last."""
    bi, bb = M["baseline_bytes"]["import"], M["baseline_bytes"]["build"]
    out = []
    for r in M["rows"]:
        out.append("%s nights, %s games (%.1f MB of logs, ledger %.1f MB): import %.1f s (CPU %.1f s), peak RSS "
                   "%.0f MB (+%.0f MB over the bare imports); season pages (%d, both languages) %.1f s (CPU %.1f s), "
                   "peak RSS %.0f MB (+%.0f MB)" % (
                       "{:,}".format(r["nights"]), "{:,}".format(r["games"]), r["log_bytes"] / 1e6,
                       r["ledger_bytes"] / 1e6, r["import_s"], r["import_cpu"], r["import_peak"] / 1e6,
                       (r["import_peak"] - bi) / 1e6, r["pages"], r["build_s"], r["build_cpu"], r["build_peak"] / 1e6,
                       (r["build_peak"] - bb) / 1e6))
    if len(M["rows"]) > 1:
        a, b = M["rows"][0], M["rows"][-1]
        k = b["games"] / float(a["games"])

        def grow(x, y):
            return y / x if x > 0 else float("inf")
        out.append("%.0fx the games: import CPU time x%.1f, build CPU time x%.1f; memory over the bare imports: "
                   "import x%.1f, build x%.1f" % (k, grow(a["import_cpu"], b["import_cpu"]),
                                                 grow(a["build_cpu"], b["build_cpu"]),
                                          grow(max(1, a["import_peak"] - bi), b["import_peak"] - bi),
                                          grow(max(1, a["build_peak"] - bb), b["build_peak"] - bb)))
    return out


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    sizes = tuple(int(a) for a in argv) if argv else SIZES
    M = measure(sizes, log=lambda s: print(s, file=sys.stderr, flush=True))
    for line in lines(M):
        print(line)
    return 0


if __name__ == "__main__":
    from host_tools.cli_io import run_command
    sys.exit(run_command(main))
