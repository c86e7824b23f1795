"""The panel's English read as English: what a saved action was is a sentence
in one case (「P1 calls」 beside 「P2 raises to 2」, never 「P1 Call」), and a question counts in
words (「Undo this action?」, never 「Undo these 1 actions?」). Each game's own words: its tests
(tests/kinds/<kind>/)."""
import importlib

import pytest

import game_data
from core import registry
from core.errors import Refusal
from ui_harness import Driver, pick

KINDS = game_data.kinds()


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_after_a_name_the_verb_is_lower_case(kind):
    data = game_data.of(kind)
    names = ["P%d" % (i + 1) for i in range(data.DESCRIBE_SEATS)]
    d = Driver(lang="en")
    d.app.new_game(kind, names, None)
    scr = importlib.import_module(registry.entry(kind)[2])
    for ev in data.DESCRIBE_EVENTS:
        words = scr.describe(d.app, ev).split()
        if len(words) > 1 and words[0] in names:
            assert not words[1][:1].isupper(), words


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_taking_one_action_back_asks_in_the_singular(kind):
    data = game_data.of(kind)
    d = Driver(lang="en")
    d.app.new_game(kind, ["P%d" % (i + 1) for i in range(data.DESCRIBE_SEATS)], None)
    for ev in data.DESCRIBE_EVENTS:                # the first of its actions the rules take here
        try:
            d.app.game.submit(dict(ev))
            break
        except Refusal:
            pass
    assert d.app.game.actions() == 1
    d.app.show_play()
    d.press("back")
    pick(d, "History")
    d.press("ok")                                   # the newest line: 「Back to here (1 undone)」
    d.press("ok")
    assert d.app.top().head == "Undo this action?"
    assert d.app.t("HIST_BACK_Q", {"n": 3}) == "Undo these 3 actions?"
