# Smoke test of `make bench`: every section runs end to end on tiny sizes and the doc is written.
# No timing or threshold assertions: the figures are what the full run is for.
import os

import pytest

from host_tools.dev.bench import run as bench, play as bench_play


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


@pytest.mark.slow
def test_committed_page_matches_this_commit(capsys):
    """docs/benchmarks.md cannot drift: its deterministic part (fuel, bytes, heap, erases, press
    counts) is regenerated (~1.5 min) and compared; a difference fails with the diff and the
    command that rewrites the page. Emulated ms and wall clock sit below the MEASURED marker."""
    rc = bench.main(["--deterministic", "--check"])
    out = capsys.readouterr().out
    assert rc == 0, out


def test_check_reports_the_diff_and_the_command(tmp_path):
    page = tmp_path / "page.md"
    page.write_text("# T\n| a | 1 |\n" + bench.MEASURED + "\nwall 3 s\n", encoding="utf-8")
    ok, msg = bench.check("# T\n| a | 1 |\n" + bench.MEASURED + "\nwall 9 s\n", str(page))
    assert ok                                     # the measured part is not compared
    ok, msg = bench.check("# T\n| a | 2 |\n" + bench.MEASURED + "\n", str(page))
    assert not ok and "-| a | 1 |" in msg and "+| a | 2 |" in msg and "make bench-doc" in msg
