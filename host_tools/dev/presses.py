# The press counter: button scripts drive the real App to each entry's saved result; counts to docs/presses.md.
#
#   python -m host_tools.dev.presses [--out docs/presses.md] [--check]      (make presses; make bench runs it)
#
# Every entry has two scripts in its game's tests/kinds/<kind>/presses/ (the simulator's script format,
# host_tools/dev/sim/script.py): <entry>.fewest.txt, the fewest presses the screens allow, and
# <entry>.hints.txt, the path a first-time player takes following what the screens say. Each
# script drives the firmware's App through main.step() and the real button timing, with a real
# Store in a temporary folder; the saved game is then read back from its journal files and the
# script's expectations are checked against it. Header lines (before the steps):
#
#   #: entry: 掛け引き, a whole 4-player round      the row of docs/presses.md (same in both files)
#   #: budget: 30                                  the most presses the entry may take
#   #: expect: last["winners"] == [0]              a Python expression that must be true; names:
#        state (the saved game's state), events (its effective events), outcomes (the non-None
#        outcomes of those events, in order), last (the last of them, or None), settings, seats
#   #: count                                       presses are counted from here on (the steps
#        before it reach the entry's first screen: a new game, earlier rounds)
#   #: order: 10                                   where the row goes in docs/presses.md
#   #: enforce: budget                             tests/test_presses.py asserts the budget (once met)
#   #: note: ...                                   (hints file) a line under the table: what the
#        first-time player does differently, or why the two paths are the same
#
# A press is one click, long press or held repeat (a `repeat up 5` is one finger on one button).
# The counts are deterministic: emulated time, no wall clock.
import argparse
import glob
import os
import shutil
import sys
import tempfile

from host_tools import _paths  # noqa: F401  (firmware/ on sys.path)

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRIPTS = None      # every game's tests/kinds/<kind>/presses/
DOC = os.path.join(ROOT, "docs", "presses.md")
PRESS_OPS = ("click", "long", "repeat", "hold")
KINDS = ("fewest", "hints")


class PressError(Exception):
    pass


def parse(path):
    """(header dict, steps before the count mark, steps after it) of one press script."""
    head = {"entry": None, "budget": None, "expect": [], "order": None, "enforce": False, "note": None}
    setup, counted = [], []
    seen_count = False
    with open(path, encoding="utf-8") as f:
        for raw in f.read().splitlines():
            line = raw.strip()
            if line.startswith("#:"):
                key, _, val = line[2:].strip().partition(":")
                key, val = key.strip(), val.strip()
                if key == "count":
                    seen_count = True
                elif key == "enforce":
                    head["enforce"] = val == "budget"
                elif key == "expect":
                    head["expect"].append(val)
                elif key == "budget":
                    head["budget"] = int(val)
                elif key in ("entry", "order", "note"):
                    head[key] = val
                else:
                    raise PressError("%s: unknown header %r" % (path, key))
                continue
            if not line.split("#", 1)[0].strip():
                continue
            (counted if seen_count else setup).append(line)
    if head["entry"] is None or head["budget"] is None or not head["expect"] or not seen_count:
        raise PressError("%s: needs '#: entry:', '#: budget:', '#: expect:' and '#: count'" % path)
    return head, setup, counted


def presses(steps):
    return sum(1 for s in steps if s.split()[0] in PRESS_OPS)


def _journal_lines(root):
    """The lines of the one saved game in the store folder `root`, segments in order."""
    logs = [n for n in os.listdir(root) if n.endswith(".log")]
    stems = sorted(set(n.split(".")[0] for n in logs))
    if len(stems) != 1:
        raise PressError("expected one saved game, found %d" % len(stems))
    segs = sorted((int(n.split(".")[1]), n) for n in logs)
    lines = []
    for _, name in segs:
        with open(os.path.join(root, name), encoding="utf-8") as f:
            lines.extend(l for l in f.read().splitlines(True) if l.strip())
    return lines


def saved_names(root):
    """What the expectations may look at, read back from the journal on the (temporary) flash."""
    from core.engine import Game
    lines = _journal_lines(root)
    saved = Game.from_lines(lines)
    events = []
    for rec in saved._effective(saved.done):
        ev = dict((k, v) for k, v in rec.items() if k not in ("seq", "g"))
        events.append(ev)
    refold = Game.new(saved.header["kind"], saved.header["seats"], saved.settings)
    outcomes = []
    for ev in events:
        out = refold.submit(ev)
        if out is not None:
            outcomes.append(out)
    if refold.state != saved.state:
        raise PressError("the journal's effective events do not fold to its state")
    return {"state": saved.state, "events": events, "outcomes": outcomes,
            "last": outcomes[-1] if outcomes else None, "settings": saved.settings,
            "seats": saved.header["seats"]}


def _table(tmp):
    """The firmware's App on the simulator's board and a real Store in `tmp`: (games folder, app,
    the script runner). Emulated time only, so every count repeats."""
    import main as firmware_main
    from hw.clock import FakeClock
    from storage.store import Store
    from host_tools.dev.sim.device import SimBoard
    from host_tools.dev.sim.script import Runner
    root = os.path.join(tmp, "games")
    clock = FakeClock()
    board = SimBoard(now=clock.now)
    app = firmware_main.make_app(board.display, Store(root=root), clock, "ja")
    return root, app, Runner(board, app, clock)


def run_one(path):
    """Run one script; returns {"entry", "budget", "presses", "failed": [expectations not met]}."""
    head, setup, counted = parse(path)
    tmp = tempfile.mkdtemp(prefix="presses-")
    try:
        root, app, runner = _table(tmp)
        runner.run(setup)
        moved = {}                    # seat -> presses on a grid of a hand its phone could send
        skip = set()                  # the indexes of those steps in `counted`
        done = 0                      # presses so far
        form_at = None                # presses before 株ドボン's 山切れ form opened (its sizes: phones)
        deal = None
        for i, step in enumerate(counted):
            top = app.top()
            if form_at is None and type(top).__name__ == "DeckOut":
                form_at, deal = done, list(app.state()["deal"])
            seat = phone_hand_seat(app, top)
            if step.split()[0] in PRESS_OPS:
                done += 1
                if seat is not None:
                    moved[seat] = moved.get(seat, 0) + 1
                    skip.add(i)
            runner.line(step)
        runner.run_for(3000)          # let a toast run out, as a table would before the next entry
        names = saved_names(root)
        failed = []
        for expr in head["expect"]:
            try:
                ok = eval(expr, {}, dict(names))
            except Exception as e:    # a broken expectation is a failure that names itself
                ok = False
                expr = "%s (%s: %s)" % (expr, type(e).__name__, e)
            if not ok:
                failed.append(expr)
        phones = with_phones(presses(counted), moved, names, form_at, deal)
        if phones is not None and form_at is None:
            # driven, not inferred: the same script with every seat on a phone, the skipped
            # steps' hands sent by the phones; the panel's presses counted, the result compared
            panel, same = replay_with_phones(setup, counted, skip, names)
            phones["panel"] = panel
            if not same:
                failed.append("with phones: the saved state differs from the panel-only one")
        return {"entry": head["entry"], "budget": head["budget"], "order": head["order"], "note": head["note"],
                "presses": presses(counted), "failed": failed, "names": names, "phones": phones}
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


# ---- the same entry with every player's hand on their own phone (ui/hands.py, docs/phones.md) -----
def phone_hand_seat(app, top):
    """The seat whose hand the screen `top` is entering when that hand is one its own phone sends
    instead (株ドボン's dobon: the winner's and the loser's, a 4枚揃い's holder's; 囲将会: every
    hand), else None."""
    if type(top).__name__ != "RankGrid":
        return None
    done = getattr(top, "on_done", None)
    entry = getattr(done, "__self__", None)
    if type(entry).__name__ == "DobonEntry":
        name = getattr(done, "__name__", "")
        if name == "own_done":
            return entry.w
        if name == "their_done":
            return entry.l
        return None
    if type(entry).__name__ == "FourEntry":               # 株ドボン's 4枚揃い: the holder's
        return entry.seat
    for s in range(app.nseats()):           # 囲将会: a payer's hand, or a caller's
        if top.head in (app.t("KK_PAYER", {"name": app.name(s)}), app.t("KK_hand_of", {"name": app.name(s)})):
            return s
    return None


def phone_hand(ev, seat):
    """The hand seat `seat`'s phone sends for the saved event `ev` (what its form's steppers give)."""
    if ev.get("t") == "dobon" and "own" in ev:              # 株ドボン
        return list(ev["own"] if seat == ev["winner"] else ev["their"])
    if ev.get("t") == "four":                               # the rest of the deal is 他, filled in
        return [c for c in ev["hand"] if c != 0]
    return list(ev["hands"][seat] or [])


def replay_with_phones(setup, counted, skip, names):
    """The script again with a phones' Hub on the App and every seat claimed: at each step, every
    hand a result waits for is sent as its phone sends it; the steps in `skip` (the panel-only
    run's presses on those hands' grids) are left out. Returns (the panel's presses, whether the
    saved state is the panel-only run's)."""
    from net.live import Hub
    ev = names["events"][-1]
    tmp = tempfile.mkdtemp(prefix="presses-phones-")
    try:
        root, app, runner = _table(tmp)
        app.hub = hub = Hub(app, "k" * 12)
        runner.run(setup)
        hub.tokens = dict((s, "%016x" % (s + 1)) for s in range(app.nseats()))

        def phones_send():
            for _ in range(20):                 # a result may ask again (a 囲将会 caller, then payers)
                h = hub.hands()
                if h is None or not h.waiting():
                    return
                for seat in h.waiting():
                    h.put(seat, phone_hand(ev, seat), True)
        from core.errors import Refusal
        n = 0
        try:
            for i, step in enumerate(counted):
                phones_send()
                if i in skip:
                    continue
                n += step.split()[0] in PRESS_OPS
                runner.line(step)
            phones_send()
        except Refusal:                         # a hand the panel-only run took, refused here
            return n, False
        runner.run_for(3000)
        try:
            return n, saved_names(root)["state"] == names["state"]
        except PressError:                      # nothing saved
            return n, False
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def phone_taps(hand):
    """A hand on the page's form: one tap on + per card, one on 手札を送る (tests/phone_hands.py)."""
    return len(hand) + 1


def with_phones(total, moved, names, form_at=None, deal=None):
    """{"panel": presses left on the panel, "taps": {seat: taps on its phone}} when hands of this
    entry go to the phones, else None. The panel does no press for the hands' list: the last hand
    in moves it on (tests/kinds/*/test_phone_hands_*.py). 山切れ (form_at: the presses that opened
    its form): every phone sends its size (the stepper starts at the deal) and its 十 赤ピン 魂四;
    the panel's form comes back filled, its preview on top: the preview's OK."""
    ev = names["events"][-1]
    if form_at is not None and ev.get("t") == "deckout":
        taps = {}
        for seat in range(len(ev["sizes"])):
            scoring = 0
            for key, pick in (("most", max), ("fewest", min)):
                if ev[key] and ev["sizes"][seat] == pick(ev["sizes"]):
                    scoring = len([c for c in ev[key] if c != 0])
            taps[seat] = abs(ev["sizes"][seat] - deal[seat]) + scoring + 1
        return {"panel": form_at + 1, "taps": taps}
    if not moved:
        return None
    taps = {}
    for seat in moved:
        if ev.get("t") == "dobon" and "own" in ev:          # 株ドボン
            hand = ev["own"] if seat == ev["winner"] else ev["their"]
        elif ev.get("t") == "four":                         # the rest of the deal is 他, filled in
            hand = [c for c in ev["hand"] if c != 0]
        else:
            hand = ev["hands"][seat] or []
        taps[seat] = phone_taps(hand)
    return {"panel": total - sum(moved.values()), "taps": taps}


def entries(folder=SCRIPTS):
    """[(stem, {"fewest": path, "hints": path})] for every entry in `folder` (None: every game's
    tests/kinds/<kind>/presses/), in file-name order."""
    found = {}
    folders = [folder] if folder else sorted(glob.glob(_paths.kind_tests("*", "presses")))
    for folder in folders:
        for name in sorted(os.listdir(folder)):
            parts = name.split(".")
            if len(parts) == 3 and parts[2] == "txt" and parts[1] in KINDS:
                found.setdefault(parts[0], {})[parts[1]] = os.path.join(folder, name)
    out = []
    for stem in sorted(found):
        if set(found[stem]) != set(KINDS):
            raise PressError("%s: needs both %s.fewest.txt and %s.hints.txt" % (stem, stem, stem))
        out.append((stem, found[stem]))
    return out


def measure(folder=SCRIPTS):
    rows = []
    for stem, paths in entries(folder):
        r = {"stem": stem}
        for kind in KINDS:
            res = run_one(paths[kind])
            r[kind] = res
        a, b = r["fewest"], r["hints"]
        if a["entry"] != b["entry"] or a["budget"] != b["budget"]:
            raise PressError("%s: the two scripts disagree on entry or budget" % stem)
        r["entry"], r["budget"], r["order"] = a["entry"], a["budget"], a["order"] or stem
        rows.append(r)
    rows.sort(key=lambda r: r["order"])
    return rows


def markdown(rows):
    out = ["# Presses per entry",
           "",
           "Written by `make presses` (also run by `make bench`): `python -m host_tools.dev.presses`.",
           "Each entry is driven through the real firmware App by button scripts",
           "(`tests/kinds/<kind>/presses/<entry>.fewest.txt` and `.hints.txt`), from the entry's first screen",
           "to its saved result; the result is read back from the journal and checked against the",
           "expectations in the script's header. *Fewest*: the fewest presses the screens allow;",
           "*hints*: the path a first-time player takes following what the screens say. A press is one",
           "click, long press or held repeat. At about 0.4 s a press, 20 presses are 8 seconds.",
           "",
           "| entry | presses (fewest) | presses (following the hints) | budget | met | result checked |",
           "|---|---:|---:|---:|---|---|"]
    for r in rows:
        a, b = r["fewest"], r["hints"]
        met = "yes" if max(a["presses"], b["presses"]) <= r["budget"] else (
            "fewest only" if a["presses"] <= r["budget"] else "no")
        ok = "yes" if not a["failed"] and not b["failed"] else "NO: " + "; ".join(a["failed"] + b["failed"])
        out.append("| %s | %d | %d | ≤ %d | %s | %s |" % (r["entry"], a["presses"], b["presses"],
                                                         r["budget"], met, ok))
    phoned = [r for r in rows if r["fewest"].get("phones")]
    if phoned:
        out.append("")
        out.append("With every player's hand on their own phone (`docs/phones.md`), the fewest path: the presses")
        out.append("left on the panel, and the taps of the player who taps most on a phone (one tap on + per card,")
        out.append("one on 手札を送る; the hands go in at the same time). Goal: no player taps more than 15 times.")
        out.append("Driven: the same script runs again with every seat on a phone; each hand a result waits for is")
        out.append("sent as its phone sends it, the panel-only run's presses on that hand's grid are left out, the")
        out.append("panel's presses are counted and the saved state must be the panel-only one (the list of the")
        out.append("hands needs no press: the last hand in moves it on). 山切れ is counted from its form instead")
        out.append("(its sizes are the form's rows, not a grid): the presses that opened it and the preview's OK, driven")
        out.append("in that game's tests/kinds/<kind>/test_phone_hands_*.py.")
        out.append("")
        out.append("| entry | panel alone | panel with phones | busiest phone | most by one player | goal ≤ 15 |")
        out.append("|---|---:|---:|---:|---:|---|")
        for r in phoned:
            a = r["fewest"]
            ph = a["phones"]
            busiest = max(ph["taps"].values())
            most = max(ph["panel"], busiest)
            out.append("| %s | %d | %d | %d | %d | %s |" % (r["entry"], a["presses"], ph["panel"], busiest, most,
                                                          "yes" if most <= 15 else "no"))
    notes = [r for r in rows if r["hints"].get("note")]
    if notes:
        out.append("")
        out.append("Following the hints:")
        out.append("")
        for r in notes:
            out.append("- %s: %s" % (r["entry"], r["hints"]["note"]))
    out.append("")
    out.append("Scripts: " + ", ".join("`%s`" % r["stem"] for r in rows) + ".")
    return "\n".join(out) + "\n"


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m host_tools.dev.presses", description="Count the presses of each entry; write docs/presses.md.")
    ap.add_argument("--out", default=DOC, help="the markdown to write (default docs/presses.md)")
    ap.add_argument("--scripts", default=SCRIPTS, help="folder of press scripts (default: every game's tests/kinds/<kind>/presses/)")
    ap.add_argument("--check", action="store_true", help="exit 1 when a result or a budget is not met")
    args = ap.parse_args(argv)
    try:
        rows = measure(args.scripts)
    except (PressError, OSError) as e:
        print("presses: %s" % e, file=sys.stderr)
        return 2
    text = markdown(rows)
    with open(args.out, "w", encoding="utf-8") as f:
        f.write(text)
    print(text)
    bad = [r for r in rows if r["fewest"]["failed"] or r["hints"]["failed"]
           or r["hints"]["presses"] > r["budget"]]
    return 1 if args.check and bad else 0


if __name__ == "__main__":
    sys.exit(main())
