# The games' kind names ("kakehiki", "kabu", ...) appear only in the registry and in each game's own
# files: a fifth game is its own files plus one registry entry, with no edit to generic code.
"""The rule, as checked here.

A *kind name* is a kind of the registry (core/registry.py's KINDS, read from it, so a game added
there is covered). Scanned: every Python file under firmware/, host_tools/ and tests/ (test helpers
and tests/kinds/<kind>/data.py included) but the tests of the NOT_YET list below. Each file is parsed (ast),
and a kind name counts where it is code:
  - an identifier part: a name, attribute, function, class, argument, keyword or import name split
    at "_" and at case changes (``KABU_HANDS``, ``play_kakoi``, ``kakehiki_choose`` all count);
  - a string literal holding it as a word (split at anything but letters and digits), such as
    "kabu", "kinds.kabu.rules", "kakehiki-%s.log", "tests/kinds/kabu/emu.txt".
Not counted (prose, not code): comments, docstrings and other bare string statements, and the
word "dobon" inside a string with spaces in it ("several dobon players"): in English texts
"dobon" is also the rules' term for the call ドボン, which 株ドボン and 囲将会ドボン use too. For
the same reason the event type "dobon" of those two games is not a kind name where it is one: the
exact literal as the value of a "t" key in a dict display ({"t": "dobon", ...}) or compared with
an event's "t" (ev["t"] == "dobon", e.get("t") in ("dobon", ...)).

Where a kind name may appear:
  (a) the registry: firmware/core/registry.py;
  (b) the kind's own folders: the three places a game lives, firmware/kinds/<kind>/,
      host_tools/kinds/<kind>/ and tests/kinds/<kind>/ (firmware/kinds/kabu/score.py,
      host_tools/kinds/kabu/report.py, tests/kinds/kabu/test_ui_kabu.py, tests/kinds/kabu/vectors/...);
      a file may name only its own kind, but in any game's own files a kind name that is also a
      rules word (TERMS: "dobon") is that word;
  (c) ALLOWED below: a short list of (file, kind, reason) that truly must.
"""
import ast
import os
import re

from core import registry

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
KINDS = tuple(registry.KINDS)
# Kind names that are also a word of the rules (ドボン, the call of other games too): in any game's
# own files the word is that game's term, not the kind.
TERMS = ("dobon",)
REGISTRY = "firmware/core/registry.py"
SCANNED = ("firmware", "host_tools", "tests")
# This file states the rule, so it names the kinds in it.
SELF = "tests/house/test_kind_names.py"
# (c) (path, kind): why that file must name that kind.
ALLOWED = {
    ("host_tools/dev/web/shot.py", "kabu"): "the README's picture of the web page: its default is the "
    "株ドボン preview a person chose to show (an example, not a list of games)",
    ("tests/browser/test_phone_page_reading.py", "kakehiki"): "a page's reading checked on one game's phone "
    "forms (its name buttons): an example, not a list of games",
}
# The phones' evening (docs/phones.md "Across games") and the emulated Pico W's (dev/evening): a
# script of an evening that plays the four games in turn, each with its own button steps: it names every game as an evening's script would.
for _path in ("host_tools/dev/phone_evening/night.py", "host_tools/dev/phone_evening/steps.py",
              "host_tools/dev/evening/story.py"):
    for _k in KINDS:
        ALLOWED[(_path, _k)] = "an evening's script: the games played in turn (docs/phones.md)"
# Tests of several games at once, whose input is itself those games' own (a script written for their
# screens, a hand-worked season summed over all four): each may name the kinds in its file name.
SEVERAL = ("tests/emu/test_emu_saved_games_dobon_kakehiki.py", "tests/firmware/ui/test_ui_evening_mp_dobon_kakehiki.py",
           "tests/host/records/test_season_dobon_kabu_kakehiki_kakoi.py",
           "tests/firmware/net/test_phone_evening_dobon_kabu_kakehiki_kakoi.py",
           "tests/support/net_scenarios_evening_dobon_kabu_kakehiki_kakoi.py",
           "tests/emu/test_emu_evening_dobon_kabu_kakehiki_kakoi.py",
           "tests/host/dev/test_evening_story_dobon_kabu_kakehiki_kakoi.py")
for _path in SEVERAL:
    for _k in KINDS:
        if _k in _path.rsplit("/", 1)[1][:-3].split("_"):
            ALLOWED[(_path, _k)] = "a test of several games together (SEVERAL)"
# Generic tests that still play or check one named game (to move to tests/kinds/<kind>/). Not
# scanned until then; every other test file is, new ones included.
NOT_YET = ()


def _parts(word):
    """An identifier or a word split at "_" and case changes, lower case."""
    return [p.lower() for p in re.findall(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+", word)]


def own_kinds(path):
    """The kind whose own folder holds `path` (relative, with /): {kind} or the empty set."""
    parts = path.split("/")
    for i in range(len(parts) - 2):
        if parts[i] in SCANNED and parts[i + 1] == "kinds" and parts[i + 2] in KINDS and i == 0:
            return {parts[i + 2]}
    return set()


def _is_event_type(node, parents):
    """The "dobon" event type: {"t": "dobon"} or compared with an event's "t"."""
    p = parents.get(node)
    while isinstance(p, (ast.Tuple, ast.List, ast.Set)):
        p = parents.get(p)
    if isinstance(p, ast.Dict):
        for k, v in zip(p.keys, p.values):
            if v is node and isinstance(k, ast.Constant) and k.value == "t":
                return True
    if isinstance(p, ast.Compare):
        for side in [p.left] + list(p.comparators):
            if isinstance(side, ast.Subscript) and isinstance(side.slice, ast.Constant) and side.slice.value == "t":
                return True
            if (isinstance(side, ast.Call) and isinstance(side.func, ast.Attribute) and side.func.attr == "get"
                    and side.args and isinstance(side.args[0], ast.Constant) and side.args[0].value == "t"):
                return True
    return False


def uses(source):
    """[(line, kind, what)] of the kind names in Python `source` used as code (the rule above)."""
    tree = ast.parse(source)
    parents = {}
    for n in ast.walk(tree):
        for c in ast.iter_child_nodes(n):
            parents[c] = n
    prose = set()
    for n in ast.walk(tree):
        if isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant) and isinstance(n.value.value, str):
            prose.add(n.value)
    found = []

    def ident(node, name):
        for k in KINDS:
            if k in _parts(name):
                found.append((node.lineno, k, "identifier %s" % name))

    for n in ast.walk(tree):
        if isinstance(n, ast.Name):
            ident(n, n.id)
        elif isinstance(n, ast.Attribute):
            ident(n, n.attr)
        elif isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            ident(n, n.name)
        elif isinstance(n, ast.arg):
            ident(n, n.arg)
        elif isinstance(n, ast.keyword) and n.arg:
            ident(n.value, n.arg)
        elif isinstance(n, ast.alias):
            ident(n, n.asname or n.name)
            for piece in n.name.split("."):
                ident(n, piece)
        elif isinstance(n, ast.ImportFrom) and n.module:
            for piece in n.module.split("."):
                ident(n, piece)
        elif isinstance(n, ast.Constant) and isinstance(n.value, str) and n not in prose:
            text = n.value
            words = [w for w in re.split(r"[^a-z0-9]+", text.lower()) if w]
            spaced = any(ch.isspace() for ch in text)
            for k in KINDS:
                if k not in words:
                    continue
                if k == "dobon" and (spaced or _is_event_type(n, parents)):
                    continue
                found.append((n.lineno, k, "string %r" % (text if len(text) < 60 else text[:57] + "...")))
    return found


def scanned_files():
    out = []
    for top in SCANNED:
        for d, dirs, files in os.walk(os.path.join(ROOT, top)):
            dirs[:] = sorted(x for x in dirs if x != "__pycache__")
            for f in sorted(files):
                path = os.path.relpath(os.path.join(d, f), ROOT).replace(os.sep, "/")
                if f.endswith(".py") and path != SELF and not (top == "tests" and f in NOT_YET):
                    out.append(path)
    return out


def offenders():
    bad = []
    for path in scanned_files():
        if path == REGISTRY:
            continue
        mine = own_kinds(path)
        with open(os.path.join(ROOT, path), encoding="utf-8") as f:
            source = f.read()
        for line, kind, what in uses(source):
            if not (kind in mine or (path, kind) in ALLOWED or (mine and kind in TERMS)):
                bad.append("%s:%d: %s (%s)" % (path, line, what, kind))
    return bad


def test_kind_names_only_in_the_registry_and_the_games_own_files():
    bad = offenders()
    assert not bad, "kind names outside their games' own files and the registry:\n" + "\n".join(bad)


def test_the_scan_finds_kind_names_in_code_and_not_in_prose():
    kind = KINDS[0]
    up = kind.upper()
    src = "\n".join([
        '"""A docstring may say %s."""' % kind,
        "# so may a comment: %s" % kind,
        "x = %r" % kind,                                  # 3: the literal
        "y = 'kinds.%s.rules'" % kind,                    # 4: a module path
        "def play_%s(): pass" % kind,                     # 5: a function
        "%s_HANDS = 1" % up,                              # 6: a constant
        "z = 'a sentence about %s'" % kind,               # 7: prose, but not the term
        "e = {'t': 'dobon'}",                             # the event type
        "f = e['t'] == 'dobon'",                          # compared with an event's type
        "g = 'several dobon players'",                    # the term in a sentence
        "h = {'kind': 'dobon'}",                          # 11: the kind
        "import host_tools.records.calc.%s" % kind,               # 12: an import
    ])
    got = sorted(set((line, k) for line, k, _ in uses(src)))
    want = [(3, kind), (4, kind), (5, kind), (6, kind), (7, kind), (12, kind)]
    if "dobon" in KINDS:
        want = sorted(want + [(11, "dobon")])
    assert got == want, got


def test_own_files_are_named_for_their_kind():
    assert own_kinds("firmware/kinds/kabu/texts.py") == {"kabu"}
    assert own_kinds("tests/kinds/kakoi/test_ui_kakoi.py") == {"kakoi"}
    assert own_kinds("host_tools/kinds/dobon/play.py") == {"dobon"}
    assert own_kinds("tests/kinds/kakehiki/vectors/basic.json") == {"kakehiki"}
    assert own_kinds("host_tools/dev/bench/play.py") == set()
    # the file name alone no longer makes a file a game's: only its folder does
    assert own_kinds("tests/test_ui_kabu_kakoi.py") == set()
    assert own_kinds("firmware/ui/screens_kabu.py") == set()
    assert own_kinds("docs/kinds/kabu/x.py") == set()
