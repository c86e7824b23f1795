# The evening itself: five games of all four kinds, kept and ended, a power cut, a kept game resumed, the export.
#
# Phones A-D open the page at the first screen; E and F join for the second game; D leaves during
# the fourth (gone from the panel after GONE_MS) and G joins in its place. Every step is checked as
# it goes (checks.after_step); the points of the story are asserted where they happen.
import time

from host_tools import _paths  # noqa: F401  (firmware/ on sys.path)
from core.registry import name as game_name
from host_tools.dev.phone_evening import steps
from host_tools.dev.phone_evening.browser import pb
from host_tools.dev.phone_evening.table import Evening

PHONE_TAG = {"ja": "スマホあり", "en": "phone"}     # a seat another phone holds, on the page
NEW_GAME = {"ja": "別のゲームになりました。自分の席を選び直してください", "en": "Another game is on the table: choose your seat again"}
PHONES_FIRST = (("A", "ja"), ("B", "en"), ("C", "ja"), ("D", "en"))


def run(browser, folder, shots=None, dest=None):
    """Plays the evening on a fresh table in `folder`; returns (the Evening, the export's folder)."""
    ev = Evening(browser, folder, shots)
    try:
        for name, lang in PHONES_FIRST:
            ev.join(name, lang)
        first = first_kakehiki(ev)
        kabu_ended(ev)
        kakoi_kept(ev)
        dobon_won(ev)
        kakehiki_through_a_power_cut(ev)
        first_game_resumed(ev, first)
        ev.mark("export --url")
        archive = ev.export(dest or folder + "-archive")
        ev.mark("the end")
        return ev, archive
    finally:
        ev.close()


def start(ev, kind, players, unfinished=False, setup_shot=(), **names):
    """A new game from the first screen: while the panel sets it up every phone shows the game on
    the table with the note 「…を準備中」 and no seat to claim (checked at each step); once
    started, a phone that held a seat of an earlier game is told so and offered the new seats."""
    ev.mark("game %d (%s)" % (len([m for m in ev.log if m[0].startswith("game ")]) + 1, game_name(kind, "ja")))
    ev.press(*steps.new_game(kind, unfinished))
    for lang in ("ja", "en"):
        view = ev.sim.view(lang)
        assert view["next"] == game_name(kind, lang), view
        assert view["note"] == pb.server_text("PH_NEXT_GAME", lang).replace("{game}", view["next"]), view
    ev.shot("setup-note", *setup_shot)
    ev.shot("setup-seats", *setup_shot, at=".seats")
    before = ev.sim.view("ja").get("game")
    holders = [n for n in sorted(ev.phones) if ev.token(n)]
    ev.press(*steps.seats(players, **names))
    view = ev.sim.view("ja")
    assert view["screen"] == "play" and view["game"] != before and len(view["seats"]) == players, view
    told_to_choose_again(ev, holders, NEW_GAME)
    return view


def told_to_choose_again(ev, holders, words):
    """Each phone that held a seat another game gave (or the board forgot) says so in its
    language, holds no token and offers every seat of the game now on the table, by its names."""
    for n in holders:
        p = ev.phones[n]
        want = ev.sim.view(p.lang)
        page = p.wait(lambda page: page["v"] == want["v"], "the view after its seat went")
        assert page["errors"] == [words[p.lang]], (n, page["errors"])
        assert ev.token(n) is None and page["claims"] == len(want["seats"]), (n, page)
        assert page["seats"] == [s["name"] for s in want["seats"]], (n, page["seats"])


def own_lines(ev, name):
    return ev.sim.view(ev.phones[name].lang, ev.token(name))["mine"]["lines"]


def first_kakehiki(ev):
    """掛け引き, 3 players: a seat for A, B, C; A enters its prediction on its phone; kept."""
    view = start(ev, "kakehiki", 3)
    assert [s["name"] for s in view["seats"]] == steps.NAMES[:3]
    for name, seat in (("A", 0), ("B", 1), ("C", 2)):
        ev.claim(name, seat)
    ev.press(*steps.KAKEHIKI_TO_PREDICT)
    ev.send("A", "predict", choices=["ちか"], plus=1)
    assert own_lines(ev, "A") == ["あなたの予想：ちか（2個）"], own_lines(ev, "A")
    ev.shot("secret-own", "A")
    ev.press(*steps.to_first_screen())           # kept: 続きから on the first screen
    return view["game"]


def kabu_ended(ev):
    """株ドボン, 3 players P1-P3, the first game kept meanwhile: E and F join; E, A, F take the
    seats; a ドボン whose two hands come from E's and A's phones; ended from the game menu."""
    view = start(ev, "kabu", 3, unfinished=True, setup_shot=("A", "D"), default_names=True)
    assert [s["name"] for s in view["seats"]] == ["P1", "P2", "P3"]
    ev.shot("new-game-old-token", "A", "B")
    ev.join("E", "ja")
    ev.join("F", "en")
    for name, seat in (("E", 0), ("A", 1), ("F", 2)):
        ev.claim(name, seat)
    ev.press(*steps.KABU_OPEN_DOBON)
    ev.send("E", "hand", hand={"ピン": 2})
    ev.send("A", "hand", hand={"他": 1})
    seq = ev.sim.last["seq"]
    ev.press(*steps.KABU_SAVE)
    assert ev.sim.last["seq"] == seq + 1
    ev.press(*steps.end_from_menu())
    assert ev.sim.view("ja")["screen"] == "end"
    ev.shot("ended", "A", "F")
    ev.shot("ended-seats", "D", at=".seats")


def kakoi_kept(ev):
    """囲将会ドボン, 2 players, after the ended 株ドボン: B takes the first seat, C takes it over
    (B is told it lost it); C's ツモ上がり, the payer's hand on the panel; kept."""
    ev.press("click ok")                          # the final standings: the first screen
    start(ev, "kakoi", 2)
    ev.claim("B", 0)
    take = ev.phones["C"].js("document.querySelector('.seat:nth-of-type(1) .claim').textContent")
    assert take == pb.LABELS["ja"]["take"], take
    ev.claim("C", 0)
    page = ev.phones["B"].read()
    assert page["errors"] == [pb.LABELS["en"]["lost"]] and page["claims"] == 2, page
    ev.shot("seat-taken-over", "B")
    seq = ev.sim.last["seq"]
    ev.press(*steps.KAKOI_TSUMO)
    assert ev.sim.last["seq"] == seq + 1
    ev.press(*steps.to_first_screen())           # kept


def dobon_won(ev):
    """ドボン, 3 players named on the names screen (えり, Fay, ちか), the 囲将会 kept: D and F take
    seats; D leaves and is gone from the panel; G joins and takes D's seat; G plays a 2 and F wins
    the one-round match from their phones: the final standings."""
    start(ev, "dobon", 3, unfinished=True, picks={0: 4, 1: 5})
    assert [s["name"] for s in ev.sim.view("ja")["seats"]] == ["えり", "Fay", "ちか"]
    ev.claim("D", 0)
    ev.claim("F", 2)
    assert PHONE_TAG["en"] in seat_tags(ev.phones["F"], 0)
    ev.leave("D")
    ev.mark("D left")
    gone_within(ev, 0)
    ev.join("G", "en")
    ev.claim("G", 0)
    ev.send("G", "play2")
    ev.send("F", "win")
    assert ev.sim.view("ja")["screen"] == "end"


def gone_within(ev, seat, seconds=30):
    """The seat's phone left: once the table noticed its page closed (the stream's ping fails,
    real time) and GONE_MS passed (the simulator's clock), no phone shows it at the table."""
    deadline = time.time() + seconds
    while ev.sim.view("ja")["seats"][seat]["phone"]:
        assert time.time() < deadline, "seat %d still shows its phone %d s after it left" % (seat, seconds)
        ev.press("wait 1000")
    for p in ev.phones.values():
        assert PHONE_TAG[p.lang] not in seat_tags(p, seat), p.lang


def seat_tags(phone, seat):
    return phone.js("[...document.querySelectorAll('.seat:nth-of-type(%d) .tag')].map(e => e.textContent)" % (seat + 1))


def kakehiki_through_a_power_cut(ev):
    """掛け引き again after the ドボン's end: C, E, F take the seats; C's prediction entered on the
    panel; the power goes: the board boots on its flash and offers 続きから, every claim forgotten
    (C is told it lost its seat); C claims again and sees its prediction; ended from the menu."""
    ev.press("click ok")
    view = start(ev, "kakehiki", 3)
    for name, seat in (("C", 0), ("E", 1), ("F", 2)):
        ev.claim(name, seat)
    ev.press(*steps.KAKEHIKI_TO_PREDICT, *steps.KAKEHIKI_PANEL_PREDICT)
    secret = own_lines(ev, "C")
    assert len(secret) == 1 and secret[0].startswith("あなたの予想："), secret
    ev.mark("power cut")
    ev.power_cut()
    assert ev.sim.view("ja")["game"] == view["game"]       # the game on the table again
    told_to_choose_again(ev, ["C", "E", "F"], {l: pb.LABELS[l]["lost"] for l in ("ja", "en")})
    ev.shot("power-cut", "C")
    ev.press("click ok")                                    # 続きから
    assert ev.sim.last["screen"] == "Play", ev.sim.last
    ev.claim("C", 0)
    assert own_lines(ev, "C") == secret
    ev.press(*steps.end_from_menu())


def first_game_resumed(ev, game):
    """The first game, kept, continued from the saved games (the newest first: it is the fifth):
    its seats are asked again; A claims its old seat and sees its prediction again; ended."""
    ev.mark("the first game resumed")
    ev.press("click ok")
    holders = [n for n in sorted(ev.phones) if ev.token(n)]
    ev.press(*steps.saved_game(4))
    assert ev.sim.view("ja")["game"] == game
    told_to_choose_again(ev, holders, NEW_GAME)
    ev.shot("kept-game-resumed", *holders[:1])
    ev.claim("A", 0)
    assert own_lines(ev, "A") == ["あなたの予想：ちか（2個）"]
    ev.press(*steps.end_from_menu())
