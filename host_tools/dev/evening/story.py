"""The evening the emulated Pico W plays: its steps (steps.py's syntax), the panel's button steps taken from the simulator's evening (host_tools/dev/phone_evening/steps.py) so that both evenings walk the same menus.

Five games of all four kinds: 掛け引き (kept; its turn's actions and a secret prediction sent from
phones), 株ドボン (a seat taken over; ended from the menu), 囲将会ドボン (a ツモ上がり; kept), ドボン (a
power cut in the middle, 続きから, the win sent from a phone: over), the first 掛け引き continued from
the saved games (its seats asked again), then 掛け引き again (the first ended on the way; a secret
entered on the panel for a seat whose phone of earlier games must not see it), `export --url`.
Shorter than the simulator's evening (172 steps, hands from phones, phones leaving): every step
here costs 10-30 s of wall time on the emulator.
"""
from host_tools.dev.phone_evening import steps as panel

PHONES = ["phone A ja", "phone B en", "phone C ja", "phone D en"]


def first_kakehiki():
    """掛け引き, 3 players: A and C take seats 0 and 2; P2 calls on the panel, C folds, A checks and
    C predicts, all from their phones (C's prediction is its own secret); kept."""
    return (panel.new_game("kakehiki", False)
            + ["refused A 0  # no game on the table yet", "check g1-setting-up"]
            + panel.seats(3)
            + ["claim A 0", "click ok", "claim C 2", "click ok", "check g1-claimed", "click ok",
               'act C {"t": "fold", "p": 2}', 'act A {"t": "check", "p": 0}',
               'act C {"t": "predict", "p": 2, "on": 0, "v": 2}', "check g1-predicted"]
            + panel.to_first_screen())


def kabu_taken_over():
    """株ドボン, 4 players, the first game kept: a claim while the panel sets it up is refused; no
    phone carried over; B takes seat 0, A takes it over; ended from the game menu."""
    return (panel.new_game("kabu", True)
            + ["refused B 0  # the panel sets up the next game", "check g2-setting-up"]
            + panel.seats(4)
            + ["check g2-started", "claim B 0", "click ok", "claim A 0", "click ok", "check g2-taken-over"]
            + panel.end_from_menu()
            + ["refused D 1  # the game is over", "check g2-ended", "click ok"])


def kakoi_kept():
    """囲将会ドボン, 2 players: a ツモ上がり entered on the panel, then D takes seat 1; kept."""
    return (panel.new_game("kakoi", False) + panel.seats(2) + panel.KAKOI_TSUMO
            + ["claim D 1", "click ok", "check g3-after-a-hand"] + panel.to_first_screen())


def dobon_through_a_power_cut():
    """ドボン, 4 players, the 囲将会 kept: C takes seat 1; the power goes; 続きから; C claims again
    and sends the win from its phone: the one-round match is over."""
    return (panel.new_game("dobon", True) + panel.seats(4)
            + ["claim C 1", "click ok", "check g4-claimed", "powercut", "check after-the-power-cut",
               "click ok  # 続きから", "claim C 1", "click ok", 'act C {"t": "win", "seat": 1}',
               "check g4-won-from-a-phone", "click ok"])


def first_game_again():
    """The first 掛け引き from the saved games (the newest first: the fourth): C's token of it opens
    nothing until the table says OK to C again; then C sees its prediction."""
    return (panel.saved_game(3)
            + ["check g1-resumed", "claim C 2", "click ok", "check g1-claimed-again"]
            + panel.to_first_screen())


def last_kakehiki():
    """掛け引き, 3 players, the first one ended by the question (終えてから新しく始める): B takes seat 0,
    A's and C's tokens of earlier games hold none of it; P1's prediction entered on the panel."""
    return (["click down", "click ok", "click ok  # 終えてから新しく始める"] + panel.new_game("kakehiki", False)[1:]
            + panel.seats(3) + ["claim B 0", "click ok"]
            + panel.KAKEHIKI_TO_PREDICT + panel.KAKEHIKI_PANEL_PREDICT + ["check g5-predicted"])


def lines():
    return (PHONES + ["check start"] + first_kakehiki() + kabu_taken_over() + kakoi_kept()
            + dobon_through_a_power_cut() + first_game_again() + last_kakehiki()
            + ["export", "check the-end"])
