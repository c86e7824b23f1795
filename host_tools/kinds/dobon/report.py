# ドボン in the report: rounds with their winner or why they were drawn; the standings count wins.
from host_tools.records.report.text import _name, _pick, tr

ROUND_WORD = ("Round", "回")
SCORE_WORD = ("Wins", "勝数")
COLUMNS = (["round", "winner", "result"], [])
PER = []
WORDS = {"won": ("{a} won the round", "{a}の勝ち")}   # this game's words of the details column
REASON = {"win": ("won", "勝ち"), "drawn": ("drawn round", "流局"), "actions": ("drawn: too many actions", "流局(手数切れ)")}


def row(n, names, o):
    g = o.get
    return [g("round", n), _name(names, g("winner")), g("reason", "")]


def details(names, o, lang):
    if o.get("winner") is not None:
        return [tr("won", lang, WORDS, a=_name(names, o.get("winner")))]
    return [_pick(REASON.get(o.get("reason"), ("?", "?")), lang)]
