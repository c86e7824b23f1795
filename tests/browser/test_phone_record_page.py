# The table's record on the phone page (firmware/net/page.html, docs/phones.md "The record") in
# headless Chromium at 390x844 against the simulator serving phones: each game's script played on
# the panel, then the 履歴 tab on a Japanese and an English phone reads, line for line, what the
# panel's 履歴 says over the same journal (words/game.py lines, in that language); a finished
# game on the table shows its final standings, each round's result and a share button whose text is
# the game, the day this phone saw it end (none for a game it did not see end; 途中 for an unfinished
# one), the places and scores (navigator.share where the phone has it, else the clipboard: the page
# says it copied, or plainly that it could not); the 記録 tab lists the saved games and 通算成績 as the server
# counts them, opens a saved game's results, and downloads its log byte for byte the file export
# archives. Screenshots of each in both languages go to $PHONE_SHOTS (or a temporary folder).
import datetime
import os
import time

import pytest

import game_data
from games_folder import games_folder
from phone_browser import cdp
from record_page import TABS, get, panel_history, shoot, wait
from sim_script import script, start_game

pytestmark = pytest.mark.skipif(
    not cdp.chromium(), reason="Chromium is not installed (Debian: apt-get install chromium; make test does)")


@pytest.mark.parametrize("kind", game_data.kinds())
def test_the_phones_history_is_the_panels(sim, phones, shots, kind):
    table = sim()
    for text in script(kind):
        if text.split()[0] not in ("shot", "phone"):
            table.step(text)
    two = phones(["ja", "en"])
    on_table = [g for g in get(table, "/games", "ja")["games"] if g["table"]]
    assert on_table, "the script left no game on the table"
    store_dir = os.path.join(table.folder, "games")
    for p in two:
        p.goto(table.url)
        wait(p, lambda page: page["state"] == "live", "the table")
        p.tap(".tabs button", TABS[p.lang][1])
        want, total, app = panel_history(store_dir, on_table[0]["key"], p.lang)
        assert len(want) == total >= 1, "the script left no history: %r" % want
        page = wait(p, lambda page: page["tab"] == "1" and page["secs"] and page["secs"][0]["lines"], "the 履歴")
        assert page["secs"][0]["lines"] == want
        assert page["secs"][0]["head"] == app.t("HISTORY")
        shoot(p, shots, "history-" + kind)
    # a change on the panel reaches the open 履歴 tab: an undo (a hold of back) takes its line away
    table.step("long back")
    for p in two:
        want, after, app = panel_history(store_dir, on_table[0]["key"], p.lang)
        assert after == total - 1
        want = want or [app.t("HIST_NONE")]
        wait(p, lambda page: page["v"] == table.last["v"] and page["secs"] and page["secs"][0]["lines"] == want,
             "the 履歴 after an undo")


def finished_table(sim, tmp_path):
    """A simulator whose games folder holds one finished game of every kind; the panel opens the
    newest one's standings (保存したゲーム, OK, 順位): a finished game on the table."""
    folder = str(tmp_path / "finished")
    games_folder(folder, big=False)
    table = sim(folder)
    for step in ("click down", "click ok", "click ok", "click ok"):
        table.step(step)
    assert get(table, "/view", "ja")["screen"] == "end"
    return table


def shared(res, first=None):
    """The text 結果を送る sends: the game (and `first`'s words after it), its standings' head, a
    place, name and score a line."""
    return "\n".join([res["title"] + (first or ""), res["head"]] + [" ".join(r) for r in res["standings"]])


def today(lang):
    d = datetime.date.today()
    return ("・%d年%d月%d日" % (d.year, d.month, d.day) if lang == "ja"
            else ", %d %s %d" % (d.day, d.strftime("%B"), d.year))


def test_results_to_share_at_the_end(sim, phones, shots, tmp_path):
    """A finished game opened from the list: these phones did not see it end, so its text has no
    date (never today's: it may be another night's game)."""
    table = finished_table(sim, tmp_path)
    two = phones(["ja", "en"])
    for p in two:
        res = get(table, "/results", p.lang)
        p.goto(table.url)
        page = wait(p, lambda page: page["share"], "the results")
        heads = [s["head"] for s in page["secs"]]
        assert res["head"] in heads and res["rounds_head"] in heads, heads
        assert [s["rows"] for s in page["secs"] if s["head"] == res["head"]][-1] == res["standings"]
        assert [s["lines"] for s in page["secs"] if s["head"] == res["rounds_head"]] == [res["rounds"]]
        text = shared(res)
        assert page["share"] == text and res["head"] == {"ja": "最終順位", "en": "Final standings"}[p.lang]
        shoot(p, shots, "results")
        # navigator.share where the phone has it: the text goes to it as it is shown
        p.js("window.__shared = null; navigator.share = d => { window.__shared = d.text; return Promise.resolve(); }, true")
        p.tap("section.share .go")
        deadline = time.time() + 5
        while p.js("window.__shared") is None and time.time() < deadline:
            time.sleep(0.05)
        assert p.js("window.__shared") == text
        # else the clipboard, and the page says so
        p.js("window.__copied = null; delete Navigator.prototype.share; navigator.share = undefined;"
             "Object.defineProperty(navigator, 'clipboard', {value: {writeText: s => { window.__copied = s; return Promise.resolve(); }}}), true")
        p.tap("section.share .go")
        copied = {"ja": "コピーしました。グループに貼り付けてください", "en": "Copied: paste it into the group chat"}[p.lang]
        wait(p, lambda page: copied in page["notes"], "the copied note")
        assert p.js("window.__copied") == text
        shoot(p, shots, "results-copied", "section.share")
        copy_failed(p, shots, copied)


NOT_COPIED = {"ja": "コピーできませんでした。上の文面を長押ししてコピーしてください",
              "en": "Could not copy: press and hold the text above to copy it"}


def copy_failed(p, shots, copied):
    """Neither the clipboard nor the copy command took the text: the page says so plainly, never
    「コピーしました」; the copy command that works says it copied."""
    p.js("navigator.clipboard.writeText = s => Promise.reject(new Error('denied')); document.execCommand = c => false, true")
    p.tap("section.share .go")
    page = wait(p, lambda page: NOT_COPIED[p.lang] in page["errors"], "the failed copy's words")
    assert copied not in page["notes"]
    shoot(p, shots, "results-not-copied", "section.share")
    p.js("document.execCommand = c => { throw new Error('no'); };"
         "document.querySelectorAll('section.share .err').forEach(e => e.remove()), true")     # said again
    p.tap("section.share .go")
    time.sleep(0.3)
    page = wait(p, lambda page: NOT_COPIED[p.lang] in page["errors"], "the failed copy's words again")
    assert copied not in page["notes"]
    p.js("document.execCommand = c => c === 'copy', true")
    p.tap("section.share .go")
    page = wait(p, lambda page: copied in page["notes"], "the copied note after the copy command")
    assert NOT_COPIED[p.lang] not in page["errors"]


def end_on_the_panel(table):
    """The game menu's ゲームを終える, then はい: the game on the table ends, its final standings shown."""
    for step in ("click back", "click up", "click up", "click ok", "click down", "click ok"):
        table.step(step)
    assert get(table, "/view", "ja")["screen"] == "end"


def test_the_shared_text_says_the_day_it_ended_or_that_it_is_unfinished(sim, phones, shots):
    """An unfinished game's text says 途中 / unfinished, its standings 順位; a game these phones saw
    end carries that day (the phone's), on 卓 and in 記録 alike; the saved-games list marks ▶ only
    the unfinished game on the table, as the panel does."""
    table = sim()
    start_game(table, game_data.kinds()[0])
    two = phones(["ja", "en"])
    for p in two:
        p.goto(table.url)
        wait(p, lambda page: page["state"] == "live", "the table")
        p.tap(".tabs button", TABS[p.lang][2])
        page = wait(p, lambda page: page["games"], "the saved games")
        assert page["games"][0][0].startswith("▶") and page["games"][0][1] == {"ja": "途中", "en": "open"}[p.lang]
        p.tap(".game:first-of-type .claim", {"ja": "結果", "en": "Results"}[p.lang])
        res = get(table, "/results", p.lang)
        assert not res["over"] and res["head"] == {"ja": "順位", "en": "Standings"}[p.lang]
        page = wait(p, lambda page: page["share"], "its results")
        assert page["share"] == shared(res, {"ja": "（途中）", "en": " (unfinished)"}[p.lang])
        shoot(p, shots, "share-unfinished", "section.share")
        p.tap(".tabs button", TABS[p.lang][0])
    end_on_the_panel(table)
    for p in two:
        res = get(table, "/results", p.lang)
        page = wait(p, lambda page: page["share"], "the final results")
        assert page["share"] == shared(res, today(p.lang)) and res["over"]
        shoot(p, shots, "share-ended", "section.share")
        p.tap(".tabs button", TABS[p.lang][2])
        page = wait(p, lambda page: page["games"], "the saved games")
        assert not page["games"][0][0].startswith("▶") and page["games"][0][1] == {"ja": "終了", "en": "ended"}[p.lang]
        shoot(p, shots, "records-ended")
        p.tap(".game:first-of-type .claim", {"ja": "結果", "en": "Results"}[p.lang])
        page = wait(p, lambda page: page["share"], "its results in 記録")
        assert page["share"] == shared(res, today(p.lang))


def test_saved_games_season_and_a_log_downloaded(sim, phones, shots, tmp_path):
    table = finished_table(sim, tmp_path)
    two = phones(["ja", "en"])
    store_dir = os.path.join(table.folder, "games")
    for p in two:
        listed = get(table, "/games", p.lang)
        p.goto(table.url)
        wait(p, lambda page: page["state"] == "live", "the table")
        p.tap(".tabs button", TABS[p.lang][2])
        page = wait(p, lambda page: page["games"], "the saved games")
        assert page["games"] == [[("▶" if g["table"] and not g["over"] else "") + g["title"], g["mark"],
                                  " ".join([g["where"], g["players"]]).strip()] for g in listed["games"]]
        season = listed["season"]
        assert {"head": season["head"], "rows": [], "lines": [], "items": season["items"]} in page["secs"]
        assert [s["rows"] for s in page["secs"] if s["rows"]] == [season["rows"]]
        assert len(season["rows"]) >= 3
        # the game on the table is over: no ▶ (the panel marks only an unfinished one)
        assert not [g for g in page["games"] if g[0].startswith("▶")], page["games"]
        # a rate in the phone's language: 「50％」, "50%"
        sign, other = ("％", "%") if p.lang == "ja" else ("%", "％")
        assert all(r[3].endswith(sign) and other not in r[3] for r in season["rows"] if r[3] != "-"), season["rows"]
        shoot(p, shots, "records")
        # a saved game's results
        last = listed["games"][-1]
        p.tap(".game:last-of-type .claim", {"ja": "結果", "en": "Results"}[p.lang])
        res = get(table, "/results", p.lang + "&g=" + last["key"])
        page = wait(p, lambda page: page["share"] and res["rounds_head"] in [s["head"] for s in page["secs"]], "its results")
        assert [s["lines"] for s in page["secs"] if s["head"] == res["rounds_head"]] == [res["rounds"]]
        shoot(p, shots, "records-game")
    # a log downloaded on the phone: byte for byte the game's journal as export archives it
    p = two[0]
    p.tap(".link")
    wait(p, lambda page: page["games"], "the list again")
    down = str(tmp_path / "downloads")
    os.makedirs(down)
    p.browser.call("Browser.setDownloadBehavior", browser=True, behavior="allow", downloadPath=down,
                   browserContextId=p.context)
    key = listed["games"][0]["key"]
    p.tap(".game:first-of-type .claim", "ログ")
    path = os.path.join(down, key + ".log")
    deadline = time.time() + 20
    while not os.path.exists(path) and time.time() < deadline:
        time.sleep(0.1)
    with open(path, "rb") as f:
        got = f.read()
    segs = sorted(n for n in os.listdir(store_dir) if n.startswith(key + ".") and n.endswith(".log"))
    want = b"".join(open(os.path.join(store_dir, n), "rb").read() for n in segs)
    assert got == want and len(got) > 100


def csv_download(p, down, selector, name):
    """Tap `selector` and read the file the phone saved as `name` in `down` (its rows, the BOM off)."""
    import csv
    import io
    os.makedirs(down, exist_ok=True)
    p.browser.call("Browser.setDownloadBehavior", browser=True, behavior="allow", downloadPath=down,
                   browserContextId=p.context)
    path = os.path.join(down, name)
    for _ in range(4):                  # a tap lost to a busy machine is tapped again (5 s each)
        p.tap(selector)
        deadline = time.time() + 5
        while not os.path.exists(path) and time.time() < deadline:
            time.sleep(0.1)
        if os.path.exists(path):
            break
    time.sleep(0.2)                     # written whole (Chromium renames it into place once done)
    with open(path, "rb") as f:
        got = f.read()
    assert got.startswith(b"\xef\xbb\xbf"), got[:20]       # UTF-8 with a BOM: a spreadsheet reads it so
    return list(csv.reader(io.StringIO(got[3:].decode("utf-8"), newline="")))


def assert_csv_is_the_games(rows, store_dir, key, res):
    """The columns as docs/phones.md names them; a row per round, its result the phone's 各回の結果
    line; the last two rows the standings' scores and places, the figures of the game's own standings."""
    from core.engine import Game
    segs = sorted(n for n in os.listdir(store_dir) if n.startswith(key + ".") and n.endswith(".log"))
    game = Game.from_lines("".join(open(os.path.join(store_dir, n), encoding="utf-8").read() for n in segs).splitlines(True))
    names = [str(n) for n in game.header["seats"]]
    by_seat = dict((e["seat"], e) for e in game.standings())
    assert rows[0] == ["round", "result"] + ["score: " + n for n in names]
    assert [r[:2] for r in rows[1:-2]] == [[str(i + 1), line] for i, line in enumerate(res["rounds"])]
    assert rows[-2] == ["score", res["head"]] + [str(by_seat[i]["score"]) for i in range(len(names))]
    assert rows[-1] == ["place", ""] + [str(by_seat[i]["place"]) for i in range(len(names))]
    assert rows[-3][2:] == rows[-2][2:]          # the last round's scores are the standings'


def test_results_as_csv_downloaded(sim, phones, shots, tmp_path):
    table = finished_table(sim, tmp_path)
    ja, en = phones(["ja", "en"])
    store_dir = os.path.join(table.folder, "games")
    listed = get(table, "/games", "ja")["games"]
    # the game on the table, at its end: the button under 送る文面
    key = [g["key"] for g in listed if g["table"]][0]
    res = get(table, "/results", "ja")
    ja.goto(table.url)
    wait(ja, lambda page: page["share"], "the results")
    assert ja.js("document.querySelector('section.share .csv').textContent") == "結果をCSVで保存"
    shoot(ja, shots, "results-csv", "section.share")
    rows = csv_download(ja, str(tmp_path / "down-ja"), "section.share .csv", key + ".csv")
    assert_csv_is_the_games(rows, store_dir, key, res)
    # a saved game's results in 記録, on an English phone: its rows in English
    last = listed[-1]
    en.goto(table.url)
    wait(en, lambda page: page["state"] == "live", "the table")
    en.tap(".tabs button", TABS["en"][2])
    wait(en, lambda page: page["games"], "the saved games")
    en.tap(".game:last-of-type .claim", "Results")
    res = get(table, "/results", "en&g=" + last["key"])
    wait(en, lambda page: page["share"] and res["rounds_head"] in [s["head"] for s in page["secs"]], "its results")
    assert en.js("document.querySelector('section.share .csv').textContent") == "Save the results as CSV"
    shoot(en, shots, "records-game-csv", "section.share")
    rows = csv_download(en, str(tmp_path / "down-en"), "section.share .csv", last["key"] + ".csv")
    assert_csv_is_the_games(rows, store_dir, last["key"], res)


def test_a_csv_while_another_download_runs_is_refused_in_the_phones_language(sim, phones, shots, tmp_path):
    """One download at a time: while a large file is being sent (a slow phone's), 「結果をCSVで保存」 is
    answered with the busy words under the button, in the phone's language; once it ends, it saves."""
    import socket
    table = finished_table(sim, tmp_path)
    store_dir = os.path.join(table.folder, "games")
    with open(os.path.join(store_dir, "big.bin"), "wb") as f:
        f.write(os.urandom(8 * 1024 * 1024))
    root = get(table, "/files", "ja")["root"]
    key = [g["key"] for g in get(table, "/games", "ja")["games"] if g["table"]][0]
    two = phones(["ja", "en"])
    for p in two:
        p.goto(table.url)
        wait(p, lambda page: page["share"], "the results")
    slow = socket.socket()
    slow.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    slow.connect(("127.0.0.1", table.port))
    slow.sendall(("GET /file?k=%s&p=%s/big.bin HTTP/1.0\r\n\r\n" % (table.key, root)).encode())
    assert slow.recv(64).startswith(b"HTTP/1.0 200")          # the answer has begun; the phone dawdles
    busy = {"ja": "ほかのスマホがダウンロード中です。少し待ってからもう一度",
            "en": "Another phone is downloading: try again shortly"}
    try:
        for p in two:
            p.tap("section.share .csv")
            wait(p, lambda page: busy[p.lang] in page["errors"], "the busy words")
            shoot(p, shots, "results-csv-busy", "section.share")
    finally:
        slow.close()
    time.sleep(0.5)                            # the server lets the download go once it notices
    rows = csv_download(two[0], str(tmp_path / "down"), "section.share .csv", key + ".csv")
    assert rows[0][:2] == ["round", "result"]
    wait(two[0], lambda page: not page["errors"], "the busy words gone")
