# A saved game read from the flash for the record (net/record_pages.py, net/record_csv.py), and
# its words: its own texts, names and state, as its own screens need them.
from storage import layout


def words_of(vo, game):
    """A saved game that is not the table's in the phone's language (vo: the hub's Words): its own
    texts, names and state, as its own screens need them."""
    from words.game import Words
    kind = game.header["kind"]
    # the table's game's kind: the phone's texts already loaded (a copy would be a few KB more)
    if kind == vo.kind:
        tx = vo.tx
    else:
        from words.texts import load
        tx = load(vo.lang, kind) + (vo.tx[-1],)     # then the server's own words
    return Words(vo.lang, kind, tx, game)


def load_saved(app, key):
    """The saved game `key` (a stem of Store.games()) read as the list reads it, or None."""
    st = app.store
    if st is None or not isinstance(key, str) or layout.parse(layout.snap(key)) is None:
        return None
    st.fold()                   # the lines the write-ahead block holds, into the files read
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
