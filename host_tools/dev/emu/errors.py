# What the emulated board raises when it cannot do what it was asked (not running, a timeout, a crash).


class EmuError(RuntimeError):
    pass
