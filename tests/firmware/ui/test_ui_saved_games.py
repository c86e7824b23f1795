"""The saved games on the device: the list, resume, end (an "end" in the log, final
after a power-cycle), delete after a confirmation, and the question before a new game while one is
unfinished; every game can be ended from its menu."""
import json
import os

from ui_harness import Driver, flash_store, pick

import game_data

# The two saved games, their rows on the list and what they show (tests/kinds/<kind>/data.py: SAVED_*).
OLDER_KIND = game_data.for_role("saved older")
OLDER = game_data.of(OLDER_KIND)
NEWER_KIND = game_data.for_role("saved newer")
NEWER = game_data.of(NEWER_KIND)


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
    """An older game and a newer one, one event made in each (tests/kinds/<kind>/data.py, roles "saved older"
    and "saved newer": SAVED_SEATS, SAVED_SETTINGS, SAVED_EVENT)."""
    st = flash_store(tmp_path)
    older = st.create(OLDER_KIND, list(OLDER.SAVED_SEATS), OLDER.SAVED_SETTINGS)
    older.submit(dict(OLDER.SAVED_EVENT))
    st.after_change(older)
    newer = st.create(NEWER_KIND, list(NEWER.SAVED_SEATS), NEWER.SAVED_SETTINGS)
    newer.submit(dict(NEWER.SAVED_EVENT))
    st.after_change(newer)
    return older.game_id, newer.game_id


def older_game_menu(tmp_path):
    """two_games(), the device booted, the saved games opened on the older game's menu."""
    older, newer = two_games(tmp_path)
    d = Driver(flash_store(tmp_path))
    pick(d, "保存したゲーム")
    d.press("down")
    d.press("ok")
    return d, older, newer


def test_list_shows_kind_players_progress_and_finished(tmp_path):
    older, newer = two_games(tmp_path)
    d = Driver(flash_store(tmp_path))
    assert d.app.game.game_id == newer           # the newest unfinished game is resumed at boot
    pick(d, "保存したゲーム")
    assert d.screen() == "GamesList"
    rows = d.app.top().rows
    assert [r[0] for r in rows] == ["0002-" + newer, "0001-" + older]   # newest first, by key
    assert rows[0][1:] == NEWER.SAVED_ROW
    assert rows[1][1:] == OLDER.SAVED_ROW
    log = d.redraw()
    text = log.frame_text()
    assert "保存したゲーム（1/2）" in text and "▶" + NEWER.TITLE_JA in text and "途中" in text
    assert not log.over


def test_resume_an_older_game_from_the_list(tmp_path):
    d, older, newer = older_game_menu(tmp_path)
    assert labels(d) == ["続ける", "ゲームを終える", "消す"]
    pick(d, "続ける")
    assert d.app.game.game_id == older and d.app.kind == OLDER_KIND
    assert d.screen() == "Play"
    assert OLDER.saved_event_shown(d.app.state())   # the event made before is there
    # and it goes on: the next commit lands in its own log
    d.app.submit(dict(OLDER.SAVED_NEXT))
    assert log_records(tmp_path, older)[-1]["t"] == OLDER.SAVED_NEXT["t"]


def test_end_from_the_list_is_final_in_the_log_and_after_a_power_cycle(tmp_path):
    older, newer = two_games(tmp_path)
    d = Driver(flash_store(tmp_path))
    pick(d, "保存したゲーム")
    d.press("ok")                                # the newer game
    pick(d, "ゲームを終える")
    assert d.app.top().head == "終えて順位を確定しますか？"
    pick(d, "はい")
    assert d.screen() == "End" and d.app.game.is_over()
    assert d.app.game.standings()[0]["seat"] == NEWER.SAVED_LEADER
    recs = log_records(tmp_path, newer)
    assert recs[-1]["t"] == "end" and recs[-1]["seq"] == 2
    # power-cycle: the ended newer game does not come back as 続きから; the older one does
    d2 = Driver(flash_store(tmp_path))
    assert d2.app.game.game_id == older
    listed = {e["id"]: e["over"] for e in flash_store(tmp_path).games()}
    assert listed == {newer: True, older: False}


def test_a_finished_game_shows_its_standings_and_cannot_be_ended_again(tmp_path):
    older, newer = two_games(tmp_path)
    st = flash_store(tmp_path)
    g = st.open_game(newer)
    g.submit({"t": "end"})
    d = Driver(flash_store(tmp_path))
    pick(d, "保存したゲーム")
    assert d.app.top().rows[0][2] is True
    d.press("ok")
    assert labels(d) == ["順位", "消す"]
    pick(d, "順位")
    assert d.screen() == "End" and d.app.game.game_id == newer


def test_delete_asks_first(tmp_path):
    d, older, newer = older_game_menu(tmp_path)
    pick(d, "消す")
    assert d.app.top().head == "このゲームを消しますか？"
    pick(d, "いいえ")                             # nothing happens
    assert [e["id"] for e in flash_store(tmp_path).games()] == [newer, older]
    pick(d, "消す")
    pick(d, "はい")
    assert d.screen() == "GamesList" and d.toast() == "ゲームを消しました"
    assert [r[0] for r in d.app.top().rows] == ["0002-" + newer]
    assert [e["id"] for e in flash_store(tmp_path).games()] == [newer]
    assert not [n for n in os.listdir(str(tmp_path / "games")) if older in n]


def test_deleting_the_game_on_the_table(tmp_path):
    older, newer = two_games(tmp_path)
    d = Driver(flash_store(tmp_path))
    pick(d, "保存したゲーム")
    d.press("ok")
    pick(d, "消す")
    pick(d, "はい")
    assert d.app.game is None
    d.press("back")
    assert Driver(flash_store(tmp_path)).app.game.game_id == older


def test_new_game_while_one_is_unfinished_asks(tmp_path):
    older, newer = two_games(tmp_path)
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
    assert log_records(tmp_path, newer)[-1]["t"] == "end"
    assert Driver(flash_store(tmp_path)).app.game.game_id == older   # the ended one is not resumed


def test_no_question_when_nothing_is_unfinished(tmp_path):
    d = Driver(flash_store(tmp_path))
    pick(d, "新しいゲーム")
    assert d.screen() == "Games"


def test_memory_only_asks_before_dropping(tmp_path):
    d = Driver(None)
    d.app.new_game(NEWER_KIND, list(NEWER.SAVED_SEATS), {})
    d.press("back")
    pick(d, "最初の画面へ")
    assert "保存したゲーム" not in labels(d)      # nothing is saved: no list
    pick(d, "新しいゲーム")
    assert labels(d) == ["終えてから新しく始める", "捨てて新しく始める", "やめる"]


def test_every_game_can_be_ended_from_its_menu(tmp_path):
    for kind, seats, label in ((OLDER_KIND, len(OLDER.SAVED_SEATS), "ゲームを終える"),
                               (NEWER_KIND, len(NEWER.SAVED_SEATS), "ゲームを終える")):
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
    older, newer = two_games(tmp_path)
    d = Driver(flash_store(tmp_path))
    pick(d, "保存したゲーム")                     # reads every game back (the one on the table too)
    d.press("back")
    pick(d, "続きから：" + d.app.t("G_" + d.app.game.header["kind"]))
    assert d.app.game.game_id == newer
    d.app.submit(dict(NEWER.SAVED_NEXT))
    recs = log_records(tmp_path, newer)
    assert recs[-1] == dict(recs[-1], seq=2, **NEWER.SAVED_NEXT)
    assert NEWER.saved_next_shown(Driver(flash_store(tmp_path)).app.game.state)


def colliding_games(tmp_path, monkeypatch):
    """0001-X: a finished game; 0002-X.0.log: an unfinished one of the same id X (two games made
    where the id could repeat: the ticks fallback of an older firmware). Returns X."""
    import shutil
    from storage import store as store_mod
    monkeypatch.setattr(store_mod, "new_game_id", lambda: "0000abcd")
    older = flash_store(tmp_path)
    g = older.create(OLDER_KIND, list(OLDER.SAVED_SEATS), OLDER.SAVED_SETTINGS)
    g.submit({"t": "end"})
    older.after_change(g)
    (tmp_path / "other").mkdir()
    other = flash_store(tmp_path / "other")
    g2 = other.create(NEWER_KIND, list(NEWER.SAVED_SEATS), NEWER.SAVED_SETTINGS)
    g2.submit(dict(NEWER.SAVED_EVENT))
    assert g.game_id == g2.game_id == "0000abcd"
    shutil.copy(str(tmp_path / "other" / "games" / "0001-0000abcd.0.log"),
                str(tmp_path / "games" / "0002-0000abcd.0.log"))
    monkeypatch.undo()
    return g.game_id


def test_deleting_one_of_two_games_with_one_id_deletes_that_one(tmp_path, monkeypatch):
    colliding_games(tmp_path, monkeypatch)
    folder = tmp_path / "games"
    finished = sorted(n for n in os.listdir(str(folder)) if n.startswith("0001-"))
    d = Driver(flash_store(tmp_path))
    assert d.app.game.header["kind"] == NEWER_KIND   # the unfinished one is resumed
    pick(d, "保存したゲーム")
    assert [r[2] for r in d.app.top().rows] == [False, True]    # newest first: unfinished, finished
    d.press("ok")                                    # the first listed: the unfinished game
    pick(d, "消す")
    pick(d, "はい")
    assert sorted(n for n in os.listdir(str(folder)) if n.startswith("0001-")) == finished
    assert not [n for n in os.listdir(str(folder)) if n.startswith("0002-")]
    assert [r[2] for r in d.app.top().rows] == [True]
    # the finished one still opens (its standings), and deleting it leaves nothing
    d.press("ok")
    pick(d, "順位")
    assert d.app.game.is_over() and d.app.game.header["kind"] == OLDER_KIND


def test_the_list_and_a_games_menu_read_whole(tmp_path):
    """The count as 履歴 writes it (「保存したゲーム（1/2）」); ▶ only on the unfinished
    game on the table (an ended one on the table has none); a game's menu titled with its name, where
    it is and who plays written whole under the choices (the title cut 「… 第1回・切り…」); each game
    on three lines, where and who never cut for each other."""
    older, newer = two_games(tmp_path)
    d = Driver(flash_store(tmp_path))
    pick(d, "保存したゲーム")
    d.press("ok")
    pick(d, "ゲームを終える")
    pick(d, "はい")                              # the newer game ends, and stays on the table
    d.press("ok")                               # its final standings -> the first screen
    assert d.app.game.game_id == newer and d.app.game.is_over()
    pick(d, "保存したゲーム")
    log = d.redraw()
    text = log.frame_text()
    assert "保存したゲーム（1/2）" in text and "▶" not in text, text
    row = d.app.top().rows[0]
    assert row[4] and row[5] and [s for s, x, y in log.drawn if s == row[4] and y == 16]
    assert [s for s, x, y in log.drawn if s == row[5] and y == 24]
    d.press("ok")
    assert d.app.top().head == NEWER.TITLE_JA
    log = d.redraw()
    drawn = [s for s, _, _ in log.drawn]
    assert row[4] in drawn and row[5] in drawn and not log.over


def test_which_deck_the_reshuffles_count():
    """掛け引き's progress says the judge deck's reshuffles (「切り直し0/3」 named no deck)."""
    d = Driver()
    assert d.app.t("GL_KH", {"r": 12, "j": 0}) == "第12回・判定札切り直し0/3"
    d.app.lang = "en"
    assert d.app.t("GL_KH", {"r": 12, "j": 0}) == "Round 12, judge shuffles 0/3"
