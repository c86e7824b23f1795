# Per-game test data, one module per game kind (tests/kinds/<kind>/data.py), found through the
# registry's kinds, so generic tests name no game. A game's module holds:
#   LONG_SETTINGS, LONG_SEATS   a long random game for the storage tests (tests/support/store_play.py)
#   STORE_OPS                   optional: how long test_store.py's recorded game is (ops; else 100)
#   POWER_CUT_QUICK, WEAR_SEEDS, power_cut_script(n_ops, seed)   optional (test_powercut.py): its
#                               sweep runs in the quick run; its games in the night's wear (seeds);
#                               its own long game for the sweep (else long_script)
#   long_event(rng, state)      optional: the next random event of that game; without it the long
#                               game draws from the events of the game's scenario vectors
#   play_log(gid=..., names=None) -> (Game, journal lines): a short game (test_logs.py and the
#                               export, report and ledger tests)
#   check_emu_events(events, log)  the events its tests/kinds/<kind>/emu.txt wrote (test_emu_e2e)
#   EMU_SEQ, EMU_SEQ_RESUMED    the last game of the emu session (left in progress): its seq after
#                               its script and after resume.txt
#   CANVAS_SCENES               optional: its scenes test_canvas_speed.py redraws (guest code)
#   WEB_BY_KEY                  optional: test_web.py presses its script with keys, not the mouse
#   MENU_POSITION               where the registry (so the menu) lists it (test_registry.py)
#   DESCRIBE_SEATS, DESCRIBE_EVENTS, DESCRIBE_JA (optional)   test_ui_describe.py's actions
#   VOICE_REFUSALS              [(id, info, what the panel says)] on its play screen (test_ui_voice.py)
#   card_names()                optional: its card and rank names the screens draw (test_screen_text.py)
#   report_night_log(names3, names4), REPORT_DETAILS, check_report_csv (optional),
#   check_report_details, check_report_pages   the game's part of test_report.py's night
#   LONG_FILES                  optional: its files in firmware/kinds/<kind>/ allowed over a firmware
#                               file's 400 lines for now (test_house.py)
#   ROLES                       the generic tests' one-game checks played with this game (for_role);
#                               each role's data (NEW_GAME_PRESSES, SAVED_*, TITLE_JA, ...) has a
#                               comment above it naming the role and the test
import importlib.util
import os
import sys

from core import registry
from host_tools import _paths


def _path(kind):
    return _paths.kind_tests(kind, "data.py")


def has(kind):
    return os.path.exists(_path(kind))


def of(kind):
    """The game's data module, tests/kinds/<kind>/data.py, imported once as game_data.<kind>."""
    name = "game_data." + kind
    mod = sys.modules.get(name)
    if mod is None:
        spec = importlib.util.spec_from_file_location(name, _path(kind))
        mod = importlib.util.module_from_spec(spec)
        sys.modules[name] = mod
        try:
            spec.loader.exec_module(mod)
        except BaseException:
            del sys.modules[name]
            raise
    return mod


def kinds():
    """The registry's games that have test data (a game a test registers may have none)."""
    return [k for k in registry.KINDS if has(k)]


def for_role(role):
    """The one kind whose test data lists `role` in its ROLES."""
    found = [k for k in kinds() if role in getattr(of(k), "ROLES", ())]
    if len(found) != 1:
        raise LookupError("test role %r: %d games claim it (%s), one must" % (role, len(found), found))
    return found[0]
