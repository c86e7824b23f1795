# A saved game read from the flash for the record (net/record_pages.py, net/record_csv.py), and
# its voice: its own texts, names and state, as its own screens need them.
from core import registry
from storage import layout


class SavedVoice:
    """A saved game that is not the table's, as its own screens need it: its texts, names and state."""

    def __init__(self, vo, app, game):
        from ui import texts
        self.lang = vo.lang
        self.app = self
        self.game = game
        kind = game.header["kind"]
        self.kind = kind
        self.gmod = registry.screens(kind)
        # the table's game's kind: the phone's texts already loaded (a copy would be a few KB more)
        self._tx = vo._tx if kind == vo.kind else texts.load(vo.lang, kind) + (hub_words(vo),)

    def t(self, sid, info=None):
        from ui import texts
        from core.errors import fill
        s = texts.look(self._tx, sid)
        return sid if s is None else fill(s, info)

    def name(self, i):
        return str(self.game.header["seats"][i])

    def state(self):
        return self.game.state

    def describe(self, rec):
        return self.gmod.describe(self, rec)

    def nseats(self):
        return self.game.nseats


def hub_words(vo):
    return vo._tx[-1]


def load_saved(app, key):
    """The saved game `key` (a stem of Store.games()) read as the list reads it, or None."""
    st = app.store
    if st is None or not isinstance(key, str) or layout.parse(layout.snap(key)) is None:
        return None
    st._listed = None
    cat = st.catalog()
    if key not in cat:
        return None
    from storage import recovery
    gid = layout.game_id(key)
    j = st._open.get(gid)
    try:
        game = recovery.load_listed(st, key, cat[key])
    finally:
        if j is not None:
            st._open[gid] = j
    if game is None or game is recovery.SET_ASIDE:
        return None
    game.store_key = key
    return game
