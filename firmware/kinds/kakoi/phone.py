# 囲将会ドボン on the phones: the totals, the last hand's payments (with their 2^n and the cap), who
# starts next, and the payers' hands of a result the device has open, each entered on its own
# seat's phone (docs/phones.md).

# No ACTS, turn() or mine(): a result is opened on the device; the hands come through ui/hands.py.


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
