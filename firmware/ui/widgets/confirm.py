# Confirm: a yes / no question (a Menu of いいえ / はい) before what a single undo cannot take back.
from ui.widgets.menu import Menu


class Confirm(Menu):
    """Yes / No before something that cannot be taken back by a single undo. `head` is the
    question, ending in ？ / ? (every one a `..._Q` text). A hold of back cancels it (an entry)."""

    entry = True
    question = True          # a phone's act waits for the answer (net/seats.panel)

    def __init__(self, app, head, on_yes):
        def yes():
            app.pop()
            on_yes()
        Menu.__init__(self, app, head, [(app.t("NO"), app.pop), (app.t("YES"), yes)])
