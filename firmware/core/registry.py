# The registry: the one list of games, and the modules of each (imported only when it is chosen).
#
# A game is four modules, named here as strings (no module of the UI is imported from here, so
# core/ keeps no hardware or screen imports):
#   rules    KIND, SEATS = (fewest, most players), SETTINGS (declared once: core/settings.py),
#            default_settings(), check_settings(settings, nseats), initial_state(settings, nseats),
#            apply(state, event, settings) -> outcome or None (raises Refusal), standings(state)
#            -> [{"seat", "score", "place"}], is_over(state). docs/architecture.md has the protocol.
#   texts    MESSAGES = {id: (English, 日本語)}: the game's refusals, its settings' labels and
#            values, and every text its screens show; the App loads it with the game.
#   screens  play(app) -> the play screen; result(app, outcome) -> a screen or None;
#            describe(app, event record) -> one line of what was recorded (undo/redo toasts).
#   only     other modules used by this game alone (its scorer), forgotten with it.
# and its name in both languages (the menu, the report, the ledger).
#
# register() adds a game (a test's, or a table's own) without editing any other file.
#
# On the Pico a module's bytecode, constants and globals live in the heap for as long as the
# module is in sys.modules. unload() takes a module out (sys.modules and its package's attribute)
# so the collector can take it back once nothing else refers to it; the App does it for the other
# games' modules when a game is chosen, and for the text tables once it has copied what it needs.
import sys

# True on our firmware (frozen_data.install()): every module's code is in flash, so forgetting one
# gives back only its globals and a collection forced to take them costs a press ~3 ms; the App
# then leaves the collector to run when the heap asks for it.
CODE_IN_FLASH = False

# The games in menu order (a list: register() appends to it, and `from games import KINDS` sees it).
KINDS = ["kakehiki", "kabu", "kakoi", "dobon"]

# kind -> (rules, texts, screens, only, (English name, 日本語の名前)): indices 0..4
_GAMES = {
    "kakehiki": ("kinds.kakehiki.rules", "kinds.kakehiki.texts", "kinds.kakehiki.screens",
                 ("kinds.kakehiki.predict",),
                 ("Kakehiki Hold'em", "掛け引きほーるでむ")),
    "kabu": ("kinds.kabu.rules", "kinds.kabu.texts", "kinds.kabu.screens",
             ("kinds.kabu.score", "kinds.kabu.cards", "kinds.kabu.entry", "kinds.kabu.names",
              "kinds.kabu.review", "ui.widgets.grid"), ("Kabu Dobon", "株ドボン")),
    "kakoi": ("kinds.kakoi.rules", "kinds.kakoi.texts", "kinds.kakoi.screens",
              ("kinds.kakoi.score", "kinds.kakoi.arith", "ui.widgets.grid", "kinds.kakoi.lines", "kinds.kakoi.entry"),
              ("Kakoi Dobon", "囲将会ドボン")),
    "dobon": ("kinds.dobon.rules", "kinds.dobon.texts", "kinds.dobon.screens", (), ("Dobon", "ドボン")),
}
NAME = 4


def register(kind, rules, texts, screens, name, only=()):
    """Add a game (or replace the one of that kind): module names as strings, name = (en, ja)."""
    _GAMES[kind] = (rules, texts, screens, tuple(only), tuple(name))
    if kind not in KINDS:
        KINDS.append(kind)


def entry(kind):
    e = _GAMES.get(kind)
    if e is None:
        from core.errors import Refusal
        raise Refusal("E_UNKNOWN_GAME", {"kind": kind})
    return e


def name(kind, lang):
    """The game's name in `lang` ("ja" or "en")."""
    return entry(kind)[NAME][1 if lang == "ja" else 0]


def load(kind):
    """The rules module of `kind` (Refusal E_UNKNOWN_GAME for a kind not registered)."""
    return module(entry(kind)[0])


def texts(kind):
    return entry(kind)[1]


def screens(kind):
    """The screen module of `kind`, imported now."""
    return module(entry(kind)[2])


def phone(kind):
    """The module of `kind`'s phone views (kinds/<kind>/phone.py: sections(), and optionally turn(),
    mine() and ACTS when its phones may enter something);
    a game without one shows phones its standings (net/live.py)."""
    entry(kind)
    return "kinds.%s.phone" % kind


def seats(kind):
    """(fewest, most) players: the rules module's SEATS, the one place they are written."""
    return load(kind).SEATS


def hands(kind):
    """The module of the kind's hands entered on the players' phones (kinds/<kind>/hands.py: only on
    a board with a radio, as its phone view; a game may have none)."""
    return "kinds.%s.hands" % kind


def modules_of(kind):
    """The names of the modules `kind` uses and the core does not."""
    e = entry(kind)
    return [e[0], e[1], e[2]] + list(e[3])


def module(name):
    """The module `name` ("pkg.mod"), imported when it is not yet."""
    m = sys.modules.get(name)
    if m is None:
        m = __import__(name)
        i = name.find(".")
        while i >= 0:
            j = name.find(".", i + 1)
            m = getattr(m, name[i + 1:j] if j >= 0 else name[i + 1:])
            i = j
    return m


def unload(names):
    """Forget modules: out of sys.modules and off their package. Objects still referring to one
    (a Game's rules, a screen on the stack) keep working; its memory returns when they go."""
    mods = sys.modules
    for name in names:
        if name not in mods:        # never imported, or forgotten already (its package's
            continue                # attribute went with it): most names, most of the time
        del mods[name]
        i = name.rfind(".")
        if i > 0:
            pkg = mods.get(name[:i])
            attr = name[i + 1:]
            if pkg is not None and attr in pkg.__dict__:
                delattr(pkg, attr)


def unload_except(kind):
    """Forget every game's modules but `kind`'s (None: all of them); a module two games share
    (the rank grid of 株ドボン and 囲将会ドボン) stays while one of them is chosen."""
    keep = modules_of(kind) if kind in _GAMES else ()
    for k in KINDS:
        if k != kind:
            unload([m for m in modules_of(k) + [phone(k), hands(k)] if m not in keep])
    # the settings' check, and the phones' hands (boards with a radio only): imported when needed
    unload(("core.settings", "ui.hands"))
