"""掛け引きほーるでむ through the buttons only: a whole 4-player game against the engine driven directly."""
import random

from scoreboard.engine import Game, clone
from scoreboard import kakehiki as kh
from scoreboard.errors import Refusal
from ui_harness import Driver, TextLog

SETTINGS = {"start": 6, "dial_max": 3}


def legal(state, ev):
    try:
        kh.apply(clone(state), ev, SETTINGS)
        return True
    except Refusal:
        return False


def pick_event(rng, s):
    ph = s["phase"]
    p = s["turn"]
    if ph in ("select", "sign_bet", "judge_bet"):
        opts = []
        for v in range(1, SETTINGS["dial_max"] + 1):
            opts.append({"t": "raise", "p": p, "v": v})
        opts += [{"t": "call", "p": p}, {"t": "check", "p": p}, {"t": "check", "p": p}, {"t": "fold", "p": p}]
        opts = [e for e in opts if legal(s, e)]
        return rng.choice(opts)
    if ph == "predict":
        ins = [i for i in range(s["n"]) if not s["out"][i]]
        hi = min(SETTINGS["dial_max"], s["hold"][p])
        return {"t": "predict", "p": p, "on": rng.choice(ins), "v": rng.randint(0, max(0, hi))}
    if ph == "showdown":
        ins = [i for i in range(s["n"]) if not s["out"][i]]
        k = 2 if len(ins) > 1 and rng.random() < 0.2 else 1
        return {"t": "win", "p": sorted(rng.sample(ins, k))}
    if ph == "sign" or (ph == "reveal" and not s["sign_rev"]):
        return {"t": "sign", "minus": rng.random() < 0.2}
    return {"t": "judge", "small": rng.random() < 0.25}


def press_to(d, attr, want, n, name="right"):
    for _ in range(n + 1):
        if getattr(d.app.top(), attr) % n == want:
            return
        d.press(name)
    raise AssertionError("could not reach %s=%s" % (attr, want))


def drive(d, ev):
    """The buttons a player presses for `ev` on the 掛け引き play screen."""
    s = d.app.state()
    t = ev["t"]
    if t in ("raise", "call", "check", "fold"):
        press_to(d, "sel", ("raise", "call", "check", "fold").index(t), 4)
        d.press("ok")
        if t == "raise":
            scr = d.app.top()
            while scr.raising < ev["v"]:
                d.press("up", "repeat" if ev["v"] - scr.raising > 1 else "click")
            d.press("ok")
    elif t == "predict":
        d.press("ok")
        assert d.screen() == "Predict"
        d.press("ok")                      # privacy prompt
        ins = [i for i in range(s["n"]) if not s["out"][i]]
        press_to(d, "ti", ins.index(ev["on"]), len(ins))
        d.press("ok")
        for _ in range(ev["v"]):
            d.press("up")
        d.press("ok")
    elif t == "win":
        d.press("ok")
        assert d.screen() == "MultiSelect"
        ins = [i for i in range(s["n"]) if not s["out"][i]]
        for w in ev["p"]:
            while d.app.top().sel != ins.index(w):
                d.press("down")
            d.press("ok")
        while d.app.top().sel != len(ins):
            d.press("down")
        d.press("ok")
    else:
        yes = ev.get("minus", ev.get("small"))
        press_to(d, "sel", 0 if yes else 1, 2)
        d.press("ok")


def start_game(d, n=4):
    d.seq("ok ok")                        # new game -> 掛け引きほーるでむ
    assert d.screen() == "Settings"
    d.seq("left " * 6)                    # dial_max 9 -> 3
    d.seq("down " + "left " * 14)         # start 20 -> 6
    d.seq("down ok")                      # next
    assert d.screen() == "Seats"
    assert d.app.top().n == 4
    d.seq("down down ok")                 # start
    assert d.screen() == "Play"
    assert d.app.game.settings == SETTINGS


def test_whole_game_by_buttons_matches_engine():
    log = TextLog()
    log.install()
    try:
        d = Driver(lang="ja")
        start_game(d)
        ref = Game.new("kakehiki", 4, SETTINGS)
        rng = random.Random(7)
        steps = 0
        while not ref.is_over():
            ev = pick_event(rng, ref.state)
            out = ref.submit(ev)
            drive(d, ev)
            assert d.app.state() == ref.state, ev
            total = kh.total_dango(d.app.state())
            assert total == 4 * SETTINGS["start"]
            if out is not None:
                assert d.screen() == "Lines"          # the round result
                d.press("ok")
            steps += 1
            assert steps < 2000
        assert d.screen() == "End"
        assert d.app.game.standings() == ref.standings()
        # the end screen shows each player's final score (2 x success + holdings)
        log.drawn.clear()
        d.app.dirty = True
        d.app.frame()
        txt = log.frame_text()
        for e in ref.standings():
            assert "%d点" % e["score"] in txt
        assert not log.over
    finally:
        log.uninstall()


def test_prediction_stays_hidden_until_revealed():
    log = TextLog()
    log.install()
    try:
        d = Driver(lang="en")
        start_game(d)
        # P2 folds in the selection round, the others check/call: P2 predicts P3 for 2.
        drive(d, {"t": "fold", "p": 1})
        drive(d, {"t": "call", "p": 2})
        drive(d, {"t": "call", "p": 3})
        drive(d, {"t": "check", "p": 0})
        assert d.app.state()["phase"] == "predict"
        drive(d, {"t": "predict", "p": 1, "on": 2, "v": 2})
        assert d.screen() == "Play"
        log.drawn.clear()
        d.app.dirty = True
        d.app.frame()
        txt = log.frame_text()
        assert "●" in txt and "→3" not in txt
        # undoing it must not reveal it either
        d.press("back", "long")
        assert d.toast().startswith("Undone: P2 predicted")
        assert "3" not in d.toast()[len("Undone: P2"):]
    finally:
        log.uninstall()


def test_refusal_shows_message_and_changes_nothing():
    d = Driver(lang="ja")
    start_game(d)
    before = d.app.state()
    seq = d.app.game.seq
    # P2 raises to the dial max 3; P3 can no longer raise: the entry offers 4, the rules refuse
    drive(d, {"t": "raise", "p": 1, "v": 3})
    after = d.app.state()
    d.press("ok")                               # sel is still "raise": opens the entry at 4
    d.press("ok")
    assert d.toast() == "ダイヤルは 3まで"
    assert d.app.game.seq == seq + 1
    assert d.app.state() == after and after != before
    assert d.screen() == "Play"
