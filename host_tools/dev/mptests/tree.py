# Where MicroPython's own tests come from: the pinned tree's tests/ ($MICROPY_DIR, else make firmware's .cache/ tree).
import os

from host_tools.board.firmware import build, fetch_tree, pinned


def where_to_get():
    """What to do when there is no tree: CI has none, and the tests are never copied here."""
    return ("MicroPython's own tests need its %s tree (never committed): give MICROPY_DIR=/path/to/"
            "micropython, or let `make firmware` fetch it into %s (internet)"
            % (pinned.MICROPYTHON_TAG, os.path.relpath(fetch_tree.tree_dir(fetch_tree.current_pins()), build.ROOT)))


def find_tree():
    """(tree, None) for a MicroPython tree at the pinned version, else (None, why)."""
    given = os.environ.get("MICROPY_DIR")
    if given:
        candidates = [given]
    else:
        pins = fetch_tree.current_pins()
        cached = fetch_tree.tree_dir(pins)
        candidates = [cached] if fetch_tree.trusted(cached, pins) else []
    for tree in candidates:
        got = build.tree_version(tree)
        if got != pinned.MICROPYTHON_VERSION:
            return None, "%s holds MicroPython %s, not %s: %s" % (
                tree, ".".join(map(str, got)) if got else "nothing", pinned.MICROPYTHON_TAG, where_to_get())
        if not os.path.isfile(os.path.join(tree, "tests", "run-tests.py")):
            return None, "%s has no tests/run-tests.py: %s" % (tree, where_to_get())
        return tree, None
    return None, where_to_get()
