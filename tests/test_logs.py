# host_tools.logs on logs written by the engine: clean ones, and corrupt ones that must give clear
# errors with line numbers while keeping what is valid. The play_* helpers are shared with
# test_export / test_report / test_ledger.
import json
import random

import pytest

from scoreboard import journal
from scoreboard.engine import Game
from scoreboard.errors import Refusal

from host_tools import logs


# ---- games played through the engine, journal lines collected by the sink ----------------------
def play_kakehiki(seed=1, seats=4, gid=None, undo_rate=0.05, max_events=3000, start=20, names=None):
    rng = random.Random(seed)
    lines = []
    g = Game.new("kakehiki", names or seats, {"start": start, "dial_max": 5}, gid or "%08x" % seed, lines.append)
    n = 0
    while not g.is_over() and n < max_events:
        s = g.state
        ph = s["phase"]
        if g.done and rng.random() < undo_rate:
            g.undo()
            n += 1
            if rng.random() < 0.5:
                g.redo()
                n += 1
            continue
        if ph in ("select", "sign_bet", "judge_bet"):
            p = s["turn"]
            c = [{"t": "call", "p": p}, {"t": "check", "p": p}, {"t": "raise", "p": p, "v": rng.randint(1, 5)}]
            rng.shuffle(c)
            if rng.random() < 0.25:
                c.insert(0, {"t": "fold", "p": p})
            c.append({"t": "fold", "p": p})
        elif ph == "predict":
            alive = [i for i in range(s["n"]) if not s["out"][i]]
            c = [{"t": "predict", "p": s["turn"], "on": rng.choice(alive), "v": v} for v in (1, 0)]
        elif ph == "sign":
            c = [{"t": "sign", "minus": rng.random() < 0.2}]
        elif ph == "judge":
            c = [{"t": "judge", "small": rng.random() < 0.3}]
        elif ph == "reveal":
            c = [{"t": "sign", "minus": False}, {"t": "judge", "small": rng.random() < 0.3}]
        else:  # showdown
            alive = [i for i in range(s["n"]) if not s["out"][i]]
            c = [{"t": "win", "p": [rng.choice(alive)]}]
        for ev in c:
            try:
                g.submit(ev)
                n += 1
                break
            except Refusal:
                pass
        else:
            raise AssertionError("stuck in %s" % ph)
    return g, lines


KAKOI_ROUNDS = [
    {"t": "tsumo", "seat": 0, "card": "5", "hands": [[], ["K", "Q"], ["3", "2"]]},
    {"t": "dobon", "card": "5", "by": 1, "out": False, "hands": [["5"], ["K", "Q"], ["3", "2"]],
     "calls": [{"seat": 2, "top": "3", "on": "card"}]},
    {"t": "tsumo", "seat": 2, "card": "9", "hands": [["A", "4"], ["7"], []]},
]


def play_kakoi(gid="0000c0c0", rounds=6, names=None):
    lines = []
    g = Game.new("kakoi", names or 3, {}, gid, lines.append)
    for i in range(rounds):
        g.submit(dict(KAKOI_ROUNDS[i % len(KAKOI_ROUNDS)]))
    g.submit({"t": "end"})
    return g, lines


KABU_EVENTS = [
    {"t": "dobon", "winner": 0, "loser": 1, "own": ["三", "三", "二"], "their": ["四", "五"],
     "dobon_card": "八", "okoshi": "六", "trumps": 3, "gaeshi": 0},
    {"t": "draw"},
    {"t": "dobon", "winner": 2, "loser": 0, "own": ["三", "五", "四", "ピン"], "their": ["八", "十", "六"],
     "dobon_card": "三", "trumps": 2, "gaeshi": 0},
]


def play_kabu(gid="0000cab0", names=None):
    lines = []
    g = Game.new("kabu", names or 3, {}, gid, lines.append)
    for ev in KABU_EVENTS:
        g.submit(dict(ev))
    return g, lines


def play_dobon(gid="0000d0b0", names=None):
    lines = []
    g = Game.new("dobon", names or 3, {"rounds": 3}, gid, lines.append)
    for w in (1, 2, 1):
        g.submit({"t": "play", "rank": "5"})
        g.submit({"t": "win", "seat": w})
    return g, lines


def data_of(lines):
    return "".join(lines).encode("utf-8")


def reseal(line, **changes):
    rec = journal.unseal(line)
    rec.update(changes)
    return journal.seal(rec)


# ---- clean logs -------------------------------------------------------------------------------
@pytest.mark.parametrize("play", [play_kakehiki, play_kakoi, play_kabu, play_dobon])
def test_clean_log_every_kind(play):
    g, lines = play()
    r = logs.read_bytes(data_of(lines), "x.log")
    assert r.ok and r.problems == [] and not r.hole
    assert r.lines == r.kept == len(lines)
    assert r.seq == g.seq and r.over() == g.is_over()
    assert r.game.standings() == g.standings()
    assert r.game.state == g.state
    rounds = logs.game_rounds(r)
    assert [o for o, _ in rounds] == list(g.history())
    assert rounds[-1][1] == [e["score"] for e in sorted(g.standings(), key=lambda e: e["seat"])]


def test_kakehiki_with_undo_redo_replays_exactly():
    g, lines = play_kakehiki(5, undo_rate=0.2)
    assert any('"t":"undo"' in l for l in lines) and any('"t":"redo"' in l for l in lines)
    r = logs.read_bytes(data_of(lines))
    assert r.ok and r.game.state == g.state and r.game.done == g.done


# ---- corrupt logs -----------------------------------------------------------------------------
def test_cut_last_line():
    g, lines = play_kakehiki(2)
    data = data_of(lines)[:-7]                    # power lost while writing the last line
    r = logs.read_bytes(data, "cut.log")
    assert [(p.lineno, p.msg_id) for p in r.problems] == [(len(lines), "E_LOG_CUT")]
    assert r.kept == len(lines) - 1 and r.seq == g.seq - 1 and not r.hole
    assert r.report_lines("en") == ["cut.log:%d: Log line %d: cut off" % (len(lines), len(lines))]
    assert "%d行目" % len(lines) in r.report_lines("ja")[0]


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


def test_bad_crc_in_kakehiki_names_the_line_and_the_rules_refusals():
    g, lines = play_kakehiki(2)
    bad = list(lines)
    bad[5] = bad[5][:20] + "X" + bad[5][21:]
    r = logs.read_bytes(data_of(bad), "k.log")
    assert r.problems[0].lineno == 6 and r.problems[0].msg_id == "E_LOG_CRC"
    for p in r.problems[1:]:
        assert p.lineno > 6 and p.msg_id == "E_LOG_REFUSED" and p.why
    assert r.kept >= 5


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


def test_garbage_and_empty():
    assert logs.read_bytes(b"", "e.log").problems[0].msg_id == "E_LOG_EMPTY"
    r = logs.read_bytes(b"\xff\xfe\n{}\n", "g.log")
    assert [p.msg_id for p in r.problems] == ["E_LOG_UTF8", "E_LOG_NOT_READ"]
