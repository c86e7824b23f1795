"""The phone page's browser machinery, shared by the tests that drive it (tests/browser/test_phone_page.py,
the evening of tests/browser/test_phone_evening_page.py, host_tools/dev/phone_evening/): headless Chromium phones
at 390x844 (class Phone, the browser/phones/shots fixtures), the simulator serving them (class Sim,
the sim fixture; tests/conftest.py offers the four fixtures to every test), and what a phone must show for the server's own view (expected, assert_shows,
follow, claim_seats)."""
import base64
import json
import os
import queue
import time

import pytest

from host_tools import _paths  # noqa: F401  (firmware/ on sys.path: net.strings)
from host_tools.dev.web import cdp
from net import strings as net_strings

from phone_server_sim import Sim

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
WIDTH, HEIGHT = 390, 844
LABELS = {
    "ja": {"down": "再接続中…", "claim": "この席にする", "wait": "パネルでOKを押してもらってください",
           "take": "このスマホに替える", "lost": "このスマホは席から外れました",
           "mine": "あなたの席：", "forbidden": "この卓の鍵がないか、違います",
           "noKeyText": "パネルのメニュー「スマホで見る」のQRコードを読み取ってください"},
    "en": {"down": "Reconnecting…", "claim": "This is my seat", "wait": "Ask the table to press OK on the panel",
           "take": "Move it to this phone", "lost": "This phone no longer holds its seat",
           "mine": "Your seat: ", "forbidden": "This table's key is missing or wrong",
           "noKeyText": "Scan the QR code under “Phones” in the panel's menu"},
}
ACCEPT = {"ja": "ja-JP,ja", "en": "en-US,en"}
SIX = ["ja", "en", "ja", "en", "ja", "en"]


def server_text(sid, lang):
    """A text of the phone server's own table (net/strings.py) in `lang`."""
    en, ja = net_strings.MESSAGES[sid]
    return ja if lang == "ja" else en


# The page as a phone's reader sees it, read back from the DOM in the view's own shape.
READ = r"""(() => {
  const q = (s, r) => (r || document).querySelector(s), all = (s, r) => [...(r || document).querySelectorAll(s)];
  const tx = e => e ? e.textContent : null, mine = q('section.mine');
  return {state: document.body.dataset.state, v: Number(document.body.dataset.v || -1),
    title: tx(q('.title')), progress: tx(q('.prog')), turn: tx(q('.turn')), note: tx(q('.note')),
    banners: all('.state').map(tx), errors: all('.err').map(tx), big: tx(q('.big')),
    sections: all('section.sec:not(.mine):not(.seats):not(.record):not(.share)').map(s => ({head: tx(q('h2', s)),
      cols: all('th', s).map(tx), rows: all('tbody tr', s).map(r => all('td', r).map(tx)),
      hl: all('tbody tr', s).map((r, i) => r.classList.contains('hl') ? i : -1).filter(i => i >= 0),
      items: all('.item', s).map(d => [tx(q('.l', d)), tx(q('.val', d))]), lines: all('.lines p', s).map(tx)})),
    mine: mine && {head: tx(q('h2', mine)), lines: all(':scope > p', mine).map(tx),
      forms: all('.form', mine).map(f => ({id: f.dataset.form, label: tx(q('h3', f)), submit: tx(q('.go', f))}))},
    seats: all('.seat .nm').map(tx), claims: all('.seat .claim').length, waits: all('.seat .wait').map(tx)};
})()"""


# Each distinct character of the page's text drawn in its element's font: one drawn exactly like a
# private-use code point (the missing-glyph box; no font has one) has no glyph (as
# tests/browser/test_report_browser.py checks the report's pages).
MISSING_GLYPHS = r"""(() => {
  const c = document.createElement('canvas'); c.width = c.height = 48;
  const ctx = c.getContext('2d', {willReadFrequently: true}), box = {}, seen = {}, missing = [];
  const draw = (font, ch) => { ctx.clearRect(0, 0, 48, 48); ctx.font = '32px ' + font; ctx.fillText(ch, 4, 36);
    return Array.prototype.join.call(ctx.getImageData(0, 0, 48, 48).data, ','); };
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walk.nextNode()) {
    const el = walk.currentNode.parentElement;
    if (!el || el.closest('script,style')) continue;
    const font = getComputedStyle(el).fontFamily;
    if (!(font in box)) box[font] = draw(font, '\uE000');
    for (const ch of walk.currentNode.data) {
      if (/\s/.test(ch) || seen[font + ch]) continue;
      seen[font + ch] = 1;
      if (draw(font, ch) === box[font]) missing.push(ch);
    }
  }
  return missing;
})()"""


class Phone:
    """One phone: a browser context of its own (storage, connections), one page, its language."""

    def __init__(self, browser, lang, scale=1):
        self.browser, self.lang = browser, lang
        self.context = browser.call("Target.createBrowserContext", browser=True)["browserContextId"]
        target = browser.call("Target.createTarget", browser=True, url="about:blank",
                              browserContextId=self.context)["targetId"]
        self.session = browser.call("Target.attachToTarget", browser=True, targetId=target,
                                    flatten=True)["sessionId"]
        self.call("Page.enable")
        self.call("Runtime.enable")
        self.call("Emulation.setDeviceMetricsOverride", width=WIDTH, height=HEIGHT,
                  deviceScaleFactor=scale, mobile=True)
        # navigator.language follows the Accept-Language the phone sends
        self.call("Emulation.setUserAgentOverride", userAgent=self.js("navigator.userAgent"),
                  acceptLanguage=ACCEPT[lang])

    def call(self, method, **params):
        return self.browser.call(method, session=self.session, **params)

    def js(self, expression):
        return self.browser.js(expression, session=self.session)

    def goto(self, url):
        self.call("Page.navigate", url=url)

    def read(self):
        return self.js(READ)

    def wait(self, test, what, timeout=20):
        """Polls read() until test(page) holds; returns the page read."""
        deadline = time.time() + timeout
        while True:
            try:
                page = self.read()
            except cdp.CDPError:
                page = None
            if page and test(page):
                return page
            if time.time() > deadline:
                pytest.fail("%s phone: waited %d s for %s; the page reads %s"
                            % (self.lang, timeout, what, json.dumps(page, ensure_ascii=False)))
            time.sleep(0.05)

    def wait_v(self, v):
        return self.wait(lambda p: p["v"] == v and p["state"] in ("live", "wait"), "view %d" % v)

    def tap(self, selector, text=None):
        """A finger on the element (the first matching `selector`, with `text` when given)."""
        self.lift(self.press(selector, text))

    def press(self, selector, text=None):
        """A finger down on the element (as tap); returns where, for lift."""
        where = self.js("""(() => { const e = [...document.querySelectorAll(%s)].find(e => %s === null || e.textContent === %s);
            if (!e) return null; e.scrollIntoView({block: 'center'}); const r = e.getBoundingClientRect();
            return [r.x + r.width / 2, r.y + r.height / 2]; })()""" % (json.dumps(selector), json.dumps(text), json.dumps(text)))
        assert where, "no %s %r on the %s phone" % (selector, text, self.lang)
        self._mouse("mousePressed", where, 1)
        return where

    def lift(self, where):
        self._mouse("mouseReleased", where, 0)

    def _mouse(self, kind, where, buttons):
        self.call("Input.dispatchMouseEvent", type=kind, x=where[0], y=where[1], button="left",
                  buttons=buttons, clickCount=1)

    def paused_request(self, timeout=15):
        """The id of this page's request held by Fetch (Fetch.enable), once the browser says so."""
        deadline = time.time() + timeout
        while time.time() < deadline:
            try:
                msg = self.browser.events.get(timeout=0.2)
            except queue.Empty:
                continue
            if msg.get("method") == "Fetch.requestPaused" and msg.get("sessionId") == self.session:
                return msg["params"]["requestId"]
        pytest.fail("the %s phone sent no request to hold" % self.lang)

    def storage(self, name):
        return self.js("localStorage.getItem(%s)" % json.dumps("sb." + name))

    def shot(self, folder, name):
        data = self.call("Page.captureScreenshot", format="png")["data"]
        path = os.path.join(folder, "phone-%s-%s.png" % (name, self.lang))
        with open(path, "wb") as f:
            f.write(base64.b64decode(data))
        return path

    def close(self):
        self.browser.call("Target.disposeBrowserContext", browser=True, browserContextId=self.context)


@pytest.fixture(scope="module")
def browser():
    b = cdp.Browser(width=WIDTH, height=HEIGHT)
    yield b
    b.close()


@pytest.fixture
def phones(browser):
    made = []

    def make(langs, scale=2):           # a phone's own pixel density: the screenshots read as on one
        for lang in langs:
            made.append(Phone(browser, lang, scale))
        return made[-len(langs):]
    yield make
    for p in made:
        p.close()


@pytest.fixture(scope="module")
def shots(tmp_path_factory):
    folder = os.environ.get("PHONE_SHOTS") or str(tmp_path_factory.mktemp("phone-shots"))
    os.makedirs(folder, exist_ok=True)
    return folder


def expected(view):
    """What a phone must read for `view` (READ's shape)."""
    secs = []
    for s in view.get("sections", []):
        table = "rows" in s
        cols = s.get("cols", []) if table and "".join(s.get("cols", [])) else []
        secs.append({"head": s.get("head"), "cols": cols,
                     "rows": s.get("rows", []), "hl": [i for i in s.get("hl", []) if i < len(s["rows"])] if table else [],
                     "items": s.get("items", []), "lines": s.get("lines", [])})
    turn = view.get("turn")
    return {"title": view["title"], "progress": view.get("progress") or None, "note": view.get("note") or None,
            "turn_name": None if turn is None else view["seats"][turn]["name"], "sections": secs,
            "seats": [s["name"] for s in view.get("seats", [])]}


def assert_shows(page, view):
    want = expected(view)
    got = {"title": page["title"], "progress": page["progress"], "note": page["note"],
           "turn_name": page["turn"], "sections": page["sections"], "seats": page["seats"]}
    if want["turn_name"] is not None:
        shown = got["turn_name"] or ""       # a page not there yet shows no turn
        assert shown.endswith(want["turn_name"]) or want["turn_name"] + "（" in shown \
            or want["turn_name"] + " (" in shown, (got["turn_name"], want["turn_name"])
        got["turn_name"] = want["turn_name"]
    assert got == want


# ---- the simulator serving phones ---------------------------------------------------------------


@pytest.fixture
def sim(tmp_path):
    made = []

    def make(folder=None, port=None):
        made.append(Sim(folder or str(tmp_path / ("table%d" % len(made))), port))
        return made[-1]
    yield make
    for s in made:
        s.stop()


def token(phone):
    held = phone.storage("seat")
    return json.loads(held)["tok"] if held else None


def check_mine(page, want, lang):
    if not want.get("mine"):
        assert page["mine"] is None, page["mine"]
        return
    m = want["mine"]
    assert page["mine"] == {"head": LABELS[lang]["mine"] + want["seats"][m["seat"]]["name"], "lines": m["lines"],
                            "forms": [{"id": f["id"], "label": f.get("label") or None, "submit": f.get("submit") or "OK"}
                                      for f in m["forms"]]}


def follow(sim, phones):
    """Every phone shows the server's current view for its language and its seat's token."""
    views = []
    for p in phones:
        want = sim.view(p.lang, token(p))
        page = p.wait_v(want["v"])
        assert_shows(page, want)
        check_mine(page, want, p.lang)
        assert p.js("document.documentElement.scrollWidth") <= WIDTH, "wider than a phone: %s" % want["title"]
        views.append(want)
    # a seat's own lines (its secrets) are on its phone and in no other phone's page
    for p, want in zip(phones, views):
        own = set((want.get("mine") or {}).get("lines", []))
        html = None
        for other, theirs in zip(phones, views):
            for line in (theirs.get("mine") or {}).get("lines", []):
                if other is not p and line not in own:
                    html = html or p.js("document.documentElement.outerHTML")
                    assert line not in html, "%s's secret %r on another phone" % (theirs["mine"]["seat"], line)
    return views


def claim_seats(sim, phones):
    """Each phone claims the seat of its index while there are seats; the table says OK each time."""
    n = len(sim.view("ja")["seats"])
    for i, p in enumerate(phones[:n]):
        p.tap(".seat:nth-of-type(%d) .claim" % (i + 1))
        p.wait(lambda page: page["state"] == "wait", "the claim's wait")
        sim.step("click ok")
        p.wait(lambda page: page["mine"] is not None and page["state"] == "live", "its own section")
    return phones[:n]
