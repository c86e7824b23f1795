# A journal written by hand from docs/log-format.md replays to the result the rules give.
import io
import sys

from host_tools import seal
from scoreboard import journal
from scoreboard.engine import Game
from scoreboard.errors import Refusal

# Three players, the parent (seat 1) is the only one who stays in: it takes the three fees.
DRAFT = """\
{"t":"header","schema":1,"kind":"kakehiki","g":"0badcafe","seq":0,"settings":{"start":20,"dial_max":9},"seats":["A","B","C"],"fw":"hand"}
{"t":"fold","p":1,"seq":1,"g":"0badcafe"}
{"t":"fold","p":2,"seq":2,"g":"0badcafe"}
{"t":"sign","minus":false,"seq":3,"g":"0badcafe"}
{"t":"judge","small":false,"seq":4,"g":"0badcafe"}
{"t":"undo","seq":5,"g":"0badcafe"}
{"t":"redo","seq":6,"g":"0badcafe"}
"""


def test_sealed_by_hand_replays_to_the_rules_result():
    lines = seal.seal_lines(DRAFT.splitlines())
    game = Game.from_lines(lines)
    assert game.state["hold"] == [21, 18, 18]   # 19 + 3 fees - 1 fee of round 2
    assert game.state["round"] == 2 and game.state["parent"] == 1


def test_crc_by_the_documented_recipe():
    import zlib
    line = journal.seal({"t": "call", "p": 1, "seq": 1, "g": "demo0007"})
    prefix = line[:line.rindex(',"crc":"')]
    assert prefix == '{"g":"demo0007","p":1,"seq":1,"t":"call"'
    assert line.endswith(',"crc":"%08x"}\n' % (zlib.crc32(prefix.encode()) & 0xFFFFFFFF))


def test_a_bad_hand_written_line_is_named(monkeypatch, capsys):
    bad = DRAFT.replace('"seq":3', '"seq":4')
    monkeypatch.setattr(sys, "stdin", io.StringIO(bad))
    assert seal.main([]) == 2
    assert "line 4" in capsys.readouterr().err


def test_illegal_event_in_a_log_is_refused_with_its_line():
    lines = seal.seal_lines(DRAFT.splitlines()[:2])
    lines.append(journal.seal({"t": "raise", "p": 2, "v": 99, "seq": 2, "g": "0badcafe"}))
    try:
        Game.from_lines(lines)
    except Refusal as r:
        assert r.msg_id == "E_LOG_REFUSED" and r.info["line"] == 3 and r.info["why"] == "E_DIAL_MAX"
    else:
        raise AssertionError("an illegal logged event was folded in")
