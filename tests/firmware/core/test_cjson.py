"""core/cjson.py writes what CPython's json writes with sorted keys and raw UTF-8, on CPython and MicroPython alike."""
import json

from hypothesis import given, settings, strategies as st

from core import cjson
from tests.support import mp

TEXT = st.text(alphabet=st.characters(max_codepoint=0x2FFFF, blacklist_categories=("Cs",)), max_size=12)
VALUE = st.recursive(
    st.none() | st.booleans() | st.integers(-2**40, 2**40) | TEXT,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(TEXT, inner, max_size=4),
    max_leaves=20)
TRICKY = ["", "P1", "株ドボン", 'a"b', "back\\slash", "line\nbreak", "\x00\x1f\x7f", "tab\there",
          "\u2028", "😀", {"b": [1, None, True], "a": {"z": "", "y": -3}}, [[], {}, ""]]


def canonical(v):
    return json.dumps(v, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


@settings(max_examples=400, deadline=None)
@given(VALUE)
def test_cpython_writes_the_canonical_text(v):
    assert cjson.dumps(v) == canonical(v)


def test_micropython_writes_the_same_bytes():
    code = ("import sys\nsys.path.insert(0, '/input/firmware')\nfrom core import cjson\n"
            "for v in %r:\n    print(cjson.dumps(v))\n" % (TRICKY,))
    out, err = mp.run_firmware(code, fuel=2_000_000_000)
    assert err == "" and out.split("\n")[:-1] == [canonical(v) for v in TRICKY], err
