"""The figures of the last evening played on a UF2, kept so that `make bench` prints them without playing it again.

An evening takes 40-60 minutes on the emulated Pico W. make test-emu plays it (the test), and the
bench page prints its figures: played twice, make bench would pass an hour. So the test keeps its
summary in build/evening/, under a key of the UF2's bytes and the evening's own code (steps, checks,
reference): the bench reads it back only for the same firmware and the same evening, and plays the
evening itself when there is none.
"""
import glob
import hashlib
import json
import os
import time

HERE = os.path.dirname(os.path.abspath(__file__))
NOT_PLAYED = ("record.py", "__main__.py")
KEPT = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(HERE))), "build", "evening")


def key(uf2):
    """The digest of the UF2's bytes and of the evening's files that play it (not this one, nor the
    command line's)."""
    h = hashlib.sha256()
    with open(uf2, "rb") as f:
        h.update(f.read())
    for path in sorted(glob.glob(os.path.join(HERE, "*.py"))):
        if os.path.basename(path) in NOT_PLAYED:
            continue
        with open(path, "rb") as f:
            h.update(os.path.basename(path).encode() + b"\0" + f.read())
    return h.hexdigest()[:24]


def summary(rec):
    """What the bench page prints of a record of run.play()."""
    return {"figures": rec["figures"], "steps": rec["steps"], "presses": rec["presses"],
            "problems": len(rec["problems"]), "first_problems": ["%s: %s" % p for p in rec["problems"][:5]]}


def save(uf2, rec, folder=None):
    """Keep the summary of `rec`, an evening played on `uf2`; returns the file written."""
    folder = folder or KEPT
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, key(uf2) + ".json")
    got = dict(summary(rec), played=time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
               uf2=os.path.basename(uf2))
    with open(path + ".tmp", "w", encoding="utf-8") as f:
        json.dump(got, f, indent=1)
    os.replace(path + ".tmp", path)
    return path


def load(uf2, folder=None):
    """The kept summary of an evening played on this very UF2 with this very evening, or None."""
    path = os.path.join(folder or KEPT, key(uf2) + ".json")
    try:
        with open(path, encoding="utf-8") as f:
            got = json.load(f)
    except (OSError, ValueError):
        return None
    return got if isinstance(got, dict) and isinstance(got.get("figures"), dict) else None
