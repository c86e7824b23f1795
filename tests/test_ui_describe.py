"""What the undo/redo line and the titles say about a saved action: the table's words in both
languages, never an event's raw type (an unknown one is 「直前の操作」)."""
import importlib

import pytest

from ui_harness import Driver

GAMES = {"kakehiki": 4, "kabu": 3, "kakoi": 3, "dobon": 3}
EVENTS = {
    "kakehiki": [{"t": "raise", "p": 1, "v": 2}, {"t": "fold", "p": 2}, {"t": "predict", "p": 2, "on": 0, "v": 1},
                 {"t": "sign", "minus": True}, {"t": "win", "p": [0, 3]}],
    "kabu": [{"t": "dobon", "winner": 0, "loser": 1}, {"t": "dobon", "winner": 0, "loser": 1, "gaeshi": 1},
             {"t": "four", "seat": 2}, {"t": "parent", "seat": 1}, {"t": "okoshi"}, {"t": "deckout"},
             {"t": "draw"}, {"t": "end"}],
    "kakoi": [{"t": "dobon", "card": "JOKER"}, {"t": "tsumo", "seat": 1, "card": "7"}, {"t": "tenhou"},
              {"t": "starter", "seat": 2}, {"t": "end"}],
    "dobon": [{"t": "play", "rank": "Q", "n": 2}, {"t": "draw"}, {"t": "pass"}, {"t": "win", "seat": 1},
              {"t": "drawn"}, {"t": "start", "seat": 0}],
}
EXPECT_JA = {
    "kakehiki": ["P2 勝負（2）", "P3 降りる", "P3が予想", "符号札を公開", "P1・P4の勝ち"],
    "kabu": ["P1がP2にドボン", "P1がP2に返し", "P3の4枚揃い", "最初の親：P2", "起こし札でドボン", "山切れ", "流局",
             "対戦を終える"],
    "kakoi": ["ジョーカーにドボン", "P2のツモ上がり（7）", "天和", "最初に出す人：P3", "対局を終える"],
}


@pytest.mark.parametrize("lang", ("ja", "en"))
@pytest.mark.parametrize("kind", sorted(GAMES))
def test_every_action_in_the_tables_words_and_an_unknown_one_never_raw(kind, lang):
    d = Driver(lang=lang)
    d.app.new_game(kind, ["P%d" % (i + 1) for i in range(GAMES[kind])], None)
    scr = importlib.import_module("ui.screens_" + kind)
    said = [scr.describe(d.app, ev) for ev in EVENTS[kind]]
    for ev, s in zip(EVENTS[kind], said):
        assert s and s != ev["t"] and "None" not in s and "{" not in s, (ev, s)
    if lang == "ja" and kind in EXPECT_JA:
        assert said == EXPECT_JA[kind]
    assert scr.describe(d.app, {"t": "someday_new"}) == d.app.t("LAST_STEP")
