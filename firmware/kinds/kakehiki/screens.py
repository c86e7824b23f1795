# 掛け引きほーるでむ play screens: the table (holdings, dials, pot, phase, whose turn), the actions
# a player may take with the usual one preselected, a bounded raise entry, sign/judge prompts, winner
# choice, round results (the secret prediction: kinds/kakehiki/predict.py). Every commit says what was
# recorded.
from ui.screens.common import PlayScreen, in_entry, fit, rtext, named, W
from ui.widgets.multiselect import MultiSelect
from ui.widgets.choice import Choice
from ui.widgets.lines import Lines
from draw.font import text_width
from kinds.kakehiki.rules import seats_in, top_dial   # the rules' own reading of the table

ACTIONS = ("raise", "call", "check", "fold")
BETTING = ("select", "sign_bet", "judge_bet")


def submit(app, ev, line):
    """Commit `ev`, then say in one line what was recorded (over the title row, so the next
    player's choices on the bottom row stay in view); a round that ends says it on its result
    screen instead."""
    if app.submit(ev) is None:
        app.recorded(line)


def legal_actions(app, s):
    """The actions the player to move may take, in bar order. 受ける is left out when it would
    change nothing (the dial already shows the top): 様子見 says the same."""
    p = s["turn"]
    top = top_dial(s)
    hold = s["hold"][p]
    hi = app.game.settings["dial_max"]
    if hold < hi:
        hi = hold
    out = []
    if top + 1 <= hi:
        out.append("raise")
    if top <= hold:
        if s["dial"][p] < top:
            out.append("call")
        out.append("check")
    out.append("fold")
    return out


def usual_action(acts):
    """The preselected action: stay in at the top dial (受ける, else 様子見), else 降りる."""
    for a in ("call", "check"):
        if a in acts:
            return acts.index(a)
    return len(acts) - 1


class Play(PlayScreen):
    def __init__(self, app):
        PlayScreen.__init__(self, app)
        self.sel = None       # index into the bar's options; None: the usual one for this turn
        self.raising = None   # the raise value while it is being entered

    def open(self):
        self.raising = None

    def cancel(self):
        """A hold of back while the raise is entered cancels the raise (an entry), never undoes."""
        if self.raising is None:
            return False
        self.raising = None
        return True

    def entering(self):
        return self.raising is not None

    # ---- what the bottom row offers in this phase ----------------------------------------------
    def prompt(self, s):
        ph = s["phase"]
        if ph in BETTING:
            return "bet"
        if ph == "predict":
            return "predict"
        if ph == "showdown":
            return "win"
        if ph == "sign" or (ph == "reveal" and not s["sign_rev"]):
            return "sign"
        return "judge"

    def options(self, s, pr):
        """(labels' ids, values) of the bar, and the preselected index."""
        if pr == "bet":
            acts = legal_actions(self.app, s)
            return ["KH_" + a for a in acts], acts, usual_action(acts)
        if pr in ("sign", "judge"):
            # the common card first: 引算 is one sign card of five, 強いのは小さい方 one judge card
            return ["NO", "YES"], [False, True], 0
        return [], [], 0

    def cur(self, s, pr):
        ids, vals, usual = self.options(s, pr)
        if not vals:
            return 0
        if self.sel is None:
            return usual
        return self.sel % len(vals)

    def raise_range(self, s):
        p = s["turn"]
        hi = self.app.game.settings["dial_max"]
        if s["hold"][p] < hi:
            hi = s["hold"][p]
        return top_dial(s) + 1, hi

    def on_button(self, kind, name):
        app = self.app
        s = app.state()
        pr = self.prompt(s)
        if self.raising is not None:
            lo, hi = self.raise_range(s)
            if name == "up" and self.raising < max(hi, lo):
                self.raising += 1
            elif name == "down" and self.raising > lo:
                self.raising -= 1
            elif kind != "click":
                return
            elif name == "ok":
                v = self.raising
                self.raising = None
                p = s["turn"]
                submit(app, {"t": "raise", "p": p, "v": v}, app.t("KH_RAISE_EV", {"name": app.name(p), "v": v}))
            elif name == "back":
                self.raising = None
            return
        if kind != "click":
            return
        ids, vals, usual = self.options(s, pr)
        if name in ("left", "right") and vals:
            self.sel = (self.cur(s, pr) + (1 if name == "right" else -1)) % len(vals)
        elif name == "back":
            self.menu()
        elif name == "ok":
            self.commit(s, pr, vals)

    def commit(self, s, pr, vals):
        app = self.app
        p = s["turn"]
        if pr == "bet":
            a = vals[self.cur(s, pr)]
            if a == "raise":
                lo, hi = self.raise_range(s)
                self.raising = lo
                return
            ev = {"t": a, "p": p}
            # the line every source of the action gets (a phone's fold reads the same): 「P1 受ける」
            submit(app, ev, describe(app, ev))
        elif pr == "predict":
            from kinds.kakehiki.predict import Predict
            app.push(Predict(app, p))
        elif pr == "win":
            ins = seats_in(s)
            opts = [(app.name(i), i) for i in ins] + [(app.t("KH_TIE"), -1)]
            app.push(in_entry(Choice(app, app.t("KH_WINNERS"), opts, lambda w: self.win(w, ins))))
        else:
            yes = vals[self.cur(s, pr)]
            if pr == "sign":
                submit(app, {"t": "sign", "minus": yes}, answered(app, "sign", yes))
            else:
                submit(app, {"t": "judge", "small": yes}, answered(app, "judge", yes))

    def win(self, w, ins):
        app = self.app
        if w >= 0:
            app.submit({"t": "win", "p": [w]})
            return
        opts = [(app.name(i), i) for i in ins]
        app.push(MultiSelect(app, app.t("KH_WINNERS"), opts, [],
                             lambda ws: app.submit({"t": "win", "p": ws})))

    # ---- drawing ---------------------------------------------------------------------------------
    def extra_lines(self, s):
        """(lines under the table, short texts for the title's right end). The not-saved warning
        is always the short one in the title (「保存なし」: the rows stay for the game and the bar);
        the deck reshuffles get a line under the table, or go short into the title when five or
        six players leave no row."""
        app = self.app
        t = app.t
        info = {"j": s["judge_shuffles"], "s": s["sign_shuffles"]}
        short = [t("KH_NOT_SAVED_SHORT")] if app.store is None else []
        if s["n"] < 6:
            return [(t("KH_DECKS", info), None)], short
        return [], short + [t("KH_DECKS_SHORT", info)]

    def draw(self, c):
        app = self.app
        t = app.t
        s = app.state()
        below, short = self.extra_lines(s)
        c.text(fit(t("KH_HDR", {"r": s["round"], "ph": t("KH_" + s["phase"]), "pot": s["pot"]}), W), 0, 0)
        if short:
            tail = " ".join(short)
            c.fill_rect(W - text_width(tail) - 4, 0, text_width(tail) + 4, 7, 0)
            rtext(c, tail, W, 0)
        c.hline(0, 7, W, 1)
        hidden = {}
        shown = {}
        for pr in s["preds"]:
            if pr["res"] is None:
                hidden[pr["by"]] = True          # never the target or value before the reveal
            else:
                shown[pr["by"]] = pr              # paid when its target folded: public now
        # the columns from the right, each as wide as this table needs it now; the names take the
        # rest of the row (they were cut to two characters with a third of the row empty)
        n = s["n"]
        pm = t("KH_PARENT_MARK")
        dials = [t("KH_OUT_MARK") if s["out"][i] else "[%d]" % s["dial"][i] for i in range(n)]
        xs = W - (32 if shown else (10 if hidden else 0))
        stars = [text_width("★%d" % v) for v in s["success"] if v]
        if stars:
            xs -= max(stars) + 3
        xd = xs - max([text_width(d) for d in dials])
        xh = xd - 4
        xm = xh - max([text_width(str(v)) for v in s["hold"]]) - 3 - text_width(pm)
        for i in range(n):
            y = 8 * (i + 1)
            if s["turn"] == i:
                c.text("▶", 0, y)
            c.text(fit(app.name(i), xm - 11), 8, y)
            if s["parent"] == i:
                c.text(pm, xm, y)
            rtext(c, str(s["hold"][i]), xh, y)
            c.text(dials[i], xd, y)
            if s["success"][i]:
                c.text("★%d" % s["success"][i], xs + 3, y)
            if i in hidden:
                rtext(c, "●", W, y)
            elif i in shown:
                rtext(c, self.shown_pred(shown[i]), W, y)
            if s["turn"] == i:
                c.invert_rect(0, y, W, 8)        # whose turn it is stands out from across the table
        y = 8 * (s["n"] + 1)
        for line, _ in below:
            c.text(fit(line, W), 0, y)
            y += 8
        self.draw_bar(c, s)

    def shown_pred(self, pr):
        """A revealed prediction in the row's last 31 px: the target's name (cut with "…") and
        the dango."""
        app = self.app
        rest = app.t("KH_PRED_SHOWN", {"name": "", "v": pr["v"]})
        name = fit(app.name(pr["on"]), 31 - text_width(rest))
        return app.t("KH_PRED_SHOWN", {"name": name, "v": pr["v"]})

    def draw_bar(self, c, s):
        app = self.app
        t = app.t
        pr = self.prompt(s)
        y = 56
        c.hline(0, 55, W, 1)
        if self.raising is not None:
            lo, hi = self.raise_range(s)
            x = c.text(t("KH_RAISE_TO", {"lo": lo, "hi": hi}), 0, y)
            c.text("▲%d▼" % self.raising, x + 4, y)
            c.invert_rect(x + 3, y, text_width("▲%d▼" % self.raising) + 2, 8)
            return
        ids, vals, usual = self.options(s, pr)
        if pr == "bet":
            x = self.draw_options(c, [t(i) for i in ids], self.cur(s, pr), 0, y)
            if len(vals) == 1:           # only 降りる: say why (「3個では5に届かない」)
                c.text(t("KH_FOLD_WHY", {"hold": s["hold"][s["turn"]], "need": top_dial(s)}), x, y)
        elif pr == "predict":
            c.text(named(app, "KH_PRED_PASS", {}, "name", app.name(s["turn"])), 0, y)
        elif pr == "win":
            c.text(t("KH_WIN_GO"), 0, y)
        else:
            x = c.text(t("KH_SIGN_Q" if pr == "sign" else "KH_SMALL"), 0, y)
            self.draw_options(c, [t(i) for i in ids], self.cur(s, pr), x + 4, y)

    def draw_options(self, c, labels, cur, x, y):
        for k in range(len(labels)):
            w = text_width(labels[k])
            c.text(labels[k], x + 1, y)
            if k == cur:
                c.invert_rect(x, y, w + 2, 8)
            x += w + 5
        return x


def result(app, out):
    """The round's result: winner and share, every player's net, then predictions and shuffles."""
    return Lines(app, app.t("RESULT_OF", {"what": app.t("ROUND", {"n": out["round"]})}), result_lines(app, out),
                 app.show_play)


def result_lines(app, out):
    """The round's result as text (the result screen's and the phones')."""
    t = app.t
    # the game's end first: the last result's OK goes on to the final standings
    lines = [t("KH_OVER_" + out["over"])] if out.get("over") else []
    ws = t("LIST_SEP").join([app.name(w) for w in out["winners"]])
    lines.append(t("KH_WIN_SHARE", {"who": ws, "n": out["share"]}))
    for i in range(len(out["hold"])):
        net = out["net"][i]
        lines.append(named(app, "KH_NET_ROW", {"net": ("+%d" if net >= 0 else "%d") % net,
                                               "hold": out["hold"][i], "s": out["success"][i]}, "name", app.name(i)))
    if not out["preds"]:
        lines.append(t("KH_NO_PREDS"))
    for pr in out["preds"]:
        got = pr.get("got")
        res = t("KH_PRED_" + pr["res"])
        if got is not None:
            res += "+%d" % got
        lines.append(t("KH_PRED_RES", {"by": fit(app.name(pr["by"]), 24), "on": fit(app.name(pr["on"]), 24),
                                       "v": pr["v"], "res": res}))
    if out["pot_left"]:
        lines.append(t("KH_POT_LEFT", {"n": out["pot_left"]}))
    if out["sign_shuffle"]:
        lines.append(t("KH_SHUF_SIGN"))
    if out["judge_shuffle"]:
        lines.append(t("KH_SHUF_JUDGE"))
    return lines


def standings_note(app):
    """The standings' (title, foot): what a point is; mid-game that this round's fee is paid
    (the holdings are one less than the result just shown); at the end why the game ended."""
    t = app.t
    s = app.state()
    if s["phase"] != "over":
        return None, t("KH_PTS_IS") + t("KH_FEE_PAID")
    why = s["over"]
    return (t("KH_OVER_" + why) if why in ("dango", "judge") else None), t("KH_PTS_IS")


def big(app):
    """The large view's groups (ui/screens/big.py): whose turn and the pot, the dials, the holdings."""
    t = app.t
    s = app.state()
    name = app.name
    g = []
    if s["turn"] is not None:
        g.append((t("BIG_TURN", {"name": name(s["turn"])}), ""))
    g.append((t("BIG_POT"), str(s["pot"])))
    return [g,
            [(name(i), t("BIG_OUT") if s["out"][i] else "[%d]" % s["dial"][i]) for i in range(s["n"])],
            [(name(i), t("BIG_HOLD", {"n": s["hold"][i], "s": s["success"][i]})) for i in range(s["n"])]]


def play(app):
    return Play(app)


def history(app, ev, before, out):
    """One line of the history screen: the round, then what was done; a prediction shows ● until
    its round's result has revealed it (the round has moved on, or the game is over)."""
    t = app.t
    k = ev.get("t")
    if out is not None:      # the round's end (a showdown, or the last card told or a fold when all
        # but one are out): who won, with the share it took (「P1の勝ち（+3個）」), never the card's question
        what = t("KH_WIN_HIST", {"who": t("LIST_SEP").join([app.name(w) for w in out["winners"]]),
                                  "n": out["share"]})
    elif k == "fold":
        what = t("KH_FOLD_EV", {"name": app.name(ev["p"]), "n": before["dial"][ev["p"]]})
    elif k == "predict":
        now = app.game.state
        shown = now["round"] > before["round"] or now["phase"] == "over"
        if shown:
            what = t("KH_PRED_HIST", {"name": app.name(ev["p"]), "on": app.name(ev["on"]), "v": ev["v"]})
        else:
            what = t("KH_PRED_HIDDEN", {"name": app.name(ev["p"])})     # secret until the result
    else:
        what = describe(app, ev)
    return t("KH_HIST", {"r": before["round"], "what": what})


def answered(app, k, yes):
    """「符号札は引算？いいえ」: the sign or judge card's question with the table's answer."""
    t = app.t
    return t("KH_ANSWER", {"q": t("KH_SIGN_Q" if k == "sign" else "KH_SMALL"), "a": t("YES" if yes else "NO")})


def describe(app, ev):
    """What an action was, for the undo toast; a prediction never says its target or value."""
    t = app.t
    k = ev.get("t")
    if k == "raise":
        return t("KH_RAISE_EV", {"name": app.name(ev["p"]), "v": ev["v"]})
    if k in ACTIONS:                  # a sentence in English: "P1 calls", never "P1 Call"
        return t("KH_%sS" % k.upper(), {"name": app.name(ev["p"])})
    if k == "predict":
        return t("KH_PREDICTED", {"name": app.name(ev["p"])})
    if k in ("sign", "judge"):        # the panel's own question and the table's answer
        return answered(app, k, ev.get("minus" if k == "sign" else "small"))
    if k == "win":
        return t("KH_WIN_EV", {"who": t("LIST_SEP").join([app.name(w) for w in ev["p"]])})
    return t("LAST_STEP")      # an event kind this screen does not name: never the raw id
