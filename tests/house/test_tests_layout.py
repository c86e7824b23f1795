# The tests mirror the tree: tests/firmware/<area>/ tests firmware/<area>/ (main: firmware/main.py),
# tests/host/<area>/ tests host_tools/<area>/, tests/emu/ boots the emulated Pico, tests/browser/
# drives headless Chromium, tests/house/ holds the house rules, tests/kinds/<kind>/ is each game's
# own, and the helpers (every module that is no test) are in tests/support/. No test sits at the top,
# and no file under tests/ imports a test module: what tests share is in tests/support/ or a conftest.py.
import ast
import os
import re

from folder_entries import holds_something

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TESTS = os.path.join(ROOT, "tests")
TOP = {"conftest.py", "firmware", "host", "emu", "browser", "house", "kinds", "support"}
EMU_MARK = re.compile(r"^pytestmark\s*=.*mark\.emu", re.M)
BROWSER = re.compile(r"^\s*(import phone_browser|from phone_browser import)", re.M)



def _python_files():
    """(path from tests/, file name) of every Python file under tests/."""
    for root, dirs, files in os.walk(TESTS):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for fn in sorted(files):
            if fn.endswith(".py"):
                yield os.path.relpath(os.path.join(root, fn), TESTS).replace(os.sep, "/"), fn


def _folders(top):
    return {e[:-3] if e.endswith(".py") else e for e in os.listdir(top) if e != "__pycache__" and not e.startswith("_")
            and (os.path.isdir(os.path.join(top, e)) or e.endswith(".py"))}


def test_the_top_of_tests_holds_only_the_folders_of_the_layout():
    entries = {e for e in os.listdir(TESTS) if e != "__pycache__" and holds_something(os.path.join(TESTS, e))}
    assert entries <= TOP, sorted(entries - TOP)


def test_every_test_file_is_in_its_folder():
    firmware = _folders(os.path.join(ROOT, "firmware"))
    host = _folders(os.path.join(ROOT, "host_tools"))
    wrong = []
    for rel, fn in _python_files():
        parts = rel.split("/")
        if not fn.startswith("test_") or parts[0] == "kinds":
            continue
        ok = ((parts[0] == "firmware" and len(parts) == 3 and parts[1] in firmware)
              or (parts[0] == "host" and len(parts) == 3 and parts[1] in host)
              or (parts[0] in ("emu", "browser", "house") and len(parts) == 2))
        if not ok:
            wrong.append(rel)
    assert not wrong, wrong


def test_every_helper_is_in_support():
    wrong = [rel for rel, fn in _python_files()
             if not fn.startswith("test_") and rel != "conftest.py" and rel.split("/")[0] not in ("support", "kinds")]
    assert not wrong, wrong
    tests_in_support = [rel for rel, fn in _python_files() if rel.startswith("support/") and fn.startswith("test_")]
    assert not tests_in_support, tests_in_support


def test_emulator_and_browser_tests_are_in_their_folders():
    """A file marked emu as a whole is in tests/emu/ (or its game's folder); a file driving the
    phone page's Chromium (phone_browser) is in tests/browser/ or tests/emu/ (or its game's)."""
    wrong = []
    for rel, fn in _python_files():
        top = rel.split("/")[0]
        if not fn.startswith("test_") or top == "kinds":
            continue
        with open(os.path.join(TESTS, rel), encoding="utf-8") as f:
            src = f.read()
        if EMU_MARK.search(src) and top != "emu":
            wrong.append((rel, "emu"))
        if BROWSER.search(src) and top not in ("browser", "emu"):
            wrong.append((rel, "browser"))
    assert not wrong, wrong


def _imported_modules(tree):
    """The top-level module names a module imports (import a.b, from a import b), and the modules
    it names as text in `module:attr` form (the simulator's --app) or to importlib/pytest.importorskip."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                yield a.name.split(".")[0], node.lineno
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.module.split(".")[0], node.lineno
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            m = re.fullmatch(r"([A-Za-z_][A-Za-z0-9_]*)(?:\.[A-Za-z_][A-Za-z0-9_.]*)?:[A-Za-z_][A-Za-z0-9_]*", node.value)
            if m:
                yield m.group(1), node.lineno
        elif (isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant)
              and isinstance(node.args[0].value, str)
              and getattr(node.func, "attr", getattr(node.func, "id", None)) in ("import_module", "importorskip", "__import__")):
            yield node.args[0].value.split(".")[0], node.lineno


def test_no_file_under_tests_imports_a_test_module():
    """tests/conftest.py puts only firmware/, the root and tests/support/ on sys.path: a test that
    imported another (from test_logs import data_of) would find it only through pytest's own
    sys.path, by luck of the order of collection."""
    wrong = []
    for rel, fn in _python_files():
        with open(os.path.join(TESTS, rel), encoding="utf-8") as f:
            tree = ast.parse(f.read(), rel)
        wrong += ["%s:%d imports %s" % (rel, line, mod) for mod, line in _imported_modules(tree)
                  if mod.startswith("test_")]
    assert not wrong, wrong
