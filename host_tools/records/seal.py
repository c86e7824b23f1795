# `python -m host_tools seal < draft.jsonl > game.log`: adds CRCs to a hand-written journal and checks it.
# Every line goes through the device's own validator (core.validate) and the whole journal is
# replayed (Game.from_lines): what seal accepts, the device, report, ledger and export accept too.
# Any other input: exit 2 with one {"error", "id", "line"} JSON line on stderr, never a traceback.
import sys

from host_tools import _paths  # noqa: F401  (firmware/ on sys.path)
from host_tools import cli_io
from host_tools.records import logs
from core import journal, validate
from core.engine import Game
from core.errors import Refusal


def seal_lines(drafts):
    """Draft JSON lines (no crc) -> sealed journal lines; the result is replayed to prove it legal.
    Raises Refusal (a journal.LogError naming the input line) for anything wrong."""
    out = []
    where = []              # input line number of each sealed line (blank lines are skipped)
    header = None
    for n, raw in enumerate(drafts, 1):
        raw = raw.strip()
        if not raw:
            continue
        try:
            rec = cli_io.load_json(raw, "the line")
        except cli_io.InputError as e:
            raise journal.LogError("E_LOG_JSON", {"line": n, "why": str(e)})
        if not isinstance(rec, dict):
            raise journal.LogError("E_LOG_JSON", {"line": n, "why": "not a JSON object"})
        rec.pop("crc", None)
        if header is None:
            header = validate.check_header(rec, n)
        else:
            validate.check_record(rec, header["g"], n)
        try:
            out.append(journal.seal(rec))
        except TypeError:
            raise journal.LogError("E_LOG_EVENT", {"line": n, "field": "?"})
        where.append(n)
    try:
        Game.from_lines(out)
    except Refusal as r:
        info = dict(r.info)
        k = info.get("line")
        if isinstance(k, int) and 1 <= k <= len(where):
            info["line"] = where[k - 1]
        raise journal.LogError(r.msg_id, info)
    return out


def _text(r):
    s = logs.message(r.msg_id, "en", r.info)
    why = r.info.get("why")
    if isinstance(why, str) and why.startswith("E_"):
        s += ": " + logs.message(why, "en", r.info)
    elif isinstance(why, str):
        s += " (%s)" % why
    return s


def parser():
    import argparse
    return argparse.ArgumentParser(
        prog="python -m host_tools seal",
        description="Add CRCs to a hand-written journal: draft JSON lines (header first, no crc) on "
                    "stdin, the sealed journal on stdout. Every line goes through the device's own "
                    "validator and the whole journal is replayed; anything wrong exits 2 with one "
                    '{"error", "id", "line"} JSON line on stderr (docs/log-format.md).',
        epilog="example: python -m host_tools seal < draft.jsonl > game.log")


def main(argv=None):
    parser().parse_args(sys.argv[1:] if argv is None else argv)   # --help; anything else: exit 2
    try:
        lines = seal_lines(cli_io.read_stdin_text().split("\n"))
    except cli_io.InputError as e:
        return cli_io.error(str(e), sys.stderr, id="E_LOG_UTF8")
    except Refusal as r:
        extra = {"id": r.msg_id}
        if isinstance(r.info.get("line"), int):
            extra["line"] = r.info["line"]
        return cli_io.error(_text(r), sys.stderr, **extra)
    data = "".join(lines)
    if hasattr(sys.stdout, "buffer"):
        sys.stdout.flush()
        sys.stdout.buffer.write(data.encode("utf-8"))
        sys.stdout.buffer.flush()
    else:
        sys.stdout.write(data)
    return 0


main = cli_io.guarded(main)

if __name__ == "__main__":
    from host_tools.cli_io import run_command
    sys.exit(run_command(main))
