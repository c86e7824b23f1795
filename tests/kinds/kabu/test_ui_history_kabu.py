"""株ドボン's lines in the history: the game first; a dobon with where the loser's points
now stand (「第1戦 P1がP2にドボン 1周2」)."""
from ui_harness import history_lines

import game_data


def test_kabu_lines():
    _, lines = game_data.of("kabu").play_log()
    got = history_lines(lines[:3])           # the header, the first dobon, the drawn game
    assert got == ["第2戦 流局", "第1戦 P1がP2にドボン 1周2"], got


def test_kabu_a_deck_out_names_its_loser_and_points():
    """「第2戦 山切れ」 said neither who lost nor how much."""
    from ui_harness import Driver, pick
    for lang, want in (("ja", "第1戦 山切れ：P3に+2点 0周2"), ("en", "G1 Deck out, P3 +2, 0 laps 2")):
        d = Driver(lang=lang)
        d.app.new_game("kabu", ["P1", "P2", "P3"], None)
        out = d.app.game.submit({"t": "deckout", "sizes": [1, 2, 3], "most": [0, 0, 0], "fewest": [0]})
        assert out["kind"] == "deckout" and out["loser"] == 2 and out["score"]["total"] == 2
        d.app.show_play()
        d.press("back")
        pick(d, d.app.t("HISTORY"))
        assert d.app.top().lines == [want]


def test_kabu_lines_in_english_say_laps_in_words():
    """「G1 P1 dobon on P2, 1 lap 2」 (it read 「G1 P1 dobon on P2: 1L2」)."""
    _, lines = game_data.of("kabu").play_log()
    got = history_lines(lines[:3], "en")
    assert got[-1] == "G1 P1 dobon on P2, 1 lap 2", got
