# 株ドボン on the phones: every player's 周回, die and next deal size, the points, the parent, the
# last result itemised ①..⑩ as the device shows it, and the two hands of a dobon the device has
# open, each entered on its own seat's phone (docs/phones.md).

# No ACTS, turn() or mine(): a dobon is started on the panel or from the winner's phone (opens,
# open_result); the hands come through ui/hands.py and kinds/kabu/hands.py.


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


def opens(vo, seat, mine):
    """The seat's own phone starts a dobon or a gaeshi it won (naming the loser), its own 4枚揃い,
    or a 起こし札 or 山切れ: the panel opens the entry there, the hands come from the phones."""
    t = vo.t
    others = [[i, vo.name(i)] for i in range(vo.state()["seats"]) if i != seat]
    for what, sid, who in (("dobon", "KB_dobon", "KB_loser"), ("gaeshi", "KB_gaeshi_end", "KB_L_GAESHI")):
        mine["forms"].append({"id": "open_" + what, "label": t(sid), "submit": t("PH_OPEN"),
                              "ev": {"t": "open", "what": what, "seat": seat},
                              "fields": [{"key": "loser", "label": t(who), "choices": others}]})
    # the rarer endings: a button each (its holder's own 4枚揃い; 起こし札 and 山切れ ask every hand)
    for what, sid in (("four", "KB_four"), ("okoshi", "KB_okoshi"), ("deckout", "KB_deckout")):
        mine["forms"].append({"id": "open_" + what, "label": "", "submit": t(sid),
                              "ev": {"t": "open", "what": what, "seat": seat}, "fields": []})


def open_result(app, seat, ev):
    from core.errors import Refusal
    from kinds.kabu import entry
    what = ev.get("what")
    if what == "four":             # the holder's own: its hand from this phone
        f = entry.FourEntry(app)
        f.start()
        app.top().on_pick(seat)
        return
    if what in ("okoshi", "deckout"):
        app.push(entry.okoshi_form(app) if what == "okoshi" else entry.deckout_form(app))
        return
    DobonEntry = entry.DobonEntry
    loser = ev.get("loser")
    n = app.nseats()
    if ev.get("what") not in ("dobon", "gaeshi") or not isinstance(loser, int) or isinstance(loser, bool) \
            or not 0 <= loser < n or loser == seat:
        raise Refusal("E_PH_SEAT")
    e = DobonEntry(app, 1 if ev["what"] == "gaeshi" else 0)
    e.start()                  # the panel's own steps, so that back walks back through them
    e.pick_w(seat)
    if e.l is None:
        e.pick_l(loser)
