# ドボン's data for the generic tests (tests/support/game_data/__init__.py says what each name is).
import re

from core.engine import Game

LONG_SETTINGS = {"rounds": 5}
LONG_SEATS = 3
STORE_OPS = 400  # test_store.py's recorded game: its length in ops
ROLES = ("deep undo", "wrong press expectation", "screen care", "export bad line",
         "report beside junk", "large view", "guard", "saved newer", "store trust second game",
         "texts", "ledger second game")
EMU_SEQ, EMU_SEQ_RESUMED = 5, 6
WEB_BY_KEY = True   # test_web.py: its script is pressed with the keyboard (the others: the mouse)


# test_powercut.py: the long game its sweep plays (its own: see the docstring)
def power_cut_script(n_ops, seed):
    """ドボン's vector pool ends a game in a few dozen presses: here plays, draws and passes go
    on for a long round, a win comes about every 60 presses (5 rounds)."""
    import random
    from core.errors import Refusal as R
    rng = random.Random(seed)
    game = Game.new("dobon", LONG_SEATS, LONG_SETTINGS, game_id="0badcafe")
    ops = []
    ranks = ["A", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    while len(ops) < n_ops and not game.is_over():
        r = rng.randrange(100)
        if r < 3 and game.done:
            game.undo()
            ops.append(("undo",))
            continue
        if len(ops) % 60 == 59:
            ev = {"t": "win", "seat": game.state["turn"]}
        elif r < 70:
            ev = {"t": "play", "rank": rng.choice(ranks)}
        elif r < 90:
            ev = {"t": "draw"}
        else:
            ev = {"t": "pass"}
        try:
            game.submit(ev)
        except R:
            continue
        ops.append(("ev", ev))
    return ops


# "texts" (test_texts_file.py): the App plays it; one of its own texts: (id, info, what it says)
TEXTS_OWN_LINE = ("L_DOBON_TURN", {"seat": "P1"}, "手番：P1")

# "store trust second game" (test_store_trust.py): a game started beside (or after) a set-aside one:
# its seats and its first event
TRUST_SECOND_SEATS = 3
TRUST_SECOND_EVENT = {"t": "play", "rank": "5"}

# test_engine.py: a round long enough (plays and draws) that undo must re-read the journal
DEEP_UNDO_SEATS = 3
_DEEP_UNDO_RANKS = ["5", "7", "9", "K", "3"]


def deep_undo_events(seq):
    """The next events of the long round at `seq`: a play, then a draw."""
    return [{"t": "play", "rank": _DEEP_UNDO_RANKS[seq % len(_DEEP_UNDO_RANKS)], "n": 1}, {"t": "draw"}]

# test_presses.py: a press script of this game, and an expectation that is false after it
PRESS_ENTRY = "dobon-win"
PRESS_WRONG_EXPECT = "state['wins'] == [9, 9, 9, 9]"

# test_screen_care.py: a game of two, and one event that a waking hold must not undo
CARE_SEATS = ["A", "B"]
CARE_EVENT = {"t": "win", "seat": 0}


def play_log(gid="0000d0b0", names=None):
    lines = []
    g = Game.new("dobon", names or 3, {"rounds": 3}, gid, lines.append)
    for w in (1, 2, 1):
        g.submit({"t": "play", "rank": "5"})
        g.submit({"t": "win", "seat": w})
    return g, lines


# "ledger second game" (test_ledger_nights.py): the first row of its standings over two nights of
# play_log with test_ledger.NAMES (Bob wins 2 of 3 rounds each night)
LEDGER_FIRST_ROW = {"kind": "dobon", "name": "Bob", "nights": 2, "games": 2, "wins": 2, "avg_place": 1.0,
                    "total": 4}


def check_emu_events(events, log):
    assert [e["t"] for e in events] == ["play", "draw", "play", "undo", "redo", "draw"]
    assert [e.get("rank") for e in events if e["t"] == "play"] == ["2", "5"]
    assert log.seq == EMU_SEQ_RESUMED and not log.over()

# test_ui.py: walks through the play screen (from it, on the default settings and seats): play,
# draw, win, drawn, start, sum check
UI_WALKS = [
    # a 2 (the card keypad), ←:2枚引く, the keypad and back, undo, →:勝ち (a 1-round match: its end)
    "ok right ok left ok back L:back right down ok",
    # the game menu's entries: 流局 (いいえ), 最初の人と札 (the player and card lists), 合計の確認
    "back down down ok ok down ok ok ok down ok down ok down ok "
    "back down down down down ok ok right ok ok back down ok ok back back back",
]
UI_FIRST_EVENT = "left"                                        # draw a card
UI_UNDO_PATHS = ["ok", "back", "back ok", "back down down ok"]  # "ok ok" plays a card

# test_ui_describe.py: the seats, one of each action, and (where given) what the undo line says of them
DESCRIBE_SEATS = 3
DESCRIBE_EVENTS = [
    {"t": "play", "rank": "Q", "n": 2},
    {"t": "draw"},
    {"t": "pass"},
    {"t": "win", "seat": 1},
    {"t": "drawn"},
    {"t": "start", "seat": 0},
]


# test_report.py: this game in a night of every game (no details file), and its own check of the
# night's pages; its title on a Japanese page
TITLE_JA = "ドボン"
REPORT_DETAILS = False


def report_night_log(names3, names4):
    return play_log(names=names3)


def check_report_pages(ja, en):
    # the match: Bob (2 wins) is first
    sec = en[en.index("<h2>Dobon <small>"):]
    assert re.search(r'<tr class="first"><td>1</td><td class="l">Bob</td><td>2</td></tr>', sec)

# "large view" (test_ui_big.py): a game of two, and one event that lets go of the passing screens
BIG_SEATS = 2
BIG_EVENT = {"t": "play", "rank": "5"}

# test_registry.py: where the registry (and so the menu) lists this game
MENU_POSITION = 3


# test_screen_text.py: the names of this game's cards and ranks that its screens draw
def card_names():
    from kinds.dobon import rules as dobon
    from kinds.dobon import screens as screens_dobon
    return list(dobon.VALUE) + list(screens_dobon.RANKS)

# the presses from the start screen to the play screen of a new game (defaults, 4 players)
NEW_GAME_PRESSES = "ok down down down ok up ok down down ok"

# test_ui_guard.py: one committed action from the play screen (the player on turn draws a card)
ONE_ACTION_PRESSES = "ok down ok"

# test_ui_voice.py: refusals on this game's play screen, in the table's words: (id, info, said)
VOICE_REFUSALS = [
    ("E_DOBON_RANK", {"rank": None}, "札を選んでください"),
    ("E_DOBON_SEAT", {"seat": -1}, "席を選んでください"),
]

# "saved newer" (test_ui_saved_games.py): the newer of two saved games: its players, settings and one
# event, its row on the saved games list, the first place once ended, and the next event and its count
SAVED_SEATS = ["A", "B"]
SAVED_SETTINGS = {"rounds": 3}
SAVED_EVENT = {"t": "win", "seat": 1}
SAVED_ROW = ("dobon", False, "ドボン", "第2回（全3回）", "A・B")
SAVED_LEADER = 1
SAVED_NEXT = {"t": "win", "seat": 0}


def saved_next_shown(state):
    return state["wins"] == [1, 1]


# test_phone_panel_first.py (the panel first, docs/phones.md): what a seat's phone may send on the
# table now (its seat, the event), the events that end a round of a new match of PHONE_SEATS (its
# result screen), and the game's own questions and entries reached from the table with the panel's
# buttons: (what, fn(driver), the refusal a phone's act gets there)
PHONE_SEATS = 3
PHONE_SETTINGS = {"rounds": 3}


def phone_act(state):
    return 1, {"t": "win", "seat": 1}


PHONE_RESULT_EVENTS = [{"t": "drawn"}]
# A round's end shows no result screen in ドボン: the play screen's top line says who won (or 流局)
# and the next round is on the table at once, so a phone may act straight away.
ROUND_RESULT_SCREEN = False


def _menu_item(d, sid):
    d.press("back")                                 # the game menu
    labels = [lab for lab, _ in d.app.top().items]
    d.seq("down " * labels.index(d.app.t(sid)) + "ok")


PANEL_SCREENS = [("the 流局 question", lambda d: _menu_item(d, "DB_drawn"), "E_PH_ASKED"),
                 ("the card list", lambda d: d.press("ok"), "E_PH_BUSY"),
                 ("the round's winner", lambda d: d.press("right"), "E_PH_BUSY")]
