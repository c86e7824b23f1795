# Our firmware's main.py (frozen in; MicroPython runs a frozen main.py before any on the flash).
# The scoreboard's frozen modules come first on sys.path, before the littlefs: a file left there by
# an earlier `make deploy` on the official firmware (core/engine.mpy, /main.py) is never run.
import sys


def frozen_first(path):
    """sys.path with ".frozen" first and the rest in their order."""
    return [".frozen"] + [p for p in path if p != ".frozen"]


sys.path[:] = frozen_first(sys.path)
if __name__ == "__main__":
    import frozen_data           # the font, the texts and the phone page, frozen: mounted at /.data
    frozen_data.install()
    import firmware_main
    firmware_main.main()
