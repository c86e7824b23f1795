"""The saved games on the device (issue 20 §1): the list, resume, end (an "end" in the log, final
after a power-cycle), delete after a confirmation, and the question before a new game while one is
unfinished; every game can be ended from its menu."""
import json
import os

from ui_harness import Driver, flash_store, pick


def labels(d):
    return [lab for lab, _ in d.app.top().items]


def log_records(tmp_path, gid):
    folder = str(tmp_path / "games")
    names = sorted(n for n in os.listdir(folder) if gid in n and n.endswith(".log"))
    out = []
    for n in names:
        with open(os.path.join(folder, n), encoding="utf-8") as f:
            out += [json.loads(line) for line in f]
    return out


def two_games(tmp_path):
    """An older 掛け引き (one call made) and a newer ドボン of 3 rounds (one round won)."""
    st = flash_store(tmp_path)
    kh = st.create("kakehiki", ["太郎", "花子", "次郎"])
    kh.submit({"t": "call", "p": 1})
    st.after_change(kh)
    db = st.create("dobon", ["A", "B"], {"rounds": 3})
    db.submit({"t": "win", "seat": 1})
    st.after_change(db)
    return kh.game_id, db.game_id


def older_game_menu(tmp_path):
    """two_games(), the device booted, the saved games opened on the older 掛け引き's menu."""
    kh, db = two_games(tmp_path)
    d = Driver(flash_store(tmp_path))
    pick(d, "保存したゲーム")
    d.press("down")
    d.press("ok")
    return d, kh, db


def test_list_shows_kind_players_progress_and_finished(tmp_path):
    kh, db = two_games(tmp_path)
    d = Driver(flash_store(tmp_path))
    assert d.app.game.game_id == db           # the newest unfinished game is resumed at boot
    pick(d, "保存したゲーム")
    assert d.screen() == "GamesList"
    rows = d.app.top().rows
    assert [r[0] for r in rows] == [db, kh]   # newest first
    assert rows[0][1:] == ("dobon", False, "ドボン", "第2回（全3回）", "A・B")
    assert rows[1][1:] == ("kakehiki", False, "掛け引きほーるでむ", "第1回・切り直し0/3", "太郎・花子・次郎")
    log = d.redraw()
    text = log.frame_text()
    assert "保存したゲーム 1/2" in text and "▶ドボン" in text and "途中" in text
    assert not log.over


def test_resume_an_older_game_from_the_list(tmp_path):
    d, kh, db = older_game_menu(tmp_path)
    assert labels(d) == ["続ける", "ゲームを終える", "消す"]
    pick(d, "続ける")
    assert d.app.game.game_id == kh and d.app.kind == "kakehiki"
    assert d.screen() == "Play"
    assert d.app.state()["acted"][1]            # the call made before is there
    # and it goes on: the next commit lands in its own log
    d.app.submit({"t": "call", "p": 2})
    assert log_records(tmp_path, kh)[-1]["t"] == "call"


def test_end_from_the_list_is_final_in_the_log_and_after_a_power_cycle(tmp_path):
    kh, db = two_games(tmp_path)
    d = Driver(flash_store(tmp_path))
    pick(d, "保存したゲーム")
    d.press("ok")                                # the ドボン (newest)
    pick(d, "ゲームを終える")
    assert d.app.top().head == "終えて順位を確定しますか？"
    pick(d, "はい")
    assert d.screen() == "End" and d.app.game.is_over()
    assert d.app.game.standings()[0]["seat"] == 1
    recs = log_records(tmp_path, db)
    assert recs[-1]["t"] == "end" and recs[-1]["seq"] == 2
    # power-cycle: the ended ドボン does not come back as 続きから; the 掛け引き does
    d2 = Driver(flash_store(tmp_path))
    assert d2.app.game.game_id == kh
    listed = {e["id"]: e["over"] for e in flash_store(tmp_path).games()}
    assert listed == {db: True, kh: False}


def test_a_finished_game_shows_its_standings_and_cannot_be_ended_again(tmp_path):
    kh, db = two_games(tmp_path)
    st = flash_store(tmp_path)
    g = st.open_game(db)
    g.submit({"t": "end"})
    d = Driver(flash_store(tmp_path))
    pick(d, "保存したゲーム")
    assert d.app.top().rows[0][2] is True
    d.press("ok")
    assert labels(d) == ["順位", "消す"]
    pick(d, "順位")
    assert d.screen() == "End" and d.app.game.game_id == db


def test_delete_asks_first(tmp_path):
    d, kh, db = older_game_menu(tmp_path)
    pick(d, "消す")
    assert d.app.top().head == "このゲームを消しますか？"
    pick(d, "いいえ")                             # nothing happens
    assert [e["id"] for e in flash_store(tmp_path).games()] == [db, kh]
    pick(d, "消す")
    pick(d, "はい")
    assert d.screen() == "GamesList" and d.toast() == "ゲームを消しました"
    assert [r[0] for r in d.app.top().rows] == [db]
    assert [e["id"] for e in flash_store(tmp_path).games()] == [db]
    assert not [n for n in os.listdir(str(tmp_path / "games")) if kh in n]


def test_deleting_the_game_on_the_table(tmp_path):
    kh, db = two_games(tmp_path)
    d = Driver(flash_store(tmp_path))
    pick(d, "保存したゲーム")
    d.press("ok")
    pick(d, "消す")
    pick(d, "はい")
    assert d.app.game is None
    d.press("back")
    assert Driver(flash_store(tmp_path)).app.game.game_id == kh


def test_new_game_while_one_is_unfinished_asks(tmp_path):
    kh, db = two_games(tmp_path)
    d = Driver(flash_store(tmp_path))
    pick(d, "新しいゲーム")
    assert d.screen() == "AskNew"
    assert d.app.top().head == "終わっていないゲームがあります"
    assert labels(d) == ["終えてから新しく始める", "残して新しく始める", "やめる"]
    pick(d, "やめる")
    assert d.screen() == "Boot"
    pick(d, "新しいゲーム")
    pick(d, "残して新しく始める")
    assert d.screen() == "Games"
    assert not d.app.game.is_over()
    d.press("back")
    pick(d, "新しいゲーム")
    pick(d, "終えてから新しく始める")
    assert d.screen() == "Games"
    assert log_records(tmp_path, db)[-1]["t"] == "end"
    assert Driver(flash_store(tmp_path)).app.game.game_id == kh   # the ended one is not resumed


def test_no_question_when_nothing_is_unfinished(tmp_path):
    d = Driver(flash_store(tmp_path))
    pick(d, "新しいゲーム")
    assert d.screen() == "Games"


def test_memory_only_asks_before_dropping(tmp_path):
    d = Driver(None)
    d.app.new_game("dobon", ["A", "B"], {})
    d.press("back")
    pick(d, "最初の画面へ")
    assert "保存したゲーム" not in labels(d)      # nothing is saved: no list
    pick(d, "新しいゲーム")
    assert labels(d) == ["終えてから新しく始める", "捨てて新しく始める", "やめる"]


def test_every_game_can_be_ended_from_its_menu(tmp_path):
    for kind, seats, label in (("kakehiki", 3, "ゲームを終える"), ("dobon", 2, "ゲームを終える")):
        d = Driver(flash_store(tmp_path))
        d.app.new_game(kind, ["P%d" % (i + 1) for i in range(seats)], {})
        d.press("back")
        assert d.screen() == "GameMenu"
        pick(d, label)
        pick(d, "はい")
        assert d.screen() == "End" and d.app.game.is_over()
        assert d.app.note == "ゲーム終了"
        # undo takes the end back (a mistaken end): the game goes on
        d.press("back", "long")
        assert not d.app.game.is_over() and d.screen() == "Play"


def test_the_game_on_the_table_goes_on_after_looking_at_the_list(tmp_path):
    kh, db = two_games(tmp_path)
    d = Driver(flash_store(tmp_path))
    pick(d, "保存したゲーム")                     # reads every game back (the one on the table too)
    d.press("back")
    pick(d, "続きから")
    assert d.app.game.game_id == db
    d.app.submit({"t": "win", "seat": 0})
    recs = log_records(tmp_path, db)
    assert recs[-1] == dict(recs[-1], t="win", seat=0, seq=2)
    assert Driver(flash_store(tmp_path)).app.game.state["wins"] == [1, 1]
