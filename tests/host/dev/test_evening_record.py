"""The evening's kept figures (host_tools/dev/evening/record.py): make bench reads back only those of the same UF2 and evening."""
import json

from host_tools.dev.bench import firmware as bench_firmware
from host_tools.dev.evening import record


def _rec(problems=()):
    return {"figures": {"views": 512, "heap_free_min": 120000}, "steps": 150, "presses": 98,
            "problems": list(problems), "export": {}, "games": []}


def test_kept_for_the_same_uf2_only(tmp_path):
    uf2, other = tmp_path / "a.uf2", tmp_path / "b.uf2"
    uf2.write_bytes(b"UF2\n" * 100)
    other.write_bytes(b"UF2\n" * 99 + b"UF3\n")
    record.save(str(uf2), _rec([("step 3", "no view")]), folder=str(tmp_path / "kept"))
    got = record.load(str(uf2), folder=str(tmp_path / "kept"))
    assert got["figures"]["views"] == 512 and got["problems"] == 1 and got["first_problems"] == ["step 3: no view"]
    assert record.load(str(other), folder=str(tmp_path / "kept")) is None


def test_another_evening_is_not_this_one(tmp_path, monkeypatch):
    uf2 = tmp_path / "a.uf2"
    uf2.write_bytes(b"UF2")
    before = record.key(str(uf2))
    here = tmp_path / "evening"
    here.mkdir()
    (here / "story.py").write_text("STEPS = 1\n")
    monkeypatch.setattr(record, "HERE", str(here))
    one = record.key(str(uf2))
    (here / "story.py").write_text("STEPS = 2\n")
    two = record.key(str(uf2))
    assert two != one and one != before
    (here / "record.py").write_text("# what keeps the figures: not played\n")
    assert record.key(str(uf2)) == two


def test_a_broken_kept_file_is_none(tmp_path):
    uf2 = tmp_path / "a.uf2"
    uf2.write_bytes(b"UF2")
    kept = tmp_path / "kept"
    kept.mkdir()
    (kept / (record.key(str(uf2)) + ".json")).write_text("{not json")
    assert record.load(str(uf2), folder=str(kept)) is None
    (kept / (record.key(str(uf2)) + ".json")).write_text(json.dumps([1, 2]))
    assert record.load(str(uf2), folder=str(kept)) is None


def test_the_bench_prints_the_kept_figures_without_playing(tmp_path, monkeypatch):
    uf2 = tmp_path / "a.uf2"
    uf2.write_bytes(b"UF2")
    monkeypatch.setattr(record, "KEPT", str(tmp_path / "kept"))
    record.save(str(uf2), _rec())

    def no_play(*a, **k):
        raise AssertionError("played again")
    from host_tools.dev.evening import run
    monkeypatch.setattr(run, "play", no_play)
    got = bench_firmware.evening(str(uf2))
    assert got["kept"] and got["figures"]["heap_free_min"] == 120000 and got["problems"] == 0
