"""ドボン from the phones: a claimed seat's phone offers 勝ち at any time and, on its
turn, a 2 (and in 役札型 a J); what it sends goes through App.submit as a press, with the same
refusals; another seat's turn or another seat's win is 403; the forms equal the events sent."""
import pytest

from hw.clock import FakeClock
from net.radio import Phones
from core.errors import Refusal
from ui.app import App


def table(tmp_path, variant="sum"):
    app = App(None, None, FakeClock(), "ja")
    ph = Phones(app, str(tmp_path) + "/", 80, radio=False)
    app.new_game("dobon", ["あや", "Ben", "ちか"], {"variant": variant})
    hub = ph.hub
    hub.poll()
    toks = {}
    for seat in range(3):
        hub.claim(seat, "phone-%04d" % seat)
        app.on_button("click", "ok")         # the table's OK on the panel's question
        toks[seat] = hub.answers.pop("phone-%04d" % seat)["tok"]
    return app, hub, toks


def forms(hub, tok):
    return {f["id"]: f["ev"] for f in hub.view("ja", tok)["mine"]["forms"]}


def test_a_two_from_the_player_who_played_it(tmp_path):
    app, hub, toks = table(tmp_path)
    s = app.state()
    me = s["turn"]
    other = (me + 1) % 3
    assert forms(hub, toks[me]) == {"win": {"t": "win", "seat": me}, "play2": {"t": "play", "rank": "2"}}
    assert forms(hub, toks[other]) == {"win": {"t": "win", "seat": other}}
    assert hub.act(toks[other], hub.v, {"t": "play", "rank": "2"}) == (403, None)   # not its turn
    seq = app.game.seq
    code, v = hub.act(toks[me], hub.v, {"t": "play", "rank": "2"})
    assert code == 200 and app.game.seq == seq + 1 and app.state()["pending"] == 2
    assert app.last_act == (None, {"t": "play", "rank": "2"})
    # the next player must draw or stack: a 5 is refused by the rules, at once, nothing saved
    nxt = app.state()["turn"]
    with pytest.raises(Refusal) as r:
        hub.act(toks[nxt], hub.v, {"t": "play", "rank": "5"})
    assert r.value.msg_id == "E_DOBON_MUST_DRAW" and app.game.seq == seq + 1


def test_round_won_on_the_winners_phone(tmp_path):
    app, hub, toks = table(tmp_path)
    assert hub.act(toks[1], hub.v, {"t": "win", "seat": 2}) == (403, None)       # another's win
    code, _ = hub.act(toks[2], hub.v, {"t": "win", "seat": 2})
    assert code == 200 and app.state()["wins"][2] == 1


def test_action_cards_offer_the_direction(tmp_path):
    app, hub, toks = table(tmp_path, "action")
    me = app.state()["turn"]
    assert "playJ" in forms(hub, toks[me])
    code, _ = hub.act(toks[me], hub.v, {"t": "play", "rank": "J"})
    assert code == 200 and app.state()["dir"] == -1
    assert hub.view("en", None)["sections"][0]["items"][1][1] == "Counter-clockwise"
