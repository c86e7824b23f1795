# Runs scenario vectors and prints what happened, one JSON line per case; same file on both interpreters.
# Usage: vector_runner.py FIRMWARE_DIR VECTOR_FILE [VECTOR_FILE...]  (MicroPython: via runner_main)
import json
import sys


def _resolve(spec):
    mod_name, fn_name = spec.split(":")
    mod = __import__(mod_name)
    for part in mod_name.split(".")[1:]:
        mod = getattr(mod, part)
    return getattr(mod, fn_name)


def run_call(case):
    from core.errors import Refusal
    fn = _resolve(case["call"])
    try:
        return {"value": fn(*case.get("args", []))}
    except Refusal as r:
        return {"refused": r.msg_id}


def run_game(case):
    from core.engine import Game
    from core.errors import Refusal
    game = Game.new(case["game"], case.get("seats", 4), case.get("settings"), game_id="vector00")
    refusals = []
    outcomes = []
    for step in case.get("steps", []):
        try:
            if step.get("undo"):
                game.undo()
                out = None
            elif step.get("redo"):
                game.redo()
                out = None
            else:
                out = game.submit(step["ev"])
            refusals.append(None)
            if out is not None:
                outcomes.append(out)
        except Refusal as r:
            refusals.append(r.msg_id)
    return {"refusals": refusals, "state": game.state, "outcomes": outcomes}


def run_case(case):
    if "call" in case:
        return run_call(case)
    return run_game(case)


def run_file(path, emit):
    with open(path) as f:
        data = json.load(f)
    for case in data["cases"]:
        try:
            got = run_case(case)
        except Exception as e:  # a crash is a result too: both sides must report it the same way
            got = {"crash": type(e).__name__ + ": " + str(e)}
        emit(case["name"], got)


def runner_main(argv):
    if argv[0] not in sys.path:
        sys.path.insert(0, argv[0])
    from core import cjson

    def emit(name, got):
        print(cjson.dumps({"name": name, "got": got}))

    for path in argv[1:]:
        run_file(path, emit)


if __name__ == "__main__":
    runner_main(sys.argv[1:])
