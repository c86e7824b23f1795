# `python -m host_tools export|report|ledger|season|names|seal|wifi ...`: the PC side of the game logs (docs/export.md).
import sys

from host_tools import _paths  # noqa: F401  (firmware/ on sys.path)

COMMANDS = {
    "export": ("host_tools.board.export", "copy, verify and archive the game logs of the Pico"),
    "report": ("host_tools.records.report.run", "CSV per game and HTML per game night from logs"),
    "ledger": ("host_tools.records.ledger", "season ledger in SQLite: import logs, standings"),
    "season": ("host_tools.records.season.run", "every player's record across the nights (ledger -> HTML, CSV)"),
    "names": ("host_tools.board.names", "push the seat names to the Pico (/names.json)"),
    "wifi": ("host_tools.board.wifi", "the table's Wi-Fi for a Pico W (/wifi.json), or --off for its own access point"),
    "seal": ("host_tools.records.seal", "add CRCs to a hand-written journal (stdin -> stdout)"),
}


def usage(out):
    out.write("usage: python -m host_tools COMMAND ...\n\n")
    for name in COMMANDS:
        out.write("  %-8s %s\n" % (name, COMMANDS[name][1]))
    out.write("\n'python -m host_tools COMMAND --help' for a command's options.\n")


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if not argv or argv[0] in ("-h", "--help", "help"):
        usage(sys.stdout)
        return 0 if argv else 2
    if argv[0] not in COMMANDS:
        sys.stderr.write("unknown command %r\n" % argv[0])
        usage(sys.stderr)
        return 2
    mod = __import__(COMMANDS[argv[0]][0], fromlist=["main"])
    return mod.main(argv[1:])


if __name__ == "__main__":
    from host_tools.cli_io import run_command
    sys.exit(run_command(main))     # `... | head`: quiet, exit 141 (host_tools/cli_io.py)
