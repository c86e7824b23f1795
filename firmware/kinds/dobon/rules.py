# ドボン rules module (合計型 "sum" / 役札型 "action"): matches of 1, 3 or 5 rounds, round winners,
# and, while a round runs, the pending draw from stacked 2s, the direction, skips and whose turn it is.
# See docs/rules/dobon.md.
from core.errors import Refusal

KIND = "dobon"
SEATS = (2, 4)

VALUE = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10,
         "J": 11, "Q": 12, "K": 13}
VARIANTS = ("sum", "action")
MAX_TWOS = 4  # one stack can hold at most the four 2s of the deck

# Events (seats 0-based):
#   {"t": "start", "seat": s, "card": r}  optional, before the round's first action: who plays
#                                         first (default: rotates) and the first field card
#   {"t": "play", "rank": r, "n": k}      the player to move plays a card (n > 1: 役札型 Q only)
#   {"t": "draw"}                         the player to move draws (the pending 2s, or one card)
#   {"t": "pass"}                         役札型: end the turn after drawing one card
#   {"t": "win", "seat": s}               the round is won by seat s (dobon / going out)
#   {"t": "drawn"}                        the round is drawn (deck cannot be refilled)
#   {"t": "end"}                          the table stops: standings final as they are


def _int(v):
    return isinstance(v, int) and not isinstance(v, bool)


# Declared once (core/settings.py): key, default, type, range, label text id, shown only if.
SETTINGS = (
    ("variant", "sum", "choice", VARIANTS, "S_dobon_variant", None),
    ("rounds", 1, "choice", (1, 3, 5), "S_dobon_rounds", None),
    ("max_actions", 800, "int", (1, 100000, 50), "S_dobon_max_actions", None),
)


def default_settings():
    from core.settings import defaults
    return defaults(SETTINGS)


def check_settings(settings, nseats):
    from core.settings import check
    check(SETTINGS, SEATS, settings, nseats)


def _new_round(state, starter):
    state["starter"] = starter
    state["turn"] = starter
    state["dir"] = 1
    state["pending"] = 0
    state["twos"] = 0
    state["drew"] = False
    state["actions"] = 0
    state["started"] = False


def initial_state(settings, nseats):
    st = {"n": nseats, "round": 1, "wins": [0] * nseats, "results": [], "over": False}
    _new_round(st, 0)
    return st


def pending_for(variant, twos):
    """Cards to draw after `twos` stacked 2s: sum 2, 4, 8, 16; action 2, 4, 6, 8."""
    if twos <= 0:
        return 0
    if variant == "sum":
        p = 1
        for _ in range(twos):
            p *= 2
        return p
    return 2 * twos


def sum_check(hand, field):
    """The helper's check: the sum of all hand cards (A=1, J=11, Q=12, K=13) equals the field card."""
    if not isinstance(hand, list) or not hand:
        raise Refusal("E_DOBON_HAND", {})
    total = 0
    for r in hand:
        if not isinstance(r, str) or r not in VALUE:
            raise Refusal("E_DOBON_RANK", {"rank": r})
        total += VALUE[r]
    if not isinstance(field, str) or field not in VALUE:
        raise Refusal("E_DOBON_RANK", {"rank": field})
    return {"sum": total, "target": VALUE[field], "ok": total == VALUE[field]}


def _advance(state, steps):
    state["turn"] = (state["turn"] + steps * state["dir"]) % state["n"]
    state["drew"] = False


def _finish(state, s, winner, reason):
    state["results"].append(winner)
    if winner is not None:
        state["wins"][winner] += 1
    k = state["round"]
    out = {"round": k, "winner": winner, "reason": reason, "wins": list(state["wins"])}
    if len(state["results"]) >= s["rounds"]:
        state["over"] = True
    else:
        state["round"] = k + 1
        _new_round(state, (state["starter"] + 1) % state["n"])
    out["over"] = state["over"]
    return out


def _rank(r):
    if not isinstance(r, str) or r not in VALUE:
        raise Refusal("E_DOBON_RANK", {"rank": r})
    return r


def apply(state, ev, settings):
    """One event (the list above) on the state: the round's result when it ends one, else None."""
    s = settings   # complete: the engine fills in the defaults (engine.settle)
    variant = s["variant"]
    if state["over"]:
        raise Refusal("E_DOBON_OVER", {})
    t = ev.get("t")
    if t == "win":
        return _finish(state, s, _seat(ev.get("seat"), state["n"]), "win")
    if t == "drawn":
        return _finish(state, s, None, "drawn")
    if t == "end":
        # the table stops before the match is played out: the round in progress does not count
        state["over"] = True
        state["ended"] = True
        return None
    if t == "start":
        _start(state, ev, variant)
        return None
    if t == "play":
        _play(state, ev, variant)
    elif t == "draw":
        _draw(state, variant)
    elif t == "pass":
        if not state["drew"]:
            raise Refusal("E_DOBON_PASS", {})
        _advance(state, 1)
    else:
        raise Refusal("E_DOBON_EVENT", {"t": t})
    state["actions"] += 1
    state["started"] = True
    if state["actions"] >= s["max_actions"]:
        return _finish(state, s, None, "actions")
    return None


def _seat(v, n):
    if not _int(v) or v < 0 or v >= n:
        raise Refusal("E_DOBON_SEAT", {"seat": v})
    return v


def _start(state, ev, variant):
    """Before the round's first action: who plays first, and the first field card."""
    if state["actions"]:
        raise Refusal("E_DOBON_STARTED", {})
    _new_round(state, _seat(ev.get("seat", state["starter"]), state["n"]))
    state["started"] = True
    card = ev.get("card")
    if card is not None:
        _rank(card)
        # 合計型: a first 2 must be answered (2 more, or draw 2); 役札型: first action card has no effect
        if variant == "sum" and card == "2":
            state["twos"] = 1
            state["pending"] = 2


def _play(state, ev, variant):
    """The player to move plays k cards of a rank: a 2 stacks the draw; 役札型: A skips, J turns."""
    r = _rank(ev.get("rank"))
    k = ev.get("n", 1)
    if not _int(k) or k < 1 or k > 4:
        raise Refusal("E_DOBON_COUNT", {"n": k})
    if k > 1 and not (variant == "action" and r == "Q"):
        raise Refusal("E_DOBON_COUNT", {"n": k})
    if state["pending"] and r != "2":
        raise Refusal("E_DOBON_MUST_DRAW", {"n": state["pending"], "rank": r})
    steps = 1
    if r == "2":
        if state["twos"] >= MAX_TWOS:
            raise Refusal("E_DOBON_TWOS", {})
        state["twos"] += 1
        state["pending"] = pending_for(variant, state["twos"])
    elif variant == "action" and r == "A":
        steps = 2  # skip the next player (two players: back to the same player)
    elif variant == "action" and r == "J":
        state["dir"] = -state["dir"]
    _advance(state, steps)


def _draw(state, variant):
    """The player to move draws: the pending 2s, else one card."""
    if state["pending"]:
        state["pending"] = 0
        state["twos"] = 0
        if variant == "sum":
            state["drew"] = False  # 合計型: then a normal turn
        else:
            _advance(state, 1)  # 役札型: drawing ends the turn
    elif variant == "sum":
        _advance(state, 1)
    else:
        if state["drew"]:
            raise Refusal("E_DOBON_DREW", {})
        state["drew"] = True  # 役札型: may play the drawn card or pass


def progress(settings, state, over):
    """Where the match is, for the saved-games list: (text id, values); finished: rounds played."""
    if over:
        return "GL_ROUNDS", {"n": len(state["results"])}
    return "GL_ROUND_OF", {"n": state["round"], "of": settings["rounds"]}


def is_over(state):
    return state["over"]


def standings(state):
    """Most round wins first; equal wins share the place (1, 1, 3)."""
    from core.ranking import by_place, places
    return by_place(places(state["wins"]))
