# `python -m host_tools.records.calc GAME`: dispatches to the calculator of one game, host_tools/kinds/<kind>/calc.py
# for the registry's games that have one.
import sys

from host_tools import _paths  # noqa: F401  (firmware/ on sys.path)
from core import registry
from host_tools import kinds


def calculators():
    """{kind: module name} of the games with a calculator."""
    found = {}
    for kind in registry.KINDS:
        name = kinds.name_of(kind, "calc")
        if name is not None:
            found[kind] = name
    return found


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    calc = calculators()
    if not argv or argv[0] not in calc:
        sys.stderr.write("usage: python -m host_tools.records.calc {%s} < case.json\n" % ",".join(sorted(calc)))
        return 2
    mod = __import__(calc[argv[0]], fromlist=["main"])
    return mod.main(argv[1:])


if __name__ == "__main__":
    from host_tools.cli_io import run_command
    sys.exit(run_command(main))
