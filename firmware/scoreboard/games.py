# Game kinds and their rules modules, imported only when that game is chosen (RAM on the Pico).

KINDS = ("kakehiki", "kabu", "kakoi", "dobon")


def load(kind):
    if kind not in KINDS:
        from scoreboard.errors import Refusal
        raise Refusal("E_UNKNOWN_GAME", {"kind": kind})
    mod = __import__("scoreboard." + kind)
    return getattr(mod, kind)
