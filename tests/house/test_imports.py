"""No import cycles among the modules of firmware/ and host_tools/ (imports inside functions
count too: a cycle there is a cycle of knowledge, and on the Pico it keeps both modules in RAM)."""
import ast
import os

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def module_files():
    """{module name: path}; firmware/ modules by their name on the Pico."""
    out = {}
    for top in ("firmware", "host_tools"):
        for root, dirs, files in os.walk(os.path.join(ROOT, top)):
            dirs[:] = [d for d in dirs if d != "__pycache__"]
            for fn in files:
                if fn.endswith(".py"):
                    path = os.path.join(root, fn)
                    rel = os.path.relpath(path, ROOT)[:-3].split(os.sep)
                    if rel[0] == "firmware":
                        rel = rel[1:]
                    if rel[-1] == "__init__":
                        rel = rel[:-1]
                    out[".".join(rel)] = path
    return out


def imports_of(name, path, known):
    """The known modules `name` imports. `from pkg import sub` is an import of pkg.sub only: a
    package's own __init__ running first is how packages work, not a dependency of the module."""
    pkg = name if path.endswith("__init__.py") else name.rpartition(".")[0]
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read(), path)
    deps = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            deps.update(a.name for a in node.names if a.name in known)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = pkg.split(".")[:len(pkg.split(".")) - (node.level - 1)]
                base = ".".join(parts + ([base] if base else []))
            subs = [base + "." + a.name for a in node.names if base + "." + a.name in known]
            if subs:
                deps.update(subs)
            elif base in known:
                deps.add(base)
    deps.discard(name)
    return deps


def cycles(graph):
    """Strongly connected components of more than one module (Tarjan)."""
    index, low, stack, on, out = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def graph():
    files = module_files()
    return dict((m, imports_of(m, p, files)) for m, p in files.items())


def test_the_graph_sees_imports_inside_functions():
    g = graph()
    assert "ui.screens.menu" in g["ui.app"]            # imported inside App.__init__
    assert "core.registry" in g["ui.screens.menu"]


# Cycles known and not yet broken, each with its reason. A cycle not listed here fails; a listed
# one that is gone fails too, so the list only shrinks. (Empty since the store split:
# validate.py imports journal.py's line basics and its callers import it; recovery.py imports the
# store's small parts, never the Store.)
KNOWN = []


def test_no_import_cycles_in_firmware_and_host_tools():
    found = cycles(graph())
    assert [c for c in found if c not in KNOWN] == []
    assert [c for c in KNOWN if c not in found] == [], "a known cycle is gone: take it out of KNOWN"


def test_a_cycle_is_found():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


# The layers between the screens and the phones: words/ (the texts reader, each game's words:
# Words, progress, history lines, the season's figures) sits below both, and neither imports the
# other. net/ reads the words (and core, storage), never a screen; ui/ never imports the server:
# main.py alone wires them (a Hub given to the App), and the App opens the claim's screen when a
# phone asks for a seat (App.claim, called by net/seats.py), so no arrow is needed either way.
NET_MAY_IMPORT = ("core", "storage", "words", "net", "hw")
UI_NEVER_IMPORTS = ("net",)
WORDS_MAY_IMPORT = ("core", "words", "draw")         # draw.font: where the data files are


def _firmware_graph():
    return dict((m, deps) for m, deps in graph().items()
                if not m.startswith("host_tools") and m.split(".")[0] not in ("tests",))


def test_net_imports_no_screen():
    bad = [(m, d) for m, deps in _firmware_graph().items() if m.startswith("net.")
           for d in sorted(deps) if d.split(".")[0] not in NET_MAY_IMPORT]
    assert bad == []


def test_ui_imports_nothing_of_net():
    bad = [(m, d) for m, deps in _firmware_graph().items() if m.startswith("ui.")
           for d in sorted(deps) if d.split(".")[0] in UI_NEVER_IMPORTS]
    assert bad == []


def test_words_import_only_core_and_draw():
    bad = [(m, d) for m, deps in _firmware_graph().items() if m.startswith("words.")
           for d in sorted(deps) if d.split(".")[0] not in WORDS_MAY_IMPORT]
    assert bad == []
