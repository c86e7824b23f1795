# 囲将会ドボン in the report: rounds with their ending and who starts next, the payments in the
# details CSV.
from host_tools.records.report.text import _name, _num, _pick, tr

ROUND_WORD = ("Round", "局")
SCORE_WORD = None
COLUMNS = (["round", "ending", "next to start"], ["change"])
PER = ["deltas"]
ENDING = {"tsumo": ("Went out (tsumo)", "ツモ上がり"), "dobon": ("Dobon", "ドボン"), "tenhou": ("Tenhou", "天和")}


def row(n, names, o):
    g = o.get
    return [g("round", n), g("t", ""), _name(names, g("next"))]


def detail_rows(n, names, o):
    """One row per payment."""
    return [[n, "payment", _name(names, p.get("payer")), _name(names, p.get("receiver")), "", "",
             _num(p.get("points")), _num(p.get("factor")), _num(p.get("amount")), "capped" if p.get("capped") else ""]
            for p in o.get("payments") or []]


def details(names, o, lang):
    nm = lambda i: _name(names, i)    # noqa: E731
    out = [_pick(ENDING.get(o.get("t"), ("?", "?")), lang)]
    for p in o.get("payments") or []:
        s = tr("pays", lang, a=nm(p.get("payer")), b=nm(p.get("receiver")), v=p.get("amount")) + tr(
            "paren", lang, x=tr("calc", lang, p=p.get("points"), f=p.get("factor")))
        if p.get("capped"):
            s += " " + tr("capped", lang)
        out.append(s)
    return out
