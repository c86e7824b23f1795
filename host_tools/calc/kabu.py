# 株ドボン score calculator: one JSON case on stdin -> one JSON result on stdout (docs/calc-kabu.md).
#   echo '{"own":["三","三","二"],"their":["四","五"],"dobon_card":"八","trumps":3,"gaeshi":0}' \
#       | python -m host_tools.calc kabu
# Exit 0 with {"total", "laps", "pips", "subtotal", "breakdown"}; exit 2 with {"error": "..."}.
import json
import sys

from host_tools import _paths  # noqa: F401  (firmware/ on sys.path)
from scoreboard import kabu_score as ks
from scoreboard.errors import Refusal
from scoreboard.msg_kabu import MESSAGES

MARKS = {1: "①", 2: "②", 3: "③", 4: "④", 5: "⑤", 6: "⑥", 7: "⑦", 8: "⑧", 9: "⑨", 10: "⑩"}
FIELDS = ("own", "their", "dobon_card", "okoshi", "trumps", "gaeshi", "on_okoshi", "their_trumps")


def _name(label):
    for c in ks.CODES:
        if ks.LABELS[c] == label:
            return ks.NAMES[c]
    return label


def describe(r):
    """English text of a refusal, cards written by their Japanese names."""
    info = {}
    for k, v in r.info.items():
        info[k] = _name(v) if k in ("card", "okoshi") and isinstance(v, str) else v
    text = MESSAGES.get(r.msg_id, (r.msg_id, r.msg_id))[0]
    for k, v in info.items():
        text = text.replace("{" + k + "}", str(v))
    return "%s: %s" % (r.msg_id, text)


def calculate(case):
    """The calculator's result for one case dict (raises Refusal)."""
    if not isinstance(case, dict):
        raise Refusal("E_KABU_VALUE", {"field": "case"})
    args = {}
    for k in FIELDS:
        if k in case:
            args[k] = case[k]
    if args.get("gaeshi") is None:
        args["gaeshi"] = 0
    res = ks.score(args)
    for it in res["breakdown"]:
        it["mark"] = MARKS[it["item"]]
    return res


def _emit(obj, stream):
    data = (json.dumps(obj, ensure_ascii=False, sort_keys=True) + "\n").encode("utf-8")
    stream.buffer.write(data) if hasattr(stream, "buffer") else stream.write(data.decode("utf-8"))
    stream.flush()


def main(argv=None):
    argv = [] if argv is None else argv
    if argv and argv[0] in ("-h", "--help"):
        sys.stdout.write("usage: python -m host_tools.calc kabu < case.json   (see docs/calc-kabu.md)\n")
        return 0
    raw = sys.stdin.buffer.read().decode("utf-8") if hasattr(sys.stdin, "buffer") else sys.stdin.read()
    try:
        case = json.loads(raw)
    except ValueError as e:
        _emit({"error": "E_KABU_JSON: input is not JSON (%s)" % e}, sys.stdout)
        return 2
    try:
        res = calculate(case)
    except Refusal as r:
        _emit({"error": describe(r), "id": r.msg_id}, sys.stdout)
        return 2
    _emit(res, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
