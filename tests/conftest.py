# Makes firmware/ and host_tools importable for every test, and the helpers of tests/support/ by
# their bare names (import mp, from ui_harness import ...). The tests mirror the tree: tests/firmware/<area>/,
# tests/host/<area>/, tests/emu/ (the emulated Pico), tests/browser/ (headless Chromium), tests/house/,
# tests/kinds/<kind>/ (each game's own); tests/house/test_house.py keeps that layout. No test imports
# another: what several share is in tests/support/ (tests/house/test_tests_layout.py keeps it so).
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TESTS = os.path.join(ROOT, "tests")
for p in [os.path.join(ROOT, "firmware"), ROOT, os.path.join(TESTS, "support")]:
    if p not in sys.path:
        sys.path.insert(0, p)

# firmware/ui/texts.bin is generated, not tracked: the tests read the firmware tree as the Pico
# would, so the session starts with it fresh (as make's rule does).
from host_tools.board import make_texts  # noqa: E402

make_texts.ensure()

# Hypothesis keeps its examples and caches in a temporary folder of the session, not in a
# .hypothesis/ folder of the checkout: no test writes outside its own temporary folder.
import atexit  # noqa: E402
import shutil  # noqa: E402
import tempfile  # noqa: E402

from hypothesis.configuration import set_hypothesis_home_dir  # noqa: E402

_HYPOTHESIS_HOME = tempfile.mkdtemp(prefix="scoreboard-hypothesis-")
set_hypothesis_home_dir(_HYPOTHESIS_HOME)
atexit.register(shutil.rmtree, _HYPOTHESIS_HOME, True)

# The phone pages' fixtures (tests/support/phone_browser.py: browser, phones, shots, sim), for the
# browser tests of tests/browser/ and of the games in tests/kinds/<kind>/.
from phone_browser import browser, phones, shots, sim  # noqa: E402,F401
