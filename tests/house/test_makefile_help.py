"""`make help` names every target a person runs, in short lines, and .PHONY lists only targets with a rule."""
import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _makefile():
    with open(os.path.join(ROOT, "Makefile"), encoding="utf-8") as f:
        return f.read()


def _rules(text):
    return set(re.findall(r"^([a-z][a-z0-9-]*):(?!=)", text, re.M))


def _help_lines(text):
    block = text[text.index("\nhelp:\n"):]
    block = block[:block.index("\n\n")]
    return [m.group(1) for m in re.finditer(r'^\t@echo "(.*)"$', block, re.M)]


def test_every_phony_target_has_a_rule():
    text = _makefile()
    phony = re.search(r"^\.PHONY:(.*)$", text, re.M).group(1).split()
    assert sorted(set(phony) - _rules(text)) == []


def test_help_names_every_target_in_short_lines():
    text = _makefile()
    lines = _help_lines(text)
    named = set(re.findall(r"make ([a-z][a-z0-9-]*)", "\n".join(lines)))
    named |= set(re.findall(r"/ ([a-z][a-z0-9-]*)", "\n".join(lines)))     # "make bench / bench-doc"
    assert sorted(_rules(text) - named - {"help"}) == []
    assert max(len(line) for line in lines) <= 100
