# One boot, then each listed test after a soft reset, judged as run-tests.py judges it (its own code, loaded from the tree).
import collections
import concurrent.futures
import difflib
import functools
import importlib.util
import os
import subprocess
import sys
import time
import types

from . import lists
from .target import BANNER, EmuTarget

# run-tests.py's arguments for a board run: bytecode, the test's source through the raw REPL.
ARGS = types.SimpleNamespace(emit="bytecode", via_mpy=False, heapsize=None, mpy_cross_flags="")
PASS, FAIL, SKIP, SELF_SKIP, TOO_LARGE, EMULATOR = "pass", "fail", "skip", "skipped itself", "too large", "emulator"

Result = collections.namedtuple("Result", "test verdict detail wall_s cpu_s emulated_ms")
_LOADED = {}


def load_run_tests(tree):
    """The tree's tests/run-tests.py as a module (and its test_utils): run_micropython (the raw
    REPL run with the START TEST marker, the .exp regex lines) and its constants, not a copy."""
    tests = os.path.join(tree, "tests")
    if tests not in _LOADED:
        sys.path.insert(0, tests)
        try:
            spec = importlib.util.spec_from_file_location("micropython_run_tests", os.path.join(tests, "run-tests.py"))
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
        finally:
            sys.path.remove(tests)
        _LOADED[tests] = (module, sys.modules["test_utils"])
    return _LOADED[tests]


def expected_output(rt, path):
    """run-tests.py's expectation: the test's .exp, else what CPython prints running it."""
    for exp in (path + ".bytecode.exp", path + ".exp"):
        if os.path.isfile(exp):
            with open(exp, "rb") as f:
                return f.read().replace(b"\r\n", b"\n")
    try:
        out = subprocess.check_output(rt.CPYTHON3_CMD + [path], cwd=os.path.dirname(path), stderr=subprocess.STDOUT)
    except subprocess.CalledProcessError as e:
        out = b"CPYTHON3 CRASH:\n" + e.output
    return out.replace(b"\r\n", b"\n")


def diff(expected, got, n=12):
    lines = difflib.unified_diff(expected.decode(errors="replace").splitlines(),
                                 got.decode(errors="replace").splitlines(), "expected", "board", lineterm="", n=1)
    lines = list(lines)
    return "\n".join(lines[:n] + (["... (%d more lines)" % (len(lines) - n)] if len(lines) > n else []))


class Runner:
    """MicroPython's tests on one booted emulated board (host_tools.dev.emu.Pico)."""

    def __init__(self, pico, tree, board, cpu_s=300, results=None, skips=True):
        self.rt, utils = load_run_tests(tree)
        self.tests_dir = os.path.join(tree, "tests")
        self.board, self.results = board, results
        self.target = EmuTarget(pico, utils.pyboard.PyboardError, cpu_s)
        self.target.run_script_on_remote_target = functools.partial(utils.run_script_on_remote_target, self.target)
        self.off = lists.options_off(board) if skips else set()
        self.table = lists.skips()
        self.expected = {}                       # test: a future of its expected output

    def run(self, tests, log=None):
        # CPython's runs for the tests without a .exp go on in another process while the board
        # works (the emulator holds this one's GIL).
        with concurrent.futures.ThreadPoolExecutor(1) as pool:
            self.expected = {t: pool.submit(expected_output, self.rt, os.path.join(self.tests_dir, t))
                             for t in tests}
            out = []
            for test in tests:
                out.append(self.run_one(test))
                if log:
                    log(out[-1])
        return out

    def run_one(self, test):
        skip = lists.skip_for(test, self.board, self.table, self.off)
        if skip:
            return Result(test, SKIP, "%s off: %s" % (skip.when, skip.reason), 0.0, 0.0, 0.0)
        wall, cpu, emulated = time.monotonic(), time.process_time(), self.target.emulated_ns
        verdict, detail = self._judge(test)
        return Result(test, verdict, detail, time.monotonic() - wall, time.process_time() - cpu,
                      (self.target.emulated_ns - emulated) / 1e6)

    def _judge(self, test):
        path = os.path.join(self.tests_dir, test)
        got = self.rt.run_micropython(self.target, ARGS, path, path)
        if got == b"SKIP\n":
            self.target.read_until(1, BANNER)      # its SystemExit soft-resets the board
            why = self.table.get(test)
            if not why:
                return FAIL, "printed SKIP (a feature it needs is missing) and micropython_skips.txt does not say why"
            return SELF_SKIP, "%s: %s" % (why[0].when, why[0].reason)
        if got == b"SKIP-TOO-LARGE\n":
            return TOO_LARGE, "MemoryError before the test started"
        want = self.expected[test].result() if test in self.expected else expected_output(self.rt, path)
        if got == want:
            limit = lists.known_limit(test, self.table)
            return PASS, ("listed as an emulator limit, passes now" if limit else "")
        self._keep(test, want, got)
        limit = lists.known_limit(test, self.table)
        if limit:
            return EMULATOR, limit.reason
        return FAIL, diff(want, got)

    def _keep(self, test, want, got):
        """run-tests.py's results/: <test>.exp and <test>.out of a failed test."""
        if not self.results:
            return
        os.makedirs(self.results, exist_ok=True)
        base = os.path.join(self.results, test.replace("/", "_"))
        for ext, data in ((".exp", want), (".out", got)):
            with open(base + ext, "wb") as f:
                f.write(data)


def summary(board, uf2, results, wall_s, cpu_s, emulated_ms):
    """The one line a run ends with: counts per verdict, host (wall and CPU) and emulated time."""
    n = collections.Counter(r.verdict for r in results)
    return ("MicroPython's tests on %s (%s): %d passed, %d failed, %d skipped by name, %d skipped "
            "by the test, %d too large, %d known emulator limits; %.0f s wall, %.0f s CPU, %.1f s emulated"
            % (os.path.basename(uf2), board, n[PASS], n[FAIL], n[SKIP], n[SELF_SKIP], n[TOO_LARGE],
               n[EMULATOR], wall_s, cpu_s, emulated_ms / 1000))


def run_board(uf2, board, tree, tests=None, log=None, results=None, cpu_s=300, skips=True):
    """Boot `uf2` on the emulated `board` once and run `tests` (default: the board's list); with
    `skips` False, none is kept off by its option (the official firmware has them all).
    Returns (results, summary line)."""
    from host_tools.dev.emu import Pico
    tests = lists.board_tests(board) if tests is None else tests
    start, cpu = time.monotonic(), time.process_time()
    # The host's limit is the runner's, in CPU seconds (target.py): Pico's own is a wall clock's.
    pico = Pico(uf2, board=board, wall_timeout=24 * 3600)
    try:
        pico.boot()
        runner = Runner(pico, tree, board, cpu_s, results, skips)
        out = runner.run(tests, log)
        line = summary(board, uf2, out, time.monotonic() - start, time.process_time() - cpu,
                       runner.target.emulated_ns / 1e6)
    finally:
        pico.close()
    return out, line
