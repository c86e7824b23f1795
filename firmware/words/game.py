# A game in words, read alike by the panel's screens (ui/) and the phones (net/): Words (a language's
# texts for one game), where a game stands, its history lines, the season's figures. Neither side
# owns these: both import them here, so the phones never reach into a screen for a sentence.
from core.errors import fill
from core import registry
from words.texts import look

KEPT = 150       # the newest history lines kept (RAM on the Pico: ~40 bytes a line); older ones are counted


class Words:
    """A language's texts (`tx`, words/texts.py load()) for the game `game` of `kind` (None between
    games): what a game's describe(), history(), lines() and the phones' sections() read, as the
    App gives it on the panel: t(), name(), state(), nseats(), game, gmod."""

    def __init__(self, lang, kind, tx, game):
        self.lang = lang
        self.kind = kind
        self.tx = tx
        self.game = game

    @property
    def gmod(self):
        return registry.screens(self.kind)

    def t(self, sid, info=None):
        s = look(self.tx, sid)
        return sid if s is None else fill(s, info)

    def name(self, i):
        seats = self.game.header["seats"] if self.game is not None else ()
        return seats[i] if 0 <= i < len(seats) else "P%d" % (i + 1)

    def state(self):
        return self.game.state

    def nseats(self):
        return self.game.nseats

    def describe(self, rec):
        """What an action was, in this language (the panel's history says it so: ui/session.py)."""
        return self.t("ENDED") if rec.get("t") == "end" else self.gmod.describe(self, rec)


def progress(w, kind, settings, state, over):
    """Where a game is, in the table's words: 「第2戦（全5戦）」「第3局」「第5回・切り直し1/3」「3戦」:
    the rules module's progress() gives the text id and its values (a game without one: "")."""
    f = getattr(registry.load(kind), "progress", None)
    if f is None:
        return ""
    sid, info = f(settings, state, over)
    return w.t(sid, info)


def lines(w):
    """The game's 履歴 (w: the App or a Words): (the newest KEPT lines, newest first; how many
    actions there are). A game's screens module says a line with history(w, record, state before,
    outcome); without it, describe()."""
    g = w.game
    say = getattr(w.gmod, "history", None)
    out = []
    for rec, before, res in g.steps():
        if rec.get("t") == "end":
            line = w.t("ENDED")
        elif say is not None:
            line = say(w, rec, before, res)
        else:
            line = w.describe(rec)
        out.append(line)
        if len(out) > KEPT:
            out.pop(0)
    out.reverse()
    return out, g.actions()


def tally(store):
    """通算成績: (games counted, games not counted, [[name, games, wins]] most wins first)."""
    per = {}
    counted = 0
    left_out = 0
    for seats, over, standings in store.each_standings():
        names = [str(n) for n in seats]
        if not over or len(set(names)) < len(names):
            left_out += 1        # unfinished, or one name at two seats (who won is lost): as the PC's
            continue
        counted += 1
        for e in standings:
            row = per.get(names[e["seat"]])
            if row is None:
                row = per[names[e["seat"]]] = [names[e["seat"]], 0, 0]
            row[1] += 1
            if e["place"] == 1:
                row[2] += 1
    rows = list(per.values())
    # most wins, then the higher win rate (per mille, no float), then the name: one key, as
    # MicroPython's sort is not stable
    rows.sort(key=lambda r: (-r[2], -(r[2] * 1000 // r[1]), r[0]))
    return counted, left_out, rows


def rate(t, wins, games):
    """The win rate as the table reads it, in the language of `t`: whole percent, rounded half up
    (「50％」, "50%")."""
    return t("SN_PCT", {"n": (200 * wins + games) // (2 * games)}) if games else "-"
