# 株ドボン on the phones: every player's 周回, die and next deal size, the points, the parent, and the
# last result itemised ①..⑩ as the device shows it (docs/phones.md).

# Its phones only watch (no ACTS, turn() or mine()): the device enters every result.


def sections(vo, last):
    t = vo.t
    s = vo.state()
    rows = []
    for i in range(s["seats"]):
        rows.append([vo.name(i), str(s["laps"][i]), str(s["face"][i]), str(s["deal"][i]),
                     t("PTS", {"n": s["points"][i]})])
    out = [{"items": [[t("PH_KB_PARENT"), vo.name(s["parent"])]]},
           {"cols": [t("PH_KB_PLAYER"), t("PH_KB_LAPS"), t("PH_KB_DIE"), t("PH_KB_DEAL"), t("PH_KB_POINTS")],
            "rows": rows, "hl": [s["parent"]]}]
    if last is not None and last.get("kind") != "end":
        from kinds.kabu.review import lines
        out.append({"head": t("PH_LAST"), "lines": lines(vo, last)})
    return out
