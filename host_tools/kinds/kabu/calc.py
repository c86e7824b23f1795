# 株ドボン score calculator: one JSON case on stdin -> one JSON result on stdout (docs/calc-kabu.md).
#   echo '{"own":["三","三","二"],"their":["四","五"],"dobon_card":"八","trumps":3,"gaeshi":0}' \
#       | python -m host_tools.records.calc kabu
# Exit 0 with {"total", "laps", "pips", "subtotal", "breakdown"}; exit 2 with {"error": "..."}.
import sys

from host_tools import _paths  # noqa: F401  (firmware/ on sys.path)
from host_tools import cli_io
from kinds.kabu import cards as kc
from kinds.kabu import score as ks
from core.errors import Refusal
from kinds.kabu.texts import MESSAGES

MARKS = {1: "①", 2: "②", 3: "③", 4: "④", 5: "⑤", 6: "⑥", 7: "⑦", 8: "⑧", 9: "⑨", 10: "⑩"}
FIELDS = ("own", "their", "dobon_card", "okoshi", "trumps", "gaeshi", "on_okoshi", "their_trumps")


def _name(label):
    for c in kc.CODES:
        if kc.LABELS[c] == label:
            return kc.NAMES[c]
    return label


def describe(r):
    """English text of a refusal, cards written by their Japanese names."""
    info = {}
    for k, v in r.info.items():
        info[k] = _name(v) if k in ("card", "okoshi") and isinstance(v, str) else v
    text = MESSAGES.get(r.msg_id, (r.msg_id, r.msg_id))[0]
    for k, v in info.items():
        text = text.replace("{" + k + "}", cli_io.excerpt(str(v)))   # input values: a short quote
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


def main(argv=None):
    argv = [] if argv is None else argv
    if argv and argv[0] in ("-h", "--help"):
        sys.stdout.write("usage: python -m host_tools.records.calc kabu < case.json   (see docs/calc-kabu.md)\n")
        return 0
    try:
        case = cli_io.load_json(cli_io.read_stdin_text())
    except cli_io.InputError as e:
        return cli_io.error("E_KABU_JSON: %s" % e)
    try:
        res = calculate(case)
    except Refusal as r:
        return cli_io.error(describe(r), id=r.msg_id)
    cli_io.emit(res)
    return 0


main = cli_io.guarded(main)


if __name__ == "__main__":
    from host_tools.cli_io import run_command
    sys.exit(run_command(main, sys.argv[1:]))
