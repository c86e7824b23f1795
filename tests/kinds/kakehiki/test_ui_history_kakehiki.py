"""掛け引きほーるでむ's lines in the history: the round first, a fold with what it paid, and a secret
prediction as ● until its round's result has revealed it."""
from ui_harness import Driver, pick

ROUND = [{"t": "call", "p": 1}, {"t": "fold", "p": 2}, {"t": "call", "p": 3}, {"t": "check", "p": 0},
         {"t": "predict", "p": 2, "on": 3, "v": 2}, {"t": "sign", "minus": False},
         {"t": "check", "p": 0}, {"t": "check", "p": 1}, {"t": "check", "p": 3},
         {"t": "judge", "small": False},
         {"t": "check", "p": 0}, {"t": "check", "p": 1}, {"t": "check", "p": 3}]


def history_lines(d):
    d.press("back")
    pick(d, d.app.t("HISTORY"))
    lines = list(d.app.top().lines)
    d.seq("back back")
    return lines


def test_a_prediction_is_secret_until_the_showdown():
    d = Driver(lang="ja")
    d.app.new_game("kakehiki", ["P1", "P2", "P3", "P4"], None)
    for ev in ROUND:
        d.app.game.submit(ev)
    d.app.show_play()
    lines = history_lines(d)
    assert len(lines) == len(ROUND)
    assert lines[-1] == "第1回 P2 受ける" and lines[-2] == "第1回 P3 降りる（0）"
    assert lines[-5] == "第1回 P3が予想：●"
    assert not any("P4" in l and "予想" in l for l in lines)     # neither its target nor its value
    d.app.submit({"t": "win", "p": [0]})
    d.press("ok")                               # the round's result
    lines = history_lines(d)
    assert lines[0] == "第1回 P1の勝ち（+8個）"                   # with the share
    assert lines[-6] == "第1回 符号札は引算？いいえ"               # the answer that drives the reshuffles
    assert lines[-5] == "第1回 P3が予想：P4に2個"


def test_english_lines():
    d = Driver(lang="en")
    d.app.new_game("kakehiki", ["P1", "P2", "P3", "P4"], None)
    for ev in ROUND[:5]:
        d.app.game.submit(ev)
    d.app.show_play()
    lines = history_lines(d)
    assert lines[0] == "R1 P3 predicted ●"
    assert lines[-2] == "R1 P3 folds (0)"


def test_a_round_won_without_a_showdown_names_its_winner_on_the_panel_and_the_phones():
    """All but one folded: the round ends on the last card told (or on a fold once both are told).
    Its line is the round's result, who won and the share, not the card's question; a phone's 履歴
    (net/record_pages.py) is the panel's, line for line, in both languages."""
    from net.live import Hub
    from net.record_pages import history, rounds
    from words.game import lines
    d = Driver(lang="ja")
    d.app.new_game("kakehiki", ["P1", "P2", "P3", "P4"], None)
    for ev in [{"t": "fold", "p": 1}, {"t": "fold", "p": 2}, {"t": "fold", "p": 3},
               {"t": "sign", "minus": False}, {"t": "judge", "small": True}]:
        d.app.game.submit(ev)
    d.app.show_play()
    hub = Hub(d.app, "000000000000")
    want = {"ja": ["第1回 P1の勝ち（+4個）", "第1回 符号札は引算？いいえ", "第1回 P4 降りる（0）"],
            "en": ["R1 P1 won +4", "R1 Sign card: minus? No", "R1 P4 folds (0)"]}
    for lang in ("ja", "en"):
        d.app.lang = lang
        panel, total = lines(d.app)
        d.app.lang = "ja"
        assert panel[:3] == want[lang] and total == 5
        vo = hub.voice(lang)
        assert history(vo)["sections"][0]["lines"] == panel
        assert rounds(vo, d.app.game) == [want[lang][0]]      # 各回の結果 on the phones
