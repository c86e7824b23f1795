# The exit status of a `python -m host_tools` command line (_code), and the (option, help) of its parsers (_options).
from host_tools.__main__ import main as host_main


def _code(argv):
    """The exit status of `python -m host_tools ARGV` (argparse's errors raise SystemExit)."""
    try:
        return host_main(argv)
    except SystemExit as e:
        return e.code


def _options(cmd, sub=None):
    """(option, help) of every argument of a command's parser, through argparse's own objects."""
    import argparse
    seen = []
    real = argparse.ArgumentParser.parse_args

    def spy(self, args=None, namespace=None):
        for p in [self] + [c for a in self._actions if isinstance(a, argparse._SubParsersAction)
                           for c in a.choices.values()]:
            for a in p._actions:
                if not isinstance(a, (argparse._HelpAction, argparse._SubParsersAction)):
                    seen.append(("%s %s" % (p.prog, a.dest), a.help))
        raise SystemExit(0)
    argparse.ArgumentParser.parse_args = spy
    try:
        _code([cmd] + (sub or []))
    finally:
        argparse.ArgumentParser.parse_args = real
    return seen
