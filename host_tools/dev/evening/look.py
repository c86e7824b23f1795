"""What the evening checks after every step (each phone's stream against the panel's state, the reference's; no secret out of place; the error log and console) and at its `check` steps (GET /view in the other language, a token of an earlier game refused, the heap)."""
from host_tools.dev.evening import checks as C

OTHER = {"ja": "en", "en": "ja"}
VIEW_MS = 30000          # emulated ms for a change to reach every phone
OLD_TOKEN_EVENT = {"t": "check", "p": 0}    # any event: a token of no seat is refused before it is read


def board_view(ev, view):
    return C.same_view(view, ev.ids["board"])


def ref_view(ev, phone, lang):
    return C.same_view(ev.ref.view(phone, lang), ev.ids["ref"])


def wait_same(ev, phones):
    """Run the board until every phone's stream shows what the reference shows it, within one
    bound for all; {phone name: the differences left} for those that never did."""
    want = dict((ph.name, ref_view(ev, ph.name, ph.lang)) for ph in phones)
    same = {}                     # phone -> (its views looked at, the last one the same)

    def looked(ph):
        n = len(ph.views)
        if same.get(ph.name, (None,))[0] != n:
            same[ph.name] = (n, n > 0 and board_view(ev, ph.last[2]) == want[ph.name])
        return same[ph.name][1]
    if ev.board.wait(lambda: all([looked(ph) for ph in phones]), VIEW_MS):
        return {}
    return dict((ph.name, C.differences(board_view(ev, ph.last[2]) if ph.last else {}, want[ph.name]))
                for ph in phones if not looked(ph))


def after_step(ev, name, views=()):
    """After every step: each phone's stream shows what the reference shows it, no secret out of
    place in anything sent since, the error log and the console clean."""
    phones = list(ev.phones.values())
    for phone, bad in sorted(wait_same(ev, phones).items()):
        lang = ev.phones[phone].lang
        ev.problem("%s: phone %s's stream (%s): %s" % (name, phone, lang, "; ".join(bad)))
    secrets(ev, name, views)
    board_state(ev, name)


def check(ev, name):
    """A check step: besides after_step's, GET /view in the other language for every phone with a
    token, a token of an earlier game tried, and the free heap."""
    views = other_language(ev, name)
    old_tokens(ev, name)
    after_step(ev, name, views)
    ev.heap.append((name, ev.board.heap_free()))


def other_language(ev, name):
    """GET /view with each token a phone holds, in the language its stream does not use."""
    got = []
    for ph in ev.phones.values():
        if not ph.tok:
            continue
        lang = OTHER[ph.lang]
        status, view = ev.board.view(ph, lang)
        ev.gets += 1
        if status != 200:
            ev.problem("%s: GET /view for phone %s (%s): %d %s" % (name, ph.name, lang, status, view))
            continue
        got.append((ph, view))
        bad = C.differences(board_view(ev, view), ref_view(ev, ph.name, lang))
        if bad:
            ev.problem("%s: GET /view for phone %s (%s): %s" % (name, ph.name, lang, "; ".join(bad)))
    return got


def old_tokens(ev, name):
    """A token the table gave in an earlier game (or before a power cut): its act is refused 403,
    as the reference refuses it, once per token."""
    for ph in ev.phones.values():
        if not ph.tok or ph.tok in ev.old_tried or ev.ref.seated(ph.name):
            continue
        ev.old_tried.add(ph.tok)
        want, _why = ev.ref.act(ph.name, OLD_TOKEN_EVENT)
        status, text = ev.board.act(ph, ph.last[1] if ph.last else None, OLD_TOKEN_EVENT)
        if status != 403 or want != 403:
            ev.problem("%s: phone %s's token of an earlier game: act answered %d %s (reference %d), not 403"
                       % (name, ph.name, status, text, want))


def secrets(ev, name, views):
    """Learn the reference's secrets (every seat's `mine` lines, both languages), then search every
    view the board sent since the last check for one where it may not be."""
    for ph in ev.phones.values():
        for lang in ("ja", "en"):
            view = ev.ref.view(ph.name, lang)
            ev.secrets.learn(ev.ids["ref"].name(view.get("game")), view)
    seen = list(views)
    for ph in ev.phones.values():
        seen += [(ph, v[2]) for v in ph.views[ev.scanned.get(ph.name, 0):]]
        ev.scanned[ph.name] = len(ph.views)
    for ph, view in seen:
        leaked = ev.secrets.leaks(ev.ids["board"].name(view.get("game")), view)
        if leaked:
            ev.problem("%s: phone %s was sent another seat's secret: %s" % (name, ph.name, leaked))


def board_state(ev, name):
    """The error log (absent or empty), the console (no traceback, no MemoryError), the
    reference's own errors."""
    for path, data in ev.board.error_log().items():
        if data.strip():
            ev.problem("%s: %s holds %d bytes: %s" % (name, path, len(data), data[-1500:].decode("utf-8", "replace")))
    for trouble in ev.board.console_troubles():
        ev.problem("%s: the console: %s" % (name, trouble))
    for err in ev.ref.app.errors:
        ev.problem("%s: the reference's App: %s" % (name, err))
    ev.ref.app.errors[:] = []
