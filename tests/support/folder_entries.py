# What counts as an entry of a folder in the house tests: a file, or a folder holding a file.
import os


def holds_something(path):
    """A file, or a folder with a file outside __pycache__: a folder an older checkout left
    behind with nothing but its compiled modules is no entry (git leaves those on a move)."""
    if not os.path.isdir(path):
        return True
    for root, dirs, files in os.walk(path):
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        if files:
            return True
    return False
