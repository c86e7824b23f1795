"""Every yes/no question asks a question (never 「対戦を終える／いいえ／はい」, 「流局／いいえ／はい」):
every Confirm on the panel is asked with a `..._Q` text, and every `_Q` text of every table ends
in ？ (日本語) and ? (English), worded the same way (「…しますか？」)."""
import glob
import importlib
import os
import re

from host_tools.board import make_font
from host_tools import _paths

CONFIRM = re.compile(r"Confirm\(\s*app,\s*(?:app\.)?t\(\s*\"(\w+)\"")


def sources():
    return sorted(glob.glob(os.path.join(_paths.FIRMWARE, "**", "*.py"), recursive=True))


def texts():
    out = {}
    for m in make_font.table_modules():
        out.update(importlib.import_module(m).MESSAGES)
    return out


def test_every_confirm_asks_with_a_question_text():
    found = []
    for path in sources():
        with open(path, encoding="utf-8") as f:
            src = f.read()
        calls = [m.start() for m in re.finditer(r"(?<!class )\bConfirm\((?!Menu)", src)]
        for at in calls:
            m = CONFIRM.match(src, at)
            assert m, "%s: a Confirm whose question is not a text id: %r" % (path, src[at:at + 60])
            assert m.group(1).endswith("_Q"), "%s: %s is no question (..._Q)" % (path, m.group(1))
            found.append(m.group(1))
    assert "GL_END_Q" in found and len(found) >= 6, found


def test_every_question_ends_in_a_question_mark():
    t = texts()
    qs = [k for k in t if k.endswith("_Q")]
    assert len(qs) >= 8, qs
    for k in qs:
        en, ja = t[k]
        assert ja.endswith("？"), (k, ja)
        assert en.endswith("?"), (k, en)
        assert "?" not in ja and "？" not in en, (k, en, ja)
        assert ja.endswith("か？") or k in ("KH_SIGN_Q",), (k, ja)   # 「…しますか？」; 掛け引き's bar: 「符号札は引算？」


def test_end_and_drawn_questions_on_screen():
    """Every game's 「終える」 asks 「終えて順位を確定しますか？」 (ドボン's wording, everywhere)."""
    from core import registry
    from ui_harness import Driver
    import game_data
    for kind in game_data.kinds():
        d = Driver(lang="ja")
        d.app.new_game(kind, ["P1", "P2", "P3", "P4"][:max(3, registry.seats(kind)[0])], None)
        d.press("back")
        scr = d.app.top()
        ends = [i for i, (lab, _) in enumerate(scr.items) if lab.endswith("を終える")]
        assert len(ends) == 1, (kind, [lab for lab, _ in scr.items])
        d.seq("down " * ends[0] + "ok")
        assert d.screen() == "Confirm" and d.app.top().head == "終えて順位を確定しますか？", kind
        d.app.set_lang("en")
        d.press("back")
        d.press("ok")
        assert d.app.top().head == "End it with these standings?", kind
