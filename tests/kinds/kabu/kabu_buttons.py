# 株ドボン through the buttons: a ドボン (or 返し) entered from the play screen, its seats and both hands (kabu_dobon).
from ui_entry_helpers import hand


def kabu_dobon(d, w, l, own, their, gaeshi=False):
    d.press("left" if gaeshi else "right")          # the play screen's 「→:ドボン」 / 「←:返し」
    for seat in (w, l):
        scr = d.app.top()
        while scr.opts[scr.sel][1] != seat:
            d.press("down")
        d.press("ok")
    hand(d, own)
    hand(d, their)
