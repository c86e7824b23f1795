"""What the evening compares: a view as both sides build it (its version and game id aside), and a seat's secret seen nowhere but on that seat's phone."""
import json


class GameIds:
    """Each side makes its own random game ids: a side's ids named by their order of appearance,
    so the board's n-th game and the reference's n-th game get one name."""

    def __init__(self):
        self.seen = []

    def name(self, gid):
        if gid is None:
            return None
        if gid not in self.seen:
            self.seen.append(gid)
        return "game %d" % (self.seen.index(gid) + 1)


def same_view(view, ids):
    """The view without what each side counts or draws by itself (its version, its game id)."""
    out = dict((k, v) for k, v in view.items() if k != "v")
    if "game" in out:
        out["game"] = ids.name(out["game"])
    return out


def differences(got, want):
    """The view's keys that differ, each with what the board sent and what the panel's state says."""
    keys = sorted(set(got) | set(want))
    return ["%s: board %s, reference %s" % (k, _short(got.get(k)), _short(want.get(k)))
            for k in keys if got.get(k) != want.get(k)]


def _short(v):
    text = json.dumps(v, ensure_ascii=False)
    return text if len(text) <= 300 else text[:300] + "..."


class Secrets:
    """Every secret line the reference put in a seat's `mine` (its owner's prediction), by game and
    seat: a view may hold it only in that seat's own part, for that game."""

    def __init__(self):
        self.lines = {}          # line -> (game name, seat)

    def learn(self, game, view):
        mine = view.get("mine")
        if game is not None and mine:
            for line in mine.get("lines", []):
                self.lines[line] = (game, mine["seat"])

    def leaks(self, game, view):
        """The secret lines `view` (the board's, its game named `game`) holds where it may not."""
        mine = view.get("mine") or {}
        own = (game, mine.get("seat")) if mine else None
        public = json.dumps(dict((k, v) for k, v in view.items() if k != "mine"), ensure_ascii=False)
        private = json.dumps(mine, ensure_ascii=False)
        out = [line for line in self.lines if line in public]
        out += [line for line, whose in self.lines.items() if line in private and whose != own]
        return out
