"""One voice: refusals on the panel in the table's words (docs/glossary.md): players by name,
cards by name, no programmer values; a value still to choose is asked for."""
import re

import pytest

from core import registry, messages
from ui import strings
from ui_voice_game import _game, _said

import game_data

# Each game's refusals in its table's words (tests/kinds/<kind>/data.py: VOICE_REFUSALS); a game's
# own lines and settings screen: tests/test_ui_voice_<kind>.py.


@pytest.mark.parametrize("kind,msg_id,info,want",
                         [(k,) + r for k in game_data.kinds() for r in game_data.of(k).VOICE_REFUSALS])
def test_refusals_read_in_the_tables_words(kind, msg_id, info, want):
    assert _said(_game(kind), msg_id, info) == want


TABLES = [messages.MESSAGES] + [registry.module(registry.texts(k)).MESSAGES for k in registry.KINDS] + \
    [strings.MESSAGES]
COLUMNS = ("KB_ROW",)     # a table row: its columns are separated by a space


def test_japanese_has_no_space_between_words_and_no_all_hiragana_sentence():
    bad = []
    for table in TABLES:
        for sid in table:
            ja = table[sid][1]
            # a space between two Japanese characters is a space between words (hint lines
            # separate button hints with a space after an ASCII label: 「OK:登録 戻る:修正」)
            if re.search("[\u3040-\u30ff\u4e00-\u9fff（）：] +[\u3040-\u30ff\u4e00-\u9fff]", ja) and "HINT" not in sid \
                    and sid not in COLUMNS:
                bad.append((sid, ja))
            hira = re.sub("[^\u3040-\u309f]", "", ja)
            if len(hira) >= 8 and not re.search("[\u4e00-\u9fff]", ja) and "G_" not in sid:
                bad.append((sid, ja))
    assert not bad, bad


def test_no_doubled_seat_and_no_programmer_words():
    for table in TABLES:
        for sid in table:
            for s in table[sid]:
                assert "席{seat}" not in s and "席P" not in s, (sid, s)
                assert "None" not in s and "{count}>" not in s, (sid, s)


# ---- every press confirmed (the app's part) ------------------------------------------------------
def test_a_new_game_says_once_how_to_undo_and_redo():
    d = _game(game_data.for_role("new game hint"))
    # in the title row (a box there covered the rows of P4 and P5), the button
    # first, then what its hold does, one line after the other (it read
    # 「長押し 戻る:取り消し OK:やり直し」)
    assert d.app.note == "戻る長押し：取り消し" and d.toast() is None
    d.clock.t += 5000
    d.app.frame()
    assert d.app.note == "OK長押し：やり直し"    # longer than an ordinary note, the two together
    log = d.redraw()
    assert ("OK長押し：やり直し", 1, 0) in log.drawn and not log.over
    d.clock.t += 5000
    d.app.frame()
    assert d.app.note is None
    d.press("down")                           # the first press takes it away, and still acts
    assert d.app.note is None
    d.press("back", "long")                   # the next game screen does not say it again
    assert d.toast() == "取り消す操作がありません"


def test_a_press_takes_both_lines_of_the_undo_hint_away():
    """The hint's second line (「OK長押し：やり直し」) never comes after a press took the first."""
    d = _game(game_data.for_role("new game hint"))
    d.press("down")
    d.clock.t += 5000
    d.app.frame()
    assert d.app.note is None
