# タリー: a tiny game that lives only in tests/, to show that a game is added without editing any
# other file (tests/firmware/core/test_registry.py registers it with core.registry.register()).
from core import registry

KIND = "tally"


def register():
    """Adds タリー to the registry, as a game of its own would be added."""
    registry.register(KIND, "tally_game.rules", "tally_game.texts", "tally_game.screens", ("Tally", "タリー"))
    return KIND


def unregister(kind=KIND):
    """Takes a test's game out of the registry again (only tests need this: not on the Pico)."""
    registry.unload(registry.modules_of(kind))
    del registry._GAMES[kind]
    registry.KINDS.remove(kind)
