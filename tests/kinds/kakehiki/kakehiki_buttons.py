# 掛け引きほーるでむ through the buttons: a game started (start_game), an event's presses (drive, bar_to, press_to), a random legal event (pick_event, legal).
from core.fold import clone
from kinds.kakehiki import rules as kh
from core.errors import Refusal

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


def bar_to(d, want):
    """Move the play screen's bar to the option with value `want` (an action, or True/False)."""
    scr = d.app.top()
    s = d.app.state()
    pr = scr.prompt(s)
    vals = scr.options(s, pr)[1]
    assert want in vals, (want, vals)
    for _ in range(len(vals) + 1):
        if vals[scr.cur(s, pr)] == want:
            return
        d.press("right")
    raise AssertionError("could not reach %s" % want)


def drive(d, ev):
    """The buttons a player presses for `ev` on the 掛け引き play screen."""
    s = d.app.state()
    t = ev["t"]
    if t in ("raise", "call", "check", "fold"):
        if t == "call" and s["dial"][ev["p"]] == max(s["dial"][i] for i in range(s["n"]) if not s["out"][i]):
            t = "check"                      # the bar offers 様子見 alone when 受ける changes nothing
        bar_to(d, t)
        d.press("ok")
        if t == "raise":
            scr = d.app.top()
            while scr.raising < ev["v"]:
                d.press("up", "repeat" if ev["v"] - scr.raising > 1 else "click")
            d.press("ok")
    elif t == "predict":
        d.press("ok")
        assert d.screen() == "Predict"
        ins = [i for i in range(s["n"]) if not s["out"][i]]
        press_to(d, "ti", ins.index(ev["on"]), len(ins))
        scr = d.app.top()
        while scr.v != ev["v"]:
            d.press("up" if scr.v < ev["v"] else "down")
        d.press("ok")
    elif t == "win":
        d.press("ok")
        assert d.screen() == "Choice"
        ins = [i for i in range(s["n"]) if not s["out"][i]]
        if len(ev["p"]) == 1:
            while d.app.top().sel != ins.index(ev["p"][0]):
                d.press("down")
            d.press("ok")
            return
        while d.app.top().sel != len(ins):          # 同点（複数）
            d.press("down")
        d.press("ok")
        assert d.screen() == "MultiSelect"
        for w in ev["p"]:
            while d.app.top().sel != ins.index(w):
                d.press("down")
            d.press("ok")
        while d.app.top().sel != len(ins):
            d.press("down")
        d.press("ok")
    else:
        bar_to(d, ev.get("minus", ev.get("small")))
        d.press("ok")


def start_game(d, n=4):
    d.seq("ok ok")                        # new game -> 掛け引きほーるでむ
    assert d.screen() == "Settings"
    d.seq("left " * 14)                   # start 20 -> 6
    d.seq("down " + "left " * 6)          # dial_max 9 -> 3
    d.seq("down ok")                      # next
    assert d.screen() == "Seats"
    assert d.app.top().n == 4
    d.seq("down down ok")                 # start
    assert d.screen() == "Play"
    assert d.app.game.settings == SETTINGS
