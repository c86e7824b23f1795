# 掛け引きほーるでむ in the report: rounds with the pot, the predictions in the details CSV.
from host_tools.records.report.text import _join, _name, _names, _num, _pick, _yes, tr

ROUND_WORD = ("Round", "回")
SCORE_WORD = None
COLUMNS = (["round", "parent", "winners", "share each", "pot left", "sign deck reshuffled",
            "judge deck reshuffled"], ["held", "net", "success"])
PER = ["hold", "net", "success"]
PREDICTION = {"won": ("won", "的中"), "lost": ("lost", "外れ"), "folded": ("folded", "降りた"),
              None: ("open", "未決")}


def at_standings(o, state):
    """The round's `held` at the moment its `score` is counted (docs/export.md): the rules settle a
    round by starting the next one, its participation fee (1 dango each, into the 場) already paid,
    and the standings count the dango in hand then. The outcome's own `hold` is from before that
    fee: held + 2 x success would miss the score by the fee. After the last round there is no fee."""
    return dict(o, hold=list(state["hold"]))


def row(n, names, o):
    g = o.get
    return [g("round", n), _name(names, g("parent")), _names(names, g("winners")), _num(g("share")),
            _num(g("pot_left")), _yes(g("sign_shuffle")), _yes(g("judge_shuffle"))]


def detail_rows(n, names, o):
    """One row per prediction."""
    return [[n, "prediction", _name(names, p.get("by")), _name(names, p.get("on")), "", "",
             _num(p.get("v")), "", _num(p.get("got")), _pick(PREDICTION.get(p.get("res"), ("?", "?")), "en")]
            for p in o.get("preds") or []]


def details(names, o, lang):
    out = []
    nm = lambda i: _name(names, i)    # noqa: E731
    w = o.get("winners") or []
    out.append("%s%s%s" % (tr("winners" if len(w) > 1 else "winner", lang, a=_join(names, w, lang)),
                           "、" if lang == "ja" else ", ", tr("share", lang, v=o.get("share"))))
    if o.get("pot_left"):
        out.append(tr("pot_left", lang, v=o.get("pot_left")))
    for p in o.get("preds") or []:
        s = tr("prediction", lang, a=nm(p.get("by")), b=nm(p.get("on")), v=p.get("v"),
               res=_pick(PREDICTION.get(p.get("res"), ("?", "?")), lang))
        if p.get("got") is not None:
            s += ("、" if lang == "ja" else ", ") + tr("got", lang, v=p.get("got"))
        out.append(s)
    if o.get("sign_shuffle"):
        out.append(tr("reshuffle_sign", lang))
    if o.get("judge_shuffle"):
        out.append(tr("reshuffle_judge", lang))
    return out
