# タリー's rules: each round one player takes a point; the first to `target` points wins.
from core.errors import Refusal

KIND = "tally"
SEATS = (2, 3)
SETTINGS = (("target", 3, "int", (1, 9, 1), "S_tally_target", None),)   # core/settings.py


def default_settings():
    from core.settings import defaults
    return defaults(SETTINGS)


def check_settings(settings, nseats):
    from core.settings import check
    check(SETTINGS, SEATS, settings, nseats)


def initial_state(settings, nseats):
    return {"n": nseats, "points": [0] * nseats, "round": 0, "over": False}


def apply(state, ev, settings):
    if state["over"]:
        raise Refusal("E_GAME_OVER")
    t = ev.get("t")
    if t == "end":
        state["over"] = True
        return None
    if t != "point":
        raise Refusal("E_BAD_EVENT")
    seat = ev.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state["n"]:
        raise Refusal("E_BAD_SEAT")
    state["points"][seat] += 1
    state["round"] += 1
    if state["points"][seat] >= settings["target"]:
        state["over"] = True
    return {"round": state["round"], "winner": seat, "points": list(state["points"])}


def is_over(state):
    return state["over"]


def standings(state):
    from core.ranking import by_place, places
    return by_place(places(state["points"]))
