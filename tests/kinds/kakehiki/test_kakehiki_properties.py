# Property tests for 掛け引きほーるでむ: random legal and illegal presses never break the invariants.
from hypothesis import given, settings, strategies as st, HealthCheck

from core import journal
from core.engine import Game
from core.errors import Refusal
from core.fold import clone
from kinds.kakehiki.rules import total_dango

# A press is (roll, a, b): mostly a legal-looking action for the current phase, sometimes an
# arbitrary (often illegal) event, an undo or a redo, so games actually run for many rounds.
PRESS = st.tuples(st.integers(0, 99), st.integers(-1, 11), st.integers(0, 63))


def _event(press, s):
    roll, a, b = press
    if roll < 4:
        return {"t": "undo"}
    if roll < 6:
        return {"t": "redo"}
    alive = [i for i in range(s["n"]) if not s["out"][i]]
    if roll < 14:  # anything at all, legal or not
        kinds = ["raise", "call", "check", "fold", "predict", "sign", "judge", "win", "bogus"]
        return {"t": kinds[b % len(kinds)], "p": a, "v": a, "on": b % 7, "minus": True,
                "small": False}
    phase, turn = s["phase"], s["turn"]
    if phase in ("select", "sign_bet", "judge_bet"):
        top = max(s["dial"][i] for i in alive)
        pick = b % 10
        if top > s["hold"][turn] or pick == 7:
            return {"t": "fold", "p": turn}
        if pick >= 8:
            return {"t": "raise", "p": turn, "v": top + 1 + a % 3}
        return {"t": "call" if pick < 5 else "check", "p": turn}
    if phase == "predict":
        return {"t": "predict", "p": turn, "on": alive[b % len(alive)], "v": max(a, 0)}
    if phase == "sign" or (phase == "reveal" and not s["sign_rev"]):
        return {"t": "sign", "minus": b % 5 == 0}
    if phase in ("judge", "reveal"):
        return {"t": "judge", "small": b % 5 == 0}
    if phase == "showdown":
        winners = [i for i in alive if (b >> i) & 1] or [alive[0]]
        return {"t": "win", "p": winners}
    return {"t": "check", "p": 0}


def _check_invariants(game, total, settings):
    s = game.state
    assert total_dango(s) == total, "dango created or destroyed"
    for i in range(s["n"]):
        assert s["hold"][i] >= 0, "negative holding"
        assert s["success"][i] >= 0
        assert s["dial"][i] <= settings["dial_max"]
        if not s["out"][i] and s["phase"] != "over":
            assert s["dial"][i] <= s["hold"][i], "dial above holdings"
    assert s["pot"] >= 0


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(nseats=st.integers(2, 6), start=st.integers(2, 12), dial_max=st.integers(1, 9),
       script=st.lists(PRESS, min_size=60, max_size=250))
def test_random_presses_keep_every_invariant(nseats, start, dial_max, script):
    lines = []
    rounds_seen = set()
    game = Game.new("kakehiki", nseats, {"start": start, "dial_max": dial_max},
                    game_id="prop0001", sink=lines.append)
    total = total_dango(game.state)
    for t in script:
        ev = _event(t, game.state)
        before = clone(game.state)
        try:
            if ev["t"] == "undo":
                game.undo()
            elif ev["t"] == "redo":
                game.redo()
            else:
                game.submit(ev)
        except Refusal:
            assert game.state == before, "a refusal changed the state"
            continue
        _check_invariants(game, total, game.settings)
        rounds_seen.add(game.state["round"])
        if ev["t"] != "undo" and game.done:
            # undo then redo returns exactly the same state
            after = clone(game.state)
            game.undo()
            game.redo()
            assert game.state == after
    from hypothesis import event
    event("reached round %d" % min(max(rounds_seen or {1}), 5))
    # replaying the journal gives the live state
    replayed = Game.from_lines(lines)
    assert replayed.state == game.state
    assert replayed.done == game.done
    # and a snapshot taken anywhere + the tail equals the full replay
    records = [journal.unseal(l) for l in lines[1:]]
    cut = len(records) // 2
    partial = Game.from_lines(lines[:cut + 1])
    resumed = Game.resume(game.header, partial.snapshot(), records[cut:],
                          source=lambda: iter(records))
    assert resumed.state == game.state
    assert resumed.done == game.done
    assert resumed.undone == game.undone
