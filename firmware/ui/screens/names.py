# Players' names on the device: each seat picks a name sent from the PC (/names.json) or one typed
# here on a kana grid (ひらがな, カタカナ with 濁点/半濁点 and small kana, Latin letters and digits);
# a typed name is added to /names.json, in the format the PC writes (a JSON list of strings).
# Imported from the players screen when its names row is chosen.
from ui.screens.common import Screen, title, hint, fit, rtext, W
from ui.widgets.listbox import ListScreen
from ui.widgets.menu import Menu
from draw.font import text_width

NAME_LEN = 8        # as host_tools/board/names.py: a name column holds 8 Japanese characters
NAMES_KEPT = 64     # the store reads no more than this many (Store.names)

HIRA = ("あいうえおかきくけこさしすせそ", "たちつてとなにぬねのはひふへほ",
        "まみむめもやゆよらりるれろわをん", "ぁぃぅぇぉっゃゅょゎー゛゜・")
_LATIN = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789.-"
LATIN = tuple(_LATIN[i:i + 16] for i in range(0, len(_LATIN), 16))
# 濁点 and 半濁点: the letter before, and what it becomes (katakana: the same + 0x60)
VOICED = ("かきくけこさしすせそたちつてとはひふへほう", "がぎぐげござじずぜぞだぢづでどばびぶべぼ" + chr(0x3094))
VU = chr(0x3094)    # ゔ: not in JIS X 0208 (nor the panel's font); only its katakana ヴ is typed
SEMI = ("はひふへほ", "ぱぴぷぺぽ")
DAKU = "゛"
HANDAKU = "゜"
KEYS = ("KG_HIRA", "KG_KATA", "KG_LATIN", "KG_SPACE", "KG_DEL", "KG_DONE")
KEY_W = W // len(KEYS)


def _kata(s):
    """ひらがな -> カタカナ (the marks, ー and ・ stay)."""
    out = ""
    for ch in s:
        o = ord(ch)
        out += chr(o + 0x60) if 0x3041 <= o <= 0x3096 else ch
    return out


def _mark(ch, mark):
    """`ch` with 濁点/半濁点 put on (or taken off when it has it already); None when it takes none."""
    kata = 0x30A1 <= ord(ch) <= 0x30F6
    base = chr(ord(ch) - 0x60) if kata else ch
    plain, marked = VOICED if mark == DAKU else SEMI
    i = plain.find(base)
    if i >= 0:
        got = marked[i]
    else:
        i = marked.find(base)
        if i < 0:
            return None
        got = plain[i]
    if kata:
        return _kata(got)
    return None if got == VU else got


def pc_names(app):
    if app.store is None:
        return []
    try:
        return [str(x) for x in (app.store.names() or [])]
    except Exception:
        return []


def keep_name(app, name):
    """Add a typed name to /names.json (after the PC's ones; the list stays the PC's format)."""
    if app.store is None:
        return
    names = pc_names(app)
    if name in names:
        return
    names.append(name)
    try:
        app.store.set_names(names[-NAMES_KEPT:])
    except Exception:           # a full flash: the name still plays in this game
        pass


class KanaGrid(Screen):
    """Type a name: arrows move, OK types the letter (or the key) under the cursor, back deletes
    the last letter (leaves when there is none). The bottom row: pages, space, delete, done."""

    entry = True

    def __init__(self, app, head, on_done, name=""):
        Screen.__init__(self, app)
        self.head = head
        self.on_done = on_done
        self.name = name
        self.page = 0
        self.r = 0
        self.c = 0

    def rows(self):
        if self.page == 2:
            return LATIN
        return HIRA if self.page == 0 else tuple(_kata(s) for s in HIRA)

    def on_button(self, kind, name):
        rows = self.rows()
        nr = len(rows) + 1                 # + the key row
        if name in ("up", "down"):
            self.r = (self.r + (1 if name == "down" else -1)) % nr
        elif name in ("left", "right"):
            n = len(KEYS) if self.r == len(rows) else len(rows[self.r])
            self.c = (self.c + (1 if name == "right" else -1)) % n
        elif kind != "click":
            return
        elif name == "ok":
            self.press()
        elif name == "back":
            if self.name:
                self.name = self.name[:-1]
            else:
                self.app.pop()
        self.clamp()

    def clamp(self):
        rows = self.rows()
        if self.r < len(rows):
            self.c = min(self.c, len(rows[self.r]) - 1)
        else:
            self.c = min(self.c, len(KEYS) - 1)

    def press(self):
        rows = self.rows()
        app = self.app
        if self.r == len(rows):
            key = KEYS[self.c]
            if key == "KG_DONE":
                self.done()
            elif key == "KG_DEL":
                self.name = self.name[:-1]
            elif key == "KG_SPACE":
                self.add(" ")
            else:
                self.page = KEYS.index(key)
            return
        ch = rows[self.r][self.c]
        if ch in (DAKU, HANDAKU):
            got = _mark(self.name[-1], ch) if self.name else None
            if got is None:
                app.say(app.t("KG_NO_MARK"))
            else:
                self.name = self.name[:-1] + got
            return
        self.add(ch)

    def add(self, ch):
        if len(self.name) >= NAME_LEN:
            self.app.say(self.app.t("KG_FULL", {"n": NAME_LEN}))
            return
        if ch == " " and (not self.name or self.name.endswith(" ")):
            return                         # no leading or double spaces
        self.name += ch

    def done(self):
        name = self.name.strip()
        if not name:
            self.app.say(self.app.t("KG_EMPTY"))
            return
        self.app.pop()
        self.on_done(name)

    def draw(self, c):
        app = self.app
        # the name being typed, after whose it is: 「席1：たろう_」
        s = app.t("KG_HEAD", {"seat": self.head, "name": self.name})
        w = c.text(fit(s, W - 8), 0, 0)
        c.fill_rect(w + 1, 6, 5, 1, 1)         # the cursor: where the next letter goes
        c.hline(0, 7, W, 1)
        rows = self.rows()
        for r in range(len(rows)):
            y = 9 + 8 * r
            row = rows[r]
            for k in range(len(row)):
                ch = row[k]
                cw = text_width(ch)
                c.text(ch, 8 * k + (8 - cw) // 2, y)
                if r == self.r and k == self.c:
                    c.invert_rect(8 * k, y, 8, 8)
        y = 9 + 8 * len(rows) + 2
        for k in range(len(KEYS)):
            lab = fit(app.t(KEYS[k]), KEY_W - 2)
            x = KEY_W * k + (KEY_W - text_width(lab)) // 2
            c.text(lab, x, y)
            if self.r == len(rows) and k == self.c:
                c.invert_rect(KEY_W * k, y, KEY_W, 8)
        hint(c, app.t("KG_HINT"))


class SeatNames(ListScreen):
    """The players' names seat by seat; OK on a seat picks or types its name."""

    def __init__(self, app, seats_screen):
        ListScreen.__init__(self, app, "")
        self.seats = seats_screen

    def rows(self):
        return list(range(self.seats.n)) + [None]

    def draw_row(self, c, i, row, y):
        if row is None:
            c.text(self.app.t("DONE"), 1, y)
            return
        c.text(self.app.t("KG_SEAT", {"n": row + 1}), 1, y)
        c.text(fit(self.seats.names()[row], W - 34), 32, y)

    def draw(self, c):
        self.head = self.app.t("NAMES")
        ListScreen.draw(self, c)

    def choose(self, i):
        if i >= self.seats.n:
            self.app.pop()
            return
        self.app.push(pick_menu(self.app, self.seats, i))


def pick_menu(app, seats, i):
    """A seat's name: one of the names kept on the device, typed, or P<n>."""
    t = app.t

    def use(name):
        taken = seats.names()
        for k in range(len(taken)):
            if k != i and taken[k] == name:
                app.say(t("KG_TAKEN", {"name": name}))
                return False
        seats.custom[i] = name
        return True

    def pick(name):
        if use(name):
            app.pop()

    def typed(name):
        if use(name):
            keep_name(app, name)
            app.pop()          # the pick menu: back to the seats, the new name in its row

    items = [(t("KG_TYPE"), lambda: app.push(KanaGrid(app, t("KG_SEAT", {"n": i + 1}), typed)))]
    kept = pc_names(app)
    for name in kept:
        items.append((name, lambda name=name: pick(name)))
    if "P%d" % (i + 1) not in kept:       # a kept "P2" (typed once) is listed once
        items.append(("P%d" % (i + 1), lambda: pick("P%d" % (i + 1))))
    return Menu(app, t("KG_SEAT_PICK", {"n": i + 1}), items)
