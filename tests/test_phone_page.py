# The phone page (firmware/net/page.html) in headless Chromium: six phones at 390x844, each its own
# browser context (its own storage and connections, as six devices), against the phone server's
# stand-in (tests/phone_fixture.py): every phone shows every pushed view exactly; a seat's own
# section only on its phone; claiming; a refused /act's error; reconnecting; the 403 text; the size
# bound; hostile names stay text. Screenshots of each kind of view and state, in both languages, go
# to $PHONE_SHOTS (or the test's temporary folder). Skips where Chromium is not installed.
import base64
import json
import os
import time
import urllib.request

import pytest

from host_tools.web import cdp

import phone_fixture

WIDTH, HEIGHT = 390, 844
PAGE_BUDGET = 30 * 1024
LABELS = {
    "ja": {"down": "再接続中…", "claim": "この席にする", "wait": "パネルでOKを押してもらってください",
           "mine": "あなたの席：", "forbidden": "この卓の鍵がないか、違います", "busy": "ほかの席の確認中です"},
    "en": {"down": "Reconnecting…", "claim": "This is my seat", "wait": "Ask the table to press OK on the panel",
           "mine": "Your seat: ", "forbidden": "This table's key is missing or wrong", "busy": "Another seat is being confirmed"},
}
ACCEPT = {"ja": "ja-JP,ja", "en": "en-US,en"}
CANNED = phone_fixture.canned()
# A canned view with a seat's own section (its secret and a form): the claim and /act tests use it.
WITH_MINE = [n for n in sorted(CANNED) if CANNED[n].get("mine")][0]
MINE_SEAT = int(sorted(CANNED[WITH_MINE]["mine"])[0])

pytestmark = pytest.mark.skipif(
    not cdp.chromium(),
    reason="Chromium is not installed (Debian: apt-get install chromium; make test does)")

# The page as a phone's reader sees it, read back from the DOM in the view's own shape.
READ = r"""(() => {
  const q = (s, r) => (r || document).querySelector(s), all = (s, r) => [...(r || document).querySelectorAll(s)];
  const tx = e => e ? e.textContent : null, mine = q('section.mine');
  return {state: document.body.dataset.state, v: Number(document.body.dataset.v || -1),
    title: tx(q('.title')), progress: tx(q('.prog')), turn: tx(q('.turn')), note: tx(q('.note')),
    banners: all('.state').map(tx), errors: all('.err').map(tx), big: tx(q('.big')),
    sections: all('section.sec:not(.mine):not(.seats)').map(s => ({head: tx(q('h2', s)),
      cols: all('th', s).map(tx), rows: all('tbody tr', s).map(r => all('td', r).map(tx)),
      hl: all('tbody tr', s).map((r, i) => r.classList.contains('hl') ? i : -1).filter(i => i >= 0),
      items: all('.item', s).map(d => [tx(q('.l', d)), tx(q('.val', d))]), lines: all('.lines p', s).map(tx)})),
    mine: mine && {head: tx(q('h2', mine)), lines: all(':scope > p', mine).map(tx),
      forms: all('.form', mine).map(f => ({id: f.dataset.form, label: tx(q('h3', f)), submit: tx(q('.go', f))}))},
    seats: all('.seat .nm').map(tx), claims: all('.seat .claim').length, waits: all('.seat .wait').map(tx)};
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

    def wait(self, test, what, timeout=15):
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
        where = self.js("""(() => { const e = [...document.querySelectorAll(%s)].find(e => %s === null || e.textContent === %s);
            if (!e) return null; e.scrollIntoView({block: 'center'}); const r = e.getBoundingClientRect();
            return [r.x + r.width / 2, r.y + r.height / 2]; })()""" % (json.dumps(selector), json.dumps(text), json.dumps(text)))
        assert where, "no %s %r on the %s phone" % (selector, text, self.lang)
        for kind in ("mousePressed", "mouseReleased"):
            self.call("Input.dispatchMouseEvent", type=kind, x=where[0], y=where[1], button="left",
                      buttons=1 if kind == "mousePressed" else 0, clickCount=1)

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
def server():
    fx = phone_fixture.Fixture()
    yield fx
    fx.stop()


@pytest.fixture
def phones(browser):
    made = []

    def make(langs, scale=1):
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


def until(test, what, timeout=15):
    deadline = time.time() + timeout
    while not test():
        if time.time() > deadline:
            pytest.fail("waited %d s for %s" % (timeout, what))
        time.sleep(0.05)


def show(server, name):
    c = CANNED[name]
    return server.table.show({"ja": c["ja"], "en": c["en"]}, c.get("mine"))


def expected(view):
    """What a phone must read for `view` (READ's shape)."""
    secs = []
    for s in view.get("sections", []):
        secs.append({"head": s.get("head"), "cols": s.get("cols", []) if s.get("rows") else [],
                     "rows": s.get("rows", []), "hl": s.get("hl", []) if s.get("rows") else [],
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
        assert got["turn_name"] and got["turn_name"].endswith(want["turn_name"]) or want["turn_name"] + "（" in got["turn_name"] \
            or want["turn_name"] + " (" in got["turn_name"], (got["turn_name"], want["turn_name"])
        got["turn_name"] = want["turn_name"]
    assert got == want


def open_all(server, phones):
    for p in phones:
        p.goto(server.url())
    for p in phones:
        p.wait_v(server.table.v)


# ---- the bound --------------------------------------------------------------------------------
def test_page_fits_its_budget_as_sent(server):
    raw = open(phone_fixture.PAGE, "rb").read()
    with urllib.request.urlopen(server.url()) as r:
        sent = r.read()
    assert sent == raw
    assert len(sent) <= PAGE_BUDGET, "the page is %d bytes, over its %d" % (len(sent), PAGE_BUDGET)


def test_page_needs_nothing_from_the_internet():
    page = open(phone_fixture.PAGE, encoding="utf-8").read()
    for outside in ("http://", "https://", "//cdn", "@import", "src="):
        assert outside not in page, outside


# ---- every change on every phone ---------------------------------------------------------------
def test_six_phones_show_every_pushed_view(server, phones):
    six = phones(["ja", "en", "ja", "en", "ja", "en"])
    show(server, sorted(CANNED)[0])
    open_all(server, six)
    names = sorted(CANNED)
    for name in names + list(reversed(names)):
        v = show(server, name)
        for p in six:
            assert_shows(p.wait_v(v), CANNED[name][p.lang])
    # a change inside one picture: one figure and the note
    view = json.loads(json.dumps(CANNED[names[0]]))
    for lang in ("ja", "en"):
        for s in view[lang]["sections"]:
            if s.get("rows"):
                s["rows"][0][-1] = "99"
                break
        view[lang]["note"] = "+99"
    v = server.table.show({"ja": view["ja"], "en": view["en"]})
    for p in six:
        assert_shows(p.wait_v(v), view[p.lang])


def test_figures_are_large_and_nothing_overflows_a_phone(server, phones):
    phone, = phones(["ja"])
    show(server, WITH_MINE)
    open_all(server, [phone])
    sizes = phone.js("[...document.querySelectorAll('td:not(:first-child), .item .val')]"
                     ".map(e => parseFloat(getComputedStyle(e).fontSize))")
    assert sizes and min(sizes) >= 28, sizes
    for name in sorted(CANNED):
        v = show(server, name)
        phone.wait_v(v)
        assert phone.js("document.documentElement.scrollWidth") <= WIDTH, name


# ---- seats ------------------------------------------------------------------------------------
def claim(phone, server, seat, lang=None):
    phone.tap(".seat:nth-of-type(%d) .claim" % (seat + 1))
    # (with the fixture's own quick OK the wait may be over before it is seen)
    phone.wait(lambda p: p["state"] == "wait" or p["mine"] is not None, "the claim's wait")


def test_claiming_a_seat(server, phones, shots):
    ja, en = phones(["ja", "en"])
    show(server, WITH_MINE)
    open_all(server, [ja, en])
    assert ja.read()["claims"] == len(CANNED[WITH_MINE]["ja"]["seats"])
    claim(ja, server, MINE_SEAT)
    page = ja.read()
    assert LABELS["ja"]["wait"] in page["banners"] and page["waits"] == [LABELS["ja"]["wait"]]
    assert page["claims"] == 0
    ja.shot(shots, "claim-wait")
    assert server.posts[-1] == ("/claim", {"seat": MINE_SEAT, "c": ja.storage("cid")})
    # while the panel asks, another phone's claim is refused with 409
    en.tap(".claim")
    en.wait(lambda p: any(e.startswith(LABELS["en"]["busy"]) for e in p["errors"]), "the busy answer")
    server.table.answer_claim()
    page = ja.wait(lambda p: p["mine"] is not None, "its own section")
    assert page["state"] == "live"
    seat_name = CANNED[WITH_MINE]["ja"]["seats"][MINE_SEAT]["name"]
    assert page["mine"]["head"] == LABELS["ja"]["mine"] + seat_name
    held = json.loads(ja.storage("seat"))
    assert held["tok"] == server.table.tokens[MINE_SEAT] and held["seat"] == MINE_SEAT
    # the phone keeps its seat and its id across a reload
    cid = ja.storage("cid")
    ja.goto(server.url())
    page = ja.wait(lambda p: p["mine"] is not None and p["state"] == "live", "its seat after a reload")
    assert ja.storage("cid") == cid
    # a claim the table refuses shows the panel's words
    en.tap(".claim")
    en.wait(lambda p: p["state"] == "wait", "the claim's wait")
    server.table.answer_claim(ok=False, refused="Not confirmed")
    en.wait(lambda p: p["errors"] == ["Not confirmed"] and p["state"] == "live", "the refusal")
    assert en.storage("seat") is None


def test_a_seats_own_section_is_only_on_its_phone(server, phones):
    six = phones(["ja", "en", "ja", "en", "ja", "en"])
    server.auto_claim = True
    show(server, WITH_MINE)
    open_all(server, six)
    owner = six[0]
    claim(owner, server, MINE_SEAT)
    owner.wait(lambda p: p["mine"] is not None, "its own section")
    # a new picture reaches everyone: the owner's with its section, no one else's
    v = show(server, WITH_MINE)
    secret = CANNED[WITH_MINE]["secret"]
    for p in six:
        page = p.wait_v(v)
        html = p.js("document.documentElement.outerHTML")
        if p is owner:
            assert page["mine"]["lines"] == CANNED[WITH_MINE]["mine"][str(MINE_SEAT)]["ja"]["lines"]
            assert secret["ja"] in html
        else:
            assert page["mine"] is None
            assert secret["ja"] not in html and secret["en"] not in html
            assert p.storage("seat") is None


# ---- /act -------------------------------------------------------------------------------------
def test_a_form_sends_its_event_and_shows_a_refusal(server, phones, shots):
    phone, = phones(["ja"])
    server.auto_claim = True
    show(server, WITH_MINE)
    open_all(server, [phone])
    claim(phone, server, MINE_SEAT)
    phone.wait(lambda p: p["mine"] is not None, "its own section")
    mine = CANNED[WITH_MINE]["mine"][str(MINE_SEAT)]
    form = mine["ja"]["forms"][0]
    choice = [f for f in form["fields"] if "choices" in f][0]
    stepper = [f for f in form["fields"] if "min" in f][0]
    # a choice not made is asked for on the phone; nothing is sent
    posts = len(server.posts)
    phone.tap(".go")
    phone.wait(lambda p: p["errors"] == [choice["label"] + "を選んでください"], "the missing choice")
    assert len(server.posts) == posts
    # refused: the device's words, in the phone's language
    refusal = CANNED[WITH_MINE]["refusal"]
    server.table.refuse = lambda ev: refusal
    phone.tap(".choices button", choice["choices"][1][1])
    phone.tap(".step button", "+")
    phone.tap(".go")
    phone.wait(lambda p: p["errors"] == [refusal["ja"]], "the refusal")
    phone.shot(shots, "refused")
    ev = dict(form["ev"], **{choice["key"]: choice["choices"][1][0], stepper["key"]: stepper["value"] + 1})
    assert server.posts[-1] == ("/act", {"tok": server.table.tokens[MINE_SEAT], "v": server.table.v, "ev": ev})
    # the same phone switched to English gets the English words
    phone.tap(".langs button", "English")
    phone.wait(lambda p: p["title"] == CANNED[WITH_MINE]["en"]["title"] and p["mine"] is not None, "English")
    phone.tap(".choices button", choice["choices"][1][1])
    phone.tap(".go")
    phone.wait(lambda p: p["errors"] == [refusal["en"]], "the English refusal")
    assert phone.storage("lang") == "en"
    # accepted: the event is the form's plus its fields
    server.table.refuse = None
    phone.tap(".go")
    until(lambda: server.table.acts, "the accepted event")
    phone.wait(lambda p: p["errors"] == [], "no error after the accepted event")
    assert server.table.acts == [(MINE_SEAT, ev)]     # the stepper kept its +1 across the switch


# ---- the stream drops --------------------------------------------------------------------------
def test_phones_reconnect_and_catch_up(server, phones, shots):
    six = phones(["ja", "en", "ja", "en", "ja", "en"])
    names = sorted(CANNED)
    show(server, names[0])
    open_all(server, six)
    server.stop()
    for p in six:
        p.wait(lambda page: page["state"] == "down" and LABELS[p.lang]["down"] in page["banners"], "再接続中")
    six[0].shot(shots, "reconnecting")
    six[1].shot(shots, "reconnecting")
    v = show(server, names[1])             # while the phones are away
    server.start()
    for p in six:
        assert_shows(p.wait_v(v), CANNED[names[1]][p.lang])
        assert p.read()["banners"] == []
    # the server cuts the streams but stays: they come back at once
    server.table.drop_streams()
    time.sleep(0.3)
    v = show(server, names[2])
    for p in six:
        assert_shows(p.wait_v(v), CANNED[names[2]][p.lang])


# ---- the key and the token ---------------------------------------------------------------------
def test_a_wrong_key_shows_the_403_text(server, phones, shots):
    ja, en = phones(["ja", "en"])
    show(server, sorted(CANNED)[0])
    open_all(server, [ja, en])
    server.table.key = "ffffffffffff"           # the board's key is no longer the one the phone has
    server.table.drop_streams()
    for p in (ja, en):
        page = p.wait(lambda page: page["state"] == "forbidden", "the 403 text")
        assert page["big"].startswith(LABELS[p.lang]["forbidden"])
        assert page["title"] is None and page["sections"] == []
        p.shot(shots, "403")
    # the page opened with no key at all says the same, without asking the server for a view
    with urllib.request.urlopen(server.url(key="ffffffffffff")) as r:
        html = r.read().decode("utf-8")
    ja.goto("data:text/html;charset=utf-8;base64," + base64.b64encode(html.encode()).decode())
    ja.wait(lambda page: page["state"] == "forbidden", "the 403 text without a key")


def test_a_forgotten_token_falls_back_to_a_seatless_phone(server, phones):
    phone, = phones(["ja"])
    server.auto_claim = True
    show(server, WITH_MINE)
    open_all(server, [phone])
    claim(phone, server, MINE_SEAT)
    phone.wait(lambda p: p["mine"] is not None, "its own section")
    server.table.tokens.clear()                 # the device rebooted: every claim is forgotten
    server.table.drop_streams()
    page = phone.wait(lambda p: p["state"] == "live" and p["mine"] is None and p["claims"] > 0, "seatless")
    assert phone.storage("seat") is None and page["v"] == server.table.v


# ---- hostile text ------------------------------------------------------------------------------
HOSTILE = ['<img src=x onerror="window.pwned=1">', "<b>Ben</b>", "&lt;i&gt;", "<script>window.pwned=2</script>",
           '"><svg onload=window.pwned=3>']


def test_hostile_names_stay_text(server, phones):
    phone, = phones(["en"])
    server.auto_claim = True
    base = CANNED[WITH_MINE]
    view = json.loads(json.dumps(base))
    for lang in ("ja", "en"):
        v = view[lang]
        for i, s in enumerate(v["seats"]):
            s["name"] = HOSTILE[i % len(HOSTILE)]
        v["title"], v["note"], v["progress"] = HOSTILE[3], HOSTILE[0], HOSTILE[4]
        v["sections"].append({"head": HOSTILE[1], "cols": HOSTILE[:2], "rows": [HOSTILE[:2]], "hl": [0]})
        v["sections"].append({"items": [HOSTILE[2:4]], "lines": HOSTILE})
        m = view["mine"][str(MINE_SEAT)][lang]
        m["lines"] = HOSTILE
        for f in m["forms"]:
            f["label"], f["submit"] = HOSTILE[0], HOSTILE[1]
            for fd in f["fields"]:
                fd["label"] = HOSTILE[4]
                if "choices" in fd:
                    fd["choices"] = [[c[0], HOSTILE[i % len(HOSTILE)]] for i, c in enumerate(fd["choices"])]
    server.table.show({"ja": view["ja"], "en": view["en"]}, view["mine"])
    open_all(server, [phone])
    claim(phone, server, MINE_SEAT)
    phone.wait(lambda p: p["mine"] is not None, "its own section")
    server.table.refuse = lambda ev: {"ja": HOSTILE[0], "en": HOSTILE[0]}
    phone.tap(".choices button")
    phone.tap(".go")
    phone.wait(lambda p: p["errors"] == [HOSTILE[0]], "the hostile refusal")
    tags = phone.js("[...new Set([...document.querySelectorAll('#app *')].map(e => e.tagName.toLowerCase()))]")
    assert set(tags) <= {"div", "section", "h2", "h3", "table", "thead", "tbody", "tr", "th", "td", "p",
                         "span", "button", "select", "option"}, tags
    assert phone.js("[...document.querySelectorAll('#app *')].filter(e => [...e.attributes]"
                    ".some(a => a.name.startsWith('on'))).length") == 0
    assert phone.js("window.pwned === undefined")
    text = phone.js("document.getElementById('app').textContent")
    for h in HOSTILE:
        assert h in text, h
    assert phone.js("document.title") == HOSTILE[3]
    assert phone.js("document.documentElement.scrollWidth") <= WIDTH    # a long name wraps, never widens the page


# ---- what a player sees -----------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["ja", "en"])
def test_screenshots_of_every_kind_of_view(server, phones, shots, lang):
    phone, = phones([lang], scale=2)
    server.auto_claim = True
    show(server, sorted(CANNED)[0])
    open_all(server, [phone])
    for name in sorted(CANNED):
        v = show(server, name)
        assert_shows(phone.wait_v(v), CANNED[name][lang])
        phone.js("window.scrollTo(0, 0), true")
        assert os.path.getsize(phone.shot(shots, name)) > 0
    phone.wait_v(show(server, WITH_MINE))
    claim(phone, server, MINE_SEAT)
    phone.wait(lambda p: p["mine"] is not None, "its own section")
    phone.js("window.scrollTo(0, 0), true")
    phone.shot(shots, WITH_MINE + "-seat")
