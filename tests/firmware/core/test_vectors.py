# Every scenario vector, run under CPython and real MicroPython: both must agree with the expectation.
import glob
import json
import os

import pytest

import mp
import vector_runner

HERE = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))   # tests/
KINDS_DIR = os.path.join(HERE, "kinds")      # each game's vectors: tests/kinds/<kind>/vectors/
VECTOR_FILES = sorted(glob.glob(os.path.join(KINDS_DIR, "*", "vectors", "**", "*.json"), recursive=True))
VECTOR_DIRS = sorted(set(os.path.relpath(p, KINDS_DIR).split(os.sep)[0] for p in VECTOR_FILES))


def _rel(path):
    """A vector file's name in test ids and on the guest: <kind>/<file under its vectors/>."""
    kind = os.path.relpath(path, KINDS_DIR).split(os.sep)[0]
    return kind + "/" + os.path.relpath(path, os.path.join(KINDS_DIR, kind, "vectors")).replace(os.sep, "/")


def subset(expected, actual, path="$"):
    """Return a list of mismatches of `expected` within `actual` (dicts: expected keys only)."""
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return ["%s: expected an object, got %r" % (path, actual)]
        bad = []
        for k, v in expected.items():
            if k not in actual:
                bad.append("%s.%s: missing" % (path, k))
            else:
                bad.extend(subset(v, actual[k], path + "." + k))
        return bad
    if isinstance(expected, list) and isinstance(actual, list) and expected and isinstance(expected[0], dict):
        if len(expected) != len(actual):
            return ["%s: expected %d items, got %d" % (path, len(expected), len(actual))]
        bad = []
        for i, (e, a) in enumerate(zip(expected, actual)):
            bad.extend(subset(e, a, "%s[%d]" % (path, i)))
        return bad
    if expected != actual:
        return ["%s: expected %r, got %r" % (path, expected, actual)]
    return []


def check_case(case, got):
    """Compare one runner result with the case's expectation; returns mismatches."""
    if "crash" in got:
        return ["crashed: " + got["crash"]]
    if "call" in case:
        if "refused" in case:
            return [] if got.get("refused") == case["refused"] else [
                "expected refusal %s, got %r" % (case["refused"], got)]
        if "refused" in got:
            return ["unexpected refusal " + got["refused"]]
        return subset(case["expect"], got["value"])
    bad = []
    for i, step in enumerate(case.get("steps", [])):
        want = step.get("refused")
        if got["refusals"][i] != want:
            bad.append("step %d %r: expected refusal %r, got %r" % (i, step, want, got["refusals"][i]))
    if "expect" in case:
        bad.extend(subset(case["expect"], got["state"], "state"))
    if "outcomes" in case:
        bad.extend(subset(case["outcomes"], got["outcomes"], "outcomes"))
    return bad


def _cpython_results(path):
    out = {}
    vector_runner.run_file(path, lambda name, got: out.__setitem__(name, json.loads(json.dumps(got))))
    return out


@pytest.fixture(scope="module")
def micropython_results():
    """All vector files in one MicroPython run (a WASI instance start costs ~1 s)."""
    tmp = mp.stage(extra_files=[os.path.join(HERE, "support", "vector_runner.py")],
                   extra_dirs=[(os.path.join(KINDS_DIR, k, "vectors"), "vectors/" + k) for k in VECTOR_DIRS])
    try:
        rels = []
        for p in VECTOR_FILES:
            try:
                _load(p)
            except ValueError:
                continue
            rels.append(_rel(p))
        code = ("import sys\nsys.path.insert(0, '/input')\nsys.path.insert(0, '/input/firmware')\n"
                "import vector_runner\n")
        for rel in rels:
            code += "print('@@FILE %s')\nvector_runner.runner_main(['/input/firmware', '/input/vectors/%s'])\n" % (rel, rel)
        stdout, stderr, _ = mp.run(code, tmp)
    finally:
        mp.cleanup(tmp)
    results = {}
    current = None
    for line in stdout.splitlines():
        if line.startswith("@@FILE "):
            current = results.setdefault(line[7:], {})
        elif line.strip():
            rec = json.loads(line)
            current[rec["name"]] = rec["got"]
    assert results or not rels, "MicroPython produced nothing: " + stderr[-2000:]
    return results


def _load(path):
    with open(path) as f:
        return json.load(f)


def _cases():
    for path in VECTOR_FILES:
        rel = _rel(path)
        try:
            data = _load(path)
        except ValueError as e:
            yield pytest.param(path, rel, {"name": "unreadable", "error": str(e)}, id=rel + "::unreadable")
            continue
        for case in data["cases"]:
            yield pytest.param(path, rel, case, id="%s::%s" % (rel, case["name"]))


@pytest.mark.parametrize("interpreter", ["cpython", "micropython"])
@pytest.mark.parametrize("path,rel,case", list(_cases()))
def test_vector(path, rel, case, interpreter, micropython_results, _cpy_cache={}):
    assert "error" not in case, "vector file %s is not valid JSON: %s" % (rel, case.get("error"))
    if path not in _cpy_cache:
        _cpy_cache[path] = _cpython_results(path)
    cpy = _cpy_cache[path][case["name"]]
    if interpreter == "micropython":
        got = micropython_results.get(rel, {}).get(case["name"])
        assert got is not None, "MicroPython did not report this case"
        assert cpy == got, "CPython and MicroPython disagree:\n  CPython:     %r\n  MicroPython: %r" % (cpy, got)
    else:
        got = cpy
    bad = check_case(case, got)
    assert not bad, "\n".join(bad)
