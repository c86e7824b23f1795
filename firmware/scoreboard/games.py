# Game kinds and their rules modules, imported only when that game is chosen (RAM on the Pico).
#
# On the Pico a module's bytecode, constants and globals live in the heap for as long as the
# module is in sys.modules. unload() takes a module out (sys.modules and its package's attribute)
# so the collector can take it back once nothing else refers to it; the App does it for the other
# games' modules when a game is chosen, and for the text tables once it has copied what it needs.
import sys

KINDS = ("kakehiki", "kabu", "kakoi", "dobon")

# Every module that belongs to one game only (rules, scoring, its messages, its screens).
_SCORE = {"kabu": "scoreboard.kabu_score", "kakoi": "scoreboard.kakoi_score"}


def load(kind):
    if kind not in KINDS:
        from scoreboard.errors import Refusal
        raise Refusal("E_UNKNOWN_GAME", {"kind": kind})
    mod = __import__("scoreboard." + kind)
    return getattr(mod, kind)


# Screens shared by some games only: the rank grid of 株ドボン and 囲将会ドボン.
_SHARED_UI = ("ui.grid", ("kabu", "kakoi"))


def modules_of(kind):
    """The names of the modules that only `kind` uses."""
    out = ["scoreboard." + kind, "scoreboard.msg_" + kind, "ui.screens_" + kind]
    if kind in _SCORE:
        out.append(_SCORE[kind])
    return out


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
        if name in mods:
            del mods[name]
        i = name.rfind(".")
        if i > 0:
            pkg = mods.get(name[:i])
            attr = name[i + 1:]
            if pkg is not None and attr in pkg.__dict__:
                delattr(pkg, attr)


def unload_except(kind):
    """Forget every game's modules but `kind`'s (None: all of them)."""
    for k in KINDS:
        if k != kind:
            unload(modules_of(k))
    if kind not in _SHARED_UI[1]:
        unload((_SHARED_UI[0],))
