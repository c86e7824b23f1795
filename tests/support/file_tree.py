# Every file under a folder as {relative path: bytes} (tree).
import os


def tree(folder):
    out = {}
    for r, _, fs in os.walk(folder):
        for n in fs:
            with open(os.path.join(r, n), "rb") as f:
                out[os.path.relpath(os.path.join(r, n), folder)] = f.read()
    return out
