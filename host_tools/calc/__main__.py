# `python -m host_tools.calc GAME`: dispatches to the calculator of one game (kabu, kakoi).
import json
import sys

from host_tools import _paths  # noqa: F401  (firmware/ on sys.path)

CALCULATORS = {"kabu": "host_tools.calc.kabu", "kakoi": "host_tools.calc.kakoi"}


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if not argv or argv[0] not in CALCULATORS:
        sys.stderr.write("usage: python -m host_tools.calc {%s} < case.json\n" % ",".join(sorted(CALCULATORS)))
        return 2
    mod = __import__(CALCULATORS[argv[0]], fromlist=["main"])
    return mod.main(argv[1:])


if __name__ == "__main__":
    sys.exit(main())
