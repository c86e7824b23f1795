# The phone page (firmware/net/page.html) in headless Chromium: six phones at 390x844, each its own
# browser context (its own storage and connections, as six devices), against the simulator serving
# phones (python -m host_tools.dev.sim --serve --control, docs/phones.md) playing each game's button
# script: after every change every phone shows the server's own view for its language and seat;
# a seat's own section only on its phone; claiming (OK, Back, a second phone while asking, a seat
# taken over); a form sent from a phone, refused when the table moved on, then accepted; the page
# through the simulator's restart and the 403 text after a key change; the language switch; the
# size bound as sent; no character without a glyph. Against tests/support/phone_fixture.py (which can send
# any view): hostile names stay text, a long choice is a list, a stepper keeps its bounds.
# Screenshots of each script's `shot` lines and of each state, Japanese and English, go to
# $PHONE_SHOTS (or the test's temporary folder). Skips where Chromium is not installed.
import base64
import json
import time
import urllib.error
import urllib.request

import pytest

import game_data
import phone_fixture
# the browser machinery: tests/support/phone_browser.py (its fixtures browser, phones, shots, sim: tests/conftest.py)
from phone_browser import (LABELS, MISSING_GLYPHS, SIX, WIDTH, assert_shows, cdp, claim_seats, follow, server_text,
                           token)
from sim_script import raw_stream, script, start_game

PAGE_BUDGET = 30 * 1024

pytestmark = pytest.mark.skipif(
    not cdp.chromium(),
    reason="Chromium is not installed (Debian: apt-get install chromium; make test does)")


# ---- a game played on the panel, six phones watching ------------------------------------------
@pytest.mark.parametrize("kind", game_data.kinds())
def test_six_phones_follow_a_game(sim, phones, shots, kind):
    table = sim()
    six = phones(SIX)
    for p in six:
        p.goto(table.url)
    follow(table, six)
    seated, changes, forms = [], 0, 0
    for text in script(kind):
        words = text.split()
        if words[0] == "shot":
            for p in six[:2]:
                p.js("window.scrollTo(0, 0), true")
                p.shot(shots, words[1])
                assert p.js(MISSING_GLYPHS) == [], "characters without a glyph at %s" % words[1]
            continue
        if words[0] == "phone":
            forms += phone_step(table, six, words[1:])
        else:
            v = table.last["v"] if table.last else None
            changes += table.step(text)["v"] != v
        follow(table, six)
        if not seated and table.view("ja")["seats"]:
            seated = claim_seats(table, six)
            follow(table, six)
    assert seated and changes >= 3, "the script changed the phones' view only %d times" % changes
    phone_lines = [l for l in script(kind) if l.startswith("phone ")]
    assert forms == len(phone_lines)


def form_phone(sim, phones):
    for p in phones:
        want = sim.view(p.lang, token(p))
        if want.get("mine") and want["mine"]["forms"]:
            return p, want["mine"]["forms"][0]
    pytest.fail("no phone has a form to send")


def fill_and_send(phone, form):
    """Picks each choice field's last choice on the phone's page, then its submit button."""
    for f in form["fields"]:
        if "choices" in f:
            phone.tap(".form .choices button", f["choices"][-1][1])
    phone.tap(".form .go")


def phone_step(sim, phones, words):
    """A phone script's `phone ...` line: `stale STEP...` sends the form while the panel does STEP
    (the request held until then: the table moved on, the phone is told so); `refused ID STEP...`
    the same, the phone told the server's text ID (the panel first); `submit` sends it."""
    phone, form = form_phone(sim, phones)
    if words[0] == "stale":
        words = ["refused", "E_PH_STALE"] + words[1:]
    if words[0] == "refused":
        sid, words = words[1], words[1:]
        phone.call("Fetch.enable", patterns=[{"urlPattern": "*/act?*", "requestStage": "Request"}])
        fill_and_send(phone, form)
        paused = phone.paused_request()
        sim.step(" ".join(words[1:]))
        phone.call("Fetch.continueRequest", requestId=paused)
        phone.call("Fetch.disable")
        phone.wait(lambda p: p["errors"] == [server_text(sid, phone.lang)], "the refusal %s" % sid)
        return 1
    seq = sim.last["seq"]
    before = sim.view(phone.lang, token(phone))["mine"]["lines"]
    sent = []
    for f in form["fields"]:
        if "choices" in f:
            sent.append(f["choices"][-1][1])
        elif f.get("value", f["min"]) < f["max"]:         # a stepper: one more than it offers
            phone.tap(".form .step button", "+")
            value = f.get("value", f["min"]) + 1
            phone.wait(lambda p: phone.js("document.querySelector('.form .step .n').textContent") == str(value),
                       "the stepper at %d" % value)
            sent.append(str(value))
    fill_and_send(phone, form)
    deadline = time.time() + 15
    while sim.view("ja")["v"] == sim.last["v"] and time.time() < deadline:
        time.sleep(0.05)
    sim.step("wait 10")
    assert sim.last["seq"] == seq + 1, "the phone's event was not saved: %s" % sim.last
    phone.wait(lambda p: p["errors"] == [], "no error")
    # what was saved is what the phone chose: its own new line names each value sent
    new = [l for l in sim.view(phone.lang, token(phone))["mine"]["lines"] if l not in before]
    assert new and all(v in new[0] for v in sent), (new, sent)
    return 1


# ---- claiming ---------------------------------------------------------------------------------
def test_claiming_a_seat_on_the_panel(sim, phones, shots):
    table = sim()
    ja, en = phones(["ja", "en"])
    for p in (ja, en):
        p.goto(table.url)
    follow(table, [ja, en])
    for p in (ja, en):
        p.shot(shots, "start")             # no game on the table yet
    start_game(table, game_data.kinds()[0])
    follow(table, [ja, en])
    n = len(table.view("ja")["seats"])
    assert ja.read()["claims"] == n
    ja.tap(".seat:nth-of-type(1) .claim")
    page = ja.wait(lambda p: p["state"] == "wait", "the claim's wait")
    assert LABELS["ja"]["wait"] in page["banners"] and page["waits"] == [LABELS["ja"]["wait"]]
    assert page["claims"] == 0
    ja.shot(shots, "claim-wait")
    # while the panel asks, another phone's claim gets the server's words
    en.tap(".seat:nth-of-type(2) .claim")
    en.wait(lambda p: p["errors"] == [server_text("E_PH_ASKING", "en")], "the busy answer")
    # Back on the panel: the table said no
    table.step("click back")
    ja.wait(lambda p: p["errors"] == [server_text("E_PH_DECLINED", "ja")] and p["state"] == "live", "the refusal")
    assert ja.storage("seat") is None and ja.read()["claims"] == n
    # OK on the panel: the seat is this phone's, kept across a reload with the phone's id
    ja.tap(".seat:nth-of-type(1) .claim")
    ja.wait(lambda p: p["state"] == "wait", "the claim's wait")
    table.step("click ok")
    page = ja.wait(lambda p: p["mine"] is not None and p["state"] == "live", "its own section")
    follow(table, [ja, en])
    held = json.loads(ja.storage("seat"))
    assert held["seat"] == 0 and len(held["tok"]) == 16
    cid = ja.storage("cid")
    ja.goto(table.url)
    ja.wait(lambda p: p["mine"] is not None and p["state"] == "live", "its seat after a reload")
    assert ja.storage("cid") == cid and json.loads(ja.storage("seat")) == held
    # another phone takes the seat over: its button says so, the panel asks it as a change of
    # phone, and the first phone says at once that it is out, with the seats to choose
    en.wait(lambda p: en.js("document.querySelector('.seat:nth-of-type(1) .claim').textContent")
            == LABELS["en"]["take"], "the held seat's button")
    assert en.js("document.querySelector('.seat:nth-of-type(2) .claim').textContent") == LABELS["en"]["claim"]
    en.shot(shots, "seats-held")
    en.tap(".seat:nth-of-type(1) .claim")
    en.wait(lambda p: p["state"] == "wait", "the claim's wait")
    en.shot(shots, "claim-wait")
    assert table.step("wait 1")["screen"] == "Claim"
    table.step("click ok")
    en.wait(lambda p: p["mine"] is not None, "its own section")
    page = ja.wait(lambda p: p["mine"] is None and p["claims"] == n, "seatless")
    assert page["errors"] == [LABELS["ja"]["lost"]], page["errors"]
    ja.shot(shots, "seat-lost")
    assert ja.storage("seat") is None
    follow(table, [ja, en])
    # the language switch: the views come in the other language, and the choice is kept
    ja.tap(".langs button", "English")
    ja.wait(lambda p: p["title"] == table.view("en")["title"] and LABELS["en"]["claim"] in ja.js(
        "document.body.textContent"), "English")
    assert ja.storage("lang") == "en" and ja.js("document.documentElement.lang") == "en"
    ja.goto(table.url)
    ja.wait(lambda p: p["title"] == table.view("en")["title"] and p["state"] == "live", "English after a reload")
    ja.tap(".langs button", "日本語")
    ja.wait(lambda p: p["title"] == table.view("ja")["title"], "Japanese again")
    assert ja.storage("lang") == "ja"


# ---- the panel first ----------------------------------------------------------------------------
def test_a_phones_act_never_closes_what_the_panel_shows(sim, phones, shots):
    """The large view on the panel: the turn's phone sends its action, is told at once in its
    language, the panel still shows it and nothing is saved; back on the table the same goes through."""
    table = sim()
    ja, en = phones(["ja", "en"])
    for p in (ja, en):
        p.goto(table.url)
    start_game(table, game_data.kinds()[0])
    follow(table, [ja, en])
    turn = table.view("ja")["turn"]
    seat = 0 if turn is None else turn
    for p, i in ((ja, seat), (en, (seat + 1) % len(table.view("ja")["seats"]))):
        p.tap(".seat:nth-of-type(%d) .claim" % (i + 1))
        p.wait(lambda page: page["state"] == "wait", "the claim's wait")
        table.step("click ok")
        p.wait(lambda page: page["mine"] is not None and page["state"] == "live", "its own section")
    page = ja.wait(lambda p: p["mine"] and p["mine"]["forms"], "its forms")
    form = [f for f in table.view("ja", token(ja))["mine"]["forms"] if not f["fields"]][0]
    assert table.step("click up")["screen"] == "Big"
    seq = table.last["seq"]
    ja.tap(".form[data-form=%s] .go" % form["id"])
    ja.wait(lambda p: p["errors"] == [server_text("E_PH_SHOWN", "ja")], "the panel-first refusal")
    ja.shot(shots, "panel-first")
    after = table.step("wait 1")
    assert after["screen"] == "Big" and after["seq"] == seq
    table.step("click back")                 # the table again: the same act goes through
    follow(table, [ja, en])
    ja.tap(".form[data-form=%s] .go" % form["id"])
    deadline = time.time() + 15
    while table.step("wait 1")["seq"] == seq and time.time() < deadline:
        time.sleep(0.1)
    assert table.last["seq"] == seq + 1
    ja.wait(lambda p: p["errors"] == [], "no error")


# The views a page was sent, counted as they arrive, whether or not it has shown them yet.
SEEN = """(() => { const ES = window.EventSource; window.EventSource = function (u, o) { const es = new ES(u, o);
  es.addEventListener('view', e => { window.seenV = JSON.parse(e.data).v; }); return es; };
  window.EventSource.prototype = ES.prototype; })()"""


def test_a_change_under_a_finger_waits_for_the_lift(sim, phones):
    """The panel changes while a finger is on a tab: the page, built anew on every change, waits
    for the lift, so the tap is not lost with the button it was on; then it shows the change."""
    table = sim()
    (p,) = phones(["ja"])
    p.call("Page.addScriptToEvaluateOnNewDocument", source=SEEN)
    p.goto(table.url)
    start_game(table, game_data.kinds()[0])
    before = follow(table, [p])[0]["v"]
    where = p.press(".tabs button", "履歴")
    after = table.step("click back")["v"]             # the panel's menu over the game: a change
    assert after > before
    deadline = time.time() + 20
    while p.js("window.seenV") != after:
        assert time.time() < deadline, "the page was never sent view %d" % after
        time.sleep(0.05)
    assert p.read()["v"] == before, "the page was built anew under the finger"
    p.lift(where)
    p.wait(lambda page: page["v"] == after and p.js("document.body.dataset.tab") == "1",
           "the 履歴 tab, at the change")


# ---- the server goes away ---------------------------------------------------------------------
def test_phones_reconnect_when_the_table_comes_back(sim, phones, shots):
    table = sim()
    six = phones(SIX)
    for p in six:
        p.goto(table.url)
    start_game(table, game_data.kinds()[0])
    follow(table, six)                    # the seats on every page before one is tapped
    claim_seats(table, six[:2])
    before = follow(table, six)
    folder, port = table.folder, table.port
    table.stop()                          # the table's power went off
    for p in six:
        p.wait(lambda page: page["state"] == "down" and LABELS[p.lang]["down"] in page["banners"], "再接続中")
        assert_shows(p.read(), before[six.index(p)])         # the last view stays while it is away
    six[0].shot(shots, "reconnecting")
    six[1].shot(shots, "reconnecting")
    again = sim(folder, port)             # back, with its key (kept beside the games)
    assert again.key == table.key
    for p in six:
        p.wait(lambda page: page["state"] == "live" and page["v"] == again.view(p.lang)["v"], "the new view", timeout=20)
        assert p.read()["banners"] == []
    follow(again, six)


def test_a_changed_key_shows_the_403_text(sim, phones, shots):
    table = sim()
    ja, en = phones(["ja", "en"])
    for p in (ja, en):
        p.goto(table.url)
    follow(table, [ja, en])
    port = table.port
    table.stop()
    other = sim(port=port)                # another board (its own key) at the same address
    assert other.key != table.key
    for p in (ja, en):
        page = p.wait(lambda page: page["state"] == "forbidden", "the 403 text", timeout=20)
        assert page["big"] == LABELS[p.lang]["forbidden"] + LABELS[p.lang]["noKeyText"]
        assert page["title"] is None and page["sections"] == []
        p.shot(shots, "403")
    with pytest.raises(urllib.error.HTTPError) as e:
        urllib.request.urlopen(table.url)
    assert e.value.code == 403 and "QRコード".encode() in e.value.read()   # no Accept-Language: Japanese


def test_a_page_without_its_key_shows_the_403_text(phones):
    page = open(phone_fixture.PAGE, "rb").read()
    for p in phones(["ja", "en"]):
        p.goto("data:text/html;charset=utf-8;base64," + base64.b64encode(page).decode())
        assert p.wait(lambda r: r["state"] == "forbidden", "the 403 text")["big"].startswith(LABELS[p.lang]["forbidden"])


# ---- past the streams the table holds open -----------------------------------------------------


def test_a_phone_past_the_stream_limit_never_shows_the_banner(sim, phones, shots):
    """Eight phones hold the simulator's eight streams; the ninth, in Chromium, polls: it follows
    every change and its page never shows 再接続中 (a banner it would show for 1.5 s of each ask
    if it took the end of each poll for a lost table). The ninth finds a slot within 5 s of a
    held phone vanishing."""
    table = sim()
    start_game(table, game_data.kinds()[0])
    held = [raw_stream(table, "held%08d" % i)[0] for i in range(8)]
    extra, got = raw_stream(table, "probe0000001")           # the limit reached: a poll, then closed
    extra.close()
    assert b"event: poll" in got and b"retry: 1500" in got, got[-200:]
    ninth, = phones(["ja"])
    ninth.goto(table.url)
    ninth.wait(lambda p: p["state"] == "live", "the view")
    ninth.js("""(() => { window.downs = 0; new MutationObserver(() => {
        if (document.body.dataset.state === 'down') window.downs++; }).observe(document.body, {attributes: true});
        return true; })()""")
    states = set()
    steps = [t for t in script(game_data.kinds()[0]) if t.split()[0] not in ("shot", "phone")]
    done = 0
    end = time.time() + 9                  # six asks of the ninth phone at least
    for text in steps:
        if time.time() > end:
            break
        before = table.view("ja")["v"]
        table.step(text)
        v = table.view("ja")["v"]
        if v != before:
            page = ninth.wait(lambda p: p["v"] == v, "view %d" % v, timeout=10)
            done += 1
            states.add(page["state"])
        for _ in range(5):
            states.add(ninth.read()["state"])
            time.sleep(0.1)
    while time.time() < end:               # and while nothing changes
        states.add(ninth.read()["state"])
        time.sleep(0.1)
    assert done >= 3, "the script changed the view only %d times" % done
    assert states == {"live"} and ninth.js("window.downs") == 0, (states, ninth.js("window.downs"))
    assert LABELS["ja"]["down"] not in ninth.read()["banners"]
    ninth.shot(shots, "ninth-live")
    # a held phone vanishes: within 5 s its slot is free, and a new phone holds it
    held.pop().close()
    t0 = time.time()
    while True:
        s, got = raw_stream(table, "late00000001")
        s.settimeout(0.5)
        try:
            more = s.recv(4096)
        except OSError:
            more = None                   # still open after its view: a held stream
        s.close()
        if b"event: poll" not in got and more != b"":
            break
        assert time.time() - t0 < 5, "no slot free %.1f s after a phone vanished" % (time.time() - t0)
        time.sleep(0.2)
    for s in held:
        s.close()


def test_a_request_without_the_key_gets_the_page_in_its_language(sim, phones, shots):
    """Any address of the table without its key: 403 and a small page saying to scan the code on
    the table, in the phone's language (Accept-Language)."""
    table = sim()
    base = table.url.split("?")[0]
    for p in phones(["ja", "en"]):
        for url in (base, base + "view?k=000000000000", base + "nowhere"):
            p.goto(url)
            deadline = time.time() + 20
            text = ""
            while LABELS[p.lang]["noKeyText"] not in text and time.time() < deadline:
                time.sleep(0.1)
                text = p.js("document.body ? document.body.innerText : ''") or ""
            assert LABELS[p.lang]["forbidden"] in text and LABELS[p.lang]["noKeyText"] in text, text
            assert p.js("document.documentElement.lang") == p.lang
            assert p.js("document.documentElement.scrollWidth") <= WIDTH
        p.shot(shots, "403-page")
        assert not p.js(MISSING_GLYPHS)


# ---- the bound --------------------------------------------------------------------------------
def test_page_fits_its_budget_as_sent(sim):
    table = sim()
    raw = open(phone_fixture.PAGE, "rb").read()
    with urllib.request.urlopen(table.url) as r:
        sent = r.read()
        assert r.headers.get("Content-Encoding") is None
    assert sent == raw
    assert len(sent) <= PAGE_BUDGET, "the page is %d bytes, over its %d" % (len(sent), PAGE_BUDGET)


def test_page_needs_nothing_from_the_internet():
    page = open(phone_fixture.PAGE, encoding="utf-8").read()
    for outside in ("http://", "https://", "//cdn", "@import", "src=", "url("):
        assert outside not in page, outside


# ---- hostile text ------------------------------------------------------------------------------
# Any text the page shows comes from the players (names) or the device; none may become markup.
HOSTILE = ['<img src=x onerror="window.pwned=1">', "<b>Ben</b>", "&lt;i&gt;", "<script>window.pwned=2</script>",
           '"><svg onload=window.pwned=3>']
CANNED = phone_fixture.canned()
WITH_MINE = [n for n in sorted(CANNED) if CANNED[n].get("mine")][0]
MINE_SEAT = int(sorted(CANNED[WITH_MINE]["mine"])[0])


@pytest.fixture
def server():
    fx = phone_fixture.Fixture()
    yield fx
    fx.stop()


def test_hostile_names_stay_text(server, phones):
    phone, = phones(["en"])
    server.auto_claim = True
    view = json.loads(json.dumps(CANNED[WITH_MINE]))
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
    phone.goto(server.url())
    phone.wait_v(server.table.v)
    phone.tap(".seat:nth-of-type(%d) .claim" % (MINE_SEAT + 1))
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
def test_figures_are_large(sim, phones):
    table = sim()
    phone, = phones(["ja"])
    phone.goto(table.url)
    start_game(table, game_data.kinds()[0])
    follow(table, [phone])
    # the figures (a table's cells but names and phrases, the items' values) at least 26 px: text
    # is 20, the panel's kanji about 1.4 mm
    sizes = phone.js("[...document.querySelectorAll('td:not(:first-child):not(.txt), .item .val:not(.long)')]"
                     ".map(e => parseFloat(getComputedStyle(e).fontSize))")
    assert sizes and min(sizes) >= 26, sizes


def test_a_long_choice_is_a_list_and_a_stepper_keeps_its_bounds(server, phones):
    phone, = phones(["ja"])
    server.auto_claim = True
    view = json.loads(json.dumps(CANNED[WITH_MINE]))
    for lang in ("ja", "en"):
        form = view["mine"][str(MINE_SEAT)][lang]["forms"][0]
        for f in form["fields"]:
            if "choices" in f:
                f["choices"] = [[i, "P%d" % (i + 1)] for i in range(12)]
            else:
                f["min"], f["max"], f["value"] = 2, 3, 2
    server.table.show({"ja": view["ja"], "en": view["en"]}, view["mine"])
    phone.goto(server.url())
    phone.wait_v(server.table.v)
    phone.tap(".seat:nth-of-type(%d) .claim" % (MINE_SEAT + 1))
    phone.wait(lambda p: p["mine"] is not None, "its own section")
    assert phone.js("document.querySelectorAll('.form select option').length") == 13     # and "—"
    assert phone.js("document.querySelector('.step button').disabled")                   # at its min
    phone.js("(s => { s.value = '10'; s.dispatchEvent(new Event('change')); })(document.querySelector('.form select')), true")
    phone.tap(".form .step button", "+")
    phone.wait(lambda p: phone.js("document.querySelectorAll('.step button')[1].disabled"), "the stepper at its max")
    phone.tap(".form .step button", "+")                                                # refused by the page
    phone.tap(".go")
    form = view["mine"][str(MINE_SEAT)]["ja"]["forms"][0]
    keys = [f["key"] for f in form["fields"]]
    deadline = time.time() + 15
    while not server.table.acts and time.time() < deadline:
        time.sleep(0.05)
    assert server.table.acts == [(MINE_SEAT, dict(form["ev"], **{keys[0]: 10, keys[1]: 3}))]

