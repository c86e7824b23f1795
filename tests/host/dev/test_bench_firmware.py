"""The firmware bench's page (host_tools/dev/bench/firmware_doc.py) from given results: every section, a
goal met or missed said as such, a firmware not measured said why. The figures come from `make
bench` on the emulated boards; nothing here is timed."""
from core.registry import KINDS
from host_tools.dev.bench import firmware as B
from host_tools.dev.bench.firmware_doc import markdown

ONE, TWO = KINDS[1], KINDS[3]        # any two games: the page names them as the registry does


def game(n, worst, p90, alloc, free):
    return {"n": n, "max": worst, "p90": p90, "alloc_max": alloc, "free_min": free}


def results():
    return {
        "uf2": {"ours pico": "build/firmware/scoreboard-pico.uf2", "official pico": ".cache/RPI_PICO.uf2"},
        "official presses": {"games": {ONE: game(30, 255.0, 80.0, 140 * 1024, 88 * 1024)}},
        "ours presses": {"games": {ONE: game(30, 90.0, 40.0, 52 * 1024, 190 * 1024),
                                   TWO: game(28, 60.0, 30.0, 40 * 1024, 200 * 1024)}},
        "official resume": {"skip": "no boot after the deploy's reset"},
        "ours resume": {"kind": ONE, "boots": [], "ready_ms": [420, 430, 425]},
        "ours phones " + ONE: {"game": ONE, "phones": 6, "streams_connected": 6, "free_boot": 167000,
                             "free_streams": 144000, "served": {"free_min": 128960},
                             "memory_errors": [], "views_per_stream": [11] * 6, "reconnects_per_stream": [0] * 6},
        "official phones": {"skip": "no UF2"},
        "sizes": [("pico", 1272832, 636416, 655360), ("pico2", None, None, None)],
        "blocks": {"ours pico": (352, 350), "official pico": (352, 218)},
        "wall_s": 3000.0,
    }


def test_the_page_says_each_goal_met_or_missed():
    page = markdown(results())
    assert "| official | **all** | | 255 (**missed**) | 80 (**missed**) | 140.0 (**missed**) | |" in page
    assert "| ours | **all** | | 90 (met) | 40 (met) | 52.0 (met) | |" in page
    assert "| ours | 420, 430, 425 | met |" in page
    assert "| official | not measured: no boot after the deploy's reset | |" in page
    assert ("| ours | %s | 6 of 6 | 163.1 | 140.6 | 125.9 (met) | none | [11, 11, 11, 11, 11, 11] | "
            "[0, 0, 0, 0, 0, 0] |" % ONE) in page
    assert "| pico | 1,272,832 | 636,416 | 655,360 | 18,944 |" in page and "| pico2 | not built | | | |" in page
    assert "| pico | ours | 352 | 350 |" in page


def test_a_missed_heap_goal_on_the_w_is_said():
    r = results()
    r["ours phones " + ONE]["served"]["free_min"] = 90 * 1024
    r["ours phones " + ONE]["memory_errors"] = ["MemoryError"]
    page = markdown(r)
    assert "| 90.0 (**missed**) | MemoryError |" in page


def test_the_press_scripts_join_each_games_goal():
    """Our Pico's press scripts get a table of their own, then each game's presses of both kinds of
    script together: the goal counts every press."""
    r = results()
    r["ours presses"]["runs"] = [{"kind": ONE, "steps": [{"ms": 90.0}, {"ms": 40.0}, {"ms": None}]}]
    r["ours press_scripts"] = {
        "games": {ONE: {"n": 3, "max": 120.0, "p90": 45.0, "over": 1, "untimed": 0,
                        "slowest": ["x.hints.txt", "click ok", 120.0]}},
        "runs": [{"script": "x.hints.txt", "kind": ONE,
                  "presses": [["click ok", 120.0]] + [["click up", 20.0]] * 9 + [["click left", None]]}]}
    page = markdown(r)
    assert "x.hints.txt: `click ok`" in page
    assert "| **all** | 10 | 120 (**missed**) | 20 (met) | 1 | |" in page       # the press scripts alone
    from core import registry as G
    name = G.entry(ONE)[G.NAME][1]
    assert "| %s | 12 | 120 (**missed**) | 90 (**missed**) |" % name in page     # with the emulator script's 90, 40


def test_a_task_that_stops_answering_costs_its_figure_only(monkeypatch, tmp_path):
    """Each figure runs in a process of its own; one that outlives its wall time is stopped and the
    page says so, the others come in."""
    import subprocess
    import sys

    def spawn(label, name, args, out_dir):
        if label == "ours presses":
            return subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"],
                                    stderr=subprocess.PIPE), str(tmp_path / "never.json")
        out = tmp_path / (label.replace(" ", "_") + ".json")
        out.write_text('{"skip": "made up"}')
        return subprocess.Popen([sys.executable, "-c", "pass"], stderr=subprocess.PIPE), str(out)
    monkeypatch.setattr(B, "uf2s", lambda: {("ours", "pico"): "/x/ours.uf2"})
    monkeypatch.setattr(B, "_spawn", spawn)
    monkeypatch.setattr(B, "sizes", lambda: [])
    monkeypatch.setattr(B, "free_blocks", lambda board, ours: (1, 1))
    R = B.measure(jobs=2, log=lambda s: None, wall_s=3)
    assert R["ours presses"]["skip"].startswith("stopped after 3 s")
    assert R["ours resume"] == {"skip": "made up"} and R["ours press_scripts"] == {"skip": "made up"}


def test_the_tasks_split_the_press_scripts_and_ask_no_phones_of_the_official_w(monkeypatch, tmp_path):
    """The press scripts run as two tasks (one on each core) joined into one figure as if measured
    in one run; the official Pico W serves no phones (main.make_phones), so it gets no phones task
    and the page says why."""
    import json
    import subprocess
    import sys
    spawned = []

    def spawn(label, name, args, out_dir):
        spawned.append((label, name, args))
        out = tmp_path / (label.replace(" ", "_") + ".json")
        if name == "press_scripts":
            kind = args[1][0]
            out.write_text(json.dumps({"games": {}, "wall": 5.0, "runs": [
                {"script": kind + ".hints.txt", "kind": kind, "presses": [["click ok", 10.0 * len(args[1])]]}]}))
        else:
            out.write_text('{"skip": "made up"}')
        return subprocess.Popen([sys.executable, "-c", "pass"], stderr=subprocess.PIPE), str(out)
    monkeypatch.setattr(B, "uf2s", lambda: {("ours", "pico"): "/x/o.uf2", ("ours", "pico_w"): "/x/ow.uf2",
                                            ("official", "pico"): "/x/p.uf2", ("official", "pico_w"): "/x/pw.uf2"})
    monkeypatch.setattr(B, "_spawn", spawn)
    monkeypatch.setattr(B, "sizes", lambda: [])
    monkeypatch.setattr(B, "free_blocks", lambda board, ours: (1, 1))
    R = B.measure(jobs=2, log=lambda s: None, wall_s=30)
    groups = [args[1] for l, name, args in spawned if name == "press_scripts" and l.split()[-1].isdigit()]
    assert sorted(k for g in groups for k in g) == sorted(KINDS) and len(groups) == 2
    assert sorted(l for l, name, _a in spawned if name == "press_scripts") == sorted(
        "ours press_scripts %d%s" % (i, m) for i in (1, 2) for m in ("", " zero-cost", " flash-max"))
    assert [l for l, _n, _a in spawned[:3]] == ["ours evening", "ours press_scripts 1",
                                                "ours press_scripts 2"]   # the longest first
    phones = [args[0] for _l, name, args in spawned if name == "phones"]
    assert phones == ["/x/ow.uf2"] * len(KINDS)
    S = R["ours press_scripts"]
    assert sorted(r["kind"] for r in S["runs"]) == sorted(g[0] for g in groups)
    assert set(S["games"]) == set(g[0] for g in groups)
    assert sorted(k for k in R if k.startswith("ours press_scripts")) == [
        "ours press_scripts", "ours press_scripts flash-max", "ours press_scripts zero-cost"]
    R.update({"official presses": {"skip": "x"}, "ours presses": {"skip": "x"}, "sizes": [], "blocks": {}})
    assert "| official | serves no phones" in markdown(R)


def test_make_bench_adds_the_download_and_the_bench_page_to_the_same_tasks(monkeypatch):
    """`make bench` runs the download and the bench page among the emulated tasks (both cores busy
    to the end): the page as its own command, after the long emulated tasks, the short ones last."""
    monkeypatch.setattr(B, "press_script_groups", lambda: [["a"], ["b"]])
    found = {("ours", "pico"): "/x/o.uf2", ("ours", "pico_w"): "/x/ow.uf2", ("official", "pico"): "/x/p.uf2"}
    plain = [label for label, _n, _a in B.tasks_for(found)]
    assert "ours download" not in plain and "page" not in plain
    tasks = B.tasks_for(found, with_download=True, commands=[("page", ["host_tools.dev.bench"])])
    labels = [label for label, _n, _a in tasks]
    assert labels[:3] == ["ours evening", "ours press_scripts 1", "ours press_scripts 2"]
    assert labels.index("ours download") < labels.index("page") < labels.index("ours phones " + ONE)
    assert labels[-3:] == ["ours idle", "official idle", "ours resume"]
    assert ("page", "command", ["host_tools.dev.bench"]) in tasks
    assert ("ours download", "download", ["/x/ow.uf2"]) in tasks


def test_the_page_gives_the_evenings_figures():
    r = results()
    r["ours evening"] = {"steps": 150, "presses": 98, "problems": 0, "first_problems": [], "figures": {
        "checks": 16, "views": 900, "views_streamed": 880, "views_asked": 20, "press_to_phone_median_ms": 120.4,
        "press_to_phone_max_ms": 410.0, "press_to_phone_worst_step": "click ok", "heap_free_min": 110 * 1024}}
    page = markdown(r)
    assert "## An evening on the Pico W" in page
    assert "| 150 (98) | 16 | 900 (880 + 20) | 120 | 410 (click ok) | 110.0 (met) | 0 (met) |" in page
    r["ours evening"] = {"skip": "made up"}
    assert "| not measured: made up |" in markdown(r)


def test_the_page_gives_what_the_idle_loop_costs_each_firmware():
    r = results()
    r.update({"ours idle": {"cycles_per_ms": 3600.0}, "official idle": {"skip": "made up"}})
    page = markdown(r)
    assert "| ours | 3,600 | 2.9 % |" in page and "| official | not measured: made up | |" in page


def test_each_task_runs_on_the_board_its_label_names(monkeypatch):
    """A "... zero-cost" task gets the zero-cost board, a "... flash-max" one the flash at the
    datasheet's maximum, any other the silicon-timed board whatever the caller's environment says."""
    monkeypatch.setenv("SCOREBOARD_EMU_COSTS", "0")
    monkeypatch.setenv("SCOREBOARD_EMU_FLASH_MAX", "1")
    plain = B.board_env("ours press_scripts 1")
    assert "SCOREBOARD_EMU_COSTS" not in plain and "SCOREBOARD_EMU_FLASH_MAX" not in plain
    zero = B.board_env("official presses zero-cost")
    assert zero["SCOREBOARD_EMU_COSTS"] == "0" and "SCOREBOARD_EMU_FLASH_MAX" not in zero
    top = B.board_env("ours press_scripts 2 flash-max")
    assert top["SCOREBOARD_EMU_FLASH_MAX"] == "1" and "SCOREBOARD_EMU_COSTS" not in top


def _scripts(kind, ms, erases):
    return {"games": {}, "runs": [{"script": "x.fewest.txt", "kind": kind,
                                   "presses": [["click ok", v] for v in ms], "erases": erases}]}


def test_the_page_puts_both_boards_side_by_side_with_the_flash_wear():
    r = results()
    r["official presses zero-cost"] = {"runs": [{"kind": ONE, "steps": [{"ms": 150.0}, {"ms": 30.0}]}]}
    r["official presses"]["runs"] = [{"kind": ONE, "steps": [{"ms": 255.0}, {"ms": 80.0}]}]
    r["ours presses zero-cost"] = {"runs": [{"kind": ONE, "steps": [{"ms": 40.0}, {"ms": 20.0}]}]}
    r["ours presses"]["runs"] = [{"kind": ONE, "steps": [{"ms": 90.0, "erases": 1}, {"ms": 40.0, "erases": 2}]}]
    r["ours press_scripts zero-cost"] = _scripts(ONE, [30.0, 10.0], [0, 0])
    r["ours press_scripts"] = _scripts(ONE, [120.0, 45.0], [1, 0])
    r["ours press_scripts flash-max"] = _scripts(ONE, [560.0, 60.0], [1, 0])
    page = markdown(r)             # (the 90th percentile of two presses is the larger)
    from core import registry as G
    assert "| %s | 150 / 150 | 255 / 255 | 40 / 40 | 90 / 90 | 30 / 30 | 120 / 120 | 560 | 0.50, 1 | 3 |" % (
        G.entry(ONE)[G.NAME][1]) in page
    assert "At the datasheet's maximum the worst press is 560 ms (**missed**)." in page
    assert "| %s | - | - | - | - | - | - | - | -, - | - |" % G.entry(TWO)[G.NAME][1] in page   # not measured
