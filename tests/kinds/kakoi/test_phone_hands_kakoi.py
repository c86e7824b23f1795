"""囲将会ドボン's payers' hands on their own phones: at 天和 (asked at once) and at 登録
of a dobon, every hand the payments need is asked of its seat's phone together; a seat without a
phone is entered on the panel in the same result; the call list with the payments follows and is
shown on every phone; the saved result equals the panel-only entry of the same hands (the press
script tests/kinds/kakoi/presses/kakoi-tenhou.fewest.txt, driven through the real App)."""
import pytest

from hw.clock import FakeClock
from net.radio import Phones
from core.errors import Refusal
from ui.app import App
from phone_hands import on_hands
from host_tools import _paths
from host_tools.dev import presses

NAMES = ["P1", "P2", "P3", "P4", "P5"]



@pytest.fixture(scope="module")
def panel_only():
    """The 天和 entered on the panel alone: its saved event and state."""
    r = presses.run_one(_paths.kind_tests("kakoi", "presses", "kakoi-tenhou.fewest.txt"))
    assert not r["failed"], r["failed"]
    return r["names"]


def table(tmp_path, phones, names=NAMES):
    app = App(None, None, FakeClock(), "ja")
    ph = Phones(app, str(tmp_path) + "/", 80, radio=False)
    app.new_game("kakoi", list(names), {})
    hub = ph.hub
    hub.poll()
    toks = {}
    for seat in phones:
        hub.claim(seat, "phone-%04d" % seat)
        app.on_button("click", "ok")
        toks[seat] = hub.answers.pop("phone-%04d" % seat)["tok"]
    return app, hub, toks


def tenhou(app, caller_hand):
    from kinds.kakoi.entry import RoundEntry
    e = RoundEntry(app, "tenhou")
    e.start()
    e.hands[2] = list(caller_hand)
    e.first_call(2)
    app.frame()
    return e


def send(hub, tok, seat, hand):
    ev = {"t": "hand", "seat": seat, "h": hub.app.hands.id if hub.app.hands else 0}
    for r in hand:
        ev["r" + r] = ev.get("r" + r, 0) + 1
    return hub.act(tok, hub.v, ev)


def hand_form_of(hub, tok):
    forms = [f for f in hub.view("ja", tok)["mine"]["forms"] if f["id"] == "hand"]
    return forms[0] if forms else None


def heads(hub, lang="ja"):
    return [s.get("head") for s in hub.view(lang)["sections"]]


def test_tenhou_payers_enter_at_once(tmp_path, panel_only):
    ev = panel_only["events"][-1]
    app, hub, toks = table(tmp_path, phones=(0, 1, 3, 4))
    tenhou(app, ev["hands"][2])
    assert on_hands(app)
    assert [s for s, _ in app.top().rows()] == ["P4", "P5", "P1", "P2"]          # the payers, in turn
    form = [f for f in hub.view("en", toks[3])["mine"]["forms"] if f["id"] == "hand"][0]
    assert [f["label"] for f in form["fields"]] == ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    assert "手札の入力" in heads(hub)
    with pytest.raises(Refusal) as r:                                              # five of a rank
        hub.act(toks[3], hub.v, {"t": "hand", "seat": 3, "r9": 5, "h": app.hands.id})
    assert r.value.msg_id == "E_KAKOI_TOO_MANY"
    with pytest.raises(Refusal) as r:                                              # an empty hand
        hub.act(toks[3], hub.v, {"t": "hand", "seat": 3, "h": app.hands.id})
    assert r.value.msg_id == "E_KAKOI_HAND"
    for seat in (4, 0, 3, 1):                                                      # any order
        assert send(hub, toks[seat], seat, ev["hands"][seat])[0] == 200
    assert type(app.top()).__name__ == "Calls"
    assert "卓で確認中" in heads(hub) and "Preview at the table" in heads(hub, "en")
    seq = app.game.seq
    app.on_button("click", "ok")                                                   # 登録
    assert app.game.seq == seq + 1 and not app.errors
    assert app.state() == panel_only["state"]


def test_a_payer_without_a_phone_is_entered_on_the_panel(tmp_path, panel_only):
    ev = panel_only["events"][-1]
    app, hub, toks = table(tmp_path, phones=(3,))
    tenhou(app, ev["hands"][2])
    rows = app.top().rows()
    assert rows[0] == ("P4", "スマホ待ち") and rows[1] == ("P5", "未入力")
    h = app.hands
    for seat in (4, 0, 1):                     # entered here: as the panel's grid gives them
        h.put(seat, list(ev["hands"][seat]))
    assert on_hands(app) and app.top().rows()[1] == ("P5", "入力済み")
    assert send(hub, toks[3], 3, ev["hands"][3])[0] == 200
    app.on_button("click", "ok")
    assert app.state() == panel_only["state"]


def test_no_phone_among_the_payers_asks_them_on_the_panel_as_before(tmp_path, panel_only):
    ev = panel_only["events"][-1]
    app, hub, toks = table(tmp_path, phones=(2,))                                 # only the caller's
    tenhou(app, ev["hands"][2])
    assert type(app.top()).__name__ == "RankGrid" and app.hands is None


def test_a_dobon_asks_the_payers_hand_at_save(tmp_path):
    """kakoi-plain: P2 dobons with 3 4 on P1's 7; at 登録 P1's hand (5 K) comes from P1's phone."""
    r = presses.run_one(_paths.kind_tests("kakoi", "presses", "kakoi-plain.fewest.txt"))
    assert not r["failed"], r["failed"]
    ev = r["names"]["events"][-1]
    app, hub, toks = table(tmp_path, phones=(0, 1), names=NAMES[:len(ev["hands"])])
    from kinds.kakoi.entry import RoundEntry
    e = RoundEntry(app, "dobon")
    e.start()
    e.pick_by(ev["by"])
    e.hands[ev["calls"][0]["seat"]] = list(ev["hands"][ev["calls"][0]["seat"]])
    e.first_call(ev["calls"][0]["seat"])
    if type(app.top()).__name__ == "Step":                              # 3 4 reach more than 7
        e.pick_card(ev["card"])
    assert type(app.top()).__name__ == "Calls" and app.hands is None    # no hand asked before 登録
    app.on_button("click", "ok")                                         # 登録: the payer's hand
    assert on_hands(app) and [s for s, _ in app.top().rows()] == ["P1"]
    assert send(hub, toks[ev["by"]], ev["by"], ev["hands"][ev["by"]])[0] == 200
    assert type(app.top()).__name__ == "Calls"
    app.on_button("click", "ok")
    assert app.state() == r["names"]["state"]


def test_ok_on_a_payer_enters_it_on_the_panels_grid(tmp_path, panel_only):
    ev = panel_only["events"][-1]
    app, hub, toks = table(tmp_path, phones=(3,))
    tenhou(app, ev["hands"][2])
    for n in ("down", "ok"):                   # P5: no phone
        app.on_button("click", n)
        app.frame()
    assert type(app.top()).__name__ == "RankGrid"
    for n in ("ok", "ok", "ok", "ok", "right", "ok"):   # the cursor advances: a dealt 5 ends the grid
        app.on_button("click", n)
        app.frame()
    assert not app.errors and on_hands(app)
    assert len(app.hands.got[4]) == 5 and app.top().rows()[1] == ("P5", "入力済み")
    assert hand_form_of(hub, toks[3]) is not None          # P4's phone still has its form


def test_tsumo_payers_enter_at_once(tmp_path):
    """kakoi-tsumo: P2 goes out on an 8; the three payers' hands from their phones, at once."""
    r = presses.run_one(_paths.kind_tests("kakoi", "presses", "kakoi-tsumo.fewest.txt"))
    assert not r["failed"], r["failed"]
    names = r["names"]
    ev = names["events"][-1]
    app, hub, toks = table(tmp_path, phones=range(len(names["seats"])), names=names["seats"])
    from kinds.kakoi.entry import RoundEntry
    e = RoundEntry(app, "tsumo")
    e.start()
    e.pick_winner(ev["seat"])
    app.top().on_done(ev["card"])            # the last card, picked on the grid
    assert on_hands(app)
    payers = [s for s, _ in app.top().rows()]
    n = len(ev["hands"])                     # the payers, in turn after the winner
    assert payers == [names["seats"][(ev["seat"] + k) % n] for k in range(1, n) if ev["hands"][(ev["seat"] + k) % n]]
    for s in reversed(range(len(ev["hands"]))):
        if ev["hands"][s] and s != ev["seat"]:
            assert send(hub, toks[s], s, ev["hands"][s])[0] == 200
    assert type(app.top()).__name__ == "Calls"
    app.on_button("click", "ok")
    assert not app.errors and app.state() == names["state"]


def test_the_callers_hand_comes_from_the_callers_phone(tmp_path, panel_only):
    """天和 with every seat on a phone: the caller's hand first (it decides the field card), then
    the four payers'; the panel only opened the result and names the caller."""
    ev = panel_only["events"][-1]
    app, hub, toks = table(tmp_path, phones=range(5))
    from kinds.kakoi.entry import RoundEntry
    e = RoundEntry(app, "tenhou")
    e.start()
    app.top().on_pick(2)                      # ドボンした人: P3
    assert on_hands(app) and app.top().rows() == [("P3", "スマホ待ち")]
    form = [f for f in hub.view("ja", toks[2])["mine"]["forms"] if f["id"] == "hand"][0]
    assert form["label"] == "P3の手札"
    assert send(hub, toks[2], 2, ev["hands"][2])[0] == 200
    assert on_hands(app) and [s for s, _ in app.top().rows()] == ["P4", "P5", "P1", "P2"]
    for seat in (0, 1, 3, 4):
        assert send(hub, toks[seat], seat, ev["hands"][seat])[0] == 200
    app.on_button("click", "ok")
    assert not app.errors and app.state() == panel_only["state"]


def test_the_caller_starts_the_tenhou_from_their_phone(tmp_path, panel_only):
    ev = panel_only["events"][-1]
    app, hub, toks = table(tmp_path, phones=range(5))
    forms = {f["id"]: f for f in hub.view("ja", toks[2])["mine"]["forms"]}
    assert set(forms) == {"open_dobon", "open_tenhou", "open_tsumo"}
    assert hub.act(toks[2], hub.v, {"t": "open", "what": "tenhou", "seat": 2})[0] == 200
    assert on_hands(app) and app.top().rows() == [("P3", "スマホ待ち")]
    assert send(hub, toks[2], 2, ev["hands"][2])[0] == 200
    for seat in (0, 1, 3, 4):
        assert send(hub, toks[seat], seat, ev["hands"][seat])[0] == 200
    assert type(app.top()).__name__ == "Calls"
    save = [f for f in hub.view("en", toks[2])["mine"]["forms"] if f["id"] == "save"]
    assert save and save[0]["submit"] == "Save"           # the caller's phone saves it
    app.top().sel = 0                                     # wherever the panel's cursor is
    assert hub.act(toks[2], hub.v, save[0]["ev"])[0] == 200
    assert not app.errors and app.state() == panel_only["state"]


def test_the_caller_starts_a_dobon_naming_who_played_the_card(tmp_path):
    r = presses.run_one(_paths.kind_tests("kakoi", "presses", "kakoi-plain.fewest.txt"))
    ev = r["names"]["events"][-1]
    caller = ev["calls"][0]["seat"]
    app, hub, toks = table(tmp_path, phones=(ev["by"], caller), names=NAMES[:len(ev["hands"])])
    with pytest.raises(Refusal):                                          # itself as the card's player
        hub.act(toks[caller], hub.v, {"t": "open", "what": "dobon", "seat": caller, "by": caller})
    assert hub.act(toks[caller], hub.v, {"t": "open", "what": "dobon", "seat": caller, "by": ev["by"]})[0] == 200
    assert on_hands(app) and [s for s, _ in app.top().rows()] == [NAMES[caller]]
    assert send(hub, toks[caller], caller, ev["hands"][caller])[0] == 200
    if type(app.top()).__name__ == "Step":                                # the field card
        app.top().on_pick(ev["card"])
    app.on_button("click", "ok")                                          # 登録: the payer's hand
    assert send(hub, toks[ev["by"]], ev["by"], ev["hands"][ev["by"]])[0] == 200
    app.on_button("click", "ok")
    assert not app.errors and app.state() == r["names"]["state"]


def test_the_winner_starts_a_tsumo_naming_the_last_card(tmp_path):
    r = presses.run_one(_paths.kind_tests("kakoi", "presses", "kakoi-tsumo.fewest.txt"))
    names = r["names"]
    ev = names["events"][-1]
    app, hub, toks = table(tmp_path, phones=range(len(names["seats"])), names=names["seats"])
    form = [f for f in hub.view("ja", toks[ev["seat"]])["mine"]["forms"] if f["id"] == "open_tsumo"][0]
    assert [c[0] for c in form["fields"][0]["choices"]][:3] == ["A", "2", "3"]
    for bad in ("JOKER", "Z", {"x": 1}, "A" * 99):                 # jokers off, no such card
        with pytest.raises(Refusal):
            hub.act(toks[ev["seat"]], hub.v, {"t": "open", "what": "tsumo", "seat": ev["seat"], "card": bad})
    assert type(app.top()).__name__ == "Play"
    assert hub.act(toks[ev["seat"]], hub.v, {"t": "open", "what": "tsumo", "seat": ev["seat"],
                                             "card": ev["card"]})[0] == 200
    assert on_hands(app)
    for s in range(len(ev["hands"])):
        if ev["hands"][s] and s != ev["seat"]:
            assert send(hub, toks[s], s, ev["hands"][s])[0] == 200
    save = [f for f in hub.view("ja", toks[ev["seat"]])["mine"]["forms"] if f["id"] == "save"][0]
    assert hub.act(toks[ev["seat"]], hub.v, save["ev"])[0] == 200
    assert not app.errors and app.state() == names["state"]
