# The PC side's house: host_tools/ shows its three jobs at a glance (board/, records/, dev/,
# beside kinds/ and the few helpers every command shares), no file in it is over 400 lines, and
# every Python file opens with a line saying what it is for. No firmware file is over 400 lines
# either (LONG_FIRMWARE_FILES aside), and the functions of the firmware and of host_tools/ stay
# short enough to hold in one's head. The developer's tools (dev/) use the product's PC tools, never
# the other way: nothing under board/, records/ or kinds/ imports dev/.
import ast
import os

from folder_entries import holds_something

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HOST = os.path.join(ROOT, "host_tools")
FIRMWARE = os.path.join(ROOT, "firmware")
MAX_ENTRIES = 12
MAX_LINES = 400
TEXT = (".py", ".js", ".html", ".css", ".txt", ".md", ".svg", ".webmanifest")
MAX_FUNCTION_LINES = 60
# Functions allowed over MAX_FUNCTION_LINES, as "path::name": none. The rules' tables
# (settings, values, texts) are module-level data, not functions, so none needs to be here.
LONG_FUNCTIONS = ()
# Firmware files allowed over MAX_LINES for now, as paths from the repository's root: none. A game's
# own would be in its test data (LONG_FILES: this test names no game); today no game has any. The
# lists only shrink: a listed file back under the cap fails until it is taken out.
LONG_FIRMWARE_FILES = ()


def _files():
    for root, dirs, files in os.walk(HOST):
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        for fn in files:
            if fn.endswith(TEXT):
                yield os.path.join(root, fn)



def test_host_tools_shows_its_jobs_in_a_few_entries():
    entries = sorted(e for e in os.listdir(HOST) if e != "__pycache__" and holds_something(os.path.join(HOST, e)))
    assert len(entries) <= MAX_ENTRIES, entries
    for job in ("board", "records", "dev", "kinds"):
        assert os.path.isdir(os.path.join(HOST, job)), job


def test_no_file_over_400_lines():
    long = []
    for path in _files():
        with open(path, encoding="utf-8") as f:
            n = sum(1 for _ in f)
        if n > MAX_LINES:
            long.append("%s: %d lines" % (os.path.relpath(path, ROOT), n))
    assert long == [], "split by what the parts do: " + "; ".join(long)


def _firmware_lines():
    """{path from the root, with /: its lines} of every .py file under firmware/."""
    out = {}
    for root, dirs, files in os.walk(FIRMWARE):
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        for fn in files:
            if fn.endswith(".py"):
                path = os.path.join(root, fn)
                with open(path, encoding="utf-8") as f:
                    out[os.path.relpath(path, ROOT).replace(os.sep, "/")] = sum(1 for _ in f)
    return out


def _allowed_long():
    """LONG_FIRMWARE_FILES and each game's LONG_FILES (in firmware/kinds/<kind>/)."""
    import game_data
    out = list(LONG_FIRMWARE_FILES)
    for kind in game_data.kinds():
        out += ["firmware/kinds/%s/%s" % (kind, fn) for fn in getattr(game_data.of(kind), "LONG_FILES", ())]
    return out


def test_no_firmware_file_over_400_lines():
    lines = _firmware_lines()
    allowed = _allowed_long()
    long = ["%s: %d lines" % (p, n) for p, n in sorted(lines.items()) if n > MAX_LINES and p not in allowed]
    assert long == [], "split by what the parts do: " + "; ".join(long)
    short = [p for p in allowed if lines.get(p, 0) <= MAX_LINES]
    assert short == [], "no longer over %d lines (or gone): take it out of its list of long files: %s" % (
        MAX_LINES, "; ".join(short))


def test_every_python_file_says_what_it_is_for():
    silent = []
    for path in _files():
        if path.endswith(".py"):
            with open(path, encoding="utf-8") as f:
                first = f.readline()
            if not first.startswith(("#", '"""')):
                silent.append(os.path.relpath(path, ROOT))
    assert silent == []


def _long_functions(top):
    """Every function (methods and nested ones included) under `top` longer than
    MAX_FUNCTION_LINES, as ("path::name", lines), its decorators not counted."""
    long = []
    for root, dirs, files in os.walk(top):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for fn in sorted(files):
            if not fn.endswith(".py"):
                continue
            path = os.path.join(root, fn)
            with open(path, encoding="utf-8") as f:
                tree = ast.parse(f.read(), path)
            for node in ast.walk(tree):
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    n = node.end_lineno - node.lineno + 1
                    if n > MAX_FUNCTION_LINES:
                        long.append(("%s::%s" % (os.path.relpath(path, ROOT).replace(os.sep, "/"), node.name), n))
    return long


def test_no_function_over_60_lines():
    """No function in firmware/ or host_tools/ is over 60 lines (LONG_FUNCTIONS aside): a
    long one is broken into named steps that say what they do."""
    long = ["%s: %d lines" % (name, n) for top in (FIRMWARE, HOST) for name, n in _long_functions(top)
            if name not in LONG_FUNCTIONS]
    assert long == [], "break these into named steps: " + "; ".join(long)


# The product's PC tools: what they import stays out of the developer's tools (dev/).
PRODUCT_JOBS = ("board", "records", "kinds")
DEV = "host_tools.dev"


def _imported(node, module, package):
    """The modules an Import or ImportFrom node names, relative ones resolved against `module`
    (a package's __init__ is the package itself)."""
    if isinstance(node, ast.Import):
        return [a.name for a in node.names]
    target = node.module or ""
    if node.level:
        base = module.split(".") if package else module.split(".")[:-1]
        base = base[:len(base) - (node.level - 1)]
        target = ".".join(base + ([node.module] if node.module else []))
    return [target] + ["%s.%s" % (target, a.name) for a in node.names]


def dev_imports_in(source, module, package=False):
    """[(line, name)]: each import in `source` (inside functions too) that reaches host_tools.dev,
    `module` being the dotted name of the file ("host_tools.board.names")."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            hits = [n for n in _imported(node, module, package) if n == DEV or n.startswith(DEV + ".")]
            if hits:              # the module named: "from host_tools.dev import demo" is dev.demo
                found.append((node.lineno, hits[1] if hits[0] == DEV and len(hits) > 1 else hits[0]))
    return sorted(found)


def dev_imports(top):
    """Every import under host_tools/<top>/ that reaches host_tools.dev, as "path:line: name"."""
    found = []
    for root, dirs, files in os.walk(os.path.join(HOST, top)):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for fn in sorted(files):
            if fn.endswith(".py"):
                path = os.path.join(root, fn)
                parts = os.path.relpath(path, ROOT)[:-3].split(os.sep)
                package = parts[-1] == "__init__"
                module = ".".join(parts[:-1] if package else parts)
                with open(path, encoding="utf-8") as f:
                    source = f.read()
                rel = os.path.relpath(path, ROOT).replace(os.sep, "/")
                found += ["%s:%d: %s" % (rel, line, name) for line, name in dev_imports_in(source, module, package)]
    return found


def test_the_product_imports_nothing_of_the_developers_tools():
    """board/, records/ and kinds/ are what a user runs; dev/ (bench, simulator, emulator, demo)
    builds on them. A piece both use lives where both can import it, not in dev/."""
    found = [hit for top in PRODUCT_JOBS for hit in dev_imports(top)]
    assert found == [], "imports of host_tools/dev/ from the product's tools: " + "; ".join(found)


def test_the_scan_finds_every_way_to_import_dev():
    src = "\n".join([
        "from host_tools.dev import demo",               # 1: absolute, from the package
        "import host_tools.dev.bench.run",               # 2: absolute import
        "from host_tools import dev",                    # 3: the package itself
        "def f():",
        "    from host_tools.dev.sim import script",     # 5: inside a function
        "from ..dev import emu",                         # 6: relative, into dev/
        "from .. import dev",                            # 7: relative, the package
        "from ... import dev",                           # above host_tools/: not dev/
        "from host_tools.records import logs",
        "from . import names",
        "from ..records import logs",
        "import host_tools.devices",                     # a name that only starts like it
    ])
    got = [line for line, _ in dev_imports_in(src, "host_tools.board.names")]
    assert got == [1, 2, 3, 5, 6, 7], got
    assert [line for line, _ in dev_imports_in("from .dev import emu\n", "host_tools.board", True)] == []
    assert [line for line, _ in dev_imports_in("from ..dev import emu\n", "host_tools.board", True)] == [1]
    assert [line for line, _ in dev_imports_in("from .dev import emu\n", "host_tools", True)] == [1]
