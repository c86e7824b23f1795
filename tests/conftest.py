# Makes firmware/ and host_tools importable for every test.
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for p in (os.path.join(ROOT, "firmware"), ROOT, os.path.join(ROOT, "tests")):
    if p not in sys.path:
        sys.path.insert(0, p)

# firmware/ui/texts.bin is generated, not tracked: the tests read the firmware tree as the Pico
# would, so the session starts with it fresh (as make's rule does).
from host_tools import make_texts  # noqa: E402

make_texts.ensure()
