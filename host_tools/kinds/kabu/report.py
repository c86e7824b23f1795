# 株ドボン in the report: games with their ending, the score items in the details CSV (the item
# labels are the device's: KB_I1..12 of firmware/kinds/kabu/texts.py).
from host_tools.records.report.text import _name, _names, _num, _pick, tr
from core import registry

ROUND_WORD = ("Game", "戦")
SCORE_WORD = None
COLUMNS = (["game", "ending", "winner", "loser", "points", "next parent"], ["points", "laps", "pips", "deal"])
PER = ["points", "laps", "pips", "deal"]
ENDING = {"dobon": ("Dobon", "ドボン"), "okoshi": ("Dobon on the first card", "起こし札ドボン"),
          "four": ("Four of a kind", "4枚揃い"), "deckout": ("Deck ran out", "山切れ"),
          "draw": ("Drawn game", "流局")}
CIRCLED = "⓪①②③④⑤⑥⑦⑧⑨⑩⑪⑫"
# This game's words of the details column: key -> (English, 日本語)
WORDS = {"total": ("{t} points to {a}", "{a}に{t}点"), "pair": ("{a}'s dobon", "{a}のドボン"),
         "each": ("{t} points to every other player", "ほかの全員に{t}点ずつ")}


def item(n, lang):
    """Score item n (1..12) in the device's words: KB_I<n> of the game's texts."""
    pair = registry.module(registry.texts("kabu")).MESSAGES.get("KB_I%s" % (n,), ("?", "?"))
    return _pick(pair, lang)


def row(n, names, o):
    g = o.get
    ending = g("kind")
    if ending == "okoshi":
        w, l, pts = _names(names, g("winners")), "", sum(_num(p.get("total")) or 0 for p in g("pairs") or [])
    else:
        w, l = _name(names, g("winner", g("holder"))), _name(names, g("loser"))
        pts = _num((g("score") or {}).get("total")) if isinstance(g("score"), dict) else ""
    return [g("game", n), ending or "", w, l, pts, _name(names, g("parent"))]


def detail_rows(n, names, o):
    """Score items (once, from the payer or from nobody) and one total per payer."""
    out = []
    scores = []
    if isinstance(o.get("score"), dict) and "holder" in o:
        # four of a kind: every other player takes the holder's total; the items once, from nobody
        h = o.get("holder")
        scores.append(([i for i in range(len(names)) if i != h], h, o["score"]))
    elif isinstance(o.get("score"), dict):
        scores.append(([o.get("loser")], o.get("winner"), o["score"]))
    for p in o.get("pairs") or []:
        scores.append(([p.get("loser")], p.get("winner"), p))
    for payers, to, sc in scores:
        one = _name(names, payers[0]) if len(payers) == 1 else ""
        for it in sc.get("breakdown") or []:
            num = it.get("item")
            out.append([n, "score item", one, _name(names, to), _num(num), item(num, "en"),
                        _num(it.get("points")), _num(it.get("factor")), "", ""])
        for payer in payers:
            out.append([n, "score total", _name(names, payer), _name(names, to), "", "", "", "",
                        _num(sc.get("total")), ""])
    return out


def details(names, o, lang):
    out = []
    nm = lambda i: _name(names, i)    # noqa: E731
    out.append(_pick(ENDING.get(o.get("kind"), ("?", "?")), lang))
    if "winner" in o and "loser" in o:
        out.append("%s%s%s" % (tr("winner", lang, a=nm(o["winner"])), "、" if lang == "ja" else ", ",
                               tr("loser", lang, a=nm(o["loser"]))))
    if "holder" in o:
        out.append(tr("holder", lang, a=nm(o["holder"])))
    if isinstance(o.get("score"), dict):
        payer = o.get("loser") if "loser" in o else None
        out.append(_score(o["score"], lang, nm(payer) if payer is not None else None))
    for p in o.get("pairs") or []:
        out.append("%s%s%s" % (tr("pair", lang, WORDS, a=nm(p.get("winner"))), "：" if lang == "ja" else ": ",
                               _score(p, lang, nm(p.get("loser")))))
    m2 = o.get("minus2")
    if isinstance(m2, int) and m2 and "winner" in o:
        out.append(tr("minus2", lang, a=nm(o["winner"])))
    elif isinstance(m2, list):
        for i, d in enumerate(m2):
            if d:
                out.append(tr("minus2", lang, a=nm(i)))
    return out


def _score(sc, lang, payer):
    parts = []
    for it in sc.get("breakdown") or []:
        n = it.get("item", 0)
        lab = item(n, lang)
        mark = CIRCLED[n] if isinstance(n, int) and 0 <= n < len(CIRCLED) else "?"
        gap = "" if lang == "ja" else " "
        if "points" in it:
            parts.append("%s%s%s %+d" % (mark, gap, lab, it["points"]))
        else:
            parts.append("%s%s%s ×%s" % (mark, gap, lab, it.get("factor")))
    total = sc.get("total")
    tail = tr("total", lang, WORDS, t=total, a=payer) if payer is not None else tr("each", lang, WORDS, t=total)
    return "%s = %s" % (("、" if lang == "ja" else ", ").join(parts), tail)
