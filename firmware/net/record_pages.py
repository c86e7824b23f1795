# The record's answers built from the games (docs/phones.md "The record"), as the panel says them:
# the game's 履歴, a game's standings and each round's result, the saved games and 通算成績.
import gc

from core import registry
from net.record_saved import load_saved, words_of

WORDS = {"ja": ("各回の結果", "1位率"), "en": ("Each round", "Win rate")}


def history(vo):
    """The panel's 履歴 (words/game.py lines) in the phone's language: the same lines, newest
    first, the same older-lines count; a hidden prediction reads as the panel reads it."""
    t = vo.t
    sec = {"head": t("HISTORY"), "lines": []}
    if vo.game is None:
        sec["lines"] = [t("PH_NO_GAME")]
        return {"sections": [sec]}
    from words.game import lines
    got, total = lines(vo)
    if not got:
        got = [t("HIST_NONE")]
    elif total > len(got):
        got.append(t("HIST_OLDER", {"n": total - len(got)}))
    sec["lines"] = got
    return {"sections": [sec]}


def rounds(vo, game):
    """Each round's or hand's result: the history lines of the actions that ended one (an outcome),
    in play order."""
    say = getattr(vo.gmod, "history", None)
    out = []
    for rec, before, res in game.steps():
        if res is not None and rec.get("t") != "end":
            out.append(say(vo, rec, before, res) if say is not None else vo.gmod.describe(vo, rec))
    return out


def _standings(vo, game):
    st = sorted(game.standings(), key=lambda e: (e["place"], e["seat"]))
    kind = game.header["kind"]
    pts = "PTS_" + kind
    if vo.t(pts) == pts:
        pts = "PTS"
    names = game.header["seats"]
    return [[vo.t("PLACE", {"n": e["place"]}), str(names[e["seat"]]), vo.t(pts, {"n": e["score"]})] for e in st]


def results(hub, lang, key):
    """A game's standings and each round's result: the game on the table (key None or its own), or
    a saved one read from the flash (read only, as the saved-games list reads it)."""
    app = hub.app
    vo = hub.voice(lang)
    game = app.game
    if key and (game is None or getattr(game, "store_key", None) != key):
        game = load_saved(app, key)
    if game is None:
        return None
    kind = game.header["kind"]
    if game is not app.game:        # a saved game: its own names, state, texts and screens
        vo = words_of(vo, game)
    over = game.is_over()
    where = ""
    try:
        from words.game import progress
        where = progress(vo, kind, game.settings, game.state, over)
    except Exception:
        pass
    out = {"title": registry.name(kind, lang), "where": where, "over": over,
           "key": getattr(game, "store_key", None), "head": vo.t("FINAL" if over else "STANDINGS"),
           "standings": _standings(vo, game), "rounds_head": WORDS[lang][0], "rounds": rounds(vo, game)}
    if kind != app.kind:
        registry.unload_except(app.kind)
    return out


def games(hub, lang):
    """The saved games (as the panel's list: newest first, where each stands, who plays, ended or
    not) and 通算成績 (the panel's figures: words/game.py tally)."""
    app = hub.app
    vo = hub.voice(lang)
    t = vo.t
    st = app.store
    rows = []
    season = {"head": t("SEASON"), "items": [], "cols": ["", t("SN_GAMES"), t("SN_WINS"), WORDS[lang][1]], "rows": []}
    if st is None:
        return {"games": rows, "head": t("SAVED_GAMES"), "none": t("GL_NONE"), "season": season}
    from words.game import progress
    cur = getattr(app.game, "store_key", None)
    for e in st.games():
        kind = e["kind"]
        row = {"key": e["key"], "over": e["over"], "table": e["key"] == cur,
               "mark": t("GL_OVER" if e["over"] else "GL_OPEN"), "bytes": e["bytes"]}
        if kind is None:
            row.update({"title": t("GL_UNREADABLE"), "where": "", "players": "", "names": []})
        else:
            try:
                where = progress(vo, kind, e["settings"], e["state"], e["over"])
            except Exception:
                where = ""
            names = [str(n) for n in e["seats"]]
            row.update({"title": registry.name(kind, lang), "where": where, "names": names,
                        "players": t("GL_SEP").join(names)})
        rows.append(row)
    e = None
    gc.collect()
    from words.game import tally, rate
    counted, left_out, per = tally(st)
    registry.unload_except(app.kind)
    season["items"] = [[t("SN_GAMES"), str(counted)]] + ([[t("SN_OUT"), str(left_out)]] if left_out else [])
    season["rows"] = [[name, str(n), str(w), rate(t, w, n)] for name, n, w in per]
    return {"games": rows, "head": t("SAVED_GAMES"), "none": t("GL_NONE"), "season": season}
