"""The phones' link on a board with a radio (net/radio.Phones._link) against a stand-in for
MicroPython's `network` module: the board's own access point by default, the table's Wi-Fi when
wifi.json names one, the access point again when that network does not answer; no radio at all
is logged and the buttons play on. And a server that fails is logged and listens again."""
import asyncio
import json
import sys
import types

import pytest

from hw.clock import FakeClock
from net import radio
from ui.app import App


class FakeWLAN:
    made = []

    def __init__(self, kind):
        self.kind = kind
        self.on = False
        self.cfg = {}
        self.joined = None
        FakeWLAN.made.append(self)

    def active(self, on=None):
        if on is not None:
            self.on = on
        return self.on

    def config(self, **kw):
        self.cfg.update(kw)

    def connect(self, ssid, password):
        self.joined = (ssid, password)

    def isconnected(self):
        return self.joined is not None and self.joined[0] == "home"

    def ifconfig(self):
        return ("192.168.4.1",) if self.kind == "ap" else ("10.0.0.2",)


@pytest.fixture
def network(monkeypatch):
    FakeWLAN.made = []
    mod = types.SimpleNamespace(STA_IF="sta", AP_IF="ap", WLAN=FakeWLAN)
    monkeypatch.setitem(sys.modules, "network", mod)
    monkeypatch.setattr(radio, "JOIN_S", 1)
    return mod


def phones(tmp_path):
    app = App(None, None, FakeClock(), "ja")
    return app, radio.Phones(app, str(tmp_path) + "/", 80, radio=True)


def test_own_access_point_by_default(tmp_path, network):
    app, ph = phones(tmp_path)
    asyncio.run(ph._link())
    ap = [w for w in FakeWLAN.made if w.kind == "ap"][0]
    assert ap.on and ap.cfg == {"essid": ph.cfg["ssid"], "password": ph.cfg["password"]}
    assert ph.hub.net["mode"] == "ap" and ph.hub.net["ip"] == "192.168.4.1"
    assert ph.line() == "net ap 192.168.4.1 80 %s" % ph.cfg["key"]


def test_table_wifi_when_named(tmp_path, network):
    (tmp_path / "wifi.json").write_text(json.dumps({"ssid": "home", "password": "password123"}))
    app, ph = phones(tmp_path)
    asyncio.run(ph._link())
    assert ph.hub.net == {"mode": "sta", "ip": "10.0.0.2", "port": 80, "ssid": "home"}
    assert not [w for w in FakeWLAN.made if w.kind == "ap"]


def test_access_point_when_the_wifi_does_not_answer(tmp_path, network):
    (tmp_path / "wifi.json").write_text(json.dumps({"ssid": "gone", "password": "password123"}))
    app, ph = phones(tmp_path)
    asyncio.run(ph._link())
    sta = [w for w in FakeWLAN.made if w.kind == "sta"][0]
    assert not sta.on and ph.hub.net["mode"] == "ap"


def test_no_radio_is_logged_not_a_halt(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "network", None)      # import network fails
    app, ph = phones(tmp_path)
    logged = []
    app.log_error = lambda e, scr: logged.append(scr)
    asyncio.run(ph._link())
    assert ph.hub.net["mode"] == "none" and logged == ["Radio"]
    app.on_button("click", "ok")                            # the buttons play on
    assert app.errors == []


def test_failing_server_is_logged_and_listens_again(tmp_path, monkeypatch):
    app, ph = phones(tmp_path)
    monkeypatch.setattr(radio, "RESTART_S", 0.01)
    logged = []
    app.log_error = lambda e, scr: logged.append((scr, str(e)))
    calls = []

    async def serve(host, port):
        calls.append(1)
        if len(calls) < 3:
            raise OSError("EADDRINUSE")
        await asyncio.sleep(0)
    ph.server.serve = serve

    async def run():
        task = asyncio.create_task(ph._keep_serving())
        for _ in range(50):
            await asyncio.sleep(0.01)
            app.on_button("click", "down")                  # presses between the failures
            app.frame()
        task.cancel()
    asyncio.run(run())
    assert logged[:2] == [("Server", "EADDRINUSE"), ("Server", "EADDRINUSE")] and len(calls) >= 3
    assert app.errors == []


def test_memory_error_in_a_press_sheds_the_phones_and_plays_on(tmp_path, monkeypatch):
    """main.loop_with_phones: a MemoryError out of a turn of the buttons' loop lets every phone's
    stream go, logs it and shows the table a screen again; the loop goes on."""
    import main as firmware_main
    app, ph = phones(tmp_path)
    ph.radio = False
    ph.server.streams = {"phone-0001": asyncio.Event()}
    ph.hub.views = {"ja": "{}"}
    turns = []

    def step(app_, buttons, now):
        turns.append(now)
        if len(turns) == 3:
            raise MemoryError("memory allocation failed, allocating 1280 bytes")
    monkeypatch.setattr(firmware_main, "step", step)
    logged = []
    app.log_error = lambda e, scr: logged.append(type(e).__name__)

    async def run():
        async def serve(host, port):
            await asyncio.sleep(10)
        ph.server.serve = serve
        task = asyncio.create_task(firmware_main.loop_with_phones(app, None, FakeClock(), None, ph))
        for _ in range(500):             # a loaded machine: wait for the turns, not a fixed time
            await asyncio.sleep(0.01)
            if len(turns) > 5 or task.done():
                break
        task.cancel()
    asyncio.run(run())
    assert len(turns) > 5                        # the loop went on after the error
    assert ph.server.streams == {} and ph.hub.views == {}
    assert logged == ["MemoryError"] and app.top() is not None


def test_a_host_on_its_lan_names_the_address_to_open(tmp_path):
    """A Raspberry Pi or the simulator listening on every address: the join code and the console
    give the host's own address, never 0.0.0.0."""
    import netmp
    app = App(None, None, FakeClock(), "ja")
    ph = radio.Phones(app, str(tmp_path) + "/", netmp.free_port(), radio=False, host="0.0.0.0")

    async def run():
        ph.start()
        await asyncio.sleep(0.05)
        ph.server.close()
    asyncio.run(run())
    assert ph.hub.net["mode"] == "lan" and ph.hub.net["ip"] not in ("0.0.0.0", "")
    assert ph.hub.address().startswith("http://%s:%d/?k=" % (ph.hub.net["ip"], ph.port))


def test_the_heap_running_out_twice_stops_the_phones_not_the_table(tmp_path):
    """A MemoryError the App catches (a game's modules too big beside the server): the first sheds
    the phones' streams, a second within a minute stops the server and forgets its modules, so
    the table plays on; the menu no longer offers 「スマホで見る」."""
    import sys as _sys
    app, ph = phones(tmp_path)
    ph.radio = False

    async def run():
        ph.start()
        await asyncio.sleep(0.05)
        ph.server.md = ph.server._routes()          # microdot imported, as after a phone's request
        ph.server.streams = {"phone-0001": asyncio.Event()}
        app.crashed(MemoryError("memory allocation failed"))
        first = (ph.stopped, ph.server.streams)
        app.crashed(MemoryError("memory allocation failed"))
        await asyncio.sleep(0.05)
        return first
    first = asyncio.run(run())
    assert first == (False, {})
    assert ph.stopped and app.hub is None and ph.line() == "net stopped - - -"
    assert not [m for m in _sys.modules if m.startswith("microdot") or m in ("net.server", "net.live")]
    from ui.screens import menu as screens_menu
    boot = screens_menu.Boot(app)
    boot.open()
    assert "スマホで見る" not in [label for label, _ in boot.items]
    app.on_button("click", "down")                    # the buttons play on
    app.frame()
