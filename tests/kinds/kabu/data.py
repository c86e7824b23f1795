# 株ドボン's data for the generic tests (tests/support/game_data/__init__.py says what each name is).
from core.engine import Game

LONG_SETTINGS = {"length": "stop"}
LONG_SEATS = 4
STORE_OPS = 90  # test_store.py's recorded game: its length in ops
# "store set aside screen" (test_store_trust.py): its device's game, set aside, named on the boot
# screen; "power cut full flash", "power cut shipped sizes" (test_powercut.py): the game played
ROLES = ("report second game", "store set aside screen", "prefs defaults", "power cut full flash",
         "power cut shipped sizes", "texts name", "web saved game")
# "web saved game" (test_web.py): its button script (emu.txt) played up to the line that
# starts WEB_PLAYED_UNTIL, the saved log's row on the page; a journal torn after WEB_TORN_STEPS steps
WEB_PLAYED_UNTIL = "shot kabu-form"
WEB_LOG_ROW = "株ドボン・P1、P2、P3"
WEB_TORN_STEPS = 12

# "texts name" (test_texts_file.py): its name in the Japanese texts
TITLE_JA = "株ドボン"
# test_powercut.py: its sweep is in the quick run; the night's games it plays (seeds)
POWER_CUT_QUICK = True
WEAR_SEEDS = (2, 5)
# "prefs defaults" (test_prefs_store.py): its setup defaults as the preferences file keeps them
PREFS_DEFAULTS = {"length": "games", "games": 6}

# test_canvas_speed.py: its scenes, (name, guest code run on `app` before the measured redraw): its
# play screen with 6 players (after the scenes before it: their toast cleared), an ending's form and
# the preview of its points
CANVAS_SCENES = [
    ("kabu play 6p", "app.toast = None; app.new_game('kabu', ['P1','P2','P3','P4','P5','P6'], None)"),
    ("kabu okoshi form",
     "from kinds.kabu import entry as sk; app.push(sk.Endings(app)); app.push(sk.okoshi_form(app))\n"
     "f = app.top(); f.values.update({'okoshi': 8, 'winners': [0, 2], 'h0': [3, 3, 2], 'h1': [4, 5]});"
     " f.sel = 2"),
    ("kabu preview",
     "sk._preview(app, {'t': 'dobon', 'winner': 0, 'loser': 1, 'own': [3, 3, 2], 'their': [4, 5],"
     " 'dobon_card': 8, 'okoshi': None, 'trumps': 3, 'gaeshi': 0, 'minus2': True})"),
    ("kabu preview scroll", "app.on_button('repeat', 'down')"),
]

EVENTS = [
    {"t": "dobon", "winner": 0, "loser": 1, "own": ["三", "三", "二"], "their": ["四", "五"],
     "dobon_card": "八", "okoshi": "六", "trumps": 3, "gaeshi": 0},
    {"t": "draw"},
    {"t": "dobon", "winner": 2, "loser": 0, "own": ["三", "五", "四", "ピン"], "their": ["八", "十", "六"],
     "dobon_card": "三", "trumps": 2, "gaeshi": 0},
]


def play_log(gid="0000cab0", names=None):
    lines = []
    g = Game.new("kabu", names or 3, {}, gid, lines.append)
    for ev in EVENTS:
        g.submit(dict(ev))
    return g, lines


def check_emu_events(events, log):
    assert [e["t"] for e in events] == ["dobon"]
    e = events[0]
    assert (e["winner"], e["loser"], sorted(e["own"]), e["their"], e["dobon_card"]) \
        == (0, 1, [1, 1], [0], 2)       # P2's one card entered as 他 (an ordinary card)
    assert not log.over() and log.seq == 1

# test_ui.py: walks through the play screen (from it, on the default settings and seats): a dobon
# step by step (grids, review choices, back through the steps), a hand that reaches nothing, a
# gaeshi, then okoshi (form, multi-select, grids), four, deckout, draw, parent
UI_WALKS = [          # 結果's list opens on 起こし札でドボン; → and ← are ドボン and ドボン返し
    "right ok ok ok ok up ok ok down ok down down right right left up up back back back back "
    "back back back back back",
    "right ok ok left left ok ok up ok back back back L:back ok up ok ok ok right right ok "
    "up ok ok ok right ok down ok down right down right ok",
    "ok ok ok ok down ok ok down ok back down ok ok ok down ok down ok down ok ok "
    "back back back back",
    "ok down ok ok ok down ok ok ok ok ok up ok down ok back back back",
    "ok down down ok right ok down ok ok ok down ok down down ok back back "
    "down down down down down ok down ok",
    "ok down down down down ok ok",
]
UI_FIRST_EVENT = "ok down down down ok down ok"     # 流局: confirm yes

# test_ui_describe.py: the seats, one of each action, and (where given) what the undo line says of them
DESCRIBE_SEATS = 3
DESCRIBE_EVENTS = [
    {"t": "dobon", "winner": 0, "loser": 1},
    {"t": "dobon", "winner": 0, "loser": 1, "gaeshi": 1},
    {"t": "four", "seat": 2},
    {"t": "parent", "seat": 1},
    {"t": "okoshi"},
    {"t": "deckout"},
    {"t": "draw"},
]
DESCRIBE_JA = [
    "P1がP2にドボン",
    "P1がP2に返し",
    "P3の4枚揃い",
    "最初の親：P2",
    "起こし札でドボン",
    "山切れ",
    "流局",
]


# test_report.py: this game in a night of every game, and its own checks of the night's CSV (rows),
# details (rows; the game) and pages
REPORT_DETAILS = True


def report_night_log(names3, names4):
    return play_log(names=names3)


def check_report_csv(kb):
    h = kb[0]
    assert kb[1][h.index("winner")] == "あき" and kb[1][h.index("loser")] == "Bob"
    assert kb[1][h.index("points")] == "8" and kb[1][h.index("points: Bob")] == "8"
    assert kb[2][h.index("ending")] == "draw"


def check_report_details(kb, g):
    from host_tools.records.report import run as report
    assert kb[0] == report.DETAIL_COLUMNS
    first = [r for r in kb[1:] if r[0] == "1"]
    assert ["1", "score item", "Bob", "あき", "2", "Trumps", "4", "", "", ""] in first
    assert ["1", "score total", "Bob", "あき", "", "", "", "", "8", ""] in first


def check_report_pages(ja, en):
    for word in ("株ドボン", "②切り札 +4"):
        assert word in ja, word
    for word in ("Kabu Dobon", "② Trumps +4", "8 points to Bob"):
        assert word in en, word

# test_registry.py: where the registry (and so the menu) lists this game
MENU_POSITION = 1


# test_screen_text.py: the names of this game's cards and ranks that its screens draw
def card_names():
    from kinds.kabu import cards as kabu_cards
    from kinds.kabu import review as screens_kabu_review
    return list(kabu_cards.NAMES) + list(kabu_cards.LABELS) + list(screens_kabu_review.CIRCLED)

# test_ui_voice.py: refusals on this game's play screen, in the table's words: (id, info, said)
VOICE_REFUSALS = [
    ("E_KABU_TOO_MANY", {"card": "3", "count": 5, "max": 4}, "三は4枚までです"),
    ("E_KABU_PLAIN_PIN", {"count": 4, "max": 3}, "普通のピンは3枚までです（4枚目は赤ピン）"),
    ("E_KABU_NO_DOBON", {"sum": 3, "card": "9"}, "合計3では九にドボンできません"),
    ("E_KABU_SEAT", {"seat": -1}, "席を選んでください"),
    ("E_KABU_VALUE", {"field": "dobon_card"}, "ドボンした札を確かめてください"),
    ("E_KABU_TRUMPS", {"trumps": -1, "max": 3}, "見せた切り札の枚数を入れてください"),
    ("E_KABU_WINNERS", {}, "ドボンした人を選んでください"),
]


# test_phone_panel_first.py (the panel first, docs/phones.md): what a seat's phone may send on the
# table now (its seat, the event), the events that end a game of a new match of PHONE_SEATS (its
# result screen), and the game's own questions and entries reached from the table with the panel's
# buttons: (what, fn(driver), the refusal a phone's act gets there)
PHONE_SEATS = 3


def phone_act(state):
    return 0, {"t": "open", "what": "okoshi", "seat": 0}


PHONE_RESULT_EVENTS = [{"t": "draw"}]


def _endings(d, sid=None):
    d.press("ok")                                   # 結果: the chooser
    assert d.screen() == "Endings"
    if sid is not None:
        scr = d.app.top()
        i = [lab for lab, _ in scr.items].index(d.app.t(sid))
        d.seq("down " * (i - scr.sel) + "ok")


PANEL_SCREENS = [("the 結果 chooser", _endings, "E_PH_BUSY"),
                 ("the 流局 question", lambda d: _endings(d, "KB_draw"), "E_PH_ASKED"),
                 ("the 起こし札 form", lambda d: _endings(d, "KB_okoshi"), "E_PH_BUSY")]
