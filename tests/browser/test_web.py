# The web scoreboard (make web) in headless Chromium: the firmware on MicroPython WebAssembly plays
# each game's button script, pressed on the page's own buttons (mouse) or keys, and every frame of
# the canvas equals the simulator's panel after the same step (the same App on CPython); a reload
# resumes the game from the browser's storage; the downloaded log passes `host_tools report`; the
# page fits a phone held upright. Skips with a message where Chromium or npm is missing
# (make test installs Chromium; make web fetches MicroPython's WebAssembly port with npm).
import glob
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time

import pytest

from host_tools import _paths  # noqa: F401  (firmware/ on sys.path)
from host_tools.dev.web import build as web_build
from host_tools.dev.web import cdp

import game_data

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# Every game plays its button script (tests/kinds/<kind>/emu.txt), by key where its WEB_BY_KEY
# says so; a game started, reloaded or torn comes by role from tests/kinds/<kind>/data.py: "web new game"
# (its first WEB_NEW_GAME_STEPS steps start a game), "web saved game" (played up to the line
# starting WEB_PLAYED_UNTIL, listed as WEB_LOG_ROW; torn after WEB_TORN_STEPS steps).
NEW_KIND = game_data.for_role("web new game")
NEW_STEPS = game_data.of(NEW_KIND).WEB_NEW_GAME_STEPS
SAVED_KIND = game_data.for_role("web saved game")
SAVED = game_data.of(SAVED_KIND)

pytestmark = pytest.mark.skipif(
    not cdp.chromium(),
    reason="Chromium is not installed (Debian: apt-get install chromium; make test does)")


@pytest.fixture(scope="module")
def site():
    """The page built into a temporary folder and served on 127.0.0.1 (any free port)."""
    if not shutil.which("npm") and web_build.installed_version() != web_build.pinned_version():
        pytest.skip("npm is not installed: it fetches MicroPython's WebAssembly port (apt-get install npm)")
    from host_tools.dev.web.__main__ import serve
    out = tempfile.mkdtemp(prefix="web-site-")
    try:
        web_build.build(out=out, quiet=True)
    except web_build.BuildError as e:
        shutil.rmtree(out, ignore_errors=True)
        pytest.skip("the web page cannot be built here: %s" % e)
    server = serve(out, port=0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield "http://127.0.0.1:%d/" % server.server_address[1]
    server.shutdown()
    server.server_close()
    shutil.rmtree(out, ignore_errors=True)


@pytest.fixture(scope="module")
def browser():
    b = cdp.Browser(width=390, height=844)
    yield b
    b.close()


def open_page(browser, site, manual=True, fresh=True, seed=None):
    """Loads the page (fresh: with the browser's storage emptied first; seed: {path: bytes or
    already encoded text} put in the storage as the page keeps /games, or the stored text
    itself); waits for the boot."""
    if fresh or seed is not None:
        # A file of the same site that is not the page: the page saves as it is left, so the
        # storage is changed where no page runs.
        browser.goto(site + "files.json")
        browser.wait_for("document.readyState === 'complete'")
        if fresh:
            browser.js("localStorage.clear(), true")
        if seed is not None:
            import base64
            import json
            saved = seed if isinstance(seed, str) else json.dumps(
                dict((p, b if isinstance(b, str) else base64.b64encode(b).decode()) for p, b in seed.items()))
            browser.js("localStorage.setItem('scoreboard/fs', %s), true" % json.dumps(saved))
    browser.goto(site + ("?manual" if manual else ""))
    state = browser.wait_for("window.scoreboard", timeout=60)
    assert state.get("ready"), "the page did not boot: %s" % state.get("error")
    assert browser.js("window.scoreboard.manual") == manual


# ---- the simulator's frames ---------------------------------------------------------------------
def sim_frames(lines, store_dir):
    """The simulator's panel (64 rows of '0'/'1') after the boot and after each step of `lines`."""
    import main as firmware_main
    from hw.clock import FakeClock
    from host_tools.dev.sim.device import SimBoard
    from host_tools.dev.sim.script import SETTLE_MS, Runner
    from storage.store import Store
    clock = FakeClock()
    board = SimBoard(now=clock.now)
    app = firmware_main.make_app(board.display, Store(root=store_dir), clock, "ja")
    frames = []

    def grab(text=None):
        frames.append((text or "boot", panel_rows(board.panel)))
    runner = Runner(board, app, clock, on_step=grab)
    runner.run_for(SETTLE_MS)        # the boot, as Runner.run starts
    grab()
    for text in steps(lines):
        runner.line(text)
    assert app.errors == [], app.errors
    return frames


def steps(lines):
    return [l for l in lines if l.split("#", 1)[0].strip()]


def panel_rows(panel):
    return ["".join(str(v) for v in row) for row in panel.rows()]


# ---- the same script on the page ----------------------------------------------------------------
class PagePin:
    """A button of the page seen as a SimPin: setting `pressed` presses the on-screen button with
    the mouse (or holds the key down)."""

    KEYS = {"up": ("ArrowUp", 38), "down": ("ArrowDown", 40), "left": ("ArrowLeft", 37),
            "right": ("ArrowRight", 39), "ok": ("Enter", 13), "back": ("Escape", 27)}

    def __init__(self, browser, name, by_key):
        self.browser, self.name, self.by_key = browser, name, by_key
        self._pressed = False
        if not by_key:
            r = browser.js("(() => { const r = document.querySelector('[data-button=%s]')"
                           ".getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()" % name)
            self.x, self.y = r

    @property
    def pressed(self):
        return self._pressed

    @pressed.setter
    def pressed(self, down):
        self._pressed = down
        if self.by_key:
            key, code = self.KEYS[self.name]
            self.browser.key("keyDown" if down else "keyUp", key, key if len(key) > 1 else "Space", code)
        else:
            self.browser.mouse("mousePressed" if down else "mouseReleased", self.x, self.y)


class PageBoard:
    def __init__(self, browser, by_key):
        from hw.buttons import NAMES
        self.pins = dict((n, PagePin(browser, n, by_key)) for n in NAMES)


def page_frames(browser, lines, by_key=False, glow=None):
    """Runs the script on the page (manual clock): the canvas after the boot and after each step
    (and in `glow`, when given, the brightest dot of each)."""
    from host_tools.dev.sim.script import SETTLE_MS, Runner
    frames = []

    def grab(text=None):
        frames.append((text or "boot", browser.js("window.scoreboard.pixels()")))
        if glow is not None:
            glow.append(browser.js("window.scoreboard.glow()"))

    class PageRunner(Runner):
        def run_for(self, ms):
            browser.js("window.scoreboard.advance(%d), true" % ms)

    runner = PageRunner(PageBoard(browser, by_key), None, None, on_step=grab)
    runner.run_for(SETTLE_MS)
    grab()
    for text in steps(lines):
        runner.line(text)
    return frames


def script(name):
    with open(_paths.emu_script(name), encoding="utf-8") as f:
        return f.read().splitlines()


def assert_same(page, sim):
    assert len(page) == len(sim)
    for (step, got), (_, want) in zip(page, sim):
        if got != want:
            diff = sum(a != b for r1, r2 in zip(got, want) for a, b in zip(r1, r2))
            pic = "\n".join(r.replace("0", ".").replace("1", "#") for r in got)
            want_pic = "\n".join(r.replace("0", ".").replace("1", "#") for r in want)
            pytest.fail("after %r the page differs from the simulator in %d pixels\npage:\n%s\nsimulator:\n%s"
                        % (step, diff, pic, want_pic))


@pytest.mark.parametrize("game,by_key", [(k, getattr(game_data.of(k), "WEB_BY_KEY", False))
                                         for k in game_data.kinds()])
def test_page_plays_each_game_like_the_simulator(site, browser, tmp_path, game, by_key):
    lines = script(game)
    sim = sim_frames(lines, str(tmp_path / "games"))
    open_page(browser, site)
    page = page_frames(browser, lines, by_key)
    assert_same(page, sim)
    # the game was saved in the browser's storage as it went
    logs = browser.js("window.scoreboard.logs()")
    assert len(logs) == 1 and '"kind":"%s"' % game in logs[0]["text"].split("\n")[0]


def test_reload_resumes_and_the_log_downloads_for_report(site, browser, tmp_path):
    lines = script(SAVED_KIND)
    played = lines[:lines.index(next(l for l in lines if l.startswith(SAVED.WEB_PLAYED_UNTIL)))]
    sim_dir = str(tmp_path / "sim-games")
    sim_frames(played, sim_dir)
    # The simulator's boot on the same folder offers 続きから; choosing it shows the table.
    resume = sim_frames(["click ok"], sim_dir)
    open_page(browser, site)
    page_frames(browser, played)
    open_page(browser, site, fresh=False)          # a reload: the storage is kept
    assert_same(page_frames(browser, ["click ok"]), resume)
    # The log, downloaded through the page's own link.
    dl = tmp_path / "downloads"
    dl.mkdir()
    browser.call("Browser.setDownloadBehavior", browser=True, behavior="allow", downloadPath=str(dl))
    browser.js("document.getElementById('logs').open = true, true")
    names = browser.js("Array.from(document.querySelectorAll('#loglist a.log')).map(a => a.textContent)")
    assert len(names) == 1 and names[0].endswith(".log"), names
    assert SAVED.WEB_LOG_ROW in browser.js("document.querySelector('#loglist li').textContent")
    browser.js("document.querySelector('#loglist a.log').click(), true")
    path = str(dl / names[0])
    deadline = time.time() + 20
    while not os.path.isfile(path) and time.time() < deadline:
        time.sleep(0.1)
    assert os.path.isfile(path), os.listdir(str(dl))
    with open(path, "rb") as f:
        data = f.read()
    first = data.split(b"\n", 1)[0]
    assert b'"t":"header"' in first and ('"kind":"%s"' % SAVED_KIND).encode() in first
    out = tmp_path / "report"
    p = subprocess.run([sys.executable, "-m", "host_tools", "report", path, "--out", str(out)],
                       cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    assert "refused" not in p.stdout, p.stdout
    assert glob.glob(str(out / "*.csv")) and glob.glob(str(out / "*.html")), p.stdout


def shows(browser, want, timeout=10):
    """On the page's own clock: the canvas comes to show `want` (the machine may be busy) and
    stays so (no press too many)."""
    deadline = time.time() + timeout
    while browser.js("window.scoreboard.pixels()") != want:
        if time.time() > deadline:
            return False
        time.sleep(0.05)
    time.sleep(0.3)
    return browser.js("window.scoreboard.pixels()") == want


def test_real_time_mouse_and_long_press(site, browser, tmp_path):
    """The page's own clock (no test hook): a tap and a long press on the on-screen buttons."""
    want = sim_frames(["click ok", "click ok", "long back"], str(tmp_path / "games"))
    open_page(browser, site, manual=False)
    board = PageBoard(browser, False)
    for i, (text, hold) in enumerate((("click ok", 0.15), ("click ok", 0.15), ("long back", 1.3)), 1):
        pin = board.pins[text.split()[1]]
        pin.pressed = True
        time.sleep(hold)
        pin.pressed = False
        assert shows(browser, want[i][1]), text
    assert want[-1][1] != want[-2][1]        # the long press did something


def test_fits_a_phone_held_upright(site, browser):
    for width, height in ((360, 640), (390, 844)):
        browser.call("Emulation.setDeviceMetricsOverride", width=width, height=height,
                     deviceScaleFactor=2, mobile=True)
        open_page(browser, site, manual=False, fresh=False)
        boxes = browser.js("""Array.from(document.querySelectorAll('#panel, [data-button]')).map(el => {
            const r = el.getBoundingClientRect();
            return [el.id || el.dataset.button, r.left, r.top, r.right, r.bottom, r.width, r.height]; })""")
        assert browser.js("document.documentElement.scrollWidth") <= width
        for name, left, top, right, bottom, w, h in boxes:
            assert left >= 0 and right <= width and top >= 0 and bottom <= height, (width, height, name)
            if name != "panel":
                assert w >= 44 and h >= 44, (name, w, h)     # a finger's size
        panel = boxes[0]
        assert panel[5] >= 0.6 * width, panel                  # the kanji stay readable
    manifest = browser.call("Page.getAppManifest")        # "add to home screen"
    assert manifest.get("errors") == [] and '"display": "standalone"' in manifest.get("data", ""), manifest
    browser.call("Emulation.setDeviceMetricsOverride", width=390, height=844, deviceScaleFactor=1,
                 mobile=False)


def test_game_ids_differ_across_reloads(site, browser):
    """Game ids come from the browser's crypto (the port has no os.urandom): two games started
    right after a boot each get their own id, not the firmware's fallback (the ms since boot,
    which starts 0000 in the first minute and repeats from one reload to the next)."""
    ids = []
    for _ in range(2):
        open_page(browser, site)             # a new browser storage each time, as on a new phone
        page_frames(browser, steps(script(NEW_KIND))[:NEW_STEPS])
        ids += [l["name"] for l in browser.js("window.scoreboard.logs()")]
    gids = [name.split("-")[1][:8] for name in ids]
    assert len(gids) == 2 and gids[0] != gids[1], ids
    assert not any(g.startswith("0000") for g in gids), ids


def test_screen_care_dims_and_blanks_the_canvas(site, browser, tmp_path):
    """Idle: dimmed at 3 min (the same dots, darker), off at 15 min (black); the press that wakes
    it does nothing else - as the simulator's panel (contrast and power through the display)."""
    lines = ["wait 181000", "wait 720000", "click ok", "click ok"]
    sim = sim_frames(lines, str(tmp_path / "games"))
    open_page(browser, site)
    glow = []
    page = page_frames(browser, lines, glow=glow)
    assert_same(page, sim)
    bright, dimmed, blank, woken = glow[:4]
    assert blank == 0 and 0 < dimmed < bright and woken == bright, glow
    assert page[2][1] == ["0" * 128] * 64 and page[1][1] == page[0][1] == page[3][1]


def test_touch_a_quick_tap_and_a_long_touch(site, browser, tmp_path):
    """On a touch screen: a 20 ms tap (shorter than the firmware's 50 ms debounce: the page holds
    it until the firmware has counted the press) still presses OK; a finger held on 戻る is the
    long press."""
    want = sim_frames(["click ok", "long back"], str(tmp_path / "games"))
    browser.call("Emulation.setTouchEmulationEnabled", enabled=True, maxTouchPoints=2)
    try:
        open_page(browser, site, manual=False)
        board = PageBoard(browser, False)

        def touch(name, seconds):
            pin = board.pins[name]
            point = [{"x": pin.x, "y": pin.y, "id": 1}]
            browser.call("Input.dispatchTouchEvent", type="touchStart", touchPoints=point)
            time.sleep(seconds)
            browser.call("Input.dispatchTouchEvent", type="touchEnd", touchPoints=[])
        touch("ok", 0.02)
        assert shows(browser, want[1][1])
        touch("back", 1.3)
        assert shows(browser, want[2][1])
    finally:
        browser.call("Emulation.setTouchEmulationEnabled", enabled=False)


class Tab:
    """Another tab of the same browser, driven like the first (js, mouse)."""

    def __init__(self, browser, session):
        self.browser, self.session = browser, session

    def js(self, expression):
        return self.browser.js(expression, session=self.session)

    def mouse(self, kind, x, y):
        self.browser.call("Input.dispatchMouseEvent", session=self.session, type=kind, x=x, y=y,
                          button="left", buttons=1 if kind == "mousePressed" else 0, clickCount=1)


def test_a_second_tab_stops_the_first(site, browser):
    """Two tabs on the same games would overwrite each other's saves: when the other tab saves
    a change, this one stops (its buttons too) and says why."""
    open_page(browser, site)
    tab = Tab(browser, browser.new_tab(site + "?manual"))
    try:
        deadline = time.time() + 60
        while not tab.js("window.scoreboard && window.scoreboard.ready"):
            assert time.time() < deadline, "the second tab did not boot"
            time.sleep(0.1)
        assert not browser.js("document.querySelector('[data-button=ok]').disabled")
        page_frames(tab, steps(script(NEW_KIND))[:NEW_STEPS])   # a new game: the other tab saves it
        browser.wait_for("document.querySelector('[data-button=ok]').disabled", timeout=10)
        assert "別のタブ" in browser.js("document.getElementById('status').textContent")
    finally:
        browser.close_tab(tab.session)


def test_the_page_speaks_the_devices_language(site, browser, tmp_path):
    """The device set to English (/prefs.json, as its settings screen writes it): the panel is
    the simulator's English panel, and the page's own words (buttons, hints, status) are English."""
    prefs = b'{"lang":"en"}'
    (tmp_path / "prefs.json").write_bytes(prefs)
    lines = steps(script(NEW_KIND))[:NEW_STEPS]
    sim = sim_frames(lines, str(tmp_path / "games"))
    open_page(browser, site, seed={"/prefs.json": prefs})
    assert_same(page_frames(browser, lines), sim)
    words = browser.js("[document.documentElement.lang, document.querySelector('[data-button=back]').textContent,"
                       " document.querySelector('.hint').textContent, document.getElementById('status').textContent]")
    assert words[:2] == ["en", "Back"] and words[2].startswith("Hold Back: undo"), words
    assert words[3].startswith("Running on MicroPython"), words


@pytest.mark.parametrize("stored", ["{not json", '{"/prefs.json": "eyJsYW5nIjoiZW4ifQ==", "/games/0001-00000000.0.log": "%%%"}',
                                    '{"/prefs.json": "eyJsYW5nIjoiZW4ifQ==", "/../etc/x": "eA=="}'])
def test_unreadable_storage_is_kept_aside_and_the_page_starts(site, browser, tmp_path, stored):
    """Saved data the page cannot read: what can be read is used (here an English setting), the
    rest is not written into the filesystem, the whole text is kept under its own key (the next
    save does not destroy it), the page starts and says so."""
    open_page(browser, site, seed=stored)
    readable = "prefs" in stored
    if readable:
        (tmp_path / "prefs.json").write_bytes(b'{"lang":"en"}')
    assert_same(page_frames(browser, []), sim_frames([], str(tmp_path / "games")))
    assert browser.js("localStorage.getItem('scoreboard/fs.unreadable')") == stored
    status = browser.js("document.getElementById('status').textContent")
    assert ("kept aside" in status) if readable else ("別に残しました" in status), status
    assert browser.js("window.scoreboard.logs().length") == 0


def test_offline_after_the_first_visit(site, browser, tmp_path):
    """At a table without network: after one visit the page starts from the browser's copy with
    the server gone, and plays."""
    from host_tools.dev.web.__main__ import serve
    out = str(tmp_path / "site")
    web_build.build(out=out, quiet=True)
    server = serve(out, port=0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = "http://127.0.0.1:%d/" % server.server_address[1]
    try:
        browser.goto(url)
        browser.wait_for("window.scoreboard && window.scoreboard.ready", timeout=60)
        files = len(browser.js("fetch('files.json').then(r => r.json()).then(m => m.files)"))
        browser.wait_for("navigator.serviceWorker.controller && caches.open('scoreboard-web')"
                         ".then(c => c.keys()).then(k => k.length >= %d)" % (files + 9), timeout=30)
    finally:
        server.shutdown()
        server.server_close()
    with pytest.raises(OSError):
        import urllib.request
        urllib.request.urlopen(url, timeout=2)
    want = sim_frames(["click ok"], str(tmp_path / "games"))
    browser.goto(url + "?manual")
    state = browser.wait_for("window.scoreboard", timeout=60)
    assert state.get("ready"), state
    assert_same(page_frames(browser, ["click ok"]), want)


def test_quick_clicks_are_each_a_press(site, browser, tmp_path):
    """Clicks as fast as a script sends them (a few ms down, a few ms apart) on the page's own
    clock: each one is a press, in order, none merged or lost."""
    want = sim_frames(["click ok", "click down", "click down", "click down"], str(tmp_path / "games"))
    open_page(browser, site, manual=False)
    board = PageBoard(browser, False)
    for name in ("ok", "down", "down", "down"):
        pin = board.pins[name]
        pin.pressed = True
        pin.pressed = False
    assert shows(browser, want[-1][1])
    assert want[-1][1] != want[-2][1] != want[-3][1]


def test_a_click_without_a_finger_is_a_tap(site, browser, tmp_path):
    """A button clicked with no pointer before it (a screen reader, switch access, el.click()) is
    a tap; a mouse click is still one press, not two."""
    want = sim_frames(["click ok", "click down", "click down"], str(tmp_path / "games"))
    open_page(browser, site, manual=False)
    browser.js("document.querySelector('[data-button=ok]').click(), true")
    assert shows(browser, want[1][1])
    pin = PageBoard(browser, False).pins["down"]
    pin.pressed = True
    time.sleep(0.1)
    pin.pressed = False
    browser.js("document.querySelector('[data-button=down]').click(), true")
    assert shows(browser, want[3][1])


def test_a_torn_journal_is_repaired_at_boot_and_saved(site, browser, tmp_path):
    """A journal whose last line is cut (a power cut on the Pico; here any damage to the saved
    data): the page's boot recovers it exactly as the simulator's does - the same first screen -
    and saves the repaired files at once."""
    import base64
    import json
    played = str(tmp_path / "played" / "games")
    os.makedirs(os.path.dirname(played))
    sim_frames(steps(script(SAVED_KIND))[:SAVED.WEB_TORN_STEPS], played)
    names = sorted(os.listdir(played))
    seg = [n for n in names if n.endswith(".0.log")][0]
    with open(os.path.join(played, seg), "ab") as f:
        f.write(b'{"g":"torn","seq":99,"t":"dob')
    damaged = dict(("/games/" + n, open(os.path.join(played, n), "rb").read())
                   for n in names if os.path.isfile(os.path.join(played, n)))
    shutil.copytree(played, str(tmp_path / "sim" / "games"))
    want = sim_frames([], str(tmp_path / "sim" / "games"))
    open_page(browser, site, seed=damaged)
    assert_same(page_frames(browser, []), want)
    saved = json.loads(browser.js("localStorage.getItem('scoreboard/fs')"))
    with open(str(tmp_path / "sim" / "games" / seg), "rb") as f:
        repaired = f.read()
    assert base64.b64decode(saved["/games/" + seg]) == repaired != damaged["/games/" + seg]


def _dark_runs(png, box):
    """Widths (device pixels) of the dark runs between lit ones along every fully lit dot row of
    the panel's highlighted line, in a screenshot."""
    import io
    from PIL import Image
    im = Image.open(io.BytesIO(png)).convert("L")
    left, top, right, bottom = [int(round(v)) for v in box]
    runs = {}
    for y in range(top, bottom):
        row = [im.getpixel((x, y)) for x in range(left, right)]
        if sum(1 for v in row if v > 150) < 0.6 * len(row):
            continue            # not a row of the highlight
        lit = [i for i, v in enumerate(row) if v > 150]
        run = 0
        for v in row[lit[0]:lit[-1] + 1]:
            if v < 100:
                run += 1
            elif run:
                runs[run] = runs.get(run, 0) + 1
                run = 0
    return runs


@pytest.mark.parametrize("scale", [2, 3])
def test_no_seam_through_a_highlighted_row(site, browser, scale):
    """The canvas is drawn at the device's own pixels: a lit row's dots are parted by one dark
    device pixel everywhere (resampled, a CSS width of 341.33 px doubled the gap at dot column 96)."""
    import base64
    browser.call("Emulation.setDeviceMetricsOverride", width=390, height=844, deviceScaleFactor=scale,
                 mobile=True)
    try:
        open_page(browser, site)
        box = browser.js("(() => { const r = document.getElementById('panel').getBoundingClientRect();"
                         " return [r.left, r.top, r.right, r.bottom]; })()")
        png = base64.b64decode(browser.call("Page.captureScreenshot", format="png")["data"])
        runs = _dark_runs(png, [v * scale for v in box])
        dot = (box[2] - box[0]) * scale / 128.0
        assert runs and runs.get(1), runs                  # the dots are parted
        assert [w for w in runs if 1 < w < dot - 2] == [], runs
    finally:
        browser.call("Emulation.setDeviceMetricsOverride", width=390, height=844, deviceScaleFactor=1,
                     mobile=False)


def test_the_panel_fills_a_desktop_window_above_the_buttons(site, browser):
    browser.call("Emulation.setDeviceMetricsOverride", width=1280, height=800, deviceScaleFactor=1,
                 mobile=False)
    try:
        open_page(browser, site, manual=False, fresh=False)
        panel, lowest = browser.js("""(() => { const p = document.getElementById('panel').getBoundingClientRect();
            const b = Math.max(...Array.from(document.querySelectorAll('[data-button]')).map(e => e.getBoundingClientRect().bottom));
            return [[p.width, p.height], b]; })()""")
        assert panel[0] >= 900 and abs(panel[0] - 2 * panel[1]) <= 1, panel   # was 370 px
        assert lowest <= 800                                # the buttons still on screen
    finally:
        browser.call("Emulation.setDeviceMetricsOverride", width=390, height=844, deviceScaleFactor=1,
                     mobile=False)
