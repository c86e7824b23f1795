# `python -m host_tools seal < draft.jsonl > game.log`: adds CRCs to a hand-written journal and checks it.
import json
import sys

from host_tools import _paths  # noqa: F401  (firmware/ on sys.path)
from scoreboard import journal
from scoreboard.engine import Game
from scoreboard.errors import Refusal
from scoreboard.messages import text


def seal_lines(drafts):
    """Draft JSON lines (no crc) -> sealed journal lines; the result is replayed to prove it legal."""
    out = []
    for n, raw in enumerate(drafts, 1):
        raw = raw.strip()
        if not raw:
            continue
        try:
            rec = json.loads(raw)
        except ValueError as e:
            raise Refusal("E_LOG_JSON", {"line": n, "why": str(e)})
        rec.pop("crc", None)
        out.append(journal.seal(rec))
    Game.from_lines(out)   # raises LogError naming the first bad line
    return out


def main(argv=None):
    try:
        lines = seal_lines(sys.stdin.read().splitlines())
    except Refusal as r:
        sys.stderr.write("error: %s\n" % text(r.msg_id, "en", r.info))
        return 2
    sys.stdout.write("".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
