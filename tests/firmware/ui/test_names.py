# Seat names pushed from the PC land where the device's Store reads them.
import os

import pytest

from host_tools.board import names
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
    from host_tools.board import names
    assert names.check(["佐々木翔太", "高橋", "さくら", "Ben"]) == ["佐々木翔太", "高橋", "さくら", "Ben"]
    for bad, ch in (("髙橋", "髙"), ("𠮷田", "𠮷"), ("Zoë", "ë")):
        with pytest.raises(ValueError) as e:
            names.check([bad])
        assert ch in str(e.value) and "box" in str(e.value)


def test_duplicates_are_refused_naming_each_of_them():
    """Compared as the device compares seat names (the exact text, after the strip): each name
    given more than once is named with its count."""
    with pytest.raises(ValueError) as e:
        names.check(["Ann", "Ben", " Ann", "Cy", "Ben", "Ann "])
    assert "Ann 3 times" in str(e.value) and "Ben 2 times" in str(e.value) and "Cy" not in str(e.value)
    assert names.check(["Ann", "ann"]) == ["Ann", "ann"]     # the device tells these apart too


def test_the_command_refuses_duplicates_with_exit_2_and_writes_nothing(monkeypatch, capsys):
    calls = []
    monkeypatch.setattr(names, "mpremote_runner", lambda *a, **k: calls.append)
    assert names.main(["Ann"] * 6) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and "Ann 6 times" in err and "Traceback" not in err
    assert calls == []                              # nothing went to the board
