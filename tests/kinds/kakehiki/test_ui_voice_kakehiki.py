"""掛け引きほーるでむ's refusals in English name the player too."""
from ui_voice_game import _game, _said


def test_english_names_the_player_too():
    d = _game("kakehiki", "en")
    assert _said(d, "E_NOT_TURN", {"seat": 1}) == "It is P2's turn"
