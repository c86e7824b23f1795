# host_tools.records.logs on logs written by the engine: every game's clean log, and corrupt logs that must
# give clear errors with line numbers while keeping what is valid. The games' short logs are their
# tests/kinds/<kind>/data.py's play_log(); the corrupt logs of one game are in test_logs_<kind>.py.
import pytest

from host_tools.records import logs
from game_data import kinds, of
from log_lines import data_of

KINDS = kinds()


# ---- clean logs -------------------------------------------------------------------------------
@pytest.mark.parametrize("kind", KINDS)
def test_clean_log_every_kind(kind):
    g, lines = of(kind).play_log()
    r = logs.read_bytes(data_of(lines), "x.log")
    assert r.ok and r.problems == [] and not r.hole
    assert r.lines == r.kept == len(lines)
    assert r.seq == g.seq and r.over() == g.is_over()
    assert r.game.standings() == g.standings()
    assert r.game.state == g.state
    rounds = logs.game_rounds(r)
    assert [o for o, _ in rounds] == list(g.history())
    assert rounds[-1][1] == [e["score"] for e in sorted(g.standings(), key=lambda e: e["seat"])]


@pytest.mark.parametrize("kind", KINDS)
def test_cut_last_line(kind):
    g, lines = of(kind).play_log()
    data = data_of(lines)[:-7]                    # power lost while writing the last line
    r = logs.read_bytes(data, "cut.log")
    assert [(p.lineno, p.msg_id) for p in r.problems] == [(len(lines), "E_LOG_CUT")]
    assert r.kept == len(lines) - 1 and r.seq == g.seq - 1 and not r.hole
    assert r.report_lines("en") == ["cut.log:%d: Log line %d: cut off" % (len(lines), len(lines))]
    assert "%d行目" % len(lines) in r.report_lines("ja")[0]


def test_garbage_and_empty():
    assert logs.read_bytes(b"", "e.log").problems[0].msg_id == "E_LOG_EMPTY"
    r = logs.read_bytes(b"\xff\xfe\n{}\n", "g.log")
    assert [p.msg_id for p in r.problems] == ["E_LOG_UTF8", "E_LOG_NOT_READ"]
