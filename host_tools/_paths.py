# Puts firmware/ on sys.path so the PC runs the very same game logic as the Pico.
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")
if FIRMWARE not in sys.path:
    sys.path.insert(0, FIRMWARE)
TESTS = os.path.join(ROOT, "tests")
SUPPORT = os.path.join(TESTS, "support")     # the tests' helpers (mp, lfs_device, phone_browser...)
GENERIC_SCRIPTS = os.path.join(TESTS, "emu", "scripts")   # the simulator scripts of no one game   # the simulator scripts of no one game


def kind_tests(kind, *parts):
    """A game's own test folder, tests/kinds/<kind>/: its data.py, emu.txt (the emulator's and the
    simulator's button script), phone.txt, presses/ and vectors/."""
    return os.path.join(TESTS, "kinds", kind, *parts)


def emu_script(name):
    """A button script by name: a game's own (tests/kinds/<name>/emu.txt) or one of no game's
    (tests/emu/scripts/<name>.txt: next_game, resume, saved_games)."""
    own = kind_tests(name, "emu.txt")
    return own if os.path.exists(own) else os.path.join(GENERIC_SCRIPTS, name + ".txt")
