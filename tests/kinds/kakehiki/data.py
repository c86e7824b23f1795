# 掛け引きほーるでむ's data for the generic tests (tests/support/game_data/__init__.py says what each name is).
import random
import re

from core.engine import Game
from core.errors import Refusal

LONG_SETTINGS = {"start": 99, "dial_max": 3}
LONG_SEATS = 4
STORE_OPS = 400  # test_store.py's recorded game: its length in ops
# "micropython replay": store_play.replay_under_micropython's long game; "power cut"
# (test_powercut.py): the game of the real cuts and the second cut during recovery; "deploy"
# (test_deploy_emu.py): its emu script up to its second shot starts the game a second deploy keeps
ROLES = ("micropython replay", "hand-written log", "resume figures", "export in progress",
         "report in progress", "guard redraw", "saved older", "store",
         "store trust", "power cut", "texts boot", "web new game",
         "deploy")
# "web new game" (test_web.py): the first steps of its button script (emu.txt) start a game
WEB_NEW_GAME_STEPS = 8

# "texts boot" (test_texts_file.py): its name on the boot menu
TITLE_JA = "掛け引きほーるでむ"
# test_powercut.py: its sweep is in the quick run; the night's games it plays (seeds)
POWER_CUT_QUICK = True
WEAR_SEEDS = (1, 4)

# "store" (test_store.py): the store's one-game checks (a damaged snapshot, the saved games list, a
# full flash): the list's two games' seats and a refused seat count, and an event for its first game
STORE_SEATS = (3, 4, 9)


def store_event(state):
    return {"t": "check", "p": state["turn"]}


# "store trust" (test_store_trust.py): the device's game. Lies about its snapshot that name its own
# state keys (id, change of the sealed snapshot record), and a header setting with its default.
TRUST_SNAP_LIES = [
    ("state key of the wrong type", lambda r: r["state"].__setitem__("hold", "lots")),
    ("state list of the wrong type", lambda r: r["state"].__setitem__("hold", ["a", "b", "c", "d"])),
    ("standings seat out of range", lambda r: r["state"].__setitem__("n", 9)),
]
TRUST_DEFAULTED = ("start", 20)


# test_canvas_speed.py: its scenes, (name, guest code run on `app` before the measured redraw): its
# play screen with 6 players, a cursor move, a raise entered, the undo toast
CANVAS_SCENES = [
    ("kakehiki play 6p",
     "app.new_game('kakehiki', ['P1','P2','P3','P4','P5','P6'], None)\n"
     "s = app.state(); app.submit({'t': 'raise', 'p': s['turn'], 'v': 2})\n"
     "s = app.state(); app.submit({'t': 'call', 'p': s['turn']})\n"
     "s = app.state(); app.submit({'t': 'fold', 'p': s['turn']})"),
    ("kakehiki cursor move", "app.on_button('click', 'right')"),
    ("kakehiki raise entry", "app.on_button('click', 'left'); app.on_button('click', 'ok'); "
                             "app.on_button('repeat', 'up')"),
    ("kakehiki undo toast", "app.on_button('click', 'back'); app.on_button('long', 'back')"),
]


# "hand-written log" (test_handwritten_log*.py, test_validator.py): a journal written by hand from
# docs/log-format.md. Three players, the parent (seat 1) is the only one who stays in: it takes the
# three fees.
HAND_WRITTEN_LOG = """\
{"t":"header","schema":1,"kind":"kakehiki","g":"0badcafe","seq":0,"settings":{"start":20,"dial_max":9},"seats":["A","B","C"],"fw":"hand"}
{"t":"fold","p":1,"seq":1,"g":"0badcafe"}
{"t":"fold","p":2,"seq":2,"g":"0badcafe"}
{"t":"sign","minus":false,"seq":3,"g":"0badcafe"}
{"t":"judge","small":false,"seq":4,"g":"0badcafe"}
{"t":"undo","seq":5,"g":"0badcafe"}
{"t":"redo","seq":6,"g":"0badcafe"}
"""
# the game's settings when the header gives none (test_validator.py)
DEFAULT_SETTINGS = {"start": 20, "dial_max": 9}


# "resume figures" (test_ui_games.py): a game in progress that the store hands back, and what the
# play screen shows of it once resumed
def resume_game():
    g = Game.new("kakehiki", ["A", "B", "C"], {})
    g.submit({"t": "raise", "p": 1, "v": 3})
    return g


def resumed_as_played(state):
    return state["dial"][1] == 3


def long_event(rng, s):
    alive = [i for i in range(s["n"]) if not s["out"][i]]
    phase, turn = s["phase"], s["turn"]
    if phase in ("select", "sign_bet", "judge_bet"):
        top = max(s["dial"][i] for i in alive)
        pick = rng.randrange(10)
        if top > s["hold"][turn] or pick == 7:
            return {"t": "fold", "p": turn}
        if pick >= 8:
            return {"t": "raise", "p": turn, "v": top + 1}
        return {"t": "call" if pick < 5 else "check", "p": turn}
    if phase == "predict":
        return {"t": "predict", "p": turn, "on": rng.choice(alive), "v": rng.randrange(3)}
    if phase == "sign" or (phase == "reveal" and not s["sign_rev"]):
        return {"t": "sign", "minus": rng.randrange(5) == 0}
    if phase in ("judge", "reveal"):
        return {"t": "judge", "small": rng.randrange(5) == 0}
    if phase == "showdown":
        return {"t": "win", "p": [rng.choice(alive)]}
    return None


def play_log(seed=1, seats=4, gid=None, undo_rate=0.05, max_events=3000, start=20, names=None):
    """A whole random game with undos and redos (undo_rate), journal lines collected."""
    rng = random.Random(seed)
    lines = []
    g = Game.new("kakehiki", names or seats, {"start": start, "dial_max": 5}, gid or "%08x" % seed, lines.append)
    n = 0
    while not g.is_over() and n < max_events:
        s = g.state
        ph = s["phase"]
        if g.done and rng.random() < undo_rate:
            g.undo()
            n += 1
            if rng.random() < 0.5:
                g.redo()
                n += 1
            continue
        if ph in ("select", "sign_bet", "judge_bet"):
            p = s["turn"]
            c = [{"t": "call", "p": p}, {"t": "check", "p": p}, {"t": "raise", "p": p, "v": rng.randint(1, 5)}]
            rng.shuffle(c)
            if rng.random() < 0.25:
                c.insert(0, {"t": "fold", "p": p})
            c.append({"t": "fold", "p": p})
        elif ph == "predict":
            alive = [i for i in range(s["n"]) if not s["out"][i]]
            c = [{"t": "predict", "p": s["turn"], "on": rng.choice(alive), "v": v} for v in (1, 0)]
        elif ph == "sign":
            c = [{"t": "sign", "minus": rng.random() < 0.2}]
        elif ph == "judge":
            c = [{"t": "judge", "small": rng.random() < 0.3}]
        elif ph == "reveal":
            c = [{"t": "sign", "minus": False}, {"t": "judge", "small": rng.random() < 0.3}]
        else:  # showdown
            alive = [i for i in range(s["n"]) if not s["out"][i]]
            c = [{"t": "win", "p": [rng.choice(alive)]}]
        for ev in c:
            try:
                g.submit(ev)
                n += 1
                break
            except Refusal:
                pass
        else:
            raise AssertionError("stuck in %s" % ph)
    return g, lines


# "export in progress" (test_export.py): a long seeded game whose first lines are a game in progress
def in_progress_log(seed):
    return play_log(seed)


def check_emu_events(events, log):
    assert [e["t"] for e in events] == ["call", "raise", "fold"]

# test_ui.py: walks through the play screen (from it, on the default settings and seats)
UI_WALKS = [
    "ok ok L:back back ok ok ok back back ok back back down down ok back back back",
    # everyone stays in to the showdown (15 OKs), then a tie: 同点（複数） -> P1 and P2
    "ok " * 15 + "up ok ok down ok down down down ok ok",
]

# test_ui_describe.py: the seats, one of each action, and (where given) what the undo line says of them
DESCRIBE_SEATS = 4
DESCRIBE_EVENTS = [
    {"t": "raise", "p": 1, "v": 2},
    {"t": "fold", "p": 2},
    {"t": "predict", "p": 2, "on": 0, "v": 1},
    {"t": "sign", "minus": True},
    {"t": "win", "p": [0, 3]},
    {"t": "call", "p": 1},
    {"t": "check", "p": 0},
]
DESCRIBE_JA = [
    "P2 勝負（2）",
    "P3 降りる",
    "P3が予想",
    "符号札は引算？はい",
    "P1・P4の勝ち",
    "P2 受ける",
    "P1 様子見",
]


# test_report.py: this game in a night of every game (with the four names), and its own checks of
# the night's CSV (rows), details (rows; the game) and pages
REPORT_DETAILS = True


def report_night_log(names3, names4):
    return play_log(3, names=names4)


def check_report_csv(kh):
    h = kh[0]
    assert kh[1][h.index("parent")] == "あき" and kh[2][h.index("parent")] == "Bob"   # names, not 0/1
    assert kh[1][h.index("winners")] in ("あき", "Bob", "ちえ", "Dan")


def check_report_details(kh, g):
    preds = [p for o in g.history() for p in o["preds"]]
    assert len(kh) - 1 == len(preds) > 0
    assert set(r[9] for r in kh[1:]) <= {"won", "lost", "folded"}


def check_report_pages(ja, en):
    for word in ("掛け引きほーるでむ", "最初のだんご：20", "ダイヤル上限：5"):
        assert word in ja, word
    assert re.search("→(的中|外れ|降りた)", ja)
    for word in ("Kakehiki Hold&#x27;em", "Starting dango: 20"):
        assert word in en, word

# test_registry.py: where the registry (and so the menu) lists this game
MENU_POSITION = 0

# the presses from the start screen to the play screen of a new game (defaults, 4 players)
NEW_GAME_PRESSES = "ok ok up ok down down ok"

# test_ui_voice.py: refusals on this game's play screen, in the table's words: (id, info, said)
VOICE_REFUSALS = [
    ("E_NOT_TURN", {"seat": 3}, "P4の手番です"),
    ("E_WIN_NONE", None, "勝った人を選んでください"),
]

# "saved older" (test_ui_saved_games.py): the older of two saved games: its players, settings and one
# event, its row on the saved games list, that event shown once resumed, and the next event
SAVED_SEATS = ["太郎", "花子", "次郎"]
SAVED_SETTINGS = None
SAVED_EVENT = {"t": "call", "p": 1}
SAVED_ROW = ("kakehiki", False, "掛け引きほーるでむ", "第1回・判定札切り直し0/3", "太郎・花子・次郎")
SAVED_NEXT = {"t": "call", "p": 2}


def saved_event_shown(state):
    return state["acted"][1]


# test_phone_panel_first.py (the panel first, docs/phones.md): what a seat's phone may send on the
# table now (its seat, the event), the events that end a round of a new game of PHONE_SEATS (its
# result screen), and the game's own questions and entries reached from the table with the panel's
# buttons: (what, fn(driver), the refusal a phone's act gets there)
PHONE_SEATS = 3


def phone_act(state):
    seat = 0 if state["turn"] is None else state["turn"]       # none at the end: its act still asks
    return seat, {"t": "fold", "p": seat}


PHONE_RESULT_EVENTS = [{"t": "fold", "p": 1}, {"t": "fold", "p": 2},       # the parent alone: the
                       {"t": "sign", "minus": False}, {"t": "judge", "small": False}]   # cards told


def _raising(d):
    scr, s = d.app.top(), d.app.state()
    pr = scr.prompt(s)
    vals = scr.options(s, pr)[1]
    for _ in vals:                                  # the bar to 勝負, then OK: the number below
        if vals[scr.cur(s, pr)] == "raise":
            break
        d.press("right")
    d.press("ok")
    assert d.app.top().raising is not None


PANEL_SCREENS = [("the raise being entered on the play screen", _raising, "E_PH_BUSY")]
