# 囲将会ドボン's data for the generic tests (tests/support/game_data/__init__.py says what each name is).
from host_tools.kinds.kakoi.play import REPORT_ROUNDS
from core.engine import Game

LONG_SETTINGS = {"rounds": 0}
LONG_SEATS = 4
STORE_OPS = 80  # test_store.py's recorded game: its length in ops
WEAR_SEEDS = (3,)  # test_powercut.py: the night's games it plays (seeds)
# "texts fallback" (test_texts_file.py): its texts are read from a damaged texts file
ROLES = ("hostile export", "ledger", "export finished", "report", "new game hint", "texts fallback")
# three rounds valid in turn for 3 players (a tsumo, a dobon with a call, a tsumo): the report bench's
ROUNDS = REPORT_ROUNDS


def play_log(gid="0000c0c0", rounds=6, names=None):
    """`rounds` rounds of ROUNDS over again, then the end: journal lines collected."""
    lines = []
    g = Game.new("kakoi", names or 3, {}, gid, lines.append)
    for i in range(rounds):
        g.submit(dict(ROUNDS[i % len(ROUNDS)]))
    g.submit({"t": "end"})
    return g, lines


# "ledger" (test_ledger_nights.py): the first name of its standings over two nights of play_log with
# test_ledger.NAMES
LEDGER_FIRST_NAME = "ちえ"


def check_emu_events(events, log):
    assert [e["t"] for e in events] == ["tsumo"]
    assert (events[0]["seat"], events[0]["card"], events[0]["hands"]) == (0, "5", [None, ["3"]])

# test_ui.py: walks through the play screen (from it, on the default settings and seats): dobon
# (grid, field card list, payer, call list: ＋ドボン, ＋返し, 上がり札, delete asked), tsumo (pick
# grid), tenhou, starter, end from the game menu
UI_WALKS = [          # 結果's list opens on 天和; → and ← are ドボン and ツモ上がり
    # a dobon: P2 3 4 on 7, ＋ドボン P3 2 5, ＋返し P1 A 2, a call's delete asked (いいえ), back out
    "right ok ok right right ok L:ok ok up up ok ok right ok down left L:ok up ok ok ok L:ok "
    "up up up up up ok ok back back back back back back back back",
    "left ok down right right ok down ok ok down ok back back back",
    "ok ok down ok up ok ok down ok right ok up ok L:back back back",
    "ok down ok down ok back down down down ok down down ok",
]
UI_FIRST_EVENT = "ok down ok down ok"                          # starter P2

# test_ui_describe.py: the seats, one of each action, and (where given) what the undo line says of them
DESCRIBE_SEATS = 3
DESCRIBE_EVENTS = [
    {"t": "dobon", "card": "JOKER"},
    {"t": "tsumo", "seat": 1, "card": "7"},
    {"t": "tenhou"},
    {"t": "starter", "seat": 2},
]
DESCRIBE_JA = [
    "ジョーカーにドボン",
    "P2のツモ上がり（7）",
    "天和",
    "最初に出す人：P3",
]


# test_report.py: this game in a night of every game, and its own checks of the night's CSV (rows),
# details (rows; the game) and pages; its title on a Japanese page (test_ledger_nights.py's standings too)
TITLE_JA = "囲将会ドボン"
REPORT_DETAILS = True


def report_night_log(names3, names4):
    return play_log(names=names3)


def check_report_csv(ko):
    assert ko[1][ko[0].index("change: あき")] == "30"


def check_report_details(ko, g):
    assert ["1", "payment", "ちえ", "あき", "", "", "5", "2", "10", ""] in ko


def check_report_pages(ja, en):
    for word in ("囲将会ドボン", "Bob→あき 20点"):
        assert word in ja, word
    for word in ("Kakoi Dobon", "Bob pays あき 20"):
        assert word in en, word

# test_registry.py: where the registry (and so the menu) lists this game
MENU_POSITION = 2


# test_screen_text.py: the names of this game's cards and ranks that its screens draw
def card_names():
    from kinds.kakoi import score as kakoi_score
    return list(kakoi_score.RANKS)

# the presses from the start screen to the play screen of a new game (defaults, 4 players)
NEW_GAME_PRESSES = "ok down down ok up ok down down ok"

# test_ui_voice.py: refusals on this game's play screen, in the table's words: (id, info, said)
VOICE_REFUSALS = [
    ("E_KAKOI_NO_CALLS", {}, "ドボンした人を選んでください"),
    ("E_KAKOI_NO_DOBON", {"seat": 1, "card": "Q"}, "P2はQにドボンできません"),
    ("E_KAKOI_TOO_MANY", {"rank": "JOKER", "max": 2}, "ジョーカーは2枚までです"),
]


# test_phone_panel_first.py (the panel first, docs/phones.md): what a seat's phone may send on the
# table now (its seat, the event), the events that end a round of a new game of PHONE_SEATS (its
# result screen), and the game's own questions and entries reached from the table with the panel's
# buttons: (what, fn(driver), the refusal a phone's act gets there)
PHONE_SEATS = 3


def phone_act(state):
    return 0, {"t": "open", "what": "tenhou", "seat": 0}


PHONE_RESULT_EVENTS = [{"t": "tsumo", "seat": 1, "card": "5", "hands": [["K"], [], ["3", "3"]]}]


def _pick(d, label):
    scr = d.app.top()
    i = [k for k, o in enumerate(scr.opts) if o[0] == label or o[0].startswith((label + "（", label + " ("))][0]
    while scr.sel != i:
        d.press("down")
    d.press("ok")


def _calls(d):
    """→: the first seat played 7, the second called ドボン holding 3 4: the call list."""
    from ui_entry_helpers import hand
    pick = _pick
    d.press("right")
    pick(d, d.app.name(0))
    pick(d, d.app.name(1))
    assert d.screen() == "HandsScreen"              # 手札の入力: the caller's phone would send it,
    d.press("ok")                                   # the panel enters it here
    hand(d, ["3", "4"])
    pick(d, "7")
    assert d.screen() == "Calls"


def _delete_asked(d):
    _calls(d)
    scr = d.app.top()
    i = [k for k, r in enumerate(scr.rows()) if r.startswith(d.app.name(1) + " ドボン")][0]
    while scr.sel != i:
        d.press("up")
    d.press("ok")
    assert d.screen() == "Confirm"


def _hands(d):
    d.press("right")
    _pick(d, d.app.name(0))
    _pick(d, d.app.name(1))
    assert d.screen() == "HandsScreen"


PANEL_SCREENS = [("the 結果 chooser", lambda d: d.press("ok"), "E_PH_BUSY"),
                 ("the hands to enter", _hands, "E_PH_BUSY"),
                 ("the call list", _calls, "E_PH_BUSY"),
                 ("the call list's delete question", _delete_asked, "E_PH_ASKED")]
