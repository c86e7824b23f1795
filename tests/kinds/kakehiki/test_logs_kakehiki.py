# host_tools.records.logs on 掛け引きほーるでむ logs: undo and redo replay exactly; a bad CRC names its line and
# the rules' refusals of the lines that no longer fold after it.
from host_tools.records import logs
import game_data  # noqa: E402
play_kakehiki = game_data.of("kakehiki").play_log
from log_lines import data_of


def test_kakehiki_with_undo_redo_replays_exactly():
    g, lines = play_kakehiki(5, undo_rate=0.2)
    assert any('"t":"undo"' in l for l in lines) and any('"t":"redo"' in l for l in lines)
    r = logs.read_bytes(data_of(lines))
    assert r.ok and r.game.state == g.state and r.game.done == g.done


def test_bad_crc_in_kakehiki_names_the_line_and_the_rules_refusals():
    g, lines = play_kakehiki(2)
    bad = list(lines)
    bad[5] = bad[5][:20] + "X" + bad[5][21:]
    r = logs.read_bytes(data_of(bad), "k.log")
    assert r.problems[0].lineno == 6 and r.problems[0].msg_id == "E_LOG_CRC"
    for p in r.problems[1:]:
        assert p.lineno > 6 and p.msg_id == "E_LOG_REFUSED" and p.why
    assert r.kept >= 5
