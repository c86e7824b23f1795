# The panel's button steps of the evening's menus and games (host_tools/dev/sim/script.py's steps).
from host_tools import _paths  # noqa: F401  (firmware/ on sys.path)
from core.registry import KINDS

# The names sent from the PC (/names.json beside the games): a game's seats take the first ones, or
# each seat picks one of them on the names screen (its pick menu: 文字で入力, then these, then P<n>).
NAMES = ["あや", "Ben", "ちか", "だい", "えり", "Fay", "ごう", "はな"]


def clicks(name, n):
    return ["click " + name] * n


def new_game(kind, unfinished_on_table):
    """From the first screen to the chosen game's seats screen. While the game on the table is
    unfinished the first row is 続きから and 新しいゲーム asks first: it is kept (残して新しく始める)."""
    steps = ["click down", "click ok", "click down", "click ok"] if unfinished_on_table else ["click ok"]
    steps += clicks("down", KINDS.index(kind)) + ["click ok"]
    return steps + ["click up", "click ok"]          # the settings' last line: 次へ


def seats(players, default_names=False, picks=None):
    """The seats screen (rows: players, names, each seat's name, 開始) to the game started: `players`
    from the default 4, the names row turned to P1..Pn, or `picks` {seat: index in NAMES}."""
    steps = clicks("left", 4 - players) if players <= 4 else clicks("right", players - 4)
    if default_names:
        steps += ["click down", "click left", "click up"]
    if picks:
        steps += ["click down", "click down", "click ok"]        # each seat's name
        at = 0
        for seat in sorted(picks):
            steps += clicks("down", seat - at) + ["click ok"]      # the seat's pick menu
            steps += clicks("down", 1 + picks[seat]) + ["click ok"]
            at = seat
        steps += clicks("down", players - at) + ["click ok"]      # 決定: back on the names row
        return steps + ["click down", "click ok"]                 # 開始
    return steps + ["click up", "click ok"]                       # 開始 (the list wraps)


def to_first_screen():
    """From a play screen: the game menu's last line, 最初の画面へ."""
    return ["click back", "click up", "click ok"]


def end_from_menu():
    """From a play screen: the game menu's ゲームを終える, はい; the final standings stay."""
    return ["click back"] + clicks("down", 4) + ["click ok", "click down", "click ok", "wait 4100"]


def saved_game(index):
    """From the first screen with no unfinished game on the table: 保存したゲーム, the game at
    `index` (the newest first), 続ける."""
    return ["click down", "click ok"] + clicks("down", index) + ["click ok", "click ok"]


# ---- the games' own steps on the panel ---------------------------------------------------------------
# 掛け引き, 3 players: P2 受ける, P3 勝負 one above the smallest, P1 降りる, P2 受ける: the selection
# betting ends and the predictions begin at P1 (tests/kinds/kakehiki/emu.txt, phone.txt).
KAKEHIKI_TO_PREDICT = ["click ok", "click left", "click ok", "click up", "click ok",
                       "click right", "click right", "click ok", "click ok"]
# the turn's player predicts on the panel: the entry opens on the first other seat and 1 だんご
KAKEHIKI_PANEL_PREDICT = ["click ok", "click ok"]
# 株ドボン: 「→:ドボン」, the winner P1, the loser P2; their hands come from their phones
KABU_OPEN_DOBON = ["click right", "click ok", "click ok"]
KABU_SAVE = ["click ok", "click ok"]                       # 登録, then the result read
# 囲将会ドボン, 2 players: P1's ツモ上がり with a 5, P2 pays with a 3 entered on the panel, saved
KAKOI_TSUMO = ["click left", "click ok", "click down", "click right", "click ok",
               "click right", "click right", "long ok", "click ok", "click ok"]
