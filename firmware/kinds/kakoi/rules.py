# 囲将会ドボン rules module: running totals, one event per round outcome (see docs/rules/kakoi.md).
from core.errors import Refusal
from kinds.kakoi import score as kakoi_score

KIND = "kakoi"
SEATS = (2, kakoi_score.MAX_SEATS)   # the scorer handles up to MAX_SEATS

# Events (seats 0-based):
#   {"t": "tsumo", "seat": w, "card": r, "hands": [...]}                     ツモ上がり
#   {"t": "dobon", "card": r, "by": p, "out": bool, "hands": [...], "calls": [...]}
#   {"t": "tenhou", "card": r, "hands": [...], "calls": [...]}                天和
#   {"t": "starter", "seat": s}       who starts the next round (table correction / first round)
#   {"t": "end"}                      the table stops: final standings
# hands/calls: see kinds.kakoi.score.settle.


def _int(v):
    return isinstance(v, int) and not isinstance(v, bool)


# Declared once (core/settings.py): key, default, type, range, label text id, shown only if.
# cap: per-payment cap (0 = none); jokers: 2 jokers as club 0; rounds: 0 = until "end"
SETTINGS = (
    ("rounds", 0, "int", (0, 99, 1), "S_kakoi_rounds", None),
    ("cap", kakoi_score.CAP, "int", (0, 1000000, 100), "S_kakoi_cap", None),
    ("jokers", False, "bool", None, "S_kakoi_jokers", None),
)


def default_settings():
    from core.settings import defaults
    return defaults(SETTINGS)


def check_settings(settings, nseats):
    from core.settings import check
    check(SETTINGS, SEATS, settings, nseats)


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


def progress(settings, state, over):
    """Where the game is, for the saved-games list: (text id, values); finished: rounds played."""
    if over:
        return "GL_KYOKUS", {"n": state["round"]}
    return ("GL_KYOKU_OF" if settings["rounds"] else "GL_KYOKU"), {"n": state["round"] + 1, "of": settings["rounds"]}


def is_over(state):
    return state["over"]


def standings(state):
    """Highest total first; equal totals share the place (1, 1, 3)."""
    from core.ranking import by_place, places
    return by_place(places(state["totals"]))
