# host_tools.records.logs on corrupt 囲将会ドボン logs: a bad CRC, a gap, an unknown event, a newer format,
# another game's line, a duplicate and a refused line, each named with its line; the rest is kept.
from core import journal

from host_tools.records import logs
import game_data  # noqa: E402
play_kakoi = game_data.of("kakoi").play_log
from log_lines import data_of, reseal


def test_bad_crc_in_the_middle_keeps_the_rest():
    g, lines = play_kakoi(rounds=6)
    bad = list(lines)
    bad[3] = bad[3].replace('"t":', '"t" :', 1)     # line 4: content changed, CRC not
    r = logs.read_bytes(data_of(bad), "crc.log")
    assert [(p.lineno, p.msg_id) for p in r.problems] == [(4, "E_LOG_CRC")]
    assert r.kept == len(lines) - 1 and r.hole
    assert r.report_lines()[0] == "crc.log:4: Log line 4: bad CRC"
    # the rounds after the bad line are kept: 6 rounds minus the lost one
    assert len(logs.game_rounds(r)) == 5 and r.over()


def test_gap_in_the_sequence():
    g, lines = play_kakoi(rounds=6)
    gap = lines[:4] + lines[5:]                   # the event with seq 4 is missing
    r = logs.read_bytes(data_of(gap), "gap.log")
    assert [(p.lineno, p.msg_id) for p in r.problems] == [(5, "E_LOG_GAP")]
    assert r.problems[0].info == {"line": 5, "want": 4, "got": 5, "n": 1}
    assert "line 5" in r.report_lines()[0] and "want 4" in r.report_lines()[0]
    assert r.kept == len(gap) - 0 and r.hole     # the later rounds still fold (outcome events)


def test_unknown_event_kind():
    g, lines = play_kakoi(rounds=4)
    bad = list(lines)
    bad[2] = reseal(bad[2], t="teleport")
    r = logs.read_bytes(data_of(bad), "u.log")
    assert [(p.lineno, p.msg_id) for p in r.problems] == [(3, "E_LOG_KIND_RULES")]
    assert "unknown event 'teleport'" in r.report_lines()[0]
    assert r.kept == len(lines) - 1


def test_newer_schema_version_stops_reading():
    g, lines = play_kakoi(rounds=2)
    bad = [reseal(lines[0], schema=journal.SCHEMA + 1)] + lines[1:]
    r = logs.read_bytes(data_of(bad), "new.log")
    assert [(p.lineno, p.msg_id) for p in r.problems] == [(1, "E_LOG_SCHEMA"), (2, "E_LOG_NOT_READ")]
    assert r.game is None and r.kept == 0
    txt = r.report_lines()
    assert txt[0] == "new.log:1: Log line 1: newer format %d" % (journal.SCHEMA + 1)
    assert "2-%d" % len(lines) in txt[1]


def test_other_game_duplicate_and_refused_lines():
    g, lines = play_kakoi(rounds=3)
    other = reseal(lines[2], g="deadbeef")
    dup = lines[2]
    illegal = journal.seal({"t": "starter", "seat": 9, "seq": len(lines), "g": g.game_id})
    data = data_of(lines[:3] + [other, dup] + lines[3:] + [illegal])
    r = logs.read_bytes(data, "m.log")
    got = [(p.lineno, p.msg_id, p.why) for p in r.problems]
    assert got == [(4, "E_LOG_GAME", None), (5, "E_LOG_SEQ_BACK", None),
                   (len(lines) + 3, "E_LOG_REFUSED", "E_KAKOI_OVER")]
    assert r.kept == len(lines)
