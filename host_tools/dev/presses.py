# The press counter: button scripts drive the real App to each entry's saved result; counts to docs/presses.md.
#
#   python -m host_tools.dev.presses [--out docs/presses.md] [--check]      (make presses; make bench runs it)
#
# The scripts' format and how one runs: host_tools/dev/press_table.py; with phones: press_phones.py.
import argparse
import glob
import os
import shutil
import sys
import tempfile

from host_tools import _paths
from host_tools.dev.press_phones import phone_hand_seat, replay_with_phones, with_phones
from host_tools.dev.press_table import PressError, held_as_one, make_table, parse, presses, saved_names

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRIPTS = None      # every game's tests/kinds/<kind>/presses/
DOC = os.path.join(ROOT, "docs", "presses.md")
KINDS = ("fewest", "hints")


def run_one(path):
    """Run one script; returns {"entry", "budget", "presses" (a held key once per step), "held" (a held
    key as one press), "failed": [expectations not met]}."""
    head, setup, counted = parse(path)
    tmp = tempfile.mkdtemp(prefix="presses-")
    try:
        root, app, runner = make_table(tmp)
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
            k = presses([step])
            if k:
                done += k
                if seat is not None:
                    moved[seat] = moved.get(seat, 0) + k
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
                "over": head["over"], "presses": presses(counted), "held": held_as_one(counted), "failed": failed, "names": names,
                "phones": phones}
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


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


INTRO = ["# Presses per entry",
         "",
         "Written by `make presses` (also run by `make bench`): `python -m host_tools.dev.presses`.",
         "Each entry is driven through the real firmware App by button scripts",
         "(`tests/kinds/<kind>/presses/<entry>.fewest.txt` and `.hints.txt`), from the entry's first screen",
         "to its saved result; the result is read back from the journal and checked against the",
         "expectations in the script's header. *Fewest*: the fewest presses the screens allow;",
         "*hints*: the path a first-time player takes following what the screens say, as they say it",
         "(the hint row and where the cursor is; a move to a cell on screen, never round an edge).",
         "",
         "**How a press counts.** Every click and every long press is one press, and **a held ▲▼ or ←→",
         "counts once per step it moves** (held for three cells: 3). This is how the presses' review",
         "counted: holding a key to move two or three cells takes as long as tapping it (the first",
         "repeat comes after half a second, the next ones every 0.15 s), and a first-time player taps.",
         "The budgets are judged on this count. The last column gives the same two paths with a held",
         "key counted as one press, as this page counted before that review (a hints script holds a key",
         "only where its screen says to: the 山切れ form's sizes). At about 0.4 s a press, 20 presses",
         "are 8 seconds.",
         "",
         "| entry | presses (fewest) | presses (following the hints) | budget | met | result checked | a held key as one (fewest / hints) |",
         "|---|---:|---:|---:|---|---|---:|"]


def markdown(rows):
    """docs/presses.md: how presses are counted, the table of entries, the phones' taps and the
    decisions and notes the scripts carry."""
    out = INTRO + [_entry_row(r) for r in rows]
    out += _phones_section([r for r in rows if r["fewest"].get("phones")])
    out += _listed("Over the budget, decided:", rows, "over")
    out += _listed("Following the hints:", rows, "note")
    out.append("")
    out.append("Scripts: " + ", ".join("`%s`" % r["stem"] for r in rows) + ".")
    return "\n".join(out) + "\n"


def _entry_row(r):
    """One entry's row: both paths against the budget, and whether their results checked out."""
    a, b = r["fewest"], r["hints"]
    met = "yes" if max(a["presses"], b["presses"]) <= r["budget"] else (
        "fewest only" if a["presses"] <= r["budget"] else "no")
    ok = "yes" if not a["failed"] and not b["failed"] else "NO: " + "; ".join(a["failed"] + b["failed"])
    return "| %s | %d | %d | ≤ %d | %s | %s | %d / %d |" % (
        r["entry"], a["presses"], b["presses"], r["budget"], met, ok, a.get("held", a["presses"]),
        b.get("held", b["presses"]))


def _phones_section(phoned):
    """The entries where hands can come from the players' phones: what is left on the panel and
    the taps of the busiest player, against the goal of 15."""
    if not phoned:
        return []
    out = ["",
           "With every player's hand on their own phone (`docs/phones.md`), the fewest path: the presses",
           "left on the panel, and the taps of the player who taps most on a phone (one tap on + per card,",
           "one on 手札を送る; the hands go in at the same time). Goal: no player taps more than 15 times.",
           "Driven: the same script runs again with every seat on a phone; each hand a result waits for is",
           "sent as its phone sends it, the panel-only run's presses on that hand's grid are left out, the",
           "panel's presses are counted and the saved state must be the panel-only one (the list of the",
           "hands needs no press: the last hand in moves it on). 山切れ is counted from its form instead",
           "(its sizes are the form's rows, not a grid): the presses that opened it and the preview's OK, driven",
           "in that game's tests/kinds/<kind>/test_phone_hands_*.py.",
           "",
           "| entry | panel alone | panel with phones | busiest phone | most by one player | goal ≤ 15 |",
           "|---|---:|---:|---:|---:|---|"]
    for r in phoned:
        a = r["fewest"]
        ph = a["phones"]
        busiest = max(ph["taps"].values())
        most = max(ph["panel"], busiest)
        out.append("| %s | %d | %d | %d | %d | %s |" % (r["entry"], a["presses"], ph["panel"], busiest, most,
                                                      "yes" if most <= 15 else "no"))
    return out


def _listed(title, rows, key):
    """What the hints scripts say under `key` (a decision to go over the budget, a note), entry by
    entry under `title`; nothing when none says anything."""
    said = [r for r in rows if r["hints"].get(key)]
    if not said:
        return []
    return ["", title, ""] + ["- %s: %s" % (r["entry"], r["hints"][key]) for r in said]


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
    from host_tools.cli_io import run_command
    sys.exit(run_command(main))
