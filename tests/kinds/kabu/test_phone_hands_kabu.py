"""株ドボン's hands on the players' phones: the device opens a dobon (W and L), each
of the two hands is entered on its own seat's phone or on the device, in any order; each gets the
device's refusals at once on that phone; the review follows when the last is in and is shown on
every phone; the result is saved as one event, the same state as the device-only entry."""
import pytest

from hw.clock import FakeClock
from net.radio import Phones
from core.errors import Refusal
from ui.app import App
from phone_hands import on_hands
from kabu_device_only import NAMES, device_only, press


def table(tmp_path, phones=(0, 1)):
    app = App(None, None, FakeClock(), "ja")
    ph = Phones(app, str(tmp_path) + "/", 80, radio=False)
    app.new_game("kabu", list(NAMES), {})
    hub = ph.hub
    hub.poll()
    toks = {}
    for seat in phones:
        hub.claim(seat, "phone-%04d" % seat)
        app.on_button("click", "ok")         # the panel's 「はい」: this phone is the seat's
        toks[seat] = hub.answers.pop("phone-%04d" % seat)["tok"]
    return app, hub, toks


def open_dobon(app):
    press(app, "right", "ok", "ok")          # 「→:ドボン」, 勝った人 P1, 負けた人 P2


def hand_form(hub, tok):
    forms = [f for f in hub.view("ja", tok)["mine"]["forms"] if f["id"] == "hand"]
    return forms[0] if forms else None


def send(hub, tok, seat, counts):
    ev = {"t": "hand", "seat": seat, "h": hub.app.hands.id if hub.app.hands else 0}
    for c, n in counts.items():
        ev["c%d" % c] = n
    return hub.act(tok, hub.v, ev)


def hands_lines(hub, lang="ja"):
    for sec in hub.view(lang)["sections"]:
        if sec.get("head") in ("手札の入力", "Hands to enter"):
            return sec["lines"]
    return None


def test_both_hands_from_the_phones_in_either_order(tmp_path):
    app, hub, toks = table(tmp_path)
    open_dobon(app)
    assert on_hands(app)
    own, their = hand_form(hub, toks[0]), hand_form(hub, toks[1])
    assert [f["key"] for f in own["fields"]] == ["c%d" % c for c in range(1, 13)]
    assert [f["label"] for f in their["fields"]] == ["十", "他", "赤ピン", "魂四"]
    assert own["label"] == "あやの手札" and own["submit"] == "手札を送る"
    assert hands_lines(hub) == ["あや：入力待ち", "Ben：入力待ち"]
    # the loser first
    assert send(hub, toks[1], 1, {0: 2})[0] == 200
    assert hand_form(hub, toks[1]) is None and hands_lines(hub) == ["あや：入力待ち", "Ben：スマホで入力済み"]
    assert hub.view("ja", toks[1])["mine"]["lines"] == ["送った手札：他 他"]     # seen again after a reconnect
    assert app.top().rows() == [("あや", "スマホ待ち"), ("Ben", "スマホ済み")]
    # the winner's hand that cannot dobon, a count the deck cannot give: refused, nothing taken
    for counts, msg in (({5: 1, 9: 1}, "KB_NO_TARGET"), ({3: 5}, "E_KABU_TOO_MANY"), ({}, "E_KABU_EMPTY")):
        with pytest.raises(Refusal) as r:
            send(hub, toks[0], 0, counts)
        assert r.value.msg_id == msg
    assert on_hands(app) and hand_form(hub, toks[0]) is not None
    seq = app.game.seq
    assert send(hub, toks[0], 0, {2: 1, 3: 2})[0] == 200
    # the only card 三三二 reaches is 八: the review follows at once, on the panel and every phone
    assert type(app.top()).__name__ == "Review" and app.game.seq == seq
    view = hub.view("ja")
    pre = [s for s in view["sections"] if s.get("head") == "卓で確認中"]
    assert pre and any("8" in ln for ln in pre[0]["lines"]), view["sections"]
    en = [s for s in hub.view("en")["sections"] if s.get("head") == "Preview at the table"]
    assert en and en[0]["lines"] != pre[0]["lines"]
    press(app, "ok")                         # saved on the panel: one event
    assert app.game.seq == seq + 1
    assert app.state() == device_only(tmp_path).state()
    assert hands_lines(hub) is None and hand_form(hub, toks[0]) is None


def test_a_seat_without_a_phone_is_entered_on_the_device(tmp_path):
    app, hub, toks = table(tmp_path, phones=(0,))
    open_dobon(app)
    assert app.top().rows() == [("あや", "スマホ待ち"), ("Ben", "未入力")]
    press(app, "down", "ok")                 # Ben's hand here: the loser's short grid, on 他
    press(app, "ok", "ok", "down", "ok")     # 他 他, 決定
    assert on_hands(app) and app.top().rows()[1] == ("Ben", "入力済み")
    assert hands_lines(hub)[1] == "Ben：卓で入力済み"
    assert send(hub, toks[0], 0, {2: 1, 3: 2})[0] == 200
    press(app, "ok")
    assert app.state() == device_only(tmp_path).state()


def test_the_second_hand_is_refused_when_the_two_cannot_be(tmp_path):
    app, hub, toks = table(tmp_path)
    open_dobon(app)
    assert send(hub, toks[1], 1, {11: 1, 0: 1})[0] == 200          # the loser holds the 赤ピン
    with pytest.raises(Refusal) as r:
        send(hub, toks[0], 0, {11: 1, 5: 1, 1: 1})                  # so the winner cannot
    assert r.value.msg_id == "E_KABU_TWO_RED" and on_hands(app)


def test_hostile_phones_change_nothing(tmp_path):
    app, hub, toks = table(tmp_path, phones=(0, 1, 2))
    with pytest.raises(Refusal) as r:                                # no result open
        send(hub, toks[0], 0, {3: 1})
    assert r.value.msg_id == "E_PH_NO_HAND"
    open_dobon(app)
    assert send(hub, toks[0], 1, {0: 1}) == (403, None)              # another seat's hand
    assert hub.act("0" * 16, hub.v, {"t": "hand", "seat": 1, "c0": 1}) == (403, None)   # no token
    with pytest.raises(Refusal) as r:                                # a seat whose hand is not asked
        send(hub, toks[2], 2, {0: 1})
    assert r.value.msg_id == "E_PH_NO_HAND"
    for bad in ({0: 60}, {0: -1}, {0: "3"}, {0: True}, {0: 2.5}):    # a hand of 60 cards, not counts
        with pytest.raises(Refusal):
            send(hub, toks[1], 1, bad)
    with pytest.raises(Refusal) as r:                                # for another result
        hub.act(toks[1], hub.v, {"t": "hand", "seat": 1, "c0": 1, "h": app.hands.id - 1})
    assert r.value.msg_id == "E_PH_STALE"
    assert app.top().rows() == [("あや", "スマホ待ち"), ("Ben", "スマホ待ち")] and app.game.seq == 0


def test_a_hand_sent_against_an_older_view_is_still_taken(tmp_path):
    """Two phones send at once: the first hand in changes the view; the second, sent against the
    view before it, is for the same result and is taken (the view's version is not its test)."""
    app, hub, toks = table(tmp_path)
    open_dobon(app)
    seen = hub.v
    h = app.hands.id
    assert hub.act(toks[1], seen, {"t": "hand", "seat": 1, "c0": 2, "h": h})[0] == 200
    assert hub.v > seen
    assert hub.act(toks[0], seen, {"t": "hand", "seat": 0, "c2": 1, "c3": 2, "h": h})[0] == 200
    assert type(app.top()).__name__ == "Review"


def test_a_hand_for_a_result_reopened_is_refused(tmp_path):
    app, hub, toks = table(tmp_path)
    open_dobon(app)
    old = hand_form(hub, toks[1])["ev"]
    press(app, "back", "ok")                 # the list dropped, the loser picked again: a new one
    assert on_hands(app) and app.hands.id != old["h"]
    ev = dict(old, c0=2)
    with pytest.raises(Refusal) as r:
        hub.act(toks[1], hub.v, ev)
    assert r.value.msg_id == "E_PH_STALE" and app.hands.got == {}


def test_cancelling_on_the_device_drops_the_phone_entries(tmp_path):
    app, hub, toks = table(tmp_path)
    open_dobon(app)
    assert send(hub, toks[1], 1, {0: 2})[0] == 200
    v = hub.v
    app.on_button("long", "back")            # hold back inside the entry: cancelled, nothing undone
    app.frame()
    hub.poll()
    assert hub.v > v and hands_lines(hub) is None and hand_form(hub, toks[0]) is None
    assert hub.view("ja")["note"] == "卓で手札の入力が取り消されました"
    assert hub.view("en")["note"] == "The table dropped the hands"
    with pytest.raises(Refusal) as r:
        send(hub, toks[0], 0, {2: 1, 3: 2})
    assert r.value.msg_id == "E_PH_NO_HAND" and app.game.seq == 0


def test_back_from_the_review_keeps_the_hands_to_correct_one(tmp_path):
    app, hub, toks = table(tmp_path)
    open_dobon(app)
    send(hub, toks[1], 1, {0: 2})
    send(hub, toks[0], 0, {2: 1, 3: 2})
    press(app, "back")                       # from the review to the list: both kept, and 次へ
    assert on_hands(app)
    assert app.top().rows() == [("あや", "スマホ済み"), ("Ben", "スマホ済み"), ("次へ", "")]
    press(app, "down", "down", "ok")         # 次へ: the review again
    press(app, "ok")
    assert app.state() == device_only(tmp_path).state()


def test_make_presses_counts_what_the_phones_flow_takes(tmp_path):
    """docs/presses.md's phone columns for example 1 against the flow driven here: the panel's
    「→:ドボン」, 勝った人, 負けた人 and the review's OK; 三三二 is 3 taps and the send, 他他 2 and the send."""
    from host_tools import _paths
    from host_tools.dev import presses
    r = presses.run_one(_paths.kind_tests("kabu", "presses", "kabu-ex1.fewest.txt"))
    assert r["phones"] == {"panel": 4, "taps": {0: 4, 1: 3}}
    app, hub, toks = table(tmp_path)
    panel = ["right", "ok", "ok"]
    press(app, *panel)
    assert send(hub, toks[1], 1, {0: 2})[0] == 200
    assert send(hub, toks[0], 0, {2: 1, 3: 2})[0] == 200
    press(app, "ok")
    assert len(panel) + 1 == r["phones"]["panel"] and app.state() == device_only(tmp_path).state()


def before_its_result(tmp_path, script):
    """A press script's panel-only run (tests/kinds/kabu/presses/<script>), and a table with phones
    where its game stands just before that script's result: (run, app, hub)."""
    from host_tools import _paths
    from host_tools.dev import presses
    r = presses.run_one(_paths.kind_tests("kabu", "presses", script))
    assert not r["failed"]
    names = r["names"]
    app = App(None, None, FakeClock(), "ja")
    ph = Phones(app, str(tmp_path) + "/", 80, radio=False)
    app.new_game("kabu", list(names["seats"]), dict(names["settings"]))
    for e in names["events"][:-1]:          # what came before (a first parent, earlier games)
        app.submit(e)
    app.show_play()                         # an earlier result read and closed: the table
    ph.hub.poll()
    return r, app, ph.hub


DOBONS = ["kabu-ex1", "kabu-ex2", "kabu-ex3", "kabu-q1", "kabu-q2", "kabu-q3", "kabu-q4"]


@pytest.mark.parametrize("stem", DOBONS)
def test_every_dobon_script_gives_the_same_result_from_the_phones(tmp_path, stem):
    """Each press script's dobon or gaeshi, its two hands sent by the two phones (the loser's
    first), its card and review answers as the script gave them: the same saved state."""
    r, app, hub = before_its_result(tmp_path, stem + ".fewest.txt")
    names = r["names"]
    ev = names["events"][-1]
    toks = {}
    for seat in (ev["winner"], ev["loser"]):
        hub.claim(seat, "phone-%04d" % seat)
        app.on_button("click", "ok")
        toks[seat] = hub.answers.pop("phone-%04d" % seat)["tok"]
    from kinds.kabu.entry import DobonEntry
    entry = DobonEntry(app, 1 if ev.get("gaeshi") else 0)
    entry.start()
    entry.pick_w(ev["winner"])
    if not on_hands(app):    # two players: the loser is the other one
        entry.pick_l(ev["loser"])
    assert on_hands(app)

    def counts(hand):
        out = {}
        for c in hand:
            out[c] = out.get(c, 0) + 1
        return out
    assert send(hub, toks[ev["loser"]], ev["loser"], counts(ev["their"]))[0] == 200
    assert send(hub, toks[ev["winner"]], ev["winner"], counts(ev["own"]))[0] == 200
    if type(app.top()).__name__ == "Step":  # the card, when the hand reaches two
        app.top().on_pick(ev["dobon_card"])
    review = app.top()
    assert type(review).__name__ == "Review"
    want = [ev["okoshi"], ev["trumps"]] + ([ev["gaeshi"], ev["their_trumps"]] if ev.get("gaeshi") else []) + [ev["minus2"]]
    for o, v in zip(review.opts, want):
        o[2] = o[1].index(v)
    review.refresh()
    app.on_button("click", "ok")
    assert not app.errors and app.state() == names["state"]


def test_four_of_a_kind_from_the_holders_phone(tmp_path):
    """kabu-four: P2 holds 三三三三 十 赤ピン in a 9-card deal; the holder's phone sends the cards
    that count (the rest of the deal is 他, as on the panel); a hand past the deal or without a
    four is refused there; the preview shows on every phone; the same saved state."""
    r, app, hub = before_its_result(tmp_path, "kabu-four.fewest.txt")
    names = r["names"]
    ev = names["events"][-1]
    seat = ev["seat"]
    hub.claim(seat, "phone-0001")
    app.on_button("click", "ok")
    tok = hub.answers.pop("phone-0001")["tok"]
    from kinds.kabu.entry import FourEntry
    f = FourEntry(app)
    f.start()
    f.pick(seat)
    assert on_hands(app)
    assert [x["key"] for x in hand_form(hub, tok)["fields"]] == ["c%d" % c for c in range(1, 13)]
    for bad, msg in (({3: 3, 10: 1}, "E_KABU_NO_FOUR"), ({1: 3, 2: 4, 3: 4}, "E_KABU_DEAL_SIZE")):
        with pytest.raises(Refusal) as e:
            send(hub, tok, seat, bad)
        assert e.value.msg_id == msg, e.value.msg_id
    assert send(hub, tok, seat, {3: 4, 10: 1, 11: 1})[0] == 200
    assert type(app.top()).__name__ == "Lines"
    assert "卓で確認中" in [s.get("head") for s in hub.view("ja")["sections"]]
    app.on_button("click", "ok")
    assert not app.errors and app.state() == names["state"]


def test_deckout_sizes_from_every_phone(tmp_path):
    """kabu-deckout: every player's size and its 十 赤ピン 魂四 from their phone, at once; the panel's
    山切れ form then holds them (only the largest's and the smallest's scoring cards count) and its
    OK previews; the same saved state as the panel alone."""
    r, app, hub = before_its_result(tmp_path, "kabu-deckout.fewest.txt")
    names = r["names"]
    ev = names["events"][-1]
    n = len(names["seats"])
    toks = {}
    for seat in range(n):
        hub.claim(seat, "phone-%04d" % seat)
        app.on_button("click", "ok")
        toks[seat] = hub.answers.pop("phone-%04d" % seat)["tok"]
    from kinds.kabu.entry import deckout_form
    app.push(deckout_form(app))
    assert on_hands(app)
    form = hand_form(hub, toks[0])
    assert [f["key"] for f in form["fields"]] == ["n", "c10", "c11", "c12"]
    assert form["fields"][0]["label"] == "手札の枚数"
    # make presses counts a size's taps from the deal the stepper starts at, and the panel's
    # presses to 山切れ's form and the preview's OK
    assert form["fields"][0]["value"] == app.state()["deal"][0]
    assert r["phones"] == {"panel": 5, "taps": {0: 2, 1: 2, 2: 3, 3: 6}}     # 結果 ▼▼ OK, the preview's OK
    with pytest.raises(Refusal) as e:                  # more cards that score than in the hand
        hub.act(toks[0], hub.v, {"t": "hand", "seat": 0, "n": 1, "c10": 2, "h": app.hands.id})
    assert e.value.msg_id == "E_KABU_SIZES"
    scoring = {}
    for key in ("most", "fewest"):
        seat = ev["sizes"].index((max if key == "most" else min)(ev["sizes"]))
        scoring[seat] = [c for c in ev[key] if c != 0]
    for seat in reversed(range(n)):
        sent = {"t": "hand", "seat": seat, "n": ev["sizes"][seat], "h": app.hands.id}
        for c in scoring.get(seat, []):
            sent["c%d" % c] = sent.get("c%d" % c, 0) + 1
        assert hub.act(toks[seat], hub.v, sent)[0] == 200
    assert type(app.top()).__name__ == "Lines" and not app.errors     # the preview, the form below
    assert type(app.stack[-2]).__name__ == "DeckOut"
    assert "卓で確認中" in [s.get("head") for s in hub.view("ja")["sections"]]
    app.on_button("click", "ok")                       # saved
    assert not app.errors and app.state() == names["state"]


def test_okoshi_hands_from_every_phone(tmp_path):
    """起こし札 (the vector 'game: dobon on the okoshi 十, one winner'): every hand from its own phone;
    the panel's form comes back with them, where the card, the winner and the trumps are chosen;
    the result is the vector's."""
    app = App(None, None, FakeClock(), "ja")
    ph = Phones(app, str(tmp_path) + "/", 80, radio=False)
    app.new_game("kabu", ["あや", "Ben", "ちか"], {})
    hub = ph.hub
    hub.poll()
    toks = {}
    for seat in range(3):
        hub.claim(seat, "phone-%04d" % seat)
        app.on_button("click", "ok")
        toks[seat] = hub.answers.pop("phone-%04d" % seat)["tok"]
    from kinds.kabu.entry import okoshi_form
    app.push(okoshi_form(app))
    assert on_hands(app) and len(app.top().rows()) == 3
    hands = [[2, 3, 7, 9], [10, 4, 6, 10], [12, 5, 5, 8]]
    deal = app.state()["deal"]
    with pytest.raises(Refusal) as e:                  # more cards than the deal gave
        send(hub, toks[0], 0, {1: 3, 2: 4})
    assert e.value.msg_id == "E_KABU_DEAL_SIZE" and deal[0] < 7
    for seat in (2, 0, 1):
        counts = {}
        for c in hands[seat]:
            counts[c] = counts.get(c, 0) + 1
        assert send(hub, toks[seat], seat, counts)[0] == 200
    form = app.top()
    assert type(form).__name__ == "Form" and [sorted(form.values["h%d" % i]) for i in range(3)] == [sorted(h) for h in hands]
    form.values["okoshi"], form.values["winners"] = 10, [1]
    form.values["t1"] = 4
    form.preview(form.values)                          # its 確認
    assert type(app.top()).__name__ == "Lines" and "卓で確認中" in [s.get("head") for s in hub.view("ja")["sections"]]
    app.on_button("click", "ok")
    assert not app.errors and app.state()["points"] == [25, 0, 50] and app.state()["laps"] == [4, 0, 8]


def test_the_winner_starts_the_dobon_from_their_phone(tmp_path):
    """A result is started on any claimed phone. The winner's phone names the loser;
    the panel opens the entry there (its own steps below: back walks back through them) and both
    hands come from the two phones; while the panel is in an entry no phone can start another."""
    app, hub, toks = table(tmp_path, phones=(0, 1, 2))
    forms = {f["id"]: f for f in hub.view("ja", toks[0])["mine"]["forms"]}
    assert set(forms) == {"open_dobon", "open_gaeshi", "open_four", "open_okoshi", "open_deckout"}
    assert forms["open_dobon"]["fields"][0]["choices"] == [[1, "Ben"], [2, "ちか"], [3, "D"]]
    with pytest.raises(Refusal) as r:                      # itself as the loser
        hub.act(toks[0], hub.v, {"t": "open", "what": "dobon", "seat": 0, "loser": 0})
    assert r.value.msg_id == "E_PH_SEAT" and type(app.top()).__name__ == "Play"
    assert hub.act(toks[2], hub.v, {"t": "open", "what": "dobon", "seat": 0, "loser": 1}) == (403, None)
    assert hub.act(toks[0], hub.v, {"t": "open", "what": "dobon", "seat": 0, "loser": 1})[0] == 200
    assert on_hands(app) and [s for s, _ in app.top().rows()] == ["あや", "Ben"]
    assert not [f for f in hub.view("ja", toks[2])["mine"]["forms"] if f["id"].startswith("open")]
    with pytest.raises(Refusal) as r:                      # the panel is in an entry now
        hub.act(toks[2], hub.v, {"t": "open", "what": "dobon", "seat": 2, "loser": 1})
    assert r.value.msg_id == "E_PH_BUSY"
    send(hub, toks[1], 1, {0: 2})
    assert "save" not in [f["id"] for f in hub.view("ja", toks[0])["mine"]["forms"]]   # not all in yet
    send(hub, toks[0], 0, {2: 1, 3: 2})
    assert type(app.top()).__name__ == "Review"
    # the phone that started it saves it (the review's presets), no other phone
    save = [f for f in hub.view("ja", toks[0])["mine"]["forms"] if f["id"] == "save"]
    assert save and save[0]["submit"] == "登録"
    assert not [f for f in hub.view("ja", toks[1])["mine"]["forms"] if f["id"] == "save"]
    assert hub.act(toks[1], hub.v, save[0]["ev"]) == (403, None)
    seq = app.game.seq
    assert hub.act(toks[0], hub.v, save[0]["ev"])[0] == 200
    assert app.game.seq == seq + 1 and type(app.top()).__name__ != "Review"      # the result shown
    assert app.state() == device_only(tmp_path).state()
    with pytest.raises(Refusal) as r:                      # saved: that result is gone
        hub.act(toks[0], hub.v, save[0]["ev"])
    assert r.value.msg_id == "E_PH_STALE"


@pytest.mark.parametrize("what, rows", [("four", 1), ("okoshi", 4), ("deckout", 4)])
def test_the_rarer_endings_start_from_a_phone(tmp_path, what, rows):
    app, hub, toks = table(tmp_path, phones=(0, 1, 2, 3))
    assert "open_" + what in [f["id"] for f in hub.view("ja", toks[2])["mine"]["forms"]]
    assert hub.act(toks[2], hub.v, {"t": "open", "what": what, "seat": 2})[0] == 200
    assert on_hands(app) and len(app.top().rows()) == rows
    if what == "four":
        assert [s for s, _ in app.top().rows()] == ["ちか"]            # the holder: that phone's seat


def test_a_hand_a_start_or_a_save_for_a_game_not_on_the_table(tmp_path):
    """A seat's token from a game the table has left (the panel back on its first screen, no game
    loaded): a seat belongs to one game, so the token holds no seat any more; every result act is
    refused (403) and nothing is saved."""
    app, hub, toks = table(tmp_path)
    open_dobon(app)
    h = app.hands.id
    app.to_start()
    app.game = None                          # the first screen with no game loaded
    hub.poll()
    assert hub.tokens == {} and hub.mine("ja", toks[0]) is None
    for ev in ({"t": "hand", "seat": 0, "c3": 1, "h": h}, {"t": "open", "what": "dobon", "seat": 0, "loser": 1},
               {"t": "save", "h": h}):
        assert hub.act(toks[0], hub.v, ev) == (403, None), ev
    assert app.game is None


def test_the_last_hand_waits_while_the_panel_corrects_one(tmp_path):
    """The panel first: the loser's hand is being entered again on the panel (a correction) when
    the winner's phone sends the last hand; the panel's grid stays, the hand is kept, and the list
    offers 次へ once the panel is back on it (never the review pushed over the grid)."""
    app, hub, toks = table(tmp_path)
    open_dobon(app)
    send(hub, toks[1], 1, {0: 2})
    press(app, "down", "ok")                 # Ben's hand, in: entered again here
    grid = app.top()
    assert not on_hands(app)
    assert send(hub, toks[0], 0, {2: 1, 3: 2})[0] == 200
    assert app.top() is grid and 0 in app.hands.got
    while not on_hands(app):
        press(app, "back")                   # the correction left as it was
    assert app.top().rows() == [("あや", "スマホ済み"), ("Ben", "スマホ済み"), ("次へ", "")]
    while app.top().sel != 2:
        press(app, "down")
    press(app, "ok")                         # 次へ: the review
    assert type(app.top()).__name__ == "Review"


def test_a_hand_entered_on_the_panel_reads_so_on_its_seats_phone(tmp_path):
    """A seat with a phone whose hand the panel enters (OK on its 「スマホ待ち」, or a correction of
    what the phone sent): its phone reads 「卓で入力済み」, never 「送った手札」."""
    app, hub, toks = table(tmp_path)
    open_dobon(app)
    press(app, "down", "ok")                 # Ben's hand here, though his phone could send it
    press(app, "ok", "ok", "down", "ok")     # 他 他, 決定
    assert hub.view("ja", toks[1])["mine"]["lines"] == ["卓で入力済み：他 他"]
    assert hub.view("en", toks[1])["mine"]["lines"][0].startswith("At the table: ")
    assert hands_lines(hub)[1] == "Ben：卓で入力済み"
    # the phone's own hand, then corrected on the panel: the panel's now
    app2, hub2, toks2 = table(tmp_path)
    open_dobon(app2)
    assert send(hub2, toks2[1], 1, {0: 1, 11: 1})[0] == 200
    assert hub2.view("ja", toks2[1])["mine"]["lines"] == ["送った手札：他 赤ピン"]
    press(app2, "down", "ok")                # OK on a seat that is in: entered again here (the
    press(app2, "ok", "down", "ok")          # grid opens on what was sent): one 他 more, 決定
    assert hub2.view("ja", toks2[1])["mine"]["lines"] == ["卓で入力済み：他 赤ピン 他"]
