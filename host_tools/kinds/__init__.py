# What the PC knows of each game, a folder each (host_tools/kinds/<kind>/): part() finds a game's part.
import importlib
import importlib.util


def name_of(kind, name):
    """The module name of `kind`'s part `name` ("play", "report", "season", "calc"), or None when the
    game has none (a game registered by a test or a table may have no folder here)."""
    if not (isinstance(kind, str) and kind.isidentifier()):
        return None
    full = "host_tools.kinds.%s.%s" % (kind, name)
    try:
        found = importlib.util.find_spec(full) is not None
    except ModuleNotFoundError:          # no folder for that game
        found = False
    return full if found else None


def part(kind, name):
    """`kind`'s part `name`, imported, or None."""
    full = name_of(kind, name)
    return None if full is None else importlib.import_module(full)
