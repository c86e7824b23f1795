# `python -m host_tools.dev.settings_doc > docs/settings.md`: the table of every game's settings, made
# from what each rules module declares (SETTINGS, core/settings.py) and the game's texts;
# tests/firmware/core/test_registry.py checks docs/settings.md is what this prints.
import sys

from host_tools import _paths  # noqa: F401  (firmware/ on sys.path)
from core import registry
from core import settings as sdecl


def _values(d, texts):
    def word(v):
        if isinstance(v, str) and "V_" + v in texts:
            return "`%s` %s / %s" % (v, texts["V_" + v][0], texts["V_" + v][1])
        return "`%s`" % (v,)
    t = d[sdecl.TYPE]
    if t == "int":
        lo, hi, step = d[sdecl.WHAT]
        return "%d..%d (←→ by %d)" % (lo, hi, step)
    if t == "bool":
        return "yes / no"
    return ", ".join(word(v) for v in d[sdecl.WHAT])


def table():
    out = ["# Settings", "",
           "Made by `python -m host_tools.dev.settings_doc` from the settings each game declares once",
           "(`SETTINGS` in its rules module, `firmware/core/settings.py`): the defaults, the one",
           "check, the setup screen and this table all come from there. A value out of its range is",
           "refused with E_SETTING_RANGE, one not among the choices with E_SETTING_CHOICE, an unknown",
           "key with E_SETTING_UNKNOWN, a number of players outside the game's limits with E_SEATS.", ""]
    for kind in registry.KINDS:
        rules = registry.load(kind)
        texts = registry.module(registry.texts(kind)).MESSAGES
        lo, hi = rules.SEATS
        out.append("## %s / %s (`%s`): %d to %d players" % (
            registry.name(kind, "ja"), registry.name(kind, "en"), kind, lo, hi))
        out.append("")
        out.append("| key | label (日本語 / English) | values | default | shown |")
        out.append("|---|---|---|---|---|")
        for d in rules.SETTINGS:
            label = texts.get(d[sdecl.LABEL], (d[sdecl.LABEL], d[sdecl.LABEL]))
            cond = d[sdecl.SHOWN_IF]
            shown = "always" if cond is None else "when `%s` is `%s`" % cond
            dv = d[sdecl.DEFAULT]
            dv = ("yes" if dv else "no") if dv is True or dv is False else "`%s`" % (dv,)
            out.append("| `%s` | %s / %s | %s | %s | %s |" % (
                d[sdecl.KEY], label[1], label[0], _values(d, texts), dv, shown))
        out.append("")
    return "\n".join(out)


def main():
    sys.stdout.write(table())
    return 0


if __name__ == "__main__":
    from host_tools.cli_io import run_command
    sys.exit(run_command(main))
