"""What the undo/redo line and the titles say about a saved action: the table's words in both
languages, never an event's raw type (an unknown one is 「直前の操作」)."""
import importlib

import pytest

from ui_harness import Driver

import game_data
from core import registry

# Each game's seats, one of each of its actions and, where given, what they read as in Japanese
# (tests/kinds/<kind>/data.py: DESCRIBE_SEATS, DESCRIBE_EVENTS, DESCRIBE_JA).
KINDS = game_data.kinds()


@pytest.mark.parametrize("lang", ("ja", "en"))
@pytest.mark.parametrize("kind", sorted(KINDS))
def test_every_action_in_the_tables_words_and_an_unknown_one_never_raw(kind, lang):
    data = game_data.of(kind)
    d = Driver(lang=lang)
    d.app.new_game(kind, ["P%d" % (i + 1) for i in range(data.DESCRIBE_SEATS)], None)
    scr = importlib.import_module(registry.entry(kind)[2])
    said = [scr.describe(d.app, ev) for ev in data.DESCRIBE_EVENTS]
    for ev, s in zip(data.DESCRIBE_EVENTS, said):
        assert s and s != ev["t"] and "None" not in s and "{" not in s, (ev, s)
    if lang == "ja" and hasattr(data, "DESCRIBE_JA"):
        assert said == data.DESCRIBE_JA
    assert scr.describe(d.app, {"t": "someday_new"}) == d.app.t("LAST_STEP")


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_ending_a_game_has_one_name_in_every_game(kind):
    """The game menu ends every game as the saved games do, 「ゲームを終える」 (never
    対戦を終える / 対局を終える), and the undo line of that end says 「ゲーム終了」."""
    data = game_data.of(kind)
    d = Driver()
    d.app.new_game(kind, ["P%d" % (i + 1) for i in range(data.DESCRIBE_SEATS)], None)
    d.press("back")                                 # the game menu
    labels = [lab for lab, _ in d.app.top().items]
    assert labels.count("ゲームを終える") == 1, labels
    assert not [lab for lab in labels if lab.endswith("を終える") and lab != "ゲームを終える"], labels
    assert d.app.describe({"t": "end"}) == "ゲーム終了"
