# A game opened through the menu for the voice checks (_game), and what the app says to a refusal (_said).
from core import registry
from core.errors import Refusal
from ui_harness import Driver


def _game(kind, lang="ja"):
    i = registry.KINDS.index(kind)                   # the menu lists the registry's games in order
    d = Driver(lang=lang)
    d.seq("ok " + "down " * i + "ok up ok down down ok")
    assert d.app.game.header["kind"] == kind
    return d


def _said(d, msg_id, info=None):
    d.app.refuse(Refusal(msg_id, info))
    return d.app.toast
