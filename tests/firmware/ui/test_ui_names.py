"""Names on the device: each seat picks a kept name or types one on the kana grid;
a typed name is added to /names.json in the PC's format and is in the game's log header."""
import json
import os

import pytest

from ui_harness import Driver, flash_store, pick
from core import journal, validate
from ui.screens.names import KEYS, _mark


def to_seats(d):
    """New game → 掛け引き → settings 次へ → the players screen."""
    d.seq("ok ok up ok")
    assert d.screen() == "Seats"


def open_names(d):
    scr = d.app.top()
    while scr.rows()[scr.sel] != "list":
        d.press("down")
    d.press("ok")
    assert d.screen() == "SeatNames"


def type_on_grid(d, text):
    """Move the grid's cursor to each letter (changing page as needed) and press OK."""
    g = d.app.top()
    assert type(g).__name__ == "KanaGrid"    # (the module is let go between games: compare by name)
    for ch in text:
        for page in (0, 1, 2):
            if any(ch in row for row in _rows(g, page)):
                break
        else:
            raise AssertionError("no %r on the grid" % ch)
        if g.page != page:
            key(d, ("KG_HIRA", "KG_KATA", "KG_LATIN")[page])
        rows = g.rows()
        r = [k for k in range(len(rows)) if ch in rows[k]][0]
        move(d, r, rows[r].index(ch))
        d.press("ok")


def _rows(g, page):
    old = g.page
    g.page = page
    rows = g.rows()
    g.page = old
    return rows


def move(d, r, c):
    g = d.app.top()
    while g.r != r:
        d.press("down")
    while g.c != c:
        d.press("right")


def key(d, sid):
    g = d.app.top()
    move(d, len(g.rows()), KEYS.index(sid))
    d.press("ok")


def test_marks_go_on_and_come_off():
    assert _mark("か", "゛") == "が" and _mark("が", "゛") == "か"
    assert _mark("は", "゜") == "ぱ" and _mark("ば", "゜") is None
    assert _mark("ウ", "゛") == "ヴ" and _mark("ホ", "゜") == "ポ"
    assert _mark("あ", "゛") is None and _mark("A", "゛") is None
    assert _mark("う", "゛") is None              # ゔ is not in the panel's font (ヴ is)


def test_a_typed_name_is_kept_and_goes_into_the_log_header(tmp_path):
    st = flash_store(tmp_path)
    st.set_names(["佐藤", "Ben"])                 # pushed from the PC
    d = Driver(flash_store(tmp_path))
    to_seats(d)
    open_names(d)
    d.press("ok")                                 # 席1
    assert d.app.top().head == "席1の名前"
    assert [lab for lab, _ in d.app.top().items] == ["文字で入力", "佐藤", "Ben", "P1"]
    pick(d, "文字で入力")
    type_on_grid(d, "か")
    type_on_grid(d, "゛")
    type_on_grid(d, "っこう")
    log = d.redraw()
    assert ("席1：がっこう", 0, 0) in log.drawn and not log.over
    key(d, "KG_DONE")
    assert d.screen() == "SeatNames"
    d.press("down")
    d.press("ok")                                 # 席2: a name from the PC
    pick(d, "Ben")
    d.press("down")
    d.press("ok")                                 # 席3: katakana with a 濁点
    pick(d, "文字で入力")
    type_on_grid(d, "ウ")
    type_on_grid(d, "゛")
    type_on_grid(d, "ァ")
    key(d, "KG_DONE")
    d.press("down")
    d.press("ok")                                 # 席4: Latin letters and digits
    pick(d, "文字で入力")
    type_on_grid(d, "Ann-2")
    key(d, "KG_DONE")
    assert d.app.top().seats.names() == ["がっこう", "Ben", "ヴァ", "Ann-2"]
    d.press("down")
    d.press("ok")                                 # 決定
    assert d.screen() == "Seats"
    # the names file: the PC's names first, the typed ones after, a JSON list of strings
    with open(str(tmp_path / "names.json"), encoding="utf-8") as f:
        assert json.load(f) == ["佐藤", "Ben", "がっこう", "ヴァ", "Ann-2"]
    assert flash_store(tmp_path).names() == ["佐藤", "Ben", "がっこう", "ヴァ", "Ann-2"]
    scr = d.app.top()
    while scr.rows()[scr.sel] != "start":
        d.press("down")
    d.press("ok")
    assert d.screen() == "Play" and d.app.name(0) == "がっこう"
    # the log's header (what export copies and the report reads) carries the typed names
    folder = str(tmp_path / "games")
    log_name = [n for n in os.listdir(folder) if n.endswith(".log")][0]
    with open(os.path.join(folder, log_name), "rb") as f:
        header = validate.check_header(journal.unseal(f.readline(), 1))
    assert header["seats"] == ["がっこう", "Ben", "ヴァ", "Ann-2"]


def test_the_grid_refuses_what_a_name_cannot_be(tmp_path):
    d = Driver(flash_store(tmp_path))
    to_seats(d)
    open_names(d)
    d.press("ok")
    pick(d, "文字で入力")
    type_on_grid(d, "゛")
    assert d.toast() == "その字には付けられません"
    key(d, "KG_DONE")
    assert d.toast() == "名前を入力してください" and d.screen() == "KanaGrid"
    type_on_grid(d, "あいうえおかきく")
    type_on_grid(d, "け")
    assert d.toast() == "名前は8字までです" and d.app.top().name == "あいうえおかきく"
    d.press("back")                               # back deletes one letter
    assert d.app.top().name == "あいうえおかき"
    for _ in range(7):
        d.press("back")
    d.press("back")                               # nothing left: back leaves the grid
    assert d.screen() == "Menu"


def test_a_name_already_at_the_table_is_refused(tmp_path):
    st = flash_store(tmp_path)
    st.set_names(["あや"])
    d = Driver(flash_store(tmp_path))
    to_seats(d)
    open_names(d)
    d.press("ok")
    pick(d, "あや")
    d.press("down")
    d.press("ok")
    pick(d, "あや")
    assert d.toast() == "あやはもう席にいます"
    assert d.app.top().head == "席2の名前"
    pick(d, "P2")
    assert d.app.top().seats.names()[:2] == ["あや", "P2"]


def test_memory_only_still_types_names():
    d = Driver(None)
    to_seats(d)
    open_names(d)
    d.press("ok")
    assert [lab for lab, _ in d.app.top().items] == ["文字で入力", "P1"]
    pick(d, "文字で入力")
    type_on_grid(d, "Mo")
    key(d, "KG_DONE")
    assert d.app.top().seats.names()[0] == "Mo"


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_every_grid_page_fits_the_panel(lang):
    d = Driver(None, lang)
    to_seats(d)
    open_names(d)
    d.press("ok")
    d.press("ok")
    g = d.app.top()
    for page in (0, 1, 2):
        g.page = page
        log = d.redraw()
        assert not log.over, log.over


def test_a_names_file_naming_one_player_twice_seats_them_once(tmp_path):
    """/names.json ["Ann"] six times (written by hand or by an older tool: `host_tools names`
    refuses it): the first Ann is kept, the later ones dropped, the seats the file does not reach
    get P<seat> as with no file, and 開始 starts the game (it used to refuse)."""
    st = flash_store(tmp_path)
    st.set_names(["Ann"] * 6)
    d = Driver(flash_store(tmp_path))
    to_seats(d)
    scr = d.app.top()
    assert scr.names() == ["Ann", "P2", "P3", "P4"]
    open_names(d)
    d.press("ok")                                  # seat 1's menu offers Ann once
    assert [lab for lab, _ in d.app.top().items] == ["文字で入力", "Ann", "P1"]
    d.press("back")
    d.press("back")
    assert d.screen() == "Seats"
    while scr.rows()[scr.sel] != "start":
        d.press("down")
    d.press("ok")
    assert d.screen() == "Play" and d.app.game.header["seats"] == ["Ann", "P2", "P3", "P4"]


def test_duplicates_among_more_names_than_seats_leave_distinct_names(tmp_path):
    st = flash_store(tmp_path)
    st.set_names(["Ann", "Ann", "Ben", "Ann", "Ben", "Cy"])
    d = Driver(flash_store(tmp_path))
    to_seats(d)
    assert d.app.top().names() == ["Ann", "Ben", "Cy", "P4"]


def test_a_pushed_name_that_is_a_default_name_moves_the_default(tmp_path):
    """names.json ["P4", "Ann"] (a "P4" typed once and kept): seat 4's P4 would be a second P4,
    so it takes the first P<k> no seat has."""
    st = flash_store(tmp_path)
    st.set_names(["P4", "Ann"])
    d = Driver(flash_store(tmp_path))
    to_seats(d)
    scr = d.app.top()
    assert scr.names() == ["P4", "Ann", "P3", "P1"]
    scr.use_pc = False                             # the names row on P1..Pn: no pushed name
    assert scr.names() == ["P1", "P2", "P3", "P4"]


def test_start_refuses_two_seats_of_one_typed_name(tmp_path):
    """A name picked for one seat while another seat has it (here P2 typed for seat 1 beside the
    default P2 of seat 2): 開始 says which name is twice and starts nothing."""
    d = Driver(flash_store(tmp_path))
    to_seats(d)
    scr = d.app.top()
    while scr.rows()[scr.sel] != "start":
        d.press("down")
    scr.custom[0] = "P2"
    d.press("ok")
    assert d.screen() == "Seats" and d.app.game is None
    assert d.toast() == "P2はもう席にいます"
    assert not (tmp_path / "games").exists() or not [
        n for n in os.listdir(str(tmp_path / "games")) if n.endswith(".log")]
    scr.custom[0] = "Ann"
    d.press("ok")                                  # distinct names: the game starts
    assert d.screen() == "Play" and d.app.game.header["seats"] == ["Ann", "P2", "P3", "P4"]
