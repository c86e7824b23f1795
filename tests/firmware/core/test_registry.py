"""The registry is the only list of games: a game defined inside tests/ (tests/support/tally_game: its
rules, texts and screens) is registered here and played through the menu, the settings and seats,
the journal, undo and redo, resume after a power cut, the report and the ledger, with no other
file edited."""
import glob
import os

import pytest

from core import registry
from storage.store import Store, OsFs
from ui_harness import Driver

import game_data
import tally_game



@pytest.fixture
def tally():
    yield tally_game.register()
    tally_game.unregister()


def go_to(d, label):
    """Moves the cursor of the menu on top to `label` and presses ok."""
    items = [lab for lab, _ in d.app.top().items]
    assert label in items, items
    while d.app.top().sel != items.index(label):
        d.press("down")
    d.press("ok")


def test_the_registry_lists_the_four_games_in_menu_order():
    # each game's test data says where its menu puts it (tests/kinds/<kind>/data.py: MENU_POSITION)
    in_order = sorted(game_data.kinds(), key=lambda k: game_data.of(k).MENU_POSITION)
    assert len(in_order) >= 4 and registry.KINDS[:len(in_order)] == in_order
    for k in registry.KINDS:
        rules = registry.load(k)
        assert rules.KIND == k
        lo, hi = registry.seats(k)
        assert 2 <= lo <= hi <= 6
        scr = registry.screens(k)
        for fn in ("play", "result", "describe"):
            assert callable(getattr(scr, fn)), (k, fn)
        assert registry.module(registry.texts(k)).MESSAGES


def test_an_unknown_game_is_refused_by_name():
    from core.errors import Refusal
    with pytest.raises(Refusal) as e:
        registry.load("chess")
    assert e.value.msg_id == "E_UNKNOWN_GAME"


def _new_tally(tmp_path, target_steps=1):
    st = Store(fs=OsFs(), root=str(tmp_path / "games"))
    d = Driver(store=st, lang="ja")
    go_to(d, d.app.t("NEW_GAME"))
    assert "タリー" in [lab for lab, _ in d.app.top().items]
    go_to(d, "タリー")
    assert d.screen() == "Settings"
    assert d.app.top().label("target") == "勝ちの点数"     # the label from the game's own texts
    for _ in range(target_steps):
        d.press("right")
    assert d.app.top().values == {"target": 3 + target_steps}
    d.press("down")
    d.press("ok")
    assert d.screen() == "Seats"
    assert (d.app.top().lo, d.app.top().hi) == (2, 3)          # the rules' SEATS
    while d.app.top().rows()[d.app.top().sel] != "start":
        d.press("down")
    d.press("ok")
    assert d.screen() == "Play" and d.app.kind == "tally"
    return st, d


def point(d, seat):
    d.press("ok")
    assert d.screen() == "Choice"
    for _ in range(seat):
        d.press("down")
    d.press("ok")


def test_a_game_from_tests_plays_through_menu_journal_undo_resume_report_and_ledger(tally, tmp_path):
    st, d = _new_tally(tmp_path)
    assert d.app.game.settings == {"target": 4}
    point(d, 1)
    point(d, 0)
    point(d, 1)
    assert d.app.state()["points"] == [1, 2, 0]
    assert not d.app.errors
    d.press("back", "long")                       # undo
    assert d.app.state()["points"] == [1, 1, 0]
    assert "P2に1点" in d.app.toast            # the game's describe(), in its own words
    d.press("ok", "long")                         # redo
    assert d.app.state()["points"] == [1, 2, 0]

    # power cut: a new App on the same flash resumes the game where it was
    st2 = Store(fs=OsFs(), root=str(tmp_path / "games"))
    d2 = Driver(store=st2, lang="ja")
    assert d2.app.game is not None and d2.app.game.state["points"] == [1, 2, 0]
    go_to(d2, d2.app.t("RESUME_GAME", {"game": d2.app.t("G_" + d2.app.game.header["kind"])}))
    assert d2.screen() == "Play"
    d2.press("up")                                # the large view: a game without big() shows its standings
    assert d2.screen() == "Big" and not d2.app.errors
    d2.press("back")
    assert d2.screen() == "Play"
    point(d2, 1)
    point(d2, 1)
    assert d2.app.game.is_over() and d2.screen() == "End"
    assert not d2.app.errors

    # the PC tools read the journal of a game they have never heard of but through the registry
    from host_tools.records import ledger
    from host_tools.records.report import run as report
    logs = sorted(glob.glob(str(tmp_path / "games" / "**" / "*.log"), recursive=True))
    assert logs
    out = report.report(logs, str(tmp_path / "out"), lang="both")
    assert out["csv"] and not out["refused"]
    with open(out["csv"][0], encoding="utf-8") as f:
        rows = f.read().splitlines()
    assert os.path.basename(out["csv"][0]).startswith("tally-")
    assert rows[1:] == ["1,0,1,0", "2,1,1,0", "3,1,2,0", "4,1,3,0", "5,1,4,0"]   # the undone point is not there
    page = [p for p in out["html"] if p.endswith(".ja.html")][0]
    with open(page, encoding="utf-8") as f:
        assert "タリー" in f.read()
    db = ledger.connect(str(tmp_path / "ledger.sqlite"))
    status, res = ledger.import_log(db, logs if len(logs) > 1 else logs[0])
    assert status == "added" and res.kind == "tally"
    rows = ledger.standings(db, "tally")
    assert [(r["name"], r["wins"]) for r in rows][0] == ("P2", 1)
    assert "タリー" in ledger.format_standings(rows, "ja")


def test_the_menu_lists_exactly_the_registered_games(tally):
    from core.errors import Refusal
    d = Driver(lang="en")
    go_to(d, d.app.t("NEW_GAME"))
    assert [lab for lab, _ in d.app.top().items] == [registry.name(k, "en") for k in registry.KINDS]
    assert d.app.top().items[-1][0] == "Tally"
    tally_game.unregister()
    with pytest.raises(Refusal) as e:
        registry.load("tally")
    assert e.value.msg_id == "E_UNKNOWN_GAME"
    d.press("back")
    go_to(d, d.app.t("NEW_GAME"))
    assert "Tally" not in [lab for lab, _ in d.app.top().items]
    tally_game.register()


# ---- settings declared once (core/settings.py) ---------------------------------------------
def test_docs_settings_table_is_made_from_the_declarations():
    from host_tools.dev import settings_doc
    path = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))), "docs", "settings.md")
    with open(path, encoding="utf-8") as f:
        assert f.read() == settings_doc.table(), "run: python -m host_tools.dev.settings_doc > docs/settings.md"


@pytest.mark.parametrize("kind", list(registry.KINDS))
def test_each_declared_setting_has_its_label_values_and_one_check(kind):
    from core import settings as sd
    from core.engine import Game
    from core.errors import Refusal
    rules = registry.load(kind)
    texts = registry.module(registry.texts(kind)).MESSAGES
    lo, hi = registry.seats(kind)
    assert rules.default_settings() == dict((d[0], d[1]) for d in rules.SETTINGS)
    rules.check_settings(rules.default_settings(), lo)
    for d in rules.SETTINGS:
        assert d[sd.LABEL] in texts, d                      # the label loads with the game
        assert sd.ok(d, d[sd.DEFAULT]), d
        if d[sd.TYPE] == "choice":
            for v in d[sd.WHAT]:
                assert not isinstance(v, str) or "V_" + v in texts, (d, v)
        bad = d[sd.WHAT][1] + 1 if d[sd.TYPE] == "int" else "no such value"
        with pytest.raises(Refusal) as e:
            Game.new(kind, lo, {d[sd.KEY]: bad})
        assert e.value.msg_id == ("E_SETTING_RANGE" if d[sd.TYPE] == "int" else "E_SETTING_CHOICE")
        assert e.value.info["setting"] == d[sd.LABEL]
    for n, settings, want in ((hi + 1, None, "E_SEATS"), (lo, {"colour": 1}, "E_SETTING_UNKNOWN")):
        for call in (lambda: Game.new(kind, n, settings), lambda: rules.check_settings(settings, n)):
            with pytest.raises(Refusal) as e:
                call()
            assert e.value.msg_id == want, (kind, want)


@pytest.mark.parametrize("in_flash", [False, True])
def test_choosing_a_game_forces_a_collection_only_where_code_takes_heap(in_flash, monkeypatch):
    """The official firmware holds each module's code in the heap: choosing a game and starting one
    collect what the other games let go. Ours (CODE_IN_FLASH) leaves the collector to the heap's
    own need: a forced collection is ~3 ms of the press and gives back little there."""
    from ui import session
    calls = []
    d = Driver()
    monkeypatch.setattr(registry, "CODE_IN_FLASH", in_flash)
    monkeypatch.setattr(session.gc, "collect", lambda: calls.append(1))
    d.app.choose_kind(registry.KINDS[1])
    d.app.new_game(registry.KINDS[2], ["A", "B", "C"], None)
    assert len(calls) == (0 if in_flash else 3)
    assert d.app.game is not None and d.app.kind == registry.KINDS[2]
