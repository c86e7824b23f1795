"""The panel's phone screens through the simulated board (App -> Display -> SSD1306 bytes -> the
emulated panel): the two join codes scan with a real QR decoder (zxing-cpp) and carry the Wi-Fi join
string and the page's address with the table key; a claim is asked on the panel and answered with
OK or back; a hold of back cancels it without undoing anything. Pictures go to the test's folder."""
import os

import pytest

zxingcpp = pytest.importorskip("zxingcpp")

from hw.clock import FakeClock                    # noqa: E402
from host_tools.dev.sim.device import SimBoard        # noqa: E402
from host_tools.dev.sim.render import save_png, to_image  # noqa: E402
import main as firmware_main                      # noqa: E402
from net.radio import Phones                      # noqa: E402
from ui.screens.phones import Claim, Join         # noqa: E402


def table(tmp_path, lang="ja", net=None):
    clock = FakeClock()
    board = SimBoard(now=clock.now)
    app = firmware_main.make_app(board.display, None, clock, lang)
    phones = Phones(app, str(tmp_path) + "/", 80, radio=False)
    phones.hub.net = net or {"mode": "ap", "ip": "192.168.4.1", "port": 80,
                             "ssid": phones.cfg["ssid"], "password": phones.cfg["password"]}
    app.frame()
    return board, app, phones


def decode(board, path):
    """What a decoder reads off the panel: the picture at 2x (no pixel grid), and at 4x with the
    panel's dark grid between pixels softened as a phone camera's focus does; both must agree."""
    from PIL import ImageFilter
    plain = to_image(board.panel, scale=2, border=16)
    plain.save(path)
    camera = to_image(board.panel, scale=4, border=32).filter(ImageFilter.GaussianBlur(1.5))
    a = [r.text for r in zxingcpp.read_barcodes(plain.convert("L"))]
    b = [r.text for r in zxingcpp.read_barcodes(camera.convert("L"))]
    assert a == b, (a, b)
    return a


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_join_codes_scan(tmp_path, lang):
    board, app, phones = table(tmp_path, lang)
    app.push(Join(app))
    app.frame()
    cfg = phones.cfg
    wifi = decode(board, os.path.join(tmp_path, "join-wifi-%s.png" % lang))
    assert wifi == ["WIFI:T:WPA;S:%s;P:%s;;" % (cfg["ssid"], cfg["password"])]
    app.on_button("click", "right")
    app.frame()
    page = decode(board, os.path.join(tmp_path, "join-page-%s.png" % lang))
    assert page == ["http://192.168.4.1/?k=%s" % cfg["key"]]
    assert len(cfg["key"]) == 12 and app.errors == []


def test_station_mode_shows_only_the_page(tmp_path):
    board, app, phones = table(tmp_path, net={"mode": "sta", "ip": "10.0.0.2", "port": 80, "ssid": "home"})
    app.push(Join(app))
    app.frame()
    assert decode(board, os.path.join(tmp_path, "join-sta.png")) == ["http://10.0.0.2/?k=%s" % phones.cfg["key"]]
    app.on_button("click", "right")          # nothing further: one code
    app.frame()
    app.on_button("click", "back")
    assert type(app.top()).__name__ != "Join"


def test_key_and_passphrase_made_once(tmp_path):
    _, _, p1 = table(tmp_path)
    _, _, p2 = table(tmp_path)
    assert p1.cfg == p2.cfg                  # kept in net.json: the same board, the same codes
    assert 8 <= len(p1.cfg["password"]) <= 63
    (tmp_path / "net.json").write_text('{"key": 5}')     # damaged: made anew, never a halt
    _, _, p3 = table(tmp_path)
    assert p3.cfg["key"] != p1.cfg["key"] and len(p3.cfg["key"]) == 12


def test_claim_asked_on_the_panel(tmp_path):
    board, app, phones = table(tmp_path)
    hub = phones.hub
    from core.registry import KINDS, seats
    app.new_game(KINDS[0], ["あや", "Ben", "ちか", "Dan", "Eve", "Fay"][:max(3, seats(KINDS[0])[0])], {})
    seq = app.game.seq
    hub.claim(1, "phone-0001")
    app.frame()
    assert isinstance(app.top(), Claim)
    save_png(board.panel, os.path.join(tmp_path, "claim.png"))
    app.on_button("click", "ok")
    assert hub.answers["phone-0001"]["seat"] == 1 and len(hub.tokens[1]) == 16
    hub.claim(2, "phone-0002")
    app.on_button("click", "back")
    assert hub.answers["phone-0002"]["refused"] == "E_PH_DECLINED" and 2 not in hub.tokens
    hub.claim(0, "phone-0003")
    app.on_button("long", "back")            # cancels the question; undoes nothing
    assert hub.answers["phone-0003"]["refused"] == "E_PH_DECLINED"
    assert app.game.seq == seq and hub.asking is None and app.errors == []


class _Words:
    """A canvas that keeps the text drawn on it (the code's squares are dropped)."""

    def __init__(self):
        self.lines = []

    def text(self, s, x, y, *args, **kw):
        self.lines.append((y, s))

    def __getattr__(self, name):
        return lambda *a, **k: None


@pytest.mark.parametrize("lang", ["ja", "en"])
@pytest.mark.parametrize("ip,port", [("192.168.178.123", 8080), ("127.0.0.1", 8080), ("192.168.4.1", 80)])
def test_join_screen_shows_the_whole_address(tmp_path, lang, ip, port):
    """Where the code will not scan, the address is typed: the join screen shows all of it, the
    port (the simulator's 8080) and the key too, with seats registered and without."""
    board, app, phones = table(tmp_path, lang, net={"mode": "lan", "ip": ip, "port": port})
    for tokens in ({}, {0: "a" * 16, 1: "b" * 16}):
        phones.hub.tokens = tokens
        join = Join(app)
        c = _Words()
        join.draw(c)
        ys = [y for y, _ in c.lines]
        shown = "".join(s for _, s in c.lines)
        typed = "%s%s?k=%s" % (ip, "" if port == 80 else ":%d" % port, phones.cfg["key"])
        assert typed in shown, c.lines
        ys.sort()
        assert all(b - a >= 8 for a, b in zip(ys, ys[1:])) and ys[-1] <= 56, c.lines   # none over another


def test_join_texts_break_only_between_words():
    """The join screen's column (beside the code) never breaks inside a word
    (「カメラで読み取/る」): each line ends where the text has a space or a line break; the seats
    line is one line of the column."""
    from net.strings import MESSAGES
    from ui.screens.common import wrap
    from ui.screens.phones import QR_ROOM
    from draw.font import text_width
    w = 128 - QR_ROOM - 2
    for sid in ("PH_WIFI", "PH_PAGE", "PH_SCAN", "PH_NEXT", "PH_PREV", "PH_DONE"):
        for s in MESSAGES[sid]:
            at = 0
            for line in wrap(s, w):
                assert s[at:at + len(line)] == line, (sid, s)
                at += len(line)
                assert at == len(s) or s[at] in " \n", (sid, s, line)    # a break the text has
                at += 1
    for s in MESSAGES["PH_SEATS"]:
        assert text_width(s.replace("{n}", "6")) <= w, s


def test_the_phone_is_called_sumaho():
    """Glossary: a player's phone is 「スマホ」, never 「電話」 or 「端末」, in every text and doc."""
    import glob
    from host_tools import _paths
    root = os.path.dirname(_paths.FIRMWARE)
    files = glob.glob(os.path.join(root, "docs", "**", "*.md"), recursive=True) + [os.path.join(root, "README.md")]
    files += glob.glob(os.path.join(_paths.FIRMWARE, "**", "*.py"), recursive=True)
    files += [os.path.join(_paths.FIRMWARE, "net", "page.html")]
    found = []
    for path in files:
        with open(path, encoding="utf-8") as f:
            for n, line in enumerate(f, 1):
                if ("電話" in line or "端末" in line) and "never" not in line:
                    found.append("%s:%d" % (os.path.relpath(path, root), n))
    assert found == []
