"""掛け引きほーるでむ's words on the phones: the phase reads the glossary's one term in
both languages, the bets after a card included (符号・判定 / Sign, Judge: never 「判定」 beside
"Judge bet"); the phones' note after the sign or judge card says what the panel said
(「符号札は引算？いいえ」, not 「符号札を公開」)."""
import pytest

from hw.clock import FakeClock
from net.radio import Phones
from ui.app import App


def test_bets_read_as_their_phase():
    from kinds.kakehiki.texts import MESSAGES
    for phase in ("sign", "judge"):
        assert MESSAGES["KH_%s_bet" % phase] == MESSAGES["KH_" + phase]


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_phones_note_says_what_the_panel_said(tmp_path, lang):
    app = App(None, None, FakeClock(), lang)
    hub = Phones(app, str(tmp_path) + "/", 80, radio=False).hub
    app.new_game("kakehiki", ["あや", "Ben", "ちか"], {})
    for p in (1, 2):
        app.submit({"t": "fold", "p": p})     # the parent alone: the cards are told on the panel
    seen = []
    for _ in range(2):
        app.on_button("click", "ok")          # the bar's usual answer: いいえ
        hub.poll()
        seen.append((app.note, hub.view(lang)["note"]))
    want = {"ja": ["符号札は引算？いいえ", "強いのは小さい方？いいえ"],
            "en": ["Sign card: minus? No", "Smaller is stronger? No"]}[lang]
    assert seen == [(w, w) for w in want]
