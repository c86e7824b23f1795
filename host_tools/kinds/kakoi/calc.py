# `python -m host_tools.records.calc kakoi`: 囲将会ドボン calculator. One JSON case on stdin, JSON on stdout.
# Case format: docs/calc-kakoi.md. Invalid case: exit status 2 and {"error": "..."}.
import json
import sys

from host_tools import _paths  # noqa: F401  (firmware/ on sys.path)
from host_tools import cli_io
from kinds.kakoi import score as kakoi_score
from core.errors import Refusal
from kinds.kakoi.texts import MESSAGES

SETTLE_KEYS = ("players", "type", "card", "by", "out", "winner", "starter", "hands", "calls",
               "cap", "jokers")
CALL_KEYS = ("who", "top", "answers")
# keys only one type of case takes: in another they are refused, not ignored (a stray "winner"
# in a dobon case is a mistake in the case)
TYPE_KEYS = {"tsumo": ("winner",), "dobon": ("by", "out", "calls"), "tenhou": ("starter", "calls")}
LEVEL_NAMES = {0: "tsumo", 1: "dobon"}


class CaseError(Exception):
    pass


def _rank(r):
    if isinstance(r, int) and not isinstance(r, bool):
        r = str(r)
    if isinstance(r, str):
        r = r.strip().upper()
        if r == "1":
            r = "A"
    return r


def _ranks(h, what):
    if not isinstance(h, list):
        raise CaseError("%s: expected a list of cards" % what)
    return [_rank(r) for r in h]


def _jokers(flag, cards):
    if flag is None:
        return "JOKER" in cards
    if flag is not True and flag is not False:
        raise CaseError("jokers: expected true or false")
    return flag


def do_check(case):
    if not isinstance(case, dict):
        raise CaseError("check: expected an object")
    for k in case:
        if k not in ("hand", "jokers"):
            raise CaseError("check: unknown key %s" % cli_io.excerpt(repr(k)))
    if "hand" not in case:
        raise CaseError("check: missing 'hand'")
    hand = _ranks(case["hand"], "check.hand")
    if not hand:
        raise CaseError("check.hand: the hand is empty")
    res = kakoi_score.targets(hand, _jokers(case.get("jokers"), hand))
    return {"hand": hand, "fields": res["fields"], "ways": res["ways"]}


def _names(players):
    if isinstance(players, int) and not isinstance(players, bool):
        if not 2 <= players <= kakoi_score.MAX_SEATS:
            raise CaseError("players: 2 to 6")
        return [str(i + 1) for i in range(players)]
    if not isinstance(players, list) or not 2 <= len(players) <= kakoi_score.MAX_SEATS:
        raise CaseError("players: a list of 2 to 6 names in seating order (or a number)")
    names = []
    for p in players:
        if isinstance(p, int) and not isinstance(p, bool):
            p = str(p)
        if not isinstance(p, str) or not p or p in names:
            raise CaseError("players: names must be distinct non-empty strings")
        names.append(p)
    return names


def do_settle(case):
    _check_settle_keys(case)
    names = _names(case["players"])
    kind = _settle_type(case)
    card = _rank(case["card"])
    hands, cards = _hands(case.get("hands", {}), names, card)
    jokers = _jokers(case.get("jokers"), cards)
    cap = case.get("cap", kakoi_score.CAP)
    ev = {"t": kind, "card": card, "hands": hands}
    _refuse_keys_of_other_types(case, kind)
    starter = 0
    if kind == "tsumo":
        if "winner" not in case:
            raise CaseError("settle: missing 'winner' (who went out)")
        ev["seat"] = _seat(names, case["winner"], "settle.winner")
    else:
        if kind == "dobon":
            _dobon_play(case, names, ev)
        elif "starter" in case:
            starter = _seat(names, case["starter"], "settle.starter")
        ev["calls"] = _calls(case.get("calls"), names)
    res = kakoi_score.settle(len(names), ev, cap, jokers, starter)
    return _settled(kind, names, res)


def _check_settle_keys(case):
    if not isinstance(case, dict):
        raise CaseError("settle: expected an object")
    for k in case:
        if k not in SETTLE_KEYS:
            raise CaseError("settle: unknown key %s" % cli_io.excerpt(repr(k)))
    if "players" not in case:
        raise CaseError("settle: missing 'players'")


def _seat(names, v, what):
    """A player named in the case, as a seat number; a bare number names the player of that name."""
    if isinstance(v, int) and not isinstance(v, bool):
        v = str(v)
    if v not in names:
        raise CaseError("%s: %s is not one of the players %s" % (what, cli_io.excerpt(repr(v)), cli_io.excerpt(repr(names))))
    return names.index(v)


def _settle_type(case):
    kind = case.get("type")
    if kind not in kakoi_score.KINDS:
        raise CaseError("settle.type: one of tsumo, dobon, tenhou")
    if "card" not in case:
        raise CaseError("settle: missing 'card' (%s)" % (
            "the going-out card" if kind == "tsumo" else "the card dobon'd on"))
    return kind


def _hands(hands_in, names, card):
    """The hands by seat (None for a player not given) and every card in the case, the jokers'
    default looks at them all."""
    if not isinstance(hands_in, dict):
        raise CaseError("settle.hands: an object {player: [cards]}")
    hands = [None] * len(names)
    cards = [card]
    for k in hands_in:
        i = _seat(names, k, "settle.hands")
        hands[i] = _ranks(hands_in[k], "settle.hands.%s" % k)
        cards.extend(hands[i])
    return hands, cards


def _refuse_keys_of_other_types(case, kind):
    for k in ("by", "out", "winner", "starter", "calls"):
        if k in case and k not in TYPE_KEYS[kind]:
            raise CaseError("settle: %s does not belong to a %s case" % (cli_io.excerpt(repr(k)), cli_io.excerpt(str(kind))))


def _dobon_play(case, names, ev):
    """Who played the card dobon'd on, and whether it was their last."""
    if "by" not in case:
        raise CaseError("settle: missing 'by' (who played the card)")
    ev["by"] = _seat(names, case["by"], "settle.by")
    ev["out"] = case.get("out", False)
    if ev["out"] is not True and ev["out"] is not False:
        raise CaseError("settle.out: expected true or false")


def _calls(calls, names):
    if not isinstance(calls, list) or not calls:
        raise CaseError("settle.calls: a non-empty list of dobon calls")
    return [_call(c, "settle.calls[%d]" % i, names) for i, c in enumerate(calls)]


def _call(c, what, names):
    """One dobon call; it answers the card itself unless it names the callers it answers."""
    if not isinstance(c, dict):
        raise CaseError(what + ": expected an object")
    for k in c:
        if k not in CALL_KEYS:
            raise CaseError("%s: unknown key %s" % (what, cli_io.excerpt(repr(k))))
    if "who" not in c or "top" not in c:
        raise CaseError(what + ": needs 'who' and 'top'")
    e = {"seat": _seat(names, c["who"], what + ".who"), "top": _rank(c["top"])}
    if "answers" in c:
        a = c["answers"]
        if not isinstance(a, list):
            a = [a]
        e["on"] = [_seat(names, x, what + ".answers") for x in a]
    else:
        e["on"] = "card"
    return e


def _settled(kind, names, res):
    """The engine's settlement with names for seats, each payment with its formula."""
    out = {"type": kind, "payments": [_payment(p, kind, names) for p in res["payments"]],
           "deltas": dict((names[i], res["deltas"][i]) for i in range(len(names))),
           "next": names[res["next"]]}
    if kind != "tsumo":
        out["calls"] = [{"who": names[c["seat"]], "top": c["top"], "level": c["level"],
                         "answers": "card" if c["on"] == "card" else [names[x] for x in c["on"]],
                         "ops": c["ops"], "answered_by": [names[x] for x in c["answered_by"]]}
                        for c in res["calls"]]
    return out


def _payment(p, kind, names):
    lv = p["level"]
    what = LEVEL_NAMES.get(lv, "gaeshi")
    if kind == "tenhou" and lv == 1:
        # level 1 is a dobon's; in a tenhou case that payment is the tenhou itself
        what = "tenhou"
    q = {"payer": names[p["payer"]], "receiver": names[p["receiver"]], "kind": what,
         "level": lv, "points": p["points"], "n28": p["n28"], "factor": p["factor"],
         "raw": p["raw"], "amount": p["amount"], "capped": p["capped"]}
    q["formula"] = "%d x 2^%d x %d = %d%s" % (
        p["points"], p["n28"], 1 << lv, p["raw"],
        (" -> cap %d" % p["amount"]) if p["capped"] else "")
    return q


def _refusal_text(r, names):
    info = dict(r.info)
    if names:
        for k in ("seat", "on"):
            v = info.get(k)
            if isinstance(v, int) and not isinstance(v, bool) and 0 <= v < len(names):
                info[k] = names[v]
    for k in info:
        if isinstance(info[k], (str, list, dict)):
            info[k] = cli_io.excerpt(info[k] if isinstance(info[k], str) else repr(info[k]))
    text = MESSAGES.get(r.msg_id, (r.msg_id,))[0]
    try:
        text = text.format(**info)
    except (KeyError, IndexError, ValueError):
        pass
    text = text.replace("\n", " ")
    if "what" in info:
        text += " (%s)" % info["what"]
    return "%s: %s" % (r.msg_id, text)


def run(case):
    if not isinstance(case, dict) or len(case) != 1 or not ("check" in case or "settle" in case):
        raise CaseError("a case is {\"check\": {...}} or {\"settle\": {...}}")
    if "check" in case:
        return do_check(case["check"])
    return do_settle(case["settle"])


def main(argv=None):
    argv = [] if argv is None else argv
    if argv:
        sys.stderr.write("usage: python -m host_tools.records.calc kakoi < case.json\n")
        return 2
    names = None
    try:
        try:
            case = cli_io.load_json(cli_io.read_stdin_text())
        except cli_io.InputError as e:
            raise CaseError("invalid JSON: %s" % e)
        if isinstance(case, dict) and isinstance(case.get("settle"), dict):
            try:
                names = _names(case["settle"].get("players"))
            except CaseError:
                names = None
        out = run(case)
    except CaseError as e:
        return cli_io.error(str(e))
    except Refusal as r:
        return cli_io.error(_refusal_text(r, names), id=r.msg_id)
    cli_io.emit(out)
    return 0


main = cli_io.guarded(main)


if __name__ == "__main__":
    from host_tools.cli_io import run_command
    sys.exit(run_command(main, sys.argv[1:]))
