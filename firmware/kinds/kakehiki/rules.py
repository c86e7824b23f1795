# 掛け引きほーるでむ: dials, the dango pot, hidden winner predictions, parent rotation, deck bookkeeping.
# Rules and the decisions this module takes: docs/rules/kakehiki.md.
from core.errors import Refusal

KIND = "kakehiki"
SEATS = (2, 6)

# Phases, in the order a round runs through them.
SELECT = "select"        # 2. selection betting
PREDICT = "predict"      # 3. winner predictions by the phase-2 folders
SIGN = "sign"            # 4. waiting for the sign card to be revealed
SIGN_BET = "sign_bet"    # 4. betting after the sign card
JUDGE = "judge"          # 5. waiting for the judge card
JUDGE_BET = "judge_bet"  # 5. betting after the judge card
SHOWDOWN = "showdown"    # 6. waiting to be told who won
REVEAL = "reveal"        # 7. all but one folded: unrevealed sign/judge cards still to be told
OVER = "over"

DECK = 5  # cards per sign/judge deck; reshuffled when one is left


# Declared once (core/settings.py): key, default, type, range, label text id, shown only if.
SETTINGS = (
    ("start", 20, "int", (2, 99, 1), "S_kakehiki_start", None),
    ("dial_max", 9, "int", (1, 99, 1), "S_kakehiki_dial_max", None),
)


def default_settings():
    from core.settings import defaults
    return defaults(SETTINGS)


def check_settings(settings, nseats):
    from core.settings import check
    check(SETTINGS, SEATS, settings, nseats)


def initial_state(settings, nseats):
    s = {
        "n": nseats, "round": 0, "parent": 0, "phase": SELECT, "turn": None,
        "hold": [settings["start"]] * nseats, "success": [0] * nseats, "pot": 0,
        "dial": [0] * nseats, "out": [False] * nseats, "acted": [False] * nseats,
        "preds": [], "predictors": [],
        "sign_rev": False, "judge_rev": False, "sign_minus": False, "judge_small": False,
        "sign_seen": 0, "judge_seen": 0, "sign_shuffles": 0, "judge_shuffles": 0,
        "over": None,
    }
    _start_round(s)
    return s


# ---- helpers ------------------------------------------------------------------------------------
def seats_in(s):
    """The seats still in this round (not folded); the play screen shows the same."""
    return [i for i in range(s["n"]) if not s["out"][i]]


def top_dial(s):
    """The highest dial of the seats still in."""
    m = 0
    for i in seats_in(s):
        if s["dial"][i] > m:
            m = s["dial"][i]
    return m


def _next_in(s, after):
    n = s["n"]
    for k in range(1, n + 1):
        i = (after + k) % n
        if not s["out"][i]:
            return i
    return None


def _start_round(s):
    n = s["n"]
    s["round"] += 1
    s["r0"] = list(s["hold"])    # holdings before the fee: the round's net result is measured from here
    s["dial"] = [0] * n
    s["dial"][s["parent"]] = 1
    for i in range(n):
        s["hold"][i] -= 1     # participation fee
    s["pot"] += n
    s["out"] = [False] * n
    s["preds"] = []
    s["predictors"] = []
    s["sign_rev"] = s["judge_rev"] = s["sign_minus"] = s["judge_small"] = False
    _start_betting(s, SELECT, (s["parent"] + 1) % n)


def _start_betting(s, phase, first):
    s["phase"] = phase
    s["acted"] = [False] * s["n"]
    s["turn"] = first if not s["out"][first] else _next_in(s, first)


def _seat(s, ev, key="p"):
    p = ev.get(key)
    if not isinstance(p, int) or isinstance(p, bool) or not 0 <= p < s["n"]:
        raise Refusal("E_BAD_SEAT", {"seat": p})
    return p


def _value(ev):
    v = ev.get("v")
    if not isinstance(v, int) or isinstance(v, bool) or v < 0:
        raise Refusal("E_BAD_VALUE", {"value": v})
    return v


# ---- betting ------------------------------------------------------------------------------------
def _bet(s, ev, settings):
    t = ev["t"]
    p = _seat(s, ev)
    if p != s["turn"]:
        raise Refusal("E_NOT_TURN", {"seat": s["turn"]})
    top = top_dial(s)
    hold = s["hold"][p]
    if t == "raise":
        v = _value(ev)
        if v <= top:
            raise Refusal("E_RAISE_LOW", {"min": top + 1})
        if v > settings["dial_max"]:
            raise Refusal("E_DIAL_MAX", {"max": settings["dial_max"]})
        if v > hold:
            raise Refusal("E_OVER_HOLD", {"hold": hold})
        s["dial"][p] = v
    elif t in ("call", "check"):
        if top > hold:
            raise Refusal("E_CANT_COVER", {"need": top, "hold": hold})
        if t == "call":
            s["dial"][p] = top
    else:  # fold: the dial's value goes to the pot, the dial is turned face-down
        paid = s["dial"][p]
        s["hold"][p] -= paid
        s["pot"] += paid
        s["dial"][p] = 0
        s["out"][p] = True
        if s["phase"] == SELECT:
            s["predictors"].append(p)
        else:
            _pay_predictions_on_folder(s, p)
    s["acted"][p] = True
    return _after_bet(s, p)


def _pay_predictions_on_folder(s, p):
    for pr in s["preds"]:
        if pr["on"] == p and pr["res"] is None:
            s["hold"][pr["by"]] -= pr["v"]
            s["hold"][p] += pr["v"]
            pr["res"] = "folded"


def _after_bet(s, p):
    alive = seats_in(s)
    if len(alive) == 1:
        return _all_but_one(s, alive[0])
    top = top_dial(s)
    settled = True
    for i in alive:
        if not s["acted"][i] or s["dial"][i] != top:
            settled = False
            break
    if not settled:
        s["turn"] = _next_in(s, p)
        return None
    s["turn"] = None
    if s["phase"] == SELECT:
        _order_predictors(s)
        if s["predictors"]:
            s["phase"] = PREDICT
            s["turn"] = s["predictors"][0]
        else:
            s["phase"] = SIGN
    elif s["phase"] == SIGN_BET:
        s["phase"] = JUDGE
    else:
        s["phase"] = SHOWDOWN
    return None


def _order_predictors(s):
    # Predictions go from the parent clockwise, not in folding order.
    n = s["n"]
    order = []
    for k in range(n):
        i = (s["parent"] + k) % n
        if i in s["predictors"]:
            order.append(i)
    s["predictors"] = order


def _all_but_one(s, winner):
    s["turn"] = None
    s["winners"] = [winner]
    if s["sign_rev"] and s["judge_rev"]:
        return _payout(s, [winner])
    s["phase"] = REVEAL
    return None


# ---- predictions and cards ----------------------------------------------------------------------
def _predict(s, ev, settings):
    p = _seat(s, ev)
    if p != s["turn"]:
        raise Refusal("E_NOT_PREDICTOR", {"seat": s["turn"]})
    on = _seat(s, ev, "on")
    if s["out"][on]:
        raise Refusal("E_PRED_TARGET", {"seat": on})
    v = _value(ev)
    if v > settings["dial_max"]:
        raise Refusal("E_DIAL_MAX", {"max": settings["dial_max"]})
    if v > s["hold"][p]:
        raise Refusal("E_OVER_HOLD", {"hold": s["hold"][p]})
    s["preds"].append({"by": p, "on": on, "v": v, "res": None})
    done = len(s["preds"])
    if done < len(s["predictors"]):
        s["turn"] = s["predictors"][done]
    else:
        s["turn"] = None
        s["phase"] = SIGN
    return None


def _flag(ev, key):
    v = ev.get(key, False)
    if v is not True and v is not False:
        raise Refusal("E_BAD_VALUE", {"value": v})
    return v


def _reveal(s, ev, deck, key, waiting, betting):
    """A sign or judge card is told: `key` ("minus" / "small") is the only fact the rules need."""
    if s[deck + "_rev"]:
        raise Refusal("E_ALREADY_REVEALED")
    s[deck + "_rev"] = True
    s[deck + "_" + key] = _flag(ev, key)
    s[deck + "_seen"] += 1
    if s["phase"] == waiting:
        _start_betting(s, betting, s["parent"])
        return None
    return _maybe_finish_reveal(s)


def _maybe_finish_reveal(s):
    if s["sign_rev"] and s["judge_rev"]:
        return _payout(s, s["winners"])
    return None


def _win(s, ev):
    winners = ev.get("p")
    if not isinstance(winners, list) or not winners:
        raise Refusal("E_WIN_NONE")
    seen = []
    for w in winners:
        if not isinstance(w, int) or isinstance(w, bool) or not 0 <= w < s["n"] or w in seen:
            raise Refusal("E_BAD_SEAT", {"seat": w})
        if s["out"][w]:
            raise Refusal("E_WIN_NOT_IN", {"seat": w})
        seen.append(w)
    # 6. every other player still in pays the dial; predictions on them are lost to the pot
    for i in seats_in(s):
        if i not in winners:
            s["hold"][i] -= s["dial"][i]
            s["pot"] += s["dial"][i]
    for pr in s["preds"]:
        if pr["res"] is None and pr["on"] not in winners:
            s["hold"][pr["by"]] -= pr["v"]
            s["pot"] += pr["v"]
            pr["res"] = "lost"
    return _payout(s, sorted(winners))


# ---- 7. payout and the end of a round -----------------------------------------------------------
def _payout(s, winners):
    n = s["n"]
    before_hold = list(s["hold"])
    before_success = list(s["success"])
    # Correct predictions first, in prediction order, as far as the pot allows.
    for pr in s["preds"]:
        if pr["res"] is None:
            amount = pr["v"] if pr["v"] <= s["pot"] else s["pot"]
            s["pot"] -= amount
            s["success"][pr["by"]] += amount
            pr["res"] = "won"
            pr["got"] = amount
    share = s["pot"] // len(winners)
    for w in winners:
        s["hold"][w] += share
    s["pot"] -= share * len(winners)   # a tie's remainder stays for the next round
    sign_shuffle = s["sign_minus"] or s["sign_seen"] >= DECK - 1
    judge_shuffle = s["judge_small"] or s["judge_seen"] >= DECK - 1
    if sign_shuffle:
        s["sign_seen"] = 0
        s["sign_shuffles"] += 1
    if judge_shuffle:
        s["judge_seen"] = 0
        s["judge_shuffles"] += 1
    outcome = {
        "round": s["round"], "parent": s["parent"], "winners": winners, "share": share,
        "preds": [dict(pr) for pr in s["preds"]], "pot_left": s["pot"],
        "hold": list(s["hold"]), "success": list(s["success"]),
        "won": [s["hold"][i] - before_hold[i] for i in range(n)],
        # dango gained or lost this round, fee included (success area counted at face value)
        "net": [s["hold"][i] - s["r0"][i] + s["success"][i] - before_success[i] for i in range(n)],
        "to_success": [s["success"][i] - before_success[i] for i in range(n)],
        "sign_shuffle": sign_shuffle, "judge_shuffle": judge_shuffle,
    }
    s.pop("winners", None)
    low = [i for i in range(n) if s["hold"][i] <= 1]
    if low:
        s["over"] = "dango"
    elif s["judge_shuffles"] >= 3:
        s["over"] = "judge"
    if s["over"]:
        s["phase"] = OVER
        s["turn"] = None
        outcome["over"] = s["over"]
        outcome["standings"] = standings(s)
    else:
        s["parent"] = (s["parent"] + 1) % n
        _start_round(s)
    return outcome


# ---- the protocol ---------------------------------------------------------------------------------
_BETS = ("raise", "call", "check", "fold")


def apply(s, ev, settings):
    t = ev.get("t")
    phase = s["phase"]
    if phase == OVER:
        raise Refusal("E_GAME_OVER")
    if t in _BETS:
        if phase not in (SELECT, SIGN_BET, JUDGE_BET):
            raise Refusal("E_PHASE", {"phase": phase})
        return _bet(s, ev, settings)
    if t == "predict":
        if phase != PREDICT:
            raise Refusal("E_PHASE", {"phase": phase})
        return _predict(s, ev, settings)
    if t == "sign":
        if phase not in (SIGN, REVEAL):
            raise Refusal("E_PHASE", {"phase": phase})
        return _reveal(s, ev, "sign", "minus", SIGN, SIGN_BET)
    if t == "judge":
        if phase not in (JUDGE, REVEAL) or (phase == JUDGE and not s["sign_rev"]):
            raise Refusal("E_PHASE", {"phase": phase})
        return _reveal(s, ev, "judge", "small", JUDGE, JUDGE_BET)
    if t == "win":
        if phase != SHOWDOWN:
            raise Refusal("E_PHASE", {"phase": phase})
        return _win(s, ev)
    if t == "end":
        return _end(s)
    raise Refusal("E_BAD_EVENT", {"t": t})


def _end(s):
    """The table stops before a game end: scored as it stands (2 x success area + holdings);
    the round in progress is not played out, its pot and raised dials go to nobody."""
    s["over"] = "ended"
    s["phase"] = OVER
    s["turn"] = None
    return None


def progress(settings, s, over):
    """Where the game is, for the saved-games list: (text id, values)."""
    return "GL_KH", {"r": s["round"], "j": s["judge_shuffles"]}


def is_over(s):
    return s["phase"] == OVER


def scores(s):
    return [2 * s["success"][i] + s["hold"][i] for i in range(s["n"])]


def standings(s):
    """Final score = 2 x success area + holdings; highest first, equal scores share the place."""
    from core.ranking import by_place, places
    return by_place(places(scores(s)))


def total_dango(s):
    """Conserved quantity: holdings + pot + success areas (docs/rules/kakehiki.md)."""
    return sum(s["hold"]) + s["pot"] + sum(s["success"])
