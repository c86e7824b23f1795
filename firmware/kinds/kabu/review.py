# 株ドボン outcomes as itemised lines (the result, the preview, the phones) and the review of a dobon
# before it is saved: its choices preset to the usual answer, each change dry-run at once.
from ui.screens.common import Screen, title, hint, fit, W
from draw.font import text_width

CIRCLED = "①②③④⑤⑥⑦⑧⑨⑩"


class Review(Screen):
    """The last step: what will be saved, checked by a dry run. The first rows are choices with
    the usual answer preset (←→ change one, the lines below follow at once); OK saves.
    opts: list of [label, values, index, labels]: labels[k] shows values[k], or labels(k) makes it
    when shown (only the chosen value's label is drawn; filling a gaeshi's 20 levels at once was a
    press's time on the Pico); build(vals) -> the event; describe(out) -> the outcome's lines."""

    entry = True
    SPAN = 6

    def __init__(self, app, head, opts, build, describe, extra=()):
        Screen.__init__(self, app)
        self.head, self.opts, self.build, self.describe, self.extra = head, opts, build, describe, extra
        self.sel = 0
        self.top = 0
        self.refresh()

    def vals(self):
        return [o[1][o[2]] for o in self.opts]

    def refresh(self):
        from core.errors import Refusal
        self.ev = self.build(self.vals())
        self.err = None
        try:
            self.text = self.describe(self.app.dry_run(self.ev)) + list(self.extra)
        except Refusal as r:
            self.err = r
            self.app.refuse(r)
            self.text = [self.app.toast or r.msg_id] + list(self.extra)

    def rows(self):
        out = []
        for lab, values, k, labels in self.opts:
            out.append((lab, labels(k) if callable(labels) else labels[k]))
        return out + [(s, None) for s in self.text]

    def on_button(self, kind, name):
        n = len(self.opts) + len(self.text)
        if name in ("up", "down"):
            self.sel = min(n - 1, max(0, self.sel + (1 if name == "down" else -1)))
        elif name in ("left", "right") and self.sel < len(self.opts):
            o = self.opts[self.sel]
            k = min(len(o[1]) - 1, max(0, o[2] + (1 if name == "right" else -1)))   # no wrap:
            if k != o[2]:                                # ← is always fewer, → more
                o[2] = k
                self.refresh()
        elif kind != "click":
            return
        elif name == "ok":
            if self.err is not None:
                self.app.refuse(self.err)
                return
            self.app.submit(self.ev)
        elif name == "back":
            self.app.pop()

    def draw(self, c):
        title(c, self.head)
        rows = self.rows()
        if self.sel < self.top:
            self.top = self.sel
        if self.sel >= self.top + self.SPAN:
            self.top = self.sel - self.SPAN + 1
        for k in range(self.SPAN):
            i = self.top + k
            if i >= len(rows):
                break
            y = 8 * (k + 1)
            lab, val = rows[i]
            if val is None:
                c.text(fit(lab, W), 0, y)
                continue
            lw = text_width(lab)
            c.text(lab, 0, y)
            v = fit(val, W - lw - 2)
            c.text(v, W - text_width(v), y)
            if i == self.sel:
                c.invert_rect(0, y, W, 8)
        if self.top + self.SPAN < len(rows):
            c.text("▼", W - 8, 48)
        # refused: OK would only say it again; say how to get out (back to the entry)
        hint(c, self.app.t("REVIEW_HINT" if self.err is None else "REFUSED_HINT"))


def items_lines(app, sc):
    out = []
    for it in sc["breakdown"]:
        n = it["item"]
        # ①-⑩ are the seed's list of a dobon's items; 4枚揃い and 山切れ are endings of their own,
        # not items 11 and 12 of that list
        lab = (CIRCLED[n - 1] if n <= 10 else "") + app.t("KB_I%d" % n)
        if "points" in it:
            out.append("%s +%d" % (lab, it["points"]))
        else:
            out.append("%s ×%d" % (lab, it["factor"]))
    return out


def m2_line(app, out, i, d):
    """「P1の-2（目4→目2）」: the −2 never borrows a lap, so only the die turns."""
    p = out["pips"][i]
    return app.t("KB_M2", {"name": app.name(i), "d": d, "a": p + d, "b": p or 6})


def lines(app, out):
    """An outcome as text: the itemised score, who gets it, the -2, then everyone's points."""
    t = app.t
    k = out["kind"]
    ls = []
    if k in ("dobon", "four", "deckout"):
        sc = out["score"]
        ls += items_lines(app, sc)
        if out.get("no2"):                # after ①: ② for nothing, and why
            ls[1:1] = [CIRCLED[1] + t("KB_I2") + " +0", t("KB_NO2")]
        if k == "four":
            ls.append(t("KB_GETS_OTHERS", {"name": app.name(out["holder"]), "t": sc["total"]}))
        else:
            ls.append(t("KB_TOTAL", {"t": sc["total"], "name": app.name(out["loser"])}))
        ls.append(t("KB_LAPS1" if sc["laps"] == 1 else "KB_LAPS", {"laps": sc["laps"], "pips": sc["pips"]}))
        if out.get("minus2"):
            who = out["holder"] if k == "four" else out["winner"]
            ls.append(m2_line(app, out, who, out["minus2"]))
    elif k == "okoshi":
        if not out["pairs"]:
            ls.append(t("KB_NO_LOSER"))
        for p in out["pairs"]:
            ls.append(t("KB_DOBON_EV", {"w": app.name(p["winner"]), "l": app.name(p["loser"])}))
            ls += ["  " + x for x in items_lines(app, p)]
        for i in range(len(out["totals"])):
            if out["totals"][i]:
                ls.append(t("KB_GETS", {"name": app.name(i), "t": out["totals"][i]}))
        for i in range(len(out["minus2"])):
            if out["minus2"][i]:
                ls.append(m2_line(app, out, i, out["minus2"][i]))
    elif k == "draw":
        ls.append(t("KB_DRAWN"))
    if "points" in out:
        for i in range(len(out["points"])):
            p = t("PTS", {"n": out["points"][i]})
            ls.append(fit(app.name(i), W - 4 - text_width(p)) + " " + p)
    if out.get("over"):
        ls.append(t("KB_OVER"))
    return ls


def review_lines(app, out):
    """The outcome with its total first (what the table checks before it saves)."""
    ls = lines(app, out)
    sc = out.get("score")
    if sc:
        ls.insert(0, app.t("KB_TOTAL_LAP1" if sc["laps"] == 1 else "KB_TOTAL_LAPS", {"t": sc["total"], "name": app.name(out["loser"]),
                                             "laps": sc["laps"], "pips": sc["pips"]}))
    return ls
