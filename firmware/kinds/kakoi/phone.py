# 囲将会ドボン on the phones: the totals, the last hand's payments (with their 2^n and the cap), who
# starts next, and the payers' hands of a result the device has open, each entered on its own
# seat's phone (docs/phones.md).

# No ACTS, turn() or mine(): a dobon, 天和 or ツモ上がり is started on the panel or from its phone
# (opens, open_result); the hands come through ui/hands.py and kinds/kakoi/hands.py.


def sections(vo, last):
    t = vo.t
    s = vo.state()
    rows = [[vo.name(i), t("PTS", {"n": s["totals"][i]})] for i in range(s["n"])]
    out = [{"items": [[t("PH_KK_STARTER"), vo.name(s["starter"])]]},
           {"cols": [t("PH_KK_PLAYER"), t("PH_KK_TOTAL")], "rows": rows, "hl": [s["starter"]]}]
    if last is not None:
        from kinds.kakoi.lines import lines
        out.append({"head": t("PH_LAST"), "lines": lines(vo, last)})
    return out


def opens(vo, seat, mine):
    """The caller's own phone starts its dobon (naming who played the card) or its 天和, or its
    ツモ上がり (naming the last card); the panel opens the entry there, and the hands come from the
    phones."""
    t = vo.t
    others = [[i, vo.name(i)] for i in range(vo.state()["n"]) if i != seat]
    mine["forms"].append({"id": "open_dobon", "label": t("KK_dobon"), "submit": t("PH_OPEN"),
                          "ev": {"t": "open", "what": "dobon", "seat": seat},
                          "fields": [{"key": "by", "label": t("KK_by"), "choices": others}]})
    mine["forms"].append({"id": "open_tenhou", "label": "", "submit": t("KK_tenhou"),
                          "ev": {"t": "open", "what": "tenhou", "seat": seat}, "fields": []})
    from kinds.kakoi import score as kk
    ranks = [r for r in kk.RANKS if r != "JOKER" or vo.game.settings.get("jokers")]
    mine["forms"].append({"id": "open_tsumo", "label": t("KK_tsumo"), "submit": t("PH_OPEN"),
                          "ev": {"t": "open", "what": "tsumo", "seat": seat},
                          "fields": [{"key": "card", "label": t("KK_last"),
                                      "choices": [[r, "JK" if r == "JOKER" else r] for r in ranks]}]})


def open_result(app, seat, ev):
    from core.errors import Refusal
    from kinds.kakoi.entry import RoundEntry
    what = ev.get("what")
    by = ev.get("by")
    n = app.nseats()
    if what == "dobon" and (not isinstance(by, int) or isinstance(by, bool) or not 0 <= by < n or by == seat):
        raise Refusal("E_PH_SEAT")
    if what not in ("dobon", "tenhou", "tsumo"):
        raise Refusal("E_PH_SEAT")
    if what == "tsumo":
        from kinds.kakoi import score as kk
        card = ev.get("card")
        if not isinstance(card, str) or card not in kk.VALUE:      # a card that exists, told short
            raise Refusal("E_KAKOI_RANK", {"rank": str(card)[:8]})
        kk.check_rank(card, app.game.settings.get("jokers"))
    e = RoundEntry(app, what)
    e.start()                  # the panel's own steps, so that back walks back through them
    if what == "dobon":
        e.pick_by(by)          # then who called: this seat (asked unless it is the only one)
    if type(app.top()).__name__ == "Step":
        app.top().on_pick(seat)
    if what == "tsumo":
        app.top().on_done(ev["card"])          # the last card, as the panel's grid picks it
