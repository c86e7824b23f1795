# A game's settings, declared once in its rules module (SETTINGS); the defaults, the one check,
# the setup screen (ui/screens/setup.py) and the settings table in docs/settings.md come from it.
#
# One declaration per setting, in the order the setup screen lists them:
#   (key, default, type, what, label text id, shown only if)
#   type "int":    what = (lowest, highest, step of ←→ on the setup screen)
#   type "choice": what = the values (a value's label: text id "V_<value>" in the game's texts)
#   type "bool":   what = None
#   shown only if: None, or (other key, value): the setup screen shows it only then
# Refusals, the same for every game: E_SEATS {min, max}, E_SETTING_UNKNOWN {name},
# E_SETTING_RANGE {setting: label id, min, max}, E_SETTING_CHOICE {setting: label id}.
from core.errors import Refusal

KEY = 0
DEFAULT = 1
TYPE = 2
WHAT = 3
LABEL = 4
SHOWN_IF = 5


def defaults(decl):
    out = {}
    for d in decl:
        out[d[KEY]] = d[DEFAULT]
    return out


def _int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def ok(d, v):
    """Whether `v` is a value the declaration `d` allows."""
    t = d[TYPE]
    if t == "int":
        return _int(v) and d[WHAT][0] <= v <= d[WHAT][1]
    if t == "bool":
        return v is True or v is False
    for x in d[WHAT]:
        if x == v and type(x) is type(v):
            return True
    return False


def refusal(d):
    """The refusal for a value `d` does not allow."""
    if d[TYPE] == "int":
        return Refusal("E_SETTING_RANGE", {"setting": d[LABEL], "min": d[WHAT][0], "max": d[WHAT][1]})
    return Refusal("E_SETTING_CHOICE", {"setting": d[LABEL]})


def check(decl, seats, settings, nseats):
    """Raises the Refusal for the first thing wrong: the number of seats, a key not declared, a
    value out of its range or not one of its choices. A key left out takes its default."""
    if not _int(nseats) or not seats[0] <= nseats <= seats[1]:
        raise Refusal("E_SEATS", {"min": seats[0], "max": seats[1]})
    s = settings or {}
    for k in s:
        if find(decl, k) is None:
            raise Refusal("E_SETTING_UNKNOWN", {"name": k})
    for d in decl:
        if d[KEY] in s and not ok(d, s[d[KEY]]):
            raise refusal(d)


def find(decl, key):
    for d in decl:
        if d[KEY] == key:
            return d
    return None


def shown(decl, values):
    """The keys the setup screen lists for these values."""
    out = []
    for d in decl:
        cond = d[SHOWN_IF]
        if cond is None or values.get(cond[0]) == cond[1]:
            out.append(d[KEY])
    return out
