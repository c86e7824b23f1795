# Smoke test of `make bench`: every section runs end to end on tiny sizes and the doc is written.
# No timing or threshold assertions: the figures are what the full run is for.
import os

from host_tools import bench, bench_play


def test_scripts_are_deterministic_and_legal():
    for kind in bench_play.KINDS:
        a, _ = bench_play.script(kind, 15, seed=2)
        b, _ = bench_play.script(kind, 15, seed=2)
        assert a == b and a


def test_quick_run_writes_the_table(tmp_path):
    out = os.path.join(str(tmp_path), "benchmarks.md")
    assert bench.main(["--quick", "--no-emu", "--out", out]) == 0
    text = open(out, encoding="utf-8").read()
    for head in ("## 1. RAM", "## 2. Work per button press", "## 3. Resume", "## 4. Flash",
                 "## 5. Display", "## 6. The emulated Pico", "## 7. Host side", "| # | Figure |"):
        assert head in text
