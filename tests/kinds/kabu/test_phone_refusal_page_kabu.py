"""株ドボン's hand on a phone page (headless Chromium at 390x844): the deck has 3 plain ピン beside
the 赤ピン, and the phone's ＋ stops at 3 (the panel refuses a 4th with that reason; the phone never
offers it). Skips without Chromium."""
import json

from phone_browser import MISSING_GLYPHS, follow
from kabu_phone_table import seated
from phone_hands import tap_plus


def count(p, label):
    return p.js("""[...document.querySelectorAll('.form[data-form=hand] .field')].find(f => f.querySelector('.l')
        && f.querySelector('.l').textContent === %s).querySelector('.n').textContent""" % json.dumps(label))


def test_the_phone_offers_no_fourth_plain_pin(sim, phones, shots):
    table, two = seated(sim, phones)
    for text in ("click right", "click ok", "click ok"):      # 「→:ドボン」: P1 wins on P2
        table.step(text)
    follow(table, two)
    ja = two[0]
    tap_plus(ja, "ピン", 3)
    ja.js("""(() => { const f = [...document.querySelectorAll('.form[data-form=hand] .field')]
        .find(f => f.querySelector('.l') && f.querySelector('.l').textContent === 'ピン');
        f.querySelectorAll('.step button')[1].click(); return true; })()""")
    table.step("wait 10")
    assert count(ja, "ピン") == "3"
    ja.js("window.scrollTo(0, 0), true")
    ja.shot(shots, "kabu-hands-three-pin-ja")
    assert ja.js(MISSING_GLYPHS) == []
