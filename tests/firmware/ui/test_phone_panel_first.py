"""The panel first (docs/phones.md): while the panel shows a question, an entry or
something someone is reading (a round's result, the final standings, a menu, the large view), a
phone's act never closes it: it is refused at once, on that phone, in its language (the panel
unchanged, nothing saved); a claim is held and asked once the panel is back on the table. Every
game's questions, entries and result screens (each game's own in tests/kinds/<kind>/data.py:
phone_act, PHONE_RESULT_EVENTS, PANEL_SCREENS), and the screens every game shares."""
import pytest

from core.errors import Refusal
from net.radio import Phones
from ui_harness import Driver

import game_data

NAMES = ["あや", "Ben", "ちか", "Dan", "Eve", "Fay"]


def table(tmp_path, kind):
    """A new game of `kind` on the panel, every seat claimed by its phone."""
    data = game_data.of(kind)
    d = Driver(lang="ja")
    ph = Phones(d.app, str(tmp_path) + "/", 80, radio=False)
    hub = ph.hub
    n = data.PHONE_SEATS
    d.app.new_game(kind, NAMES[:n], dict(getattr(data, "PHONE_SETTINGS", {})))
    hub.poll()
    toks = {}
    for seat in range(n):
        hub.claim(seat, "phone-%04d" % seat)
        assert type(d.app.top()).__name__ == "Claim"
        d.press("ok")                        # the table's OK on the panel
        toks[seat] = hub.answers.pop("phone-%04d" % seat)["tok"]
    hub.poll()
    assert d.app.stack == [d.app.playing]
    return d, hub, toks, data


def refused(d, hub, toks, data, want, what):
    """The phone's act on this screen: refused with `want` in both languages, the panel and the
    game as they were; another phone's claim of a seat held until the panel is back on the table,
    then asked as a change of phone."""
    app = d.app
    stack, seq = list(app.stack), app.game.seq
    seat, ev = data.phone_act(app.state())
    with pytest.raises(Refusal) as r:
        hub.act(toks[seat], hub.v, ev)
    assert r.value.msg_id == want, (what, r.value.msg_id)
    for lang in ("ja", "en"):
        assert hub.t(lang, want) != want, (what, lang)
    assert app.stack == stack and app.game.seq == seq, what
    free = data.PHONE_SEATS - 1             # held by a phone: the claim is a change of phone
    if app.game.is_over():
        with pytest.raises(Refusal) as r:
            hub.claim(free, "phone-late")
        # a finished game has no seat to take: said as such, never "close it and send again"
        assert r.value.msg_id == "E_PH_OVER" and hub.asking is None, what
        return
    hub.claim(free, "phone-late")
    hub.poll()
    assert app.stack == stack and hub.asking == (free, "phone-late"), what     # held
    app.show_play()                          # the panel back on the table
    hub.poll()
    assert type(app.top()).__name__ == "Claim" and app.top().seat == free and app.top().swap, what
    d.press("back")                          # the table says no
    assert hub.answers.pop("phone-late")["refused"] == "E_PH_DECLINED" and app.stack == [app.playing], what


def acts_on_the_table(d, hub, toks, data):
    """The control: the same act on the table alone goes through (200), as a press would."""
    seat, ev = data.phone_act(d.app.state())
    code, _ = hub.act(toks[seat], hub.v, ev)
    assert code == 200


@pytest.mark.parametrize("kind", game_data.kinds())
def test_the_games_own_questions_and_entries(tmp_path, kind):
    d, hub, toks, data = table(tmp_path, kind)
    for what, reach, want in data.PANEL_SCREENS:
        reach(d)
        assert d.app.stack != [d.app.playing] or d.app.playing.entering(), what
        refused(d, hub, toks, data, want, what)
    acts_on_the_table(d, hub, toks, data)
    assert d.app.errors == []


@pytest.mark.parametrize("kind", game_data.kinds())
def test_the_result_screen_someone_reads(tmp_path, kind):
    d, hub, toks, data = table(tmp_path, kind)
    app = d.app
    for ev in data.PHONE_RESULT_EVENTS:
        app.submit(ev)
    hub.poll()
    if not getattr(data, "ROUND_RESULT_SCREEN", True):  # the next round on the table at once
        assert app.stack == [app.playing], app.stack
    else:
        assert type(app.top()).__name__ == "Lines" and app.top().on_ok == app.show_play, app.stack
        refused(d, hub, toks, data, "E_PH_SHOWN", "the result")
    acts_on_the_table(d, hub, toks, data)


@pytest.mark.parametrize("kind", game_data.kinds())
def test_the_screens_every_game_shares(tmp_path, kind):
    d, hub, toks, data = table(tmp_path, kind)
    app = d.app
    d.press("back")
    assert d.screen() == "GameMenu"
    refused(d, hub, toks, data, "E_PH_SHOWN", "the game menu")      # then the table again
    end_question(d)
    refused(d, hub, toks, data, "E_PH_ASKED", "the end question")
    d.press("up")
    assert d.screen() == "Big"
    refused(d, hub, toks, data, "E_PH_SHOWN", "the large view")
    end_question(d)
    d.seq("down ok")                         # はい: the final standings
    assert d.screen() == "End"
    refused(d, hub, toks, data, "E_PH_SHOWN", "the final standings")
    assert app.errors == []


def end_question(d):
    app = d.app
    d.press("back")
    ends = [i for i, (lab, _) in enumerate(app.top().items) if lab.endswith(app.t("GL_END")[-4:])]
    d.seq("down " * ends[0] + "ok")         # 「…を終える」: each game's own word for it
    assert d.screen() == "Confirm" and app.top().head == app.t("GL_END_Q")
