# A table's own default settings of a game (first screen → 設定), kept in /prefs.json: the setup
# screen starts from them. Small on purpose: imported by the setup screen, forgotten with it.
from core import registry


def saved(app, kind, values):
    """The saved defaults of `kind` over the rules' ones, in `values` (and returned). A saved value
    of the wrong type, or a set the rules refuse, is left out: preferences never stop a game."""
    if app.store is None:
        return values
    try:
        got = app.store.prefs().get("defaults", {}).get(kind)
    except Exception:
        return values
    if not isinstance(got, dict):
        return values
    merged = dict(values)
    for k in got:
        if k in merged and type(got[k]) is type(merged[k]):
            merged[k] = got[k]
    try:
        registry.load(kind).check_settings(merged, registry.seats(kind)[0])
    except Exception:
        return values
    for k in merged:
        values[k] = merged[k]
    return values
