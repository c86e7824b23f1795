# ドボン play screens: the match (round k of 1/3/5, wins), and while a round runs whose turn it is,
# the direction, the pending draw from stacked 2s; → straight to the round's winner; plus the
# sum-check helper (saves nothing). Every commit says what was recorded, in the title row.
from ui.screens.common import PlayScreen, in_entry, title, hint, fit, rtext, W
from ui.widgets.choice import Choice
from ui.widgets.confirm import Confirm
from ui.screens.entry import Form, NumberEntry
from ui.screens.common import seat_opts
from draw.font import text_width

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")

# The rank last played in this game: the card list opens there (the next card often matches it).
_last_rank = [None, "A"]


def submit(app, ev, line):
    """Commit `ev` and say what was recorded (a finished round says it on its result screen)."""
    out = app.submit(ev)
    if out is None:
        app.recorded(line)
    return out


def rank_opts():
    return [(r, r) for r in RANKS]


def choose_winner(app):
    s = app.state()
    t = app.t
    app.push(in_entry(Choice(app, t("WINNER"), seat_opts(app),
                             lambda w: app.submit({"t": "win", "seat": w}), s["turn"])))


class Play(PlayScreen):
    def act(self, name):
        app = self.app
        if name == "ok":                 # the usual turn: a card (the grid on the last card played)
            if app.state()["pending"]:   # 2s pending: a 2 is the only card that may go on them
                play_card(app, "2")
            else:
                card_list(app)
        elif name == "right":
            choose_winner(app)
        elif name == "left":             # the other usual turn, one press: draw (or pass)
            draw_or_pass(app)

    def extra(self):
        """The rarer entries, in the game menu (back): a drawn round, the first player and card,
        the sum check."""
        app = self.app
        t = app.t
        items = [("DB_drawn", lambda: app.push(Confirm(app, t("DB_DRAWN_Q"), lambda: app.submit({"t": "drawn"}))))]
        if not app.state()["actions"]:
            items.append(("DB_start", lambda: app.push(start_form(app))))
        items.append(("DB_check", lambda: app.push(check_form(app))))
        return items

    def draw(self, c):
        app = self.app
        t = app.t
        s = app.state()
        st = app.game.settings
        v = t("L_DOBON_SUM") if st["variant"] == "sum" else t("L_DOBON_ACTION")
        title(c, t("DB_HDR", {"k": s["round"], "of": st["rounds"], "v": v}))
        c.text(fit(t("L_DOBON_TURN", {"seat": app.name(s["turn"])}), 72), 0, 8)
        rtext(c, t("L_DOBON_DIR_LEFT") if s["dir"] == 1 else t("L_DOBON_DIR_RIGHT"), W, 8)
        # one row for the pending draw (plain text with its mark: the inverted bars are the
        # recorded line and the turn row) and, on its right, the short not-saved warning
        room = W
        if app.store is None:
            short = t("NOT_SAVED_SHORT")
            rtext(c, short, W, 16)
            room -= text_width(short) + 4
        if s["pending"]:
            c.text(fit(t("DB_PENDING", {"n": s["pending"]}), room), 0, 16)
        for i in range(s["n"]):
            y = 24 + 8 * i
            if s["turn"] == i:
                c.text("▶", 0, y)
            c.text(fit(app.name(i), 60), 8, y)
            rtext(c, t("DB_WINS", {"n": s["wins"][i]}), 100, y)
            if s["turn"] == i:
                c.invert_rect(0, y, W, 8)     # whose turn it is stands out from across the table
        hint(c, t("DB_PLAY_HINT", {"ok": t("DB_OK_TWO" if s["pending"] else "DB_OK_CARD"), "left": left_label(app)}))


def passes(app):
    """役札型 after a normal draw: the player may play the drawn card or pass (← passes)."""
    return app.game.settings["variant"] == "action" and app.state()["drew"]


def left_label(app):
    """What ← does now: 「引く」, with stacked 2s 「4枚引く」, after a 役札型 draw 「パス」."""
    n = app.state()["pending"]
    if n:
        return app.t("DB_DRAW_N", {"n": n})
    return app.t("DB_pass" if passes(app) else "DB_draw")


def draw_or_pass(app):
    s = app.state()
    who = app.name(s["turn"])
    if not s["pending"] and passes(app):
        submit(app, {"t": "pass"}, app.t("DB_PASS_EV", {"name": who}))
    else:
        submit(app, {"t": "draw"}, app.t("DB_DRAW_EV", {"name": who, "n": s["pending"] or 1}))


def card_list(app):
    """The card the player to move plays, on a keypad of the 13 ranks (A 2 3 / 4 5 6 / 7 8 9 /
    10 J Q / K: any rank a few presses away): it opens on the last card played (the next card
    often matches it). An entry. (With 2s pending the play screen's OK plays the 2 at once.)"""
    from ui.widgets.grid import RankGrid
    s = app.state()
    cur = _last_rank[1] if _last_rank[0] == app.game.game_id else "A"
    head = app.t("DB_PLAY_BY", {"name": app.name(s["turn"])})
    app.push(RankGrid(app, head, rank_opts(), [], lambda r: play_card(app, r), 3, "dobon", pick=True,
                      start=cur, hint_id="DB_LIST_HINT"))


def play_card(app, r):
    t = app.t
    line = t("DB_PLAY_EV", {"name": app.name(app.state()["turn"]), "r": r})

    def play(ev, line):
        submit(app, ev, line)        # a refused card is not remembered: the list opens as before
        _last_rank[0], _last_rank[1] = app.game.game_id, r
    if r == "Q" and app.game.settings["variant"] == "action":
        app.push(NumberEntry(app, t("DB_count"), 1, 4, 1,
                             lambda k: play({"t": "play", "rank": r, "n": k},
                                            line + ("" if k == 1 else "×%d" % k))))
    else:
        play({"t": "play", "rank": r}, line)


def start_form(app):
    t = app.t
    s = app.state()

    def fields(v):
        return [{"key": "seat", "label": t("DB_first_player"), "kind": "seat", "opts": seat_opts(app)},
                {"key": "card", "label": t("DB_first"), "kind": "card", "ranks": rank_opts(), "opt": True}]

    def go(v):
        ev = {"t": "start", "seat": v["seat"]}
        if v["card"] is not None:
            ev["card"] = v["card"]
        submit(app, ev, t("DB_START_EV", {"name": app.name(v["seat"])}))

    return Form(app, t("DB_start"), fields, {"seat": s["starter"], "card": None}, go, "START")


def check_form(app):
    """The helper: does the sum of all hand cards equal the field card? Nothing is saved."""
    t = app.t

    def fields(v):
        return [{"key": "hand", "label": t("DB_hand"), "kind": "cards", "ranks": rank_opts()},
                {"key": "field", "label": t("DB_field"), "kind": "card", "ranks": rank_opts()}]

    def go(v):
        r = app.game.rules.sum_check(v["hand"], v["field"])
        app.say(t("L_DOBON_SUM_OK" if r["ok"] else "L_DOBON_SUM_NO", {"sum": r["sum"]}))

    return Form(app, t("DB_check"), fields, {"hand": [], "field": None}, go)


def big(app):
    """The large view's groups (ui/screens/big.py): whose turn and the pending draw, then the wins."""
    t = app.t
    s = app.state()
    name = app.name
    g = [(t("BIG_TURN", {"name": name(s["turn"])}), "")]
    if s["pending"]:
        g.append((t("BIG_DRAW", {"n": s["pending"]}), ""))
    return [g, [(name(i), t("PTS_dobon", {"n": s["wins"][i]})) for i in range(s["n"])]]


def play(app):
    return Play(app)


def result(app, out):
    """None: a round's winner is the play screen's top line (「P2の勝ち」) and every player's wins
    are on it, the next round's number in its title; a screen that only said OK:次へ was a press
    for nothing. The last round: the final standings (ui/screens/results.End)."""
    return None


def history(app, ev, before, out):
    """One line of the history screen: the round, then who did what (the state before the action
    knows whose turn it was, which the record does not keep)."""
    t = app.t
    k = ev.get("t")
    who = app.name(before["turn"])
    if k == "play":
        what = t("DB_PLAY_EV", {"name": who, "r": ev["rank"]})
        if ev.get("n", 1) > 1:
            what += "×%d" % ev["n"]
    elif k == "draw":
        what = t("DB_DRAW_EV", {"name": who, "n": before["pending"] or 1})
    elif k == "pass":
        what = t("DB_PASS_EV", {"name": who})
    elif k == "start" and isinstance(ev.get("seat"), int):
        what = t("DB_START_EV", {"name": app.name(ev["seat"])})
    else:
        what = describe(app, ev)
    return t("DB_HIST", {"k": before["round"], "what": what})


def describe(app, ev):
    k = ev.get("t")
    t = app.t
    if k == "play":
        s = t("DB_PLAY_CARD", {"r": ev["rank"]})   # the record does not keep who played
        if ev.get("n", 1) > 1:
            s += "×%d" % ev["n"]
        return s
    if k in ("draw", "pass", "drawn", "start"):
        return t("DB_" + k)
    if k == "win":
        return t("L_DOBON_WIN", {"seat": app.name(ev["seat"])})
    return t("LAST_STEP")      # an event kind this screen does not name: never the raw id
