# 株ドボン on the phones: every player's 周回, die and next deal size, the points, the parent, the
# last result itemised ①..⑩ as the device shows it, and the two hands of a dobon the device has
# open, each entered on its own seat's phone (docs/phones.md).

# No ACTS, turn() or mine(): a result is opened on the device; the hands come through ui/hands.py.


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
