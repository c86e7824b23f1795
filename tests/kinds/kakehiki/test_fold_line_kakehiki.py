"""A fold reads the same whichever source sent it: the panel's own line over its title
row, and every phone's note, say 「P2 降りる」 for a fold pressed on the panel and for one sent from
the folder's phone, in both languages: one rule, the game's describe()."""
from hw.clock import FakeClock
from net.radio import Phones
from ui.app import App

NAMES = ["あや", "Ben", "ちか", "Dan"]


def table(tmp_path):
    app = App(None, None, FakeClock(), "ja")
    ph = Phones(app, str(tmp_path) + "/", 80, radio=False)
    app.new_game("kakehiki", list(NAMES), {})
    hub = ph.hub
    hub.poll()
    toks = {}
    for seat in range(len(NAMES)):
        hub.claim(seat, "phone-%04d" % seat)
        app.on_button("click", "ok")         # the panel's 「はい」: this phone is the seat's
        toks[seat] = hub.answers.pop("phone-%04d" % seat)["tok"]
    app.frame()
    return app, hub, toks


def fold_on_the_panel(app):
    scr = app.top()
    s = app.state()
    vals = scr.options(s, "bet")[1]
    for _ in range(len(vals)):
        if vals[scr.cur(s, "bet")] == "fold":
            break
        app.on_button("click", "right")
    app.on_button("click", "ok")
    app.frame()


def notes(app, hub):
    """What the panel says over its title row, and the phones' note in each language."""
    return app.note, hub.view("ja")["note"], hub.view("en")["note"]


def test_a_fold_from_the_panel_and_from_a_phone_read_alike(tmp_path):
    app, hub, toks = table(tmp_path)
    first = app.state()["turn"]
    fold_on_the_panel(app)
    assert app.state()["out"][first] and not app.errors
    name = NAMES[first]
    assert notes(app, hub) == (name + " 降りる", name + " 降りる", name + " folds")
    second = app.state()["turn"]
    assert hub.act(toks[second], hub.v, {"t": "fold", "p": second}) == (200, hub.v)
    app.frame()
    assert app.state()["out"][second]
    name = NAMES[second]
    assert notes(app, hub) == (name + " 降りる", name + " 降りる", name + " folds")
