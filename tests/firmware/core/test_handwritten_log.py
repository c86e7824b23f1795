# A journal written by hand from docs/log-format.md: sealed by the documented recipe, a bad line named.
# (The game's own replay of it: tests/test_handwritten_log_<kind>.py.)
import io
import sys

from host_tools.records import seal
from core import journal

import game_data

# The hand-written journal of the game that claims the role (tests/kinds/<kind>/data.py).
DRAFT = game_data.of(game_data.for_role("hand-written log")).HAND_WRITTEN_LOG


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
