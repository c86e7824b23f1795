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
