# The phone tests' browser machinery (tests/support/phone_browser.py, tests/support/phone_hands.py), importable from here.
import sys

from host_tools import _paths

if _paths.SUPPORT not in sys.path:
    sys.path.insert(0, _paths.SUPPORT)
import phone_browser as pb                  # noqa: E402,F401
from phone_hands import tap_plus            # noqa: E402,F401
