"""One voice: refusals on the panel in the table's words (docs/glossary.md): players by name,
cards by name, no programmer values; a value still to choose is asked for."""
import re

import pytest

from scoreboard.errors import Refusal
from scoreboard import messages, msg_kabu, msg_kakoi, msg_dobon, msg_kakehiki
from ui import strings
from ui_harness import Driver


def _game(kind, lang="ja"):
    i = ("kakehiki", "kabu", "kakoi", "dobon").index(kind)
    d = Driver(lang=lang)
    d.seq("ok " + "down " * i + "ok up ok down down ok")
    assert d.app.game.header["kind"] == kind
    return d


def _said(d, msg_id, info=None):
    d.app.refuse(Refusal(msg_id, info))
    return d.app.toast


@pytest.mark.parametrize("kind,msg_id,info,want", [
    ("kabu", "E_KABU_TOO_MANY", {"card": "1", "count": 4, "max": 4}, "ピンは4枚までです"),
    ("kabu", "E_KABU_NO_DOBON", {"sum": 3, "card": "9"}, "合計3では九にドボンできません"),
    ("kabu", "E_KABU_SEAT", {"seat": -1}, "席を選んでください"),
    ("kabu", "E_KABU_VALUE", {"field": "dobon_card"}, "ドボンした札を確かめてください"),
    ("kabu", "E_KABU_TRUMPS", {"trumps": -1, "max": 3}, "見せた切り札の枚数を入れてください"),
    ("kabu", "E_KABU_WINNERS", {}, "ドボンした人を選んでください"),
    ("dobon", "E_DOBON_RANK", {"rank": None}, "札を選んでください"),
    ("dobon", "E_DOBON_SEAT", {"seat": -1}, "席を選んでください"),
    ("kakoi", "E_KAKOI_NO_CALLS", {}, "ドボンした人を選んでください"),
    ("kakoi", "E_KAKOI_NO_DOBON", {"seat": 1, "card": "Q"}, "P2はQにドボンできません"),
    ("kakoi", "E_KAKOI_TOO_MANY", {"rank": "JOKER"}, "ジョーカーが多すぎます（同じ札は4枚、ジョーカーは2枚まで）"),
    ("kakehiki", "E_NOT_TURN", {"seat": 3}, "P4の手番です"),
    ("kakehiki", "E_WIN_NONE", None, "勝った人を選んでください"),
])
def test_refusals_read_in_the_tables_words(kind, msg_id, info, want):
    assert _said(_game(kind), msg_id, info) == want


def test_english_names_the_player_too():
    d = _game("kakehiki", "en")
    assert _said(d, "E_NOT_TURN", {"seat": 1}) == "It is P2's turn"


TABLES = [messages.MESSAGES, msg_kabu.MESSAGES, msg_kakoi.MESSAGES, msg_dobon.MESSAGES,
          msg_kakehiki.MESSAGES, strings.MESSAGES]
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


# ---- every press confirmed (issue 13 §3, the app's part) -----------------------------------------
def test_a_new_game_says_once_how_to_undo_and_redo():
    d = _game("kakoi")
    assert d.toast() == "取り消し：戻るを長押し\nやり直し：OKを長押し"
    d.clock.t += 5000
    d.app.frame()
    assert d.toast() is not None              # longer than an ordinary toast
    d.press("down")                           # the first press takes it away, and still acts
    assert d.toast() is None
    d.press("back", "long")                   # the next game screen does not say it again
    assert d.toast() == "取り消す操作がありません"


def test_every_commit_is_confirmed_in_one_line_that_the_next_press_replaces():
    d = _game("kakoi")
    d.app.submit({"t": "starter", "seat": 1})
    assert d.app.note == "最初に出す人：P2"
    from ui_harness import TextLog
    with TextLog() as log:
        d.app.dirty = True
        d.app.frame()
        assert ("最初に出す人：P2", 1, 0) in log.drawn   # over the title row
    d.press("down")                           # not blocking: the press acts and the line goes
    assert d.app.note is None


def test_the_confirmation_line_goes_by_itself():
    d = _game("dobon", "en")
    d.app.submit({"t": "draw"})
    assert d.app.note
    d.clock.t += 4100
    d.app.frame()
    assert d.app.note is None


def test_kabu_settings_show_the_number_of_games_only_when_it_counts():
    d = Driver(lang="ja")
    d.seq("ok down ok")                       # 株ドボン: its settings
    scr = d.app.top()
    assert scr.head == "株ドボンの設定"
    assert scr.rows() == ["length", "minus2_endings", None]
    assert scr.value_text("length") == "人数と同じ戦数"
    d.press("right")                          # 対戦の長さ -> 戦数を決める: 戦数 appears
    assert scr.value_text("length") == "戦数を決める"
    assert scr.rows() == ["games", "length", "minus2_endings", None]
    assert scr.rows()[scr.sel] == "length"    # the cursor stays on the line being changed
