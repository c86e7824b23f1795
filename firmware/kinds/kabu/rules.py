# 株ドボン (kabu dobon) rules module: every player's laps and die, deal sizes, the parent, the match.
# Protocol: docs/architecture.md. Rules and decisions: docs/rules/kabu.md. Scoring: kinds/kabu/score.py.
#
# Events (seats 0-based, cards as kinds/kabu/cards.py codes 1..12):
#   {"t": "parent", "seat": s}                           first parent (before the first game only)
#   {"t": "dobon", "winner": w, "loser": l, "own": [..], "their": [..], "dobon_card": c,
#    "okoshi": c|null, "trumps": n|null, "gaeshi": k, "their_trumps": n|null, "minus2": true}
#   {"t": "okoshi", "okoshi": c, "winners": [w, ..], "hands": [[..] every seat's dealt hand],
#    "trumps": [n|null per seat], "minus2": true|false|[w, ..]}   dobon on the 起こし札
#                                                        (every seat may dobon: nobody loses)
#   {"t": "four", "seat": h, "hand": [..]}                four of a kind in h's dealt hand
#   {"t": "deckout", "sizes": [n per seat], "most": [..], "fewest": [..]}
#   {"t": "draw"}                                          a drawn game
#   {"t": "end"}                                           stop the match here

from core.errors import Refusal
from kinds.kabu import cards as kc
from kinds.kabu import score as ks

KIND = "kabu"
SEATS = (2, 6)
LENGTHS = ("seats", "games", "stop")


# Declared once (core/settings.py): key, default, type, range, label text id, shown only if.
# length "seats": as many games as seats; "games": settings["games"] games; "stop": until "end".
# minus2_endings: the winner's −2 also after four of a kind and a deck-out (not a dobon).
SETTINGS = (
    ("length", "seats", "choice", LENGTHS, "S_kabu_length", None),
    ("games", 6, "int", (1, 99, 1), "S_kabu_games", ("length", "games")),
    ("minus2_endings", False, "bool", None, "S_kabu_minus2_endings", None),
)


def default_settings():
    from core.settings import defaults
    return defaults(SETTINGS)


def check_settings(settings, nseats):
    from core.settings import check
    check(SETTINGS, SEATS, settings, nseats)


def _target(settings, nseats):
    # settings are complete: the engine fills in the defaults (engine.settle, journal)
    length = settings["length"]
    if length == "seats":
        return nseats
    if length == "games":
        return settings["games"]
    return 0


def initial_state(settings, nseats):
    return {
        "seats": nseats,
        "laps": [0] * nseats,
        "pips": [0] * nseats,     # 0..5; the die shows face 6 for 0
        "face": [6] * nseats,
        "points": [0] * nseats,   # 6 × laps + pips
        "deal": [4] * nseats,     # cards dealt to each player next game: 4 + pips
        "parent": 0,
        "games": 0,               # games finished (draws included)
        "target": _target(settings, nseats),   # 0: until stopped
        "over": False,
    }


def progress(settings, state, over):
    """Where the match is, for the saved-games list: (text id, values); finished: games played."""
    if over:
        return "GL_GAMES", {"n": state["games"]}
    return ("GL_GAME_OF" if state["target"] else "GL_GAME"), {"n": state["games"] + 1, "of": state["target"]}


def is_over(state):
    return state["over"]


def standings(state):
    """Fewest points wins; in seat order, equal points share the place."""
    from core.ranking import places
    return places(state["points"], lower_wins=True)


# ------------------------------------------------------------------------------- helpers

def _seat(state, s, field="seat"):
    if not isinstance(s, int) or isinstance(s, bool) or s < 0 or s >= state["seats"]:
        raise Refusal("E_KABU_SEAT", {"seat": s if isinstance(s, int) else -1})
    return s


def _bool(ev, key, default):
    v = ev.get(key, default)
    if v is not True and v is not False:
        raise Refusal("E_KABU_VALUE", {"field": key})
    return v


def _cards(x, field, other=False):
    """Card codes of a list of codes or names; other=True: 他 (0, "他") allowed too."""
    if not isinstance(x, list):
        raise Refusal("E_KABU_VALUE", {"field": field})
    out = []
    for c in x:
        if other and (c == "他" or (c == kc.OTHER and not isinstance(c, bool))):
            out.append(kc.OTHER)
        else:
            out.append(kc.code_of(c) if isinstance(c, str) else kc.check_card(c))
    return out


def _set_player(state, i, laps, pips):
    state["laps"][i] = laps
    state["pips"][i] = pips
    state["face"][i] = 6 if pips == 0 else pips
    state["points"][i] = 6 * laps + pips
    state["deal"][i] = ks.deal_size(pips)


def _charge(state, i, points):
    laps, pips = ks.add_points(state["laps"][i], state["pips"][i], points)
    _set_player(state, i, laps, pips)


def _minus2(state, i, take):
    laps, pips, d = ks.privilege(state["laps"][i], state["pips"][i], take)
    _set_player(state, i, laps, pips)
    return d


def _finish(state, kind, out):
    state["games"] += 1
    if state["target"] and state["games"] >= state["target"]:
        state["over"] = True
    out["kind"] = kind
    out["game"] = state["games"]
    out["parent"] = state["parent"]
    out["points"] = list(state["points"])
    out["laps"] = list(state["laps"])
    out["pips"] = list(state["pips"])
    out["deal"] = list(state["deal"])
    out["over"] = state["over"]
    return out


def _fewest_first(state, seats, old_parent):
    """Among `seats`, the one with the fewest points; ties: first clockwise after the old parent."""
    n = state["seats"]
    best = None
    for k in range(1, n + 1):
        s = (old_parent + k) % n
        if s in seats and (best is None or state["points"][s] < state["points"][best]):
            best = s
    return best


# --------------------------------------------------------------------------------- events

def _dobon(state, ev, settings):
    w = _seat(state, ev.get("winner"))
    l = _seat(state, ev.get("loser"))
    if w == l:
        raise Refusal("E_KABU_SAME_SEAT", {"seat": w})
    take = _bool(ev, "minus2", True)
    case = {"own": ev.get("own"), "their": ev.get("their"), "dobon_card": ev.get("dobon_card"),
            "okoshi": ev.get("okoshi"), "trumps": ev.get("trumps"), "gaeshi": ev.get("gaeshi", 0),
            "their_trumps": ev.get("their_trumps")}
    sc = ks.score(case)
    _charge(state, l, sc["total"])
    d = _minus2(state, w, take)
    state["parent"] = l
    out = {"winner": w, "loser": l, "score": sc, "minus2": d}
    t = case["trumps"]
    if isinstance(t, int) and t >= 2 and not [1 for it in sc["breakdown"] if it["item"] == 2]:
        out["no2"] = 1         # a gaeshi on trumps all shown: ② gives nothing (said, not left out)
    return _finish(state, "dobon", out)


def _takers(state, ev, winners):
    """Who takes the −2 after a dobon on the 起こし札: "minus2" true (all of them, the default),
    false (none), or a list of the seats among the winners that take it."""
    m2 = ev.get("minus2", True)
    if m2 is True:
        return winners
    if m2 is False:
        return []
    if not isinstance(m2, list):
        raise Refusal("E_KABU_VALUE", {"field": "minus2"})
    for s in m2:
        if _seat(state, s) not in winners or m2.count(s) > 1:
            raise Refusal("E_KABU_VALUE", {"field": "minus2"})
    return m2


def _okoshi(state, ev, settings):
    # Every seat may be among the winners: then nobody loses and no points move (only the −2).
    n = state["seats"]
    okoshi = ev.get("okoshi")
    if okoshi is None:
        raise Refusal("E_KABU_VALUE", {"field": "okoshi"})
    okoshi = kc.code_of(okoshi) if isinstance(okoshi, str) else kc.check_card(okoshi)
    winners = _winners(state, ev.get("winners"))
    hands = _dealt_hands(ev.get("hands"), n)
    trumps = ev.get("trumps")
    if trumps is None:
        trumps = [None] * n
    if not isinstance(trumps, list) or len(trumps) != n:
        raise Refusal("E_KABU_VALUE", {"field": "trumps"})
    take = _takers(state, ev, winners)
    _check_deal(state, okoshi, hands)
    for w in winners:
        # checked here too: with every seat a winner no pair below is scored
        _check_winner(hands[w], trumps[w], okoshi)
    totals = [0] * n
    pairs = _score_pairs(hands, trumps, winners, okoshi, totals)
    for l in range(n):
        if totals[l]:
            _charge(state, l, totals[l])
    reduced = [0] * n
    for w in winners:
        reduced[w] = _minus2(state, w, w in take)
    old = state["parent"]
    state["parent"] = _fewest_first(state, winners, old)
    return _finish(state, "okoshi", {"winners": sorted(winners), "pairs": pairs, "totals": totals,
                                     "minus2": reduced})


def _winners(state, winners):
    """The seats that dobon'd on the 起こし札: at least one, each once."""
    if not isinstance(winners, list) or not winners:
        raise Refusal("E_KABU_WINNERS", {})
    for w in winners:
        _seat(state, w)
        if winners.count(w) > 1:
            raise Refusal("E_KABU_WINNERS", {})
    return winners


def _dealt_hands(hands, n):
    if not isinstance(hands, list) or len(hands) != n:
        raise Refusal("E_KABU_VALUE", {"field": "hands"})
    return [_cards(h, "hands") for h in hands]


def _check_deal(state, okoshi, hands):
    """The cards a deck holds, and every hand as large as its seat's deal."""
    allc = [okoshi]
    for h in hands:
        allc = allc + h
    kc.check_counts(allc)
    for i in range(len(hands)):
        if len(hands[i]) != state["deal"][i]:
            raise Refusal("E_KABU_DEAL_SIZE", {"seat": i, "size": len(hands[i]), "deal": state["deal"][i]})


def _check_winner(hand, tw, okoshi):
    """A winner's hand dobons on the 起こし札, with 1..len(hand) trumps shown or None."""
    if not kc.can_dobon(hand, okoshi):
        raise Refusal("E_KABU_NO_DOBON", {"sum": kc.hand_sum(hand), "card": kc.LABELS[okoshi]})
    if tw is not None and (not isinstance(tw, int) or isinstance(tw, bool) or tw < 1 or tw > len(hand)):
        raise Refusal("E_KABU_TRUMPS", {"trumps": tw if isinstance(tw, int) else -1, "max": len(hand)})


def _score_pairs(hands, trumps, winners, okoshi, totals):
    """Every loser against every winner, scored as a dobon on the 起こし札; each loser's total
    added into `totals`."""
    pairs = []
    for l in range(len(hands)):
        if l in winners:
            continue
        for w in winners:
            sc = ks.score({"own": hands[w], "their": hands[l], "dobon_card": okoshi, "okoshi": okoshi,
                           "on_okoshi": True, "trumps": trumps[w], "gaeshi": 0})
            sc["winner"] = w
            sc["loser"] = l
            pairs.append(sc)
            totals[l] += sc["total"]
    return pairs


def _four(state, ev, settings):
    h = _seat(state, ev.get("seat"))
    hand = _cards(ev.get("hand"), "hand", True)   # beside the four, 他 for what scores nothing
    sc = ks.four_kind(hand, state["deal"][h])
    for i in range(state["seats"]):
        if i != h:
            _charge(state, i, sc["total"])
    d = 0
    if settings["minus2_endings"]:
        d = _minus2(state, h, _bool(ev, "minus2", True))
    state["parent"] = h
    return _finish(state, "four", {"holder": h, "score": sc, "minus2": d})


def _deckout(state, ev, settings):
    sizes = ev.get("sizes")
    if not isinstance(sizes, list) or len(sizes) != state["seats"]:
        raise Refusal("E_KABU_VALUE", {"field": "sizes"})
    most = ev.get("most", [])
    fewest = ev.get("fewest", [])
    most = _cards(most, "most", True)        # a deck-out counts only sizes, 十, 赤ピン and 魂四:
    fewest = _cards(fewest, "fewest", True)  # the rest may be entered as 他 (0)
    sc = ks.deck_out(sizes, most, fewest)
    if sc["draw"]:
        return _finish(state, "draw", {"reason": "deckout", "sizes": list(sizes)})
    l = sc["loser"]
    w = sc["winner"]
    _charge(state, l, sc["total"])
    d = 0
    if settings["minus2_endings"]:
        d = _minus2(state, w, _bool(ev, "minus2", True))
    state["parent"] = l
    return _finish(state, "deckout", {"winner": w, "loser": l, "score": sc, "minus2": d})


def apply(state, ev, settings):
    if not isinstance(ev, dict):
        raise Refusal("E_KABU_EVENT", {"t": "?"})
    t = ev.get("t")
    if t == "parent":
        if state["games"]:
            raise Refusal("E_KABU_PARENT_LATE", {})
        state["parent"] = _seat(state, ev.get("seat"))
        return None
    if t not in ("dobon", "okoshi", "four", "deckout", "draw", "end"):
        raise Refusal("E_KABU_EVENT", {"t": str(t)[:12]})
    if state["over"]:
        raise Refusal("E_KABU_OVER", {})
    if t == "dobon":
        return _dobon(state, ev, settings)
    if t == "okoshi":
        return _okoshi(state, ev, settings)
    if t == "four":
        return _four(state, ev, settings)
    if t == "deckout":
        return _deckout(state, ev, settings)
    if t == "draw":
        return _finish(state, "draw", {"reason": "draw"})
    state["over"] = True
    return {"kind": "end", "game": state["games"], "points": list(state["points"]), "over": True}
