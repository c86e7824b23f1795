# The phone page's record tabs read in Chromium (TABS, read, wait), the server's JSON (get), the panel's 履歴 over the same journal (panel_history), a checked screenshot (shoot).
import json
import shutil
import time
import urllib.request

import pytest

from host_tools.dev.web import cdp
from phone_browser import MISSING_GLYPHS, WIDTH

TABS = {"ja": ["卓", "履歴", "記録"], "en": ["Table", "History", "Records"]}
READ = r"""(() => { const all = (s, r) => [...(r || document).querySelectorAll(s)], tx = e => e ? e.textContent : null;
  return {tab: document.body.dataset.tab, state: document.body.dataset.state, v: Number(document.body.dataset.v || -1),
    secs: all('section.sec:not(.seats):not(.games):not(.share)').map(s => ({head: tx(s.querySelector('h2')),
      rows: all('tbody tr', s).map(r => all('td', r).map(tx)), lines: all('.lines p', s).map(tx),
      items: all('.item', s).map(d => [tx(d.querySelector('.l')), tx(d.querySelector('.val'))])})),
    games: all('.game').map(g => [tx(g.querySelector('.nm')), tx(g.querySelector('.tag')), all('.at', g).map(tx).join(' ')]),
    share: tx(document.querySelector('pre.text')), notes: all('.note').map(tx), errors: all('.err').map(tx)}; })()"""


def read(p):
    return p.js(READ)


def wait(p, test, what, timeout=20):
    deadline = time.time() + timeout
    while True:
        try:
            page = read(p)
        except cdp.CDPError:         # the page not there yet
            page = None
        if page and test(page):
            return page
        if time.time() > deadline:
            pytest.fail("%s phone: waited for %s; reads %s" % (p.lang, what, json.dumps(page, ensure_ascii=False)[:1500]))
        time.sleep(0.05)


def get(table, path, lang):
    with urllib.request.urlopen("%s&lang=%s" % (table.url.replace("/?", path + "?"), lang), timeout=20) as r:
        return json.loads(r.read().decode("utf-8"))


def panel_history(store_dir, key, lang):
    """The panel's 履歴 over the same journal, in `lang` (a copy of the games: read, never changed)."""
    from hw.clock import FakeClock
    from storage.store import Store
    from ui.app import App
    from words.game import lines
    copy = "%s-copy-%s-%d" % (store_dir, lang, time.time_ns())
    shutil.copytree(store_dir, copy)
    store = Store(root=copy)
    app = App(None, store, FakeClock(), lang)
    app.start(store.open_game(key))
    got, total = lines(app)
    return got, total, app


def shoot(p, shots, name, at=None):
    p.js("window.scrollTo(0, 0), true" if at is None else
         "document.querySelector(%s).scrollIntoView({block: 'end'}), true" % json.dumps(at))
    p.shot(shots, name)
    assert p.js(MISSING_GLYPHS) == [], "characters without a glyph in %s" % name
    assert p.js("document.documentElement.scrollWidth") <= WIDTH, "wider than a phone: %s" % name
