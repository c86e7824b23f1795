# 掛け引きほーるでむ on the phones: every dial (or 降り), the pot, the parent (an item: a sixth column does
# not fit an English phone), whose turn, the phase and the reshuffles; a secret prediction only on its predictor's phone, and entered there (docs/phones.md).
from kinds.kakehiki.rules import seats_in

# what a phone may send, and the field naming its seat: the seat's own turn's actions, as the
# panel's bar offers them, and its secret prediction
ACTS = {"predict": "p", "raise": "p", "call": "p", "check": "p", "fold": "p"}


def turn(s):
    return s["turn"]


def sections(vo, last):
    t = vo.t
    s = vo.state()
    n = s["n"]
    hidden = {}
    for pr in s["preds"]:
        if pr["res"] is None:
            hidden[pr["by"]] = True      # never the target or value before the reveal
    rows = []
    for i in range(n):
        dial = t("PH_KH_OUT") if s["out"][i] else str(s["dial"][i])
        rows.append([vo.name(i), dial, str(s["hold"][i]), "★%d" % s["success"][i],
                     "●" if i in hidden else ""])
    items = [[t("PH_KH_PHASE"), t("KH_" + s["phase"])], [t("BIG_POT"), str(s["pot"])],
             [t("PH_KH_PARENT"), vo.name(s["parent"])]]
    if s["turn"] is not None:
        items.append([t("PH_TURN"), vo.name(s["turn"])])
    items.append([t("PH_KH_SHUFFLES"), t("PH_KH_DECKS", {"j": s["judge_shuffles"], "s": s["sign_shuffles"]})])
    out = [{"items": items},
           {"cols": [t("PH_KH_PLAYER"), t("PH_KH_DIAL"), t("PH_KH_HOLD"), "★", ""],
            "rows": rows, "hl": [] if s["turn"] is None else [s["turn"]]}]
    shown = []
    for pr in s["preds"]:
        if pr["res"] is not None:
            shown.append(t("KH_PRED_RES", {"by": vo.name(pr["by"]), "on": vo.name(pr["on"]), "v": pr["v"],
                                           "res": t("KH_PRED_" + pr["res"])}))
    if shown:
        out.append({"head": t("PH_KH_PREDS"), "lines": shown})
    if last is not None:
        from kinds.kakehiki.screens import result_lines
        out.append({"head": t("PH_LAST"), "lines": result_lines(vo, last)})
    return out


def mine(vo, seat, mine):
    """The seat's own: its hidden predictions, and the prediction form when it is its turn."""
    t = vo.t
    s = vo.state()
    for pr in s["preds"]:
        if pr["by"] == seat and pr["res"] is None:
            mine["lines"].append(t("PH_KH_MY_PRED", {"on": vo.name(pr["on"]), "v": pr["v"]}))
    if s["turn"] != seat:
        return
    from kinds.kakehiki.screens import BETTING, legal_actions
    from kinds.kakehiki.rules import top_dial
    if s["phase"] in BETTING:
        acts = legal_actions(vo, s)
        for a in acts:
            # a form with no field is its button alone (a heading would repeat it); only 降りる
            # says why, as the panel's bar does (「1個では2に届かない」)
            why = t("KH_FOLD_WHY", {"hold": s["hold"][seat], "need": top_dial(s)}) if len(acts) == 1 else ""
            form = {"id": a, "label": why, "submit": t("KH_" + a), "ev": {"t": a, "p": seat}, "fields": []}
            if a == "raise":
                hi = min(vo.game.settings["dial_max"], s["hold"][seat])
                lo = top_dial(s) + 1
                form["label"] = t("KH_raise")
                form["fields"] = [{"key": "v", "label": t("PH_KH_DIAL"), "min": lo, "max": hi, "value": lo}]
            mine["forms"].append(form)
        return
    if s["phase"] != "predict":
        return
    hi = min(vo.game.settings["dial_max"], s["hold"][seat])
    mine["forms"].append({
        "id": "predict", "label": t("KH_PRED_TITLE", {"name": vo.name(seat)}), "submit": t("PH_KH_PREDICT"),
        "ev": {"t": "predict", "p": seat},
        "fields": [{"key": "on", "label": t("KH_PRED_WHO"), "choices": [[i, vo.name(i)] for i in seats_in(s)]},
                   {"key": "v", "label": t("PH_KH_DANGO"), "min": 0, "max": max(hi, 0), "value": 1 if hi >= 1 else 0}]})
