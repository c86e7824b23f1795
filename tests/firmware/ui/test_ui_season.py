# The season screen (通算成績) from the first screen: each player's games, wins and win rate over
# the finished games on the board's flash, in the large type; what is not counted is said on the
# first page; ▲▼ turn the pages, OK/back return; the module goes once closed. The figures of a
# hand-computed season on a flash: tests/host/records/test_season_dobon_kabu_kakehiki_kakoi.py.
import sys

import pytest

from ui_harness import Driver, flash_store, pick
from ui.screens import season as screens_season
from words.game import rate

import game_data

KIND = game_data.for_role("ledger")     # a game whose short log takes any names


def put(store, n, names, finished=True):
    """Game number n on the flash, played by `names` (the test data's short game; cut before its
    last line when not finished)."""
    g, lines = game_data.of(KIND).play_log(gid="5ea50%03d" % n, names=list(names))
    if not finished:
        lines = lines[:2]
    with open("%s/%04d-%s.0.log" % (store.root, n, g.game_id), "w", encoding="utf-8") as f:
        f.writelines(lines)
    return g


def opened(tmp_path, games, lang="ja"):
    st = flash_store(tmp_path)
    expect = []
    for i, (names, finished) in enumerate(games):
        expect.append(put(st, i + 1, names, finished))
    d = Driver(st, lang)
    pick(d, d.app.t("SEASON"))
    assert d.screen() == "Season"
    return d, expect


def test_counts_finished_games_and_says_what_is_not(tmp_path):
    d, played = opened(tmp_path, [(["あや", "Ben", "ちか"], True), (["Ben", "あや", "ちか"], True),
                                  (["あや", "Ben", "ちか"], False), (["Ann", "Ann", "ちか"], True)])
    won = {}
    for g in played[:2]:                     # the two finished games with three names
        assert g.is_over()
        for e in g.standings():
            name = g.header["seats"][e["seat"]]
            won[name] = won.get(name, 0) + (e["place"] == 1)
    pages = d.app.top().pages()
    assert pages[0] == [("通算成績", ""), ("ゲーム数", "2"), ("集計外", "2")]   # unfinished, Ann twice
    # every figure has its word (「P2 100%」 had none): the name alone, then 1位率, then
    # 1位 of the games
    shown = dict((p[0][0], p) for p in pages[1:])
    assert shown == dict((n, [(n, ""), ("1位率", rate(d.app.t, won[n], 2)), ("1位", "%d/2" % won[n])])
                         for n in ("あや", "Ben", "ちか"))
    order = [p[0][0] for p in pages[1:]]
    assert order == sorted(order, key=lambda n: (-won[n], n))


def test_pages_turn_and_back_returns(tmp_path):
    d, _ = opened(tmp_path, [(["あや", "Ben", "ちか"], True)], "en")
    scr = d.app.top()
    assert scr.pages()[0][:2] == [("Season", ""), ("Games", "1")] and len(scr.pages()) == 4
    seen = []
    for _ in range(4):
        seen.append(scr.page)
        d.press("down")
    assert seen == [0, 1, 2, 3] and scr.page == 0      # wraps round
    d.press("up")
    assert scr.page == 3
    d.press("back")
    assert d.screen() == "Boot" and "ui.screens.season" not in sys.modules   # forgotten once closed


def test_an_empty_flash_and_no_flash(tmp_path):
    d, _ = opened(tmp_path, [])
    assert d.app.top().pages() == [[("通算成績", ""), ("ゲーム数", "0")]]
    d.press("ok")
    assert d.screen() == "Boot"
    d = Driver(None)                          # no flash: nothing to count, no menu item
    assert "通算成績" not in [lab for lab, _ in d.app.top().items]


@pytest.mark.parametrize("wins, games, shown", [(0, 3, "0％"), (1, 3, "33％"), (2, 3, "67％"), (1, 8, "13％"),
                                                (3, 8, "38％"), (5, 5, "100％")])
def test_win_rate_whole_percent_half_up(wins, games, shown):
    assert rate(Driver(lang="ja").app.t, wins, games) == shown
    # English writes its own sign (「％」 read as a Japanese sign in English)
    assert rate(Driver(lang="en").app.t, wins, games) == shown.replace("％", "%")


def test_an_english_rate_says_percent_and_draws_it_large(tmp_path):
    """English writes "100%", the large type draws its % as wide as ％ (16 px, the sign
    legible across the table)."""
    from ui.screens.big import big_width
    d, _ = opened(tmp_path, [(["あや", "Ben", "ちか"], True)], "en")
    rates = [page[1][1] for page in d.app.top().pages()[1:]]
    assert rates and all(r.endswith("%") and "％" not in r for r in rates), rates
    assert big_width("100%") == big_width("100％") == 3 * 13 + 16


def test_a_long_name_leaves_its_figure_readable(tmp_path):
    """The name is cut to fit beside its win rate: the figure's columns are lit, the gap before it
    is dark."""
    d, _ = opened(tmp_path, [(["とても長い名前の人", "Benjamin-Alexander", "ちか"], True)])
    from ui.screens.big import W, big_width
    scr = d.app.top()
    for k in range(1, len(scr.pages())):
        scr.page = k
        d.app.dirty = True
        d.app.frame()
        fig = scr.pages()[k][0][1]
        x0 = W - 3 - big_width(fig)
        buf = d.display.last
        lit = lambda x: any(buf[x + (y >> 3) * 128] >> (y & 7) & 1 for y in range(21))   # noqa: E731
        assert any(lit(x) for x in range(x0, x0 + 13)) and not any(lit(x) for x in range(x0 - 6, x0)), (k, fig)


@pytest.mark.parametrize("lang", ("ja", "en"))
def test_every_label_fits_beside_its_figure_at_a_hundred_percent(lang, tmp_path):
    """「1位率 100％」 / 「Win % 100％」 whole in the large type (「Win rate」 was cut)."""
    from ui.screens.big import big_width
    d, _ = opened(tmp_path, [(["あや", "Ben", "ちか"], True)], lang)
    for page in d.app.top().pages()[1:]:
        for label, fig in page[1:]:
            assert big_width(label) <= 128 - 4 - big_width(fig) - 8, (label, fig)
