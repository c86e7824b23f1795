# What a phone sends for a result rather than as a press (docs/phones.md): starting one the panel
# then opens, each player's own hand for it (ui/hands.py), and saving it from the phone that started
# it. Imported once a seat's view may hold such a form.
from core.errors import Refusal


def busy(hub):
    """None when the panel shows the game's play screen alone, nothing half-entered: a phone may
    start a result; else why not (net/seats.panel: the panel first)."""
    app = hub.app
    if app.game is None or app.game.is_over():
        return "E_PH_SHOWN"
    why = hub.panel()
    return "E_PH_BUSY" if why is None and hub.hands() is not None else why


def can_save(h):
    """Every hand in and the panel on the preview it saves from (the game's hands.can_save())."""
    app = h.app
    top = app.stack[-1] if app.stack else None
    f = getattr(h.phone, "can_save", None)
    return not h.waiting() and f is not None and f(top)


def sections(vo, h):
    """The phones' view of the open result (ui/hands.py's Hands; net/live.py shows it): who has
    still to enter a hand; once all are in, the preview the panel shows."""
    t = vo.t
    lines = []
    for s in h.seats:
        if s not in h.got:
            state = t("PH_HAND_WAIT")
        else:
            state = t("PH_HAND_PHONE" if h.by_phone.get(s) else "PH_HAND_IN")
        lines.append(t("PH_HAND_LINE", {"name": vo.name(s), "state": state}))
    out = [{"head": t("PH_HANDS"), "lines": lines}]
    if not h.waiting():
        f = getattr(h.phone, "preview", None)      # the game's hands module (kinds/<kind>/hands.py)
        st = h.app.stack
        top = st[-1] if st else None
        more = f(vo, top, h) if f is not None else None
        if more:
            out.append({"head": t("PH_PREVIEW"), "lines": more})
    return out


def mine(hub, vo, seat, mine, mod):
    """The seat's forms and lines for a result: start one, enter its hand, see what it sent, save."""
    opens = getattr(mod, "opens", None)
    if opens is not None and busy(hub) is None:
        opens(vo, seat, mine)
    h = hub.hands()
    if h is None:
        return
    if seat in h.waiting():
        mine["forms"].append(h.form(vo, seat))
    elif seat in h.got:             # its hand as it is in (a phone that reconnects sees it): sent
        # from this phone, or entered on the panel (a seat without its phone then, or a correction)
        sid = "PH_MY_HAND" if h.by_phone.get(seat) else "PH_TABLE_HAND"
        mine["lines"].append(vo.t(sid, {"cards": h.phone.hand_text(vo, h.got[seat])}))
    if seat == hub.starter and can_save(h):
        mine["forms"].append({"id": "save", "label": "", "submit": vo.t("SAVE"),
                              "ev": {"t": "save", "h": h.id}, "fields": []})


def act(hub, seat, v, ev, mod):
    """POST /act of a "hand", "open" or "save": (200, v) or (403, None), or a Refusal."""
    t = ev.get("t")
    app = hub.app
    if t == "hand":
        # only its own, only while wanted; not checked against the view's version: the other
        # players' hands come in meanwhile and change the view, and each hand is still for the
        # same result; a hand for another result is stale
        h = hub.hands()
        if ev.get("seat") != seat:
            return 403, None
        if h is None or seat not in h.seats:
            raise Refusal("E_PH_NO_HAND")
        if ev.get("h") != h.id:
            raise Refusal("E_PH_STALE")
        h.from_phone(seat, ev)
    elif t == "save":
        # the phone that started the result saves it, as the panel's OK on its preview would
        h = hub.hands()
        if h is None or ev.get("h") != h.id:
            raise Refusal("E_PH_STALE")
        if seat != hub.starter:
            return 403, None
        if not can_save(h):              # the panel moved off the preview (a question, a hand)
            raise Refusal("E_PH_BUSY")
        h.phone.save(app.stack[-1])
    else:
        if getattr(mod, "open_result", None) is None or ev.get("seat") != seat:
            return 403, None
        if app.game is None:
            raise Refusal("PH_NO_GAME")
        why = busy(hub)
        if why is not None:
            raise Refusal(why)
        if v != hub.v:
            raise Refusal("E_PH_STALE")
        mod.open_result(app, seat, ev)
        hub.starter = seat          # it may save the result too, once every hand is in
    app.dirty = True
    hub.poll()
    return 200, hub.v
