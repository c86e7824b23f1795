# 囲将会ドボン rules module: running totals, one event per round outcome (see docs/rules/kakoi.md).
from scoreboard.errors import Refusal
from scoreboard import kakoi_score

KIND = "kakoi"
SEATS = (2, 6)

# Events (seats 0-based):
#   {"t": "tsumo", "seat": w, "card": r, "hands": [...]}                     ツモ上がり
#   {"t": "dobon", "card": r, "by": p, "out": bool, "hands": [...], "calls": [...]}
#   {"t": "tenhou", "card": r, "hands": [...], "calls": [...]}                天和
#   {"t": "starter", "seat": s}       who starts the next round (table correction / first round)
#   {"t": "end"}                      the table stops: final standings
# hands/calls: see scoreboard.kakoi_score.settle.


def default_settings():
    # cap: per-payment cap (0 = none); jokers: 2 jokers as club 0; rounds: 0 = until "end"
    return {"cap": kakoi_score.CAP, "jokers": False, "rounds": 0}


def _int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def check_settings(settings, nseats):
    if not _int(nseats) or nseats < SEATS[0] or nseats > SEATS[1]:
        raise Refusal("E_KAKOI_SEATS", {"n": nseats})
    s = settings or {}
    for k in s:
        if k not in ("cap", "jokers", "rounds"):
            raise Refusal("E_KAKOI_SETTING", {"key": k})
    cap = s.get("cap", kakoi_score.CAP)
    if not _int(cap) or cap < 0 or cap > 1000000:
        raise Refusal("E_KAKOI_CAP", {"cap": cap})
    j = s.get("jokers", False)
    if j is not True and j is not False:
        raise Refusal("E_KAKOI_SETTING", {"key": "jokers"})
    r = s.get("rounds", 0)
    if not _int(r) or r < 0 or r > 99:
        raise Refusal("E_KAKOI_SETTING", {"key": "rounds"})


def initial_state(settings, nseats):
    return {"n": nseats, "totals": [0] * nseats, "round": 0, "starter": 0, "over": False}


def apply(state, ev, settings):
    s = settings   # complete: the engine fills in the defaults (engine.settle)
    t = ev.get("t")
    if state["over"]:
        raise Refusal("E_KAKOI_OVER", {})
    n = state["n"]
    if t == "starter":
        seat = ev.get("seat")
        if not _int(seat) or seat < 0 or seat >= n:
            raise Refusal("E_KAKOI_SEAT", {"what": "starter", "seat": seat})
        state["starter"] = seat
        return None
    if t == "end":
        state["over"] = True
        return None
    if t not in kakoi_score.KINDS:
        raise Refusal("E_KAKOI_EVENT", {"t": t})
    res = kakoi_score.settle(n, ev, s["cap"], s["jokers"], state["starter"])
    totals = state["totals"]
    for i in range(n):
        totals[i] += res["deltas"][i]
    state["round"] += 1
    state["starter"] = res["next"]
    if s["rounds"] and state["round"] >= s["rounds"]:
        state["over"] = True
    res["round"] = state["round"]
    res["totals"] = list(totals)
    return res


def is_over(state):
    return state["over"]


def standings(state):
    """Highest total first; equal totals share the place (1, 1, 3)."""
    from scoreboard.ranking import by_place, places
    return by_place(places(state["totals"]))
