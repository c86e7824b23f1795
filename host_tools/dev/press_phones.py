# The same entry with every player's hand on their own phone (ui/hands.py, docs/phones.md): which
# screen enters a hand a phone sends instead, the script replayed with the phones sending them, and
# the presses and taps that leaves.
import shutil
import tempfile

from host_tools.dev.press_table import PressError, make_table, presses, saved_names


def phone_hand_seat(app, top):
    """The seat whose hand the screen `top` is entering when that hand is one its own phone sends
    instead (株ドボン's dobon: the winner's and the loser's, a 4枚揃い's holder's; 囲将会: every
    hand), else None."""
    if type(top).__name__ != "RankGrid":
        return None
    done = getattr(top, "on_done", None)
    entry = getattr(done, "__self__", None)
    if type(entry).__name__ == "DobonEntry":
        name = getattr(done, "__name__", "")
        if name == "own_done":
            return entry.w
        if name == "their_done":
            return entry.l
        return None
    if type(entry).__name__ == "FourEntry":               # 株ドボン's 4枚揃い: the holder's
        return entry.seat
    for s in range(app.nseats()):           # 囲将会: a payer's hand, or a caller's
        if top.head in (app.t("KK_PAYER", {"name": app.name(s)}), app.t("KK_hand_of", {"name": app.name(s)})):
            return s
    return None


def phone_hand(ev, seat):
    """The hand seat `seat`'s phone sends for the saved event `ev` (what its form's steppers give)."""
    if ev.get("t") == "dobon" and "own" in ev:              # 株ドボン
        return list(ev["own"] if seat == ev["winner"] else ev["their"])
    if ev.get("t") == "four":                               # the rest of the deal is 他, filled in
        return [c for c in ev["hand"] if c != 0]
    return list(ev["hands"][seat] or [])


def replay_with_phones(setup, counted, skip, names):
    """The script again with a phones' Hub on the App and every seat claimed: at each step, every
    hand a result waits for is sent as its phone sends it; the steps in `skip` (the panel-only
    run's presses on those hands' grids) are left out. Returns (the panel's presses, whether the
    saved state is the panel-only run's)."""
    from net.live import Hub
    ev = names["events"][-1]
    tmp = tempfile.mkdtemp(prefix="presses-phones-")
    try:
        root, app, runner = make_table(tmp)
        app.hub = hub = Hub(app, "k" * 12)
        runner.run(setup)
        hub.tokens = dict((s, "%016x" % (s + 1)) for s in range(app.nseats()))

        def phones_send():
            for _ in range(20):                 # a result may ask again (a 囲将会 caller, then payers)
                h = hub.hands()
                if h is None or not h.waiting():
                    return
                for seat in h.waiting():
                    h.put(seat, phone_hand(ev, seat), True)
        from core.errors import Refusal
        n = 0
        try:
            for i, step in enumerate(counted):
                phones_send()
                if i in skip:
                    continue
                n += presses([step])
                runner.line(step)
            phones_send()
        except Refusal:                         # a hand the panel-only run took, refused here
            return n, False
        runner.run_for(3000)
        try:
            return n, saved_names(root)["state"] == names["state"]
        except PressError:                      # nothing saved
            return n, False
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def phone_taps(hand):
    """A hand on the page's form: one tap on + per card, one on 手札を送る (tests/support/phone_hands.py)."""
    return len(hand) + 1


def with_phones(total, moved, names, form_at=None, deal=None):
    """{"panel": presses left on the panel, "taps": {seat: taps on its phone}} when hands of this
    entry go to the phones, else None. The panel does no press for the hands' list: the last hand
    in moves it on (tests/kinds/*/test_phone_hands_*.py). 山切れ (form_at: the presses that opened
    its form): every phone sends its size (the stepper starts at the deal) and its 十 赤ピン 魂四;
    the panel's form comes back filled, its preview on top: the preview's OK."""
    ev = names["events"][-1]
    if form_at is not None and ev.get("t") == "deckout":
        taps = {}
        for seat in range(len(ev["sizes"])):
            scoring = 0
            for key, pick in (("most", max), ("fewest", min)):
                if ev[key] and ev["sizes"][seat] == pick(ev["sizes"]):
                    scoring = len([c for c in ev[key] if c != 0])
            taps[seat] = abs(ev["sizes"][seat] - deal[seat]) + scoring + 1
        return {"panel": form_at + 1, "taps": taps}
    if not moved:
        return None
    taps = {}
    for seat in moved:
        if ev.get("t") == "dobon" and "own" in ev:          # 株ドボン
            hand = ev["own"] if seat == ev["winner"] else ev["their"]
        elif ev.get("t") == "four":                         # the rest of the deal is 他, filled in
            hand = [c for c in ev["hand"] if c != 0]
        else:
            hand = ev["hands"][seat] or []
        taps[seat] = phone_taps(hand)
    return {"panel": total - sum(moved.values()), "taps": taps}
