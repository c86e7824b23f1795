"""The official path's .mpy files are compiled without line numbers (staging.MPY_OPT: they live in
the heap there); a traceback from one still names its file and function, on real MicroPython."""
import os

import pytest

import mp
from host_tools.board import staging

SOURCE = "def outer():\n    return inner()\n\n\n\ndef inner():\n    raise ValueError('seven')\n"
PROBE = ("import sys\nsys.path.insert(0, '/input')\nimport bad\ntry:\n    bad.outer()\n"
         "except ValueError as e:\n    sys.print_exception(e)\n")


def _traceback(tmp_path, opt, monkeypatch):
    monkeypatch.setattr(staging, "MPY_OPT", opt)
    src = tmp_path / "bad.py"
    src.write_text(SOURCE)
    out_dir = tmp_path / ("O%d" % opt)
    staging.compile_mpy(str(src), str(out_dir / "bad.mpy"), "bad.py")
    out, err, _ = mp.run(PROBE, input_dir=str(out_dir))
    return out + err, os.path.getsize(str(out_dir / "bad.mpy"))


def test_no_line_numbers_but_the_file_and_function_named(tmp_path, monkeypatch):
    if staging.MPY_OPT < 3:
        pytest.fail("staging.MPY_OPT is %d: the official path's bytecode keeps its line numbers" % staging.MPY_OPT)
    said, size = _traceback(tmp_path, staging.MPY_OPT, monkeypatch)
    assert "bad.py" in said and "inner" in said and "seven" in said, said
    assert "line 7" not in said, said
    kept, kept_size = _traceback(tmp_path, 0, monkeypatch)
    assert "line 7" in kept, kept          # the probe would see line numbers if they were there
    assert size < kept_size
