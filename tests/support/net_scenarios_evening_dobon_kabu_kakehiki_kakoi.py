# An evening at the hub (firmware/net/live.py, net/record_pages.py), run unchanged under CPython and the
# MicroPython unix port (tests/firmware/net/test_phone_evening_dobon_kabu_kakehiki_kakoi.py compares): five games of all four kinds on one
# games folder, kept, ended and resumed, a power cut, phones claiming seats game after game. After
# every step every phone's view, 履歴 and results are built in both languages (never an exception),
# each secret is on its owner's phone only, and a token of an earlier game opens nothing.
# Prints one JSON line per check: {"name": ..., "got": ...}.
#
#   python tests/support/net_scenarios_evening_dobon_kabu_kakehiki_kakoi.py FOLDER        (firmware/ importable)
import json
import sys

if sys.path and sys.path[0].rstrip("/").endswith("support"):
    sys.path.pop(0)               # tests/kinds would shadow firmware/kinds under MicroPython
from hw.clock import FakeClock
from ui.app import App
from net.live import Hub
from net.seats import GONE_MS
from net import record_pages
from storage.store import Store

FOLDER = sys.argv[1] if len(sys.argv) > 1 else "/tmp/evening/"
NAMES = (["あや", "Ben", "ちか", "だい"], ["えり", "Fay", "ごう"], ["はな", "Ivy", "じゅん", "けい"],
         ["りょう", "Max", "なな"], ["おと", "Pat", "くう", "Rex"])
PHONES = {}                   # client id -> token (what each phone's page holds)
SECRETS = {}                  # a secret line -> the token that alone may see it
ERRORS = []


def out(name, got):
    print(json.dumps({"name": name, "got": got}))


class Table:
    """The App and its hub on one store; a power cut makes both again on the same flash."""

    def __init__(self):
        self.clock = FakeClock()
        self.boot()

    def boot(self):
        self.app = App(None, Store(root=FOLDER + "games"), self.clock, "ja")
        self.hub = Hub(self.app, "0123456789ab")
        self.app.hub = self.hub
        self.step()

    def step(self, ms=10):
        self.clock.advance(ms)
        self.app.frame()
        self.hub.poll()

    def press(self, *names):
        for n in names:
            self.app.on_button("click", n)
            self.step()


class FakeServer:
    def __init__(self, hub):
        self.hub = hub


def look(t, where):
    """Every phone's view in both languages, the 履歴, the results and the saved games: built
    without an exception; every secret only in its owner's view."""
    hub, app = t.hub, t.app
    bad = []
    for lang in ("ja", "en"):
        for cid in [None] + sorted(PHONES):
            tok = PHONES.get(cid)
            try:
                text = hub.view_json(lang, tok)
                json.loads(text)
            except Exception as e:
                bad.append("%s view %s: %r" % (where, cid, e))
                continue
            for secret, owner in SECRETS.items():
                if secret in text and tok != owner:
                    bad.append("%s: %s seen by %s" % (where, secret, cid))
        try:
            record_pages.history(hub.voice(lang))
            if app.game is not None:
                record_pages.results(hub, lang, None)
            record_pages.games(hub, lang)
        except Exception as e:
            bad.append("%s record %s: %r" % (where, lang, e))
    bad += ["%s: app %s" % (where, e) for e in app.errors]
    app.errors[:] = []
    ERRORS.extend(bad)
    return not bad


def claim(t, seat, cid):
    """A phone claims a seat, the table says OK on the panel: the phone keeps the token."""
    t.hub.claim(seat, cid)
    t.step()
    t.press("ok")
    ans = t.hub.answers.pop(cid)
    PHONES[cid] = ans.get("tok")
    return ans


def setup(t, kind, names):
    """The panel's menus to a new game's settings and seats, looked at on each, then started."""
    from ui.screens.menu import Boot, new_game
    t.app.reset(Boot(t.app))
    t.step()
    look(t, "start menu")
    new_game(t.app)
    top = t.app.top()
    if type(top).__name__ == "AskNew":
        top.keep_then_new()
    from ui.screens.menu import _settings
    _settings(t.app, kind)
    t.step()
    settings_ok = look(t, "settings of " + kind)
    view = t.hub.view("en")
    try:
        t.hub.claim(0, "phone-during-setup")
        refused = None
    except Exception as r:
        refused = getattr(r, "msg_id", repr(r))
    from ui.screens.setup import Seats
    t.app.push(Seats(t.app, kind, t.app.top().values))
    t.step()
    seats_ok = look(t, "seats of " + kind)
    t.app.new_game(kind, names, t.app.stack[-2].values)
    t.step()
    return [settings_ok, seats_ok, view.get("next"), view["title"] != "", refused]


def old_tokens_open_nothing(t):
    """Every token a phone still holds from an earlier game: no seat, no mine, 403 for an act."""
    got = []
    for cid in sorted(PHONES):
        tok = PHONES[cid]
        got.append([t.hub.seat_of(tok), "mine" in t.hub.view("ja", tok),
                    t.hub.act(tok, t.hub.v, {"t": "fold", "p": 0})[0]])
    return got


def play_to_prediction(t, by_phone):
    """掛け引き to its prediction phase; seat 2 predicts (on its phone or on the panel)."""
    app = t.app
    app.submit({"t": "raise", "p": 1, "v": 2})
    s = app.state()
    while s["phase"] != "predict" and s["turn"] is not None:
        p = s["turn"]
        app.submit({"t": "fold", "p": p} if p in (2, 3) else {"t": "call", "p": p})
        s = app.state()
    t.step()
    ev = {"t": "predict", "p": 2, "on": 1, "v": 1}
    if by_phone:
        code = t.hub.act(PHONES["phone-02"], t.hub.v, ev)[0]
    else:
        app.submit(ev)
        code = None
    t.step()
    mine = t.hub.view("ja", PHONES.get("phone-02"))["mine"]["lines"]
    for line in mine:
        SECRETS[line] = PHONES["phone-02"]
    return [s["phase"], code, len(mine)]


def main():
    t = Table()
    look(t, "first screen")
    out("first screen", [t.hub.view("ja")["screen"], look(t, "first")])

    # game 1: 掛け引き, phones on seats 0 and 2, a secret prediction from the phone; kept
    out("game 1 setup", setup(t, "kakehiki", NAMES[0]))
    out("game 1 claims", [sorted(claim(t, 0, "phone-00")), sorted(claim(t, 2, "phone-02"))])
    out("game 1 prediction", play_to_prediction(t, True))
    look(t, "game 1 predicted")

    # game 2: 株ドボン with other players: no phone carried over; new claims; ended
    out("game 2 setup", setup(t, "kabu", NAMES[1]))
    v = t.hub.view("ja", PHONES["phone-02"])
    out("game 2 no phone carried", [t.hub.tokens, [s["phone"] for s in v["seats"]], "mine" in v,
                                    [s["name"] for s in v["seats"]] == NAMES[1]])
    out("game 2 old tokens", old_tokens_open_nothing(t))
    look(t, "game 2 start")
    claim(t, 1, "phone-00")
    claim(t, 0, "phone-05")
    t.app.submit({"t": "end"})
    t.step()
    try:
        t.hub.claim(2, "phone-late")
        over = None
    except Exception as r:
        over = getattr(r, "msg_id", repr(r))
    out("game 2 ended", [t.hub.view("ja")["screen"], over, look(t, "game 2 end")])

    # game 3: 囲将会ドボン, kept; game 4: ドボン, a win sent from a phone, then ended
    out("game 3 setup", setup(t, "kakoi", NAMES[2]))
    out("game 3 old tokens", old_tokens_open_nothing(t))
    claim(t, 3, "phone-03")
    look(t, "game 3")
    out("game 4 setup", setup(t, "dobon", NAMES[3]))
    claim(t, 1, "phone-00")
    code = t.hub.act(PHONES["phone-00"], t.hub.v, {"t": "win", "seat": 1})[0]
    t.step()
    out("game 4 a win from a phone", [code, look(t, "game 4 win")])
    if not t.app.game.is_over():         # a match of one round is over with its first win
        t.app.submit({"t": "end"})
    t.step()
    look(t, "game 4 end")

    # game 1 resumed from the saved games: its seats are asked again, its secret stays hidden
    from ui.screens import games as screens_games
    key = [e["key"] for e in t.app.store.games() if e["kind"] == "kakehiki"][0]
    t.app.to_start()
    t.step()
    screens_games._open(t.app, key)
    t.step()
    out("game 1 resumed", [t.hub.tokens, old_tokens_open_nothing(t), look(t, "game 1 resumed")])
    claim(t, 2, "phone-02b")
    SECRETS.update({k: PHONES["phone-02b"] for k in SECRETS})     # its owner's new phone
    out("game 1 secret to its new phone", len(t.hub.view("ja", PHONES["phone-02b"])["mine"]["lines"]))
    look(t, "game 1 claimed again")

    # a power cut: the board boots on the same flash; no claim survives, the game resumes
    t.boot()
    out("after the power cut", [t.hub.tokens, t.app.game is not None, old_tokens_open_nothing(t),
                                look(t, "after the power cut")])

    # game 5: 掛け引き again, a secret entered on the panel; the phone gone is gone from the panel
    SECRETS.clear()
    out("game 5 setup", setup(t, "kakehiki", NAMES[4]))
    claim(t, 2, "phone-02")
    out("game 5 prediction", play_to_prediction(t, False))
    look(t, "game 5 predicted")
    hub = t.hub
    hub.stream_on(PHONES["phone-02"])
    hub.stream_off(PHONES["phone-02"])
    t.step(GONE_MS - 100)
    here = hub.has_phone(2)
    t.step(200)
    out("a phone that left", [here, hub.has_phone(2), hub.view("ja")["seats"][2]["phone"],
                              "mine" in hub.view("ja", PHONES["phone-02"])])
    hub.stream_on(PHONES["phone-02"])
    t.step()
    out("a phone back", hub.has_phone(2))
    v = hub.v
    for i in range(200):                 # tokens no seat holds: an earlier game's, made up
        hub.stream_on("%016x" % i)
        hub.stream_off("%016x" % i)
    t.step(GONE_MS + 100)
    out("tokens of no seat cost nothing", [len(hub.left), len(hub.streaming), hub.v == v])
    out("errors", ERRORS[:5])


main()
