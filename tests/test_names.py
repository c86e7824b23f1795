# Seat names pushed from the PC land where the device's Store reads them.
import os

import pytest

from host_tools import names
from storage.store import Store


def fake_device(root):
    """A runner that plays mpremote's `fs cp` and `exec os.rename` on a local folder."""
    def run(args):
        if args[:2] == ["fs", "cp"]:
            src, dst = args[2], args[3]
            with open(src, "rb") as s, open(os.path.join(root, dst.lstrip(":")), "wb") as d:
                d.write(s.read())
        elif args[0] == "exec":
            os.rename(os.path.join(root, "names.json.tmp"), os.path.join(root, "names.json"))
        else:
            raise AssertionError(args)
        return ""
    return run


def test_pushed_names_are_what_the_store_reads(tmp_path):
    names.push(["あや", "Ben", "ちか"], fake_device(str(tmp_path)))
    store = Store(root=str(tmp_path / "games"))
    assert store.names() == ["あや", "Ben", "ちか"]
    assert not (tmp_path / "names.json.tmp").exists()


@pytest.mark.parametrize("bad", [[], ["a"] * 7, ["ok", ""], ["あいうえおかきくけ"], ["A", "A"]])
def test_bad_names_are_refused_with_a_reason(bad):
    with pytest.raises(ValueError):
        names.check(bad)


def test_the_language_choice_is_remembered_but_is_no_game_state(tmp_path):
    from ui_harness import Driver  # noqa: F401  (makes ui importable the way the UI tests do)
    from ui.app import App
    store = Store(root=str(tmp_path / "games"))
    assert store.lang() is None
    app = App(None, store, None, lang="ja")
    app.set_lang("en")
    assert Store(root=str(tmp_path / "games")).lang() == "en"
    assert App(None, Store(root=str(tmp_path / "games")), None).lang == "en"
    assert not (tmp_path / "games").exists() or not any(
        n.endswith(".log") for n in __import__("os").listdir(str(tmp_path / "games")))


def test_a_name_the_panel_cannot_draw_is_refused_with_the_character():
    from host_tools import names
    assert names.check(["佐々木翔太", "高橋", "さくら", "Ben"]) == ["佐々木翔太", "高橋", "さくら", "Ben"]
    for bad, ch in (("髙橋", "髙"), ("𠮷田", "𠮷"), ("Zoë", "ë")):
        with pytest.raises(ValueError) as e:
            names.check([bad])
        assert ch in str(e.value) and "box" in str(e.value)
