"""A hold of back inside an entry, shared by every game's test of it (tests/kinds/<kind>/
test_hold_back_<kind>.py): the hold cancels the whole entry and returns to the table,
the journal untouched; only a hold on the table itself undoes."""
import os

from core import registry
from ui_harness import Driver, flash_store, new_game


def table(tmp_path, kind, seats, lang="ja"):
    """A new game of `kind` on a flash in tmp_path, through the buttons: its play screen."""
    d = Driver(store=flash_store(tmp_path), lang=lang)
    new_game(d, registry.KINDS.index(kind), seats)
    return d


def saved(d, tmp_path):
    """The game's saved events: its effective actions, its last step and every byte on the flash."""
    files = {}
    root = str(tmp_path / "games")
    for dp, _, fs in os.walk(root):
        for f in fs:
            with open(os.path.join(dp, f), "rb") as fh:
                files[os.path.relpath(os.path.join(dp, f), root)] = fh.read()
    return d.app.game.seq, d.app.game.actions(), files


def on_table(d):
    app = d.app
    return app.stack == [app.playing] and app.playing is not None


def hold_cancels(d, tmp_path, what=""):
    """Hold back inside an entry: the table is on top again, it says the entry was cancelled, and
    nothing saved changed."""
    assert not on_table(d) or getattr(d.app.top(), "raising", None) is not None, what
    before = saved(d, tmp_path)
    d.press("back", "long")
    assert on_table(d), (what, d.screen(), [type(s).__name__ for s in d.app.stack])
    assert d.toast() == d.app.t("CANCELLED"), what
    assert saved(d, tmp_path) == before, what


def hold_undoes(d, tmp_path, said):
    """Hold back on the table: the table's own undo (documented), saying what it took back."""
    assert on_table(d)
    n = d.app.game.actions()
    d.press("back", "long")
    assert d.app.game.actions() == n - 1 and said in d.toast(), d.toast()
    assert on_table(d)


def end_question_cancels(d, tmp_path, item="GL_END"):
    """From the table, the game menu's end question (`item`: its menu line): a hold cancels it
    and returns to the table, the game as it was."""
    d.press("back")                                 # the game menu
    labels = [lab for lab, _ in d.app.top().items]
    d.seq("down " * labels.index(d.app.t(item)) + "ok")
    assert d.screen() == "Confirm" and d.app.top().head == d.app.t("GL_END_Q")
    hold_cancels(d, tmp_path, "the end question")
