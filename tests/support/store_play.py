# Long random legal games of every kind present for the storage tests, and playing such a script through a Store.
import glob
import json
import os
import random

from core import registry as kinds_mod
from core.engine import Game
from core.errors import Refusal
import game_data
from host_tools.dev.bench.mp.fakes import apply_op as play  # noqa: E402  (one op of a script)

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))   # tests/
FAKES = os.path.join(os.path.dirname(HERE), "host_tools", "dev", "bench", "mp", "fakes.py")

# Settings and seats that keep a game going long enough for the storage tests (tests/kinds/<kind>/data.py).
LONG_SETTINGS = dict((k, game_data.of(k).LONG_SETTINGS) for k in game_data.kinds())
SEATS = dict((k, game_data.of(k).LONG_SEATS) for k in game_data.kinds())


def kinds_present():
    out = []
    for k in kinds_mod.KINDS:
        try:
            rules = kinds_mod.load(k)
        except (ImportError, Refusal):
            continue
        if hasattr(rules, "apply") and hasattr(rules, "initial_state"):
            out.append(k)
    return out


# ---- long random legal games ------------------------------------------------------------------
def _vector_pool(kind):
    """Every event the scenario vectors of `kind` submit: a pool to draw legal moves from."""
    pool = []
    for p in sorted(glob.glob(os.path.join(HERE, "kinds", "*", "vectors", "**", "*.json"), recursive=True)):
        try:
            with open(p) as f:
                data = json.load(f)
        except (OSError, ValueError):
            continue
        for case in data.get("cases", []):
            if case.get("game") != kind:
                continue
            for step in case.get("steps", []):
                if "ev" in step and "refused" not in step:
                    pool.append(step["ev"])
    return pool


def long_script(kind, n_ops, seed=1):
    """A list of ops ("ev", ev) / ("undo",) / ("redo",), every one accepted, ~n_ops long."""
    rng = random.Random(seed)
    game = Game.new(kind, SEATS[kind], LONG_SETTINGS.get(kind), game_id="0badcafe")
    event = getattr(game_data.of(kind), "long_event", None)   # else the events of its vectors
    pool = None if event else _vector_pool(kind)
    ops = []
    tries = 0
    while len(ops) < n_ops and not game.is_over() and tries < n_ops * 60:
        tries += 1
        r = rng.randrange(100)
        try:
            if r < 4:
                game.undo()
                ops.append(("undo",))
                continue
            if r < 6:
                game.redo()
                ops.append(("redo",))
                continue
        except Refusal:
            continue
        if event:
            ev = event(rng, game.state)
        else:
            if not pool:
                break
            ev = json.loads(json.dumps(rng.choice(pool)))
            if ev.get("t") == "end" and len(ops) < n_ops * 9 // 10:
                continue
        if ev is None:
            break
        try:
            game.submit(ev)
        except Refusal:
            continue
        ops.append(("ev", ev))
    return ops




def reference(kind, ops, game_id):
    """Snapshots (engine.snapshot()) after every seq of the script, seq -> snapshot."""
    game = Game.new(kind, SEATS[kind], LONG_SETTINGS.get(kind), game_id=game_id)
    snaps = {0: game.snapshot()}
    for op in ops:
        play(game, op)
        snaps[game.seq] = game.snapshot()
    return snaps


# ---- the same long game under real MicroPython -------------------------------------------------
MP_REPLAY = """
import sys, json, os
sys.path.insert(0, '/input/firmware')
from storage.store import Store
from core import cjson, journal
ops = json.load(open('/input/ops.json'))
%s
st = Store(root='%s', seg_max=2048, snap_every=16)
g = st.create(%r, %d, %r)
sys.path.insert(0, '/input')
from fakes import apply_op
for op in ops:
    apply_op(g, op)
    st.after_change(g)
"""


def replay_under_micropython(tmp_path, root, then, first=""):
    """Plays long_script(kind, 120, seed=2) of the "micropython replay" game (tests/kinds/<kind>/data.py) into
    a Store at `root` under real MicroPython (after the guest lines `first`), then runs the guest
    lines `then`; returns (ops, out, err)."""
    import pytest
    mp = pytest.importorskip("mp")
    kind = game_data.for_role("micropython replay")
    ops = long_script(kind, 120, seed=2)
    script = os.path.join(str(tmp_path), "ops.json")
    with open(script, "w") as f:
        json.dump(ops, f)
    staged = mp.stage(extra_files=[script, FAKES])
    try:
        out, err, _ = mp.run(MP_REPLAY % (first, root, kind, SEATS[kind], LONG_SETTINGS[kind]) + then, staged)
    finally:
        mp.cleanup(staged)
    return ops, out, err
