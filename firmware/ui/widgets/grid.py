# A hand entered on a rank grid: every rank on screen at once, OK adds one card of the rank under
# the cursor, OK held adds the last card and ends the hand (no 決定 to reach), back takes one away;
# ←→ walk the cells in reading order (→ from the end of a row goes on to the next row's first), ▲▼
# jump rows, never round from one edge to the other; 決定 sits beside the hand's line and under the
# grid, one press from the top and the bottom row. A hand's grid opens on its first rank (hands are entered low to high); a one-card
# grid (pick) remembers its cursor per grid kind, between entries. Also Step, one question of an entry.
from ui.screens.common import Screen, title, hint, fit, W
from ui.widgets.choice import Choice
from draw.font import text_width

ROW_Y = 17      # the first grid row (the title and the hand's line sit above)
ROW_H = 9
TOP_DONE_W = 20  # the 決定 beside the hand's line


def _pos(app, key):
    mem = getattr(app, "grid_pos", None)
    if mem is None:
        mem = {}
        app.grid_pos = mem          # a plain attribute: forgotten with the app, never saved
    return mem.get(key, (-1, 0))


class RankGrid(Screen):
    """ranks: list of (label, value) laid out `cols` to a row; extra: (label, value) cells put on
    the last row before 決定 (the kabu loser's 「他」). on_done(cards) gets the cards in the order
    they were entered. pick=True: one card, OK picks it (no 決定 row) and on_done(value) gets it.
    want: the hand's size when known (the title counts up to it); auto: its last card ends the hand;
    advance: after OK the cursor moves on to the next rank (a hand entered in order, low to high).
    check(cards, v) may refuse a card before it is added, accept(cards) a hand before 決定 (a
    Refusal keeps the grid open and says why). close=False leaves the grid under the next step,
    so back returns to it. note: a line drawn under the grid where a short grid leaves room."""

    entry = True

    def __init__(self, app, head, ranks, cards, on_done, cols, key, extra=None, pick=False,
                 check=None, start=None, accept=None, close=True, hint_id=None, want=None, auto=False,
                 advance=False, note=None):
        Screen.__init__(self, app)
        self.head, self.on_done, self.cols = head, on_done, cols
        self.key = key + ("1" if pick else "")      # a pick grid has no 決定 rows: its own memory
        self.pick, self.check, self.accept, self.close = pick, check, accept, close
        self.hint_id = hint_id or ("GRID_PICK_HINT" if pick else "GRID_HINT")
        self.cards = list(cards or [])
        self.want = want            # the hand's size when it is known (the title says 3/9)
        self.auto = auto and want is not None   # ... and its last card ends the hand (no 決定)
        self.advance = advance      # OK moves the cursor on to the next rank
        self.note = note
        done = (app.t("DONE"), None)
        # rows of (label, value), value None = 決定: one 決定 above the grid (beside the hand) and
        # one below, so ▲ from the top row and ▼ from the bottom row both end the hand
        self.cells = [] if pick else [[done]]
        row = []
        for lab_v in ranks:
            row.append(lab_v)
            if len(row) == cols:
                self.cells.append(row)
                row = []
        if row:
            self.cells.append(row)
        last = list(extra or [])
        if not pick:
            last.append(done)
        if last:
            self.cells.append(last)
        # a pick remembers where it was; a hand opens on its first rank (or on `start`)
        self.r, self.c = _pos(app, self.key) if pick else (1, 0)
        if start is not None:
            self.goto(start)
        if self.r < 0 or self.r >= len(self.cells) or self.cell()[1] is None:
            self.r, self.c = (0 if pick else 1), 0

    def goto(self, v):
        for r in range(len(self.cells)):
            for c in range(len(self.cells[r])):
                if self.cells[r][c][1] == v:
                    self.r, self.c = r, c
                    return

    def cell(self):
        row = self.cells[self.r]
        return row[min(self.c, len(row) - 1)]

    def count(self, v):
        n = 0
        for x in self.cards:
            if x == v:
                n += 1
        return n

    def on_button(self, kind, name):
        nr = len(self.cells)
        # no wrapping round: the shortest way is the one on screen
        if name in ("left", "right"):      # reading order: past a row's end to the next row
            c = min(self.c, len(self.cells[self.r]) - 1) + (1 if name == "right" else -1)
            if c < 0 and self.r:
                self.r -= 1
                c = len(self.cells[self.r]) - 1
            elif c >= len(self.cells[self.r]) and self.r + 1 < nr:
                self.r, c = self.r + 1, 0
            if 0 <= c < len(self.cells[self.r]):
                self.c = c
        elif name in ("up", "down"):
            self.r = min(nr - 1, max(0, self.r + (1 if name == "down" else -1)))
        elif kind != "click":
            return
        elif name == "ok":
            lab, v = self.cell()
            if v is None:
                self.done()
                return
            if self.pick:                    # one card: OK on it is the answer
                if self.close:
                    self.app.pop()
                self.on_done(v)
                return
            if self.check is not None:
                self.check(self.cards, v)
            self.cards.append(v)
            if self.advance:             # the next card is often the next rank (a hand read in order)
                row = self.cells[self.r]
                c = min(self.c, len(row) - 1) + 1
                if c < len(row) and row[c][1] is not None:
                    self.c = c
                elif self.r + 1 < len(self.cells) and self.cells[self.r + 1][0][1] is not None:
                    self.r, self.c = self.r + 1, 0
            if self.auto and len(self.cards) == self.want:
                self.done()              # a Refusal (accept) leaves the grid open with the card
                return
        elif name == "back":
            lab, v = self.cell()
            if v is not None and v in self.cards:
                # the last card of this rank goes (the order of the others stays)
                for i in range(len(self.cards) - 1, -1, -1):
                    if self.cards[i] == v:
                        self.cards.pop(i)
                        break
            elif self.cards:
                self.cards.pop()
            else:
                self.app.pop()
        if self.cell()[1] is not None:
            _pos(self.app, self.key)
            self.app.grid_pos[self.key] = (self.r, self.c)

    def long_ok(self):
        """OK held (the App's, ui/app.py): the card under the cursor is the hand's last: added, then
        the hand ends as on 決定. A pick and a hand of a known size (auto) take it as a click."""
        if self.pick or self.auto or self.cell()[1] is None:
            self.on_button("click", "ok")
            return
        v = self.cell()[1]
        if self.check is not None:
            self.check(self.cards, v)
        self.cards.append(v)
        self.done()              # a Refusal (accept) leaves the grid open with the card

    def done(self):
        if self.accept is not None:
            self.accept(self.cards)          # a Refusal keeps the grid open, with its reason
        if self.close:
            self.app.pop()
        self.on_done(list(self.cards))

    def draw(self, c):
        app = self.app
        if self.pick:
            title(c, self.head)
        else:
            if self.want is None:
                title(c, app.t("HAND_N", {"what": self.head, "n": len(self.cards)}))
            else:
                title(c, app.t("HAND_OF", {"what": self.head, "n": len(self.cards), "of": self.want}))
            labs = {}
            for row in self.cells:
                for lab, v in row:
                    labs[v] = lab
            s = " ".join([labs.get(v, "?") for v in self.cards])
            room = W - TOP_DONE_W - 2
            if text_width(s) > room:           # a long hand: its last cards
                while s and text_width("…" + s) > room:
                    s = s[1:]
                s = "…" + s
            c.text(s, 0, 8)
            x = W - TOP_DONE_W
            c.text(app.t("DONE"), x + 2, 8)
            if self.r == 0:
                c.rect(x, 7, TOP_DONE_W, ROW_H + 1, 1)
        cw = W // self.cols
        top = 0 if self.pick else 1
        rows = len(self.cells) - top
        y0 = ROW_Y if top else 9          # a pick has no hand's line: its rows start under the title
        h = ROW_H if y0 + ROW_H * rows <= 56 else 8      # a hand's keypad of 13: rows of 8 px
        if h != ROW_H:
            y0 = 56 - h * rows
        for r in range(top, len(self.cells)):
            y = y0 + h * (r - top)
            row = self.cells[r]
            w = W // len(row) if len(row) < self.cols else cw
            for k in range(len(row)):
                lab, v = row[k]
                x = w * k
                n = self.count(v) if v is not None else 0
                s = lab
                if n > 1:                 # 「三×2」; a long label is shortened, never the ×: 「oth×2」
                    s = lab + "×" + str(n)
                    while text_width(s) > w - 3 and len(lab) > 1:
                        lab = lab[:-1]
                        s = lab + "×" + str(n)
                tw = c.text(s, x + 2, y)
                if n:                     # in the hand: inverted (with its count from two on)
                    c.invert_rect(x + 1, y, tw + 2, 8)
                if r == self.r and k == min(self.c, len(row) - 1):
                    c.rect(x, y - 1, w, h + 1, 1)
        y = y0 + h * rows
        if self.note and y <= 47:
            c.text(fit(app.t(self.note), W), 0, y)
        hint(c, app.t(self.hint_id))


class Step(Choice):
    """One question of an entry: a Choice that stays open: on_pick(value) opens the next step on
    top, so back returns here with the cursor where it was."""

    entry = True

    def choose(self, i):
        self.on_pick(self.opts[i][1])
