"""Never a halt: what a screen raises is caught by the App, logged to errors.txt beside the games
(bounded), and the table is taken back to the play screen with the journal untouched. Also: a hold
of back inside a form cancels the form, never a saved result."""
import os

import pytest

from storage.store import Store, OsFs
from ui import errlog
from ui.screens.common import Screen
from ui_harness import Driver
from guard_store import _journal, _stored

import game_data

# The games the checks play (tests/kinds/<kind>/data.py): the presses from the start screen to its play
# screen (defaults, 4 players) and, for the first, one committed action from there. A game's own
# forms under the guard: tests/test_ui_guard_<kind>.py.
GUARDED = game_data.of(game_data.for_role("guard"))
START = GUARDED.NEW_GAME_PRESSES
ONE_ACTION = GUARDED.ONE_ACTION_PRESSES
REDRAWN = game_data.of(game_data.for_role("guard redraw"))   # its play screen redraws for ◀


class Boom(Screen):
    """A screen that fails where it is told to."""

    def __init__(self, app, where):
        Screen.__init__(self, app)
        self.where = where

    def open(self):
        if self.where == "open":
            raise ValueError("open failed")

    def on_button(self, kind, name):
        if self.where == "button":
            raise TypeError("button failed")

    def draw(self, c):
        if self.where == "draw":
            raise KeyError("draw failed")


@pytest.mark.parametrize("where", ["button", "draw"])
def test_a_failing_screen_is_logged_and_the_table_goes_back_to_play(tmp_path, where):
    st, d = _stored(tmp_path)
    d.seq(START + " " + ONE_ACTION)                # one committed action
    seq = d.app.game.seq
    assert seq == 1
    before = _journal(tmp_path)
    d.seq("up down")
    boom = Boom(d.app, where)
    d.app.push(boom)
    d.press("ok")
    d.app.frame()
    assert d.screen() == "Play"
    assert d.app.game.seq == seq and _journal(tmp_path) == before
    assert d.app.errors and d.app.errors[0].startswith("Boom: ")
    assert d.toast().startswith("エラーを記録して")
    log = open(str(tmp_path / "games" / "errors.txt"), encoding="utf-8").read()
    assert "screen Boom" in log and "Traceback" in log and "gestures: " in log
    assert "click up, click down" in log
    assert d.app.game.game_id in log
    d.press("back", "long")                   # the game goes on: undo still works
    assert d.app.game.seq == seq + 1 and len(d.app.errors) == 1   # the undo is a journal event


def test_a_screen_failing_to_open_is_caught(tmp_path):
    st, d = _stored(tmp_path)
    d.seq(START + " " + ONE_ACTION)
    before = _journal(tmp_path)
    d.app.top().on_button = lambda kind, name: d.app.push(Boom(d.app, "open"))
    d.press("ok")
    assert d.screen() == "Play" and d.app.game.seq == 1 and _journal(tmp_path) == before
    assert "ValueError: open failed" in d.app.errors[0]


def test_a_play_screen_that_keeps_failing_ends_on_the_start_screen():
    d = Driver(lang="en")
    d.seq(REDRAWN.NEW_GAME_PRESSES)
    play = type(d.app.top())
    orig = play.draw
    play.draw = lambda self, c: 1 / 0
    try:
        d.press("left")                      # a press the play screen redraws for (▲ opens the large view)
        assert d.screen() == "Boot" and len(d.app.errors) == 2
        assert d.toast().startswith("Error logged (ZeroDivisionError)")
    finally:
        play.draw = orig
    d.press("ok")                             # Resume
    assert d.screen() == "Play"


def test_without_a_game_an_error_goes_to_the_start_screen():
    d = Driver(lang="ja")
    d.app.push(Boom(d.app, "button"))
    d.press("ok")
    assert d.screen() == "Boot" and d.app.errors


def test_the_error_log_is_bounded_and_a_broken_flash_is_ignored(tmp_path, monkeypatch):
    st, d = _stored(tmp_path)
    d.seq(REDRAWN.NEW_GAME_PRESSES)
    monkeypatch.setattr(errlog, "MAX", 3000)
    for k in range(12):
        d.app.push(Boom(d.app, "button"))
        d.press("ok")
    games = tmp_path / "games"
    assert os.path.getsize(str(games / "errors.txt")) <= 3000
    assert os.path.getsize(str(games / "errors.old.txt")) <= 3000

    class Broken(OsFs):
        def open(self, path, mode="rb"):
            if "errors" in path:
                raise OSError(28, "no space")
            return OsFs.open(self, path, mode)
    st.fs = Broken()
    d.app.push(Boom(d.app, "button"))
    d.press("ok")
    assert d.screen() == "Play"


def test_a_half_filled_form_cannot_be_submitted_and_names_the_field():
    from ui.screens.entry import Form
    d = Driver(lang="ja")
    d.seq(START)
    sent = []

    def fields(v):
        return [{"key": "card", "label": "最初の札", "kind": "card", "ranks": [("A", "A")], "opt": True},
                {"key": "who", "label": "ドボンした人", "kind": "seat", "opts": [("P1", 0), ("P2", 1)]},
                {"key": "on", "label": "対象", "kind": "seats", "opts": [("P1", 0)], "empty": "場の札"}]
    d.app.push(Form(d.app, "テスト", fields, {"card": None, "who": None, "on": []}, sent.append))
    d.seq("up ok")                            # the last row: submit with ドボンした人 unchosen
    assert sent == [] and d.toast() == "ドボンした人を選んでください"
    assert d.app.top().sel == 1 and not d.app.errors
    d.seq("ok down ok")                       # choose P2, then submit
    d.seq("down down ok")
    assert sent == [{"card": None, "who": 1, "on": []}]


def test_the_error_log_is_exported_with_the_games_and_never_deleted(tmp_path):
    from host_tools.board import export
    from folder_runner import FolderRunner
    dev = tmp_path / "dev"
    dev.mkdir()
    st = Store(fs=OsFs(), root=str(dev / "games"))
    d = Driver(store=st, lang="ja")
    d.seq(START + " " + ONE_ACTION)
    d.app.push(Boom(d.app, "button"))
    d.press("ok")
    data = open(str(dev / "games" / "errors.txt"), "rb").read()
    res = export.export(FolderRunner(str(dev)), str(tmp_path / "archive"), delete=True, date="d")
    assert open(str(tmp_path / "archive" / "d" / "errors.txt"), "rb").read() == data
    assert os.path.exists(str(dev / "games" / "errors.txt"))
    by = dict((os.path.basename(f.path), f) for f in res.files)
    assert by["errors.txt"].verified and by["errors.txt"].log is None and not by["errors.txt"].deleted


def test_the_last_sixteen_gestures_oldest_first():
    d = Driver(lang="en")
    for k in range(20):
        d.app.on_button("click", "up" if k % 2 else "down")
    d.app.on_button("long", "back")
    d.app.on_button("repeat", "right")
    g = d.app.gestures()
    assert len(g) == 16 and g[-2:] == ["long back", "repeat right"] and g[-3] == "click up"


# runs after mp.GUEST_HEAD (firmware/ on the path, no-op gc, the clock C)
MP_CODE = r"""
class F:
    # a flash that keeps files in a dict (the Store's fs interface, only what the log uses)
    files = {}
    def stat(self, p):
        if p not in self.files:
            raise OSError(2)
        return (0, 0, 0, 0, 0, 0, len(self.files[p]))
    def open(self, p, mode):
        fs = self
        class W:
            def write(self, b):
                fs.files[p] = fs.files.get(p, b'') + bytes(b)
            def flush(self):
                pass
            def close(self):
                pass
        return W()
class S:
    fs = F()
    root = '/games'
    def lang(self):
        return 'ja'
    def resume_last(self):
        return None
from ui.app import App
from ui.screens.common import Screen
class Boom(Screen):
    def on_button(self, kind, name):
        raise TypeError('boom')
app = App(None, S(), C(), 'ja')
app.frame()
app.on_button('click', 'down')
app.push(Boom(app))
app.on_button('click', 'ok')
app.frame()
print('TOP', type(app.top()).__name__)
print('ERRORS', app.errors)
print('LOG', S.fs.files['/games/errors.txt'].decode())
"""


def test_the_guard_and_the_error_log_under_micropython():
    mp = pytest.importorskip("mp")
    out, err = mp.run_firmware(mp.GUEST_HEAD + MP_CODE, fuel=20_000_000_000)
    assert "TOP Boot" in out, out + err         # no game: the start screen
    assert "ERRORS ['Boom: TypeError: boom']" in out, out + err
    assert "screen Boom" in out and "TypeError: boom" in out and "click down, click ok" in out, out


def test_the_error_log_never_takes_the_flash_below_the_stores_reserve():
    """17 free blocks, a reserve of 16: a game's own write would be refused at 16, so the error
    log (2 KB notes, 256-byte blocks) writes nothing that would go below it."""
    from memfs import MemFs
    fs = MemFs(limit=64 * 256, block=256)
    st = Store(fs, reserve_blocks=16, low_blocks=20)
    fs.files["/filler"] = bytearray(b"x" * (st._free_blocks() - 17) * 256)
    assert st._free_blocks() == 17

    class Big(Exception):
        pass
    for k in range(6):
        errlog.append(st, Big("x" * 3000), "Boom", None, ["click ok"], k)
        assert st._free_blocks() >= 16, k
    fs.files["/filler"] = bytearray(b"x" * (len(fs.files["/filler"]) - 10 * 256))   # room again
    errlog.append(st, Big("room"), "Boom", None, [], 9)
    assert b"room" in fs.files["/games/errors.txt"]           # the note is written when it fits
    assert st._free_blocks() >= 16


class Deep(Screen):
    """A screen whose failure comes from deep down: a traceback far over an entry's 2,048 bytes."""

    def on_button(self, kind, name):
        def down(n):              # two functions: a traceback shows each frame (no "repeated")
            if n == 0:
                raise ValueError("die Ursache: 手札が読めません")
            further(n - 1)

        def further(n):
            down(n)
        down(60)


def test_a_long_traceback_keeps_its_exception_line(tmp_path):
    """An entry over 2,048 bytes loses the middle of its traceback: its head (when, the screen, the
    gestures) and its end (the innermost frames, the exception's own line) stay, whole lines of
    UTF-8 (a cut at 2,048 bytes once took the exception's line off)."""
    st, d = _stored(tmp_path)
    d.seq(REDRAWN.NEW_GAME_PRESSES)
    d.app.push(Deep(d.app))
    d.press("ok")
    data = open(str(tmp_path / "games" / "errors.txt"), "rb").read()
    assert len(data) <= errlog.ENTRY
    lines = data.decode("utf-8").splitlines()
    assert lines[0].startswith("--- ms ") and "screen Deep" in lines[0]
    assert lines[1].startswith("gestures: ") and lines[2].startswith("Traceback")
    assert lines[-1] == "ValueError: die Ursache: 手札が読めません"
    assert "in down" in " ".join(lines[-3:]) and [l for l in lines if l.endswith(" bytes cut)")]


def test_an_exception_line_longer_than_an_entry_keeps_its_start():
    class Big(Exception):
        pass
    data = errlog.cut(("--- ms 1 game - step - screen Boom\ngestures: \nBig: " + "あ" * 3000 + "\n").encode())
    assert len(data) <= errlog.ENTRY and data.endswith(b"\n")
    text = data.decode("utf-8")                       # no character cut in half
    assert text.startswith("--- ms 1") and text.splitlines()[-1].startswith("Big: ああ")


CUT_CODE = r"""
from ui.errlog import cut, ENTRY
frames = ''.join(['  File "ui/app.py", line %d, in down\n' % i for i in range(150)])
data = cut(('--- ms 5 game - step - screen Deep\ngestures: click ok\nTraceback (most recent call last):\n'
            + frames + 'ValueError: 手札が読めません\n').encode())
text = data.decode()
print('SIZE', len(data) <= ENTRY, 'LAST', text.splitlines()[-1], 'HEAD', text.splitlines()[1])
"""


def test_the_cut_under_micropython():
    mp = pytest.importorskip("mp")
    out, err = mp.run_firmware(mp.GUEST_HEAD + CUT_CODE, fuel=2_000_000_000)
    assert "SIZE True LAST ValueError: 手札が読めません HEAD gestures: click ok" in out, out + err
