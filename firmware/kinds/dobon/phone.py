# ドボン on the phones: the round wins, the pending draw from stacked 2s, the direction and whose turn
# (docs/phones.md).

# what a phone may send, and the field naming its seat (None: the player to move): its own round
# won, and on its turn a 2 (the pending draw) or, in 役札型, a J (the direction)
ACTS = {"win": "seat", "play": None}


def turn(s):
    return s["turn"]


def sections(vo, last):
    t = vo.t
    s = vo.state()
    items = [[t("PH_TURN"), vo.name(s["turn"])],
             [t("PH_DB_DIR"), t("L_DOBON_DIR_LEFT") if s["dir"] == 1 else t("L_DOBON_DIR_RIGHT")],
             [t("PH_DB_PENDING"), t("BIG_DRAW", {"n": s["pending"]}) if s["pending"] else t("NONE")]]
    rows = [[vo.name(i), t("PTS_dobon", {"n": s["wins"][i]})] for i in range(s["n"])]
    out = [{"items": items},
           {"cols": [t("PH_DB_PLAYER"), t("PH_DB_WINS")], "rows": rows, "hl": [s["turn"]]}]
    if last is not None and "wins" in last:
        won = t("L_DOBON_DRAWN") if last["winner"] is None else t("L_DOBON_WIN", {"seat": vo.name(last["winner"])})
        what = t("L_DOBON_ROUND", {"k": last["round"], "of": vo.game.settings["rounds"]})
        out.append({"head": t("PH_LAST"), "lines": [what, won]})
    return out


def mine(vo, seat, mine):
    t = vo.t
    s = vo.state()
    mine["forms"].append({"id": "win", "label": "", "submit": t("DB_win"),
                          "ev": {"t": "win", "seat": seat}, "fields": []})
    if s["turn"] != seat:
        return
    ranks = ["2"] + (["J"] if vo.game.settings.get("variant") == "action" else [])
    for r in ranks:
        label = t("DB_PLAY_CARD", {"r": r})
        mine["forms"].append({"id": "play" + r, "label": "", "submit": label,
                              "ev": {"t": "play", "rank": r}, "fields": []})
