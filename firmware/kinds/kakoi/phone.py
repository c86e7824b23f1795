# 囲将会ドボン on the phones: the totals, the last hand's payments (with their 2^n and the cap) and
# who starts next (docs/phones.md).

# Its phones only watch (no ACTS, turn() or mine()): the device enters every result.


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
