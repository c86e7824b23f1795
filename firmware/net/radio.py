# The phones' network: the board's own access point or the table's Wi-Fi (Pico W, Pico 2 W), or the
# LAN the host is on (Raspberry Pi, simulator); the key and passphrase made once and kept; the server
# started and kept up beside the buttons (docs/phones.md). Imported only when the board serves phones.
import json

import asyncio

NET_FILE = "net.json"        # {"key", "ssid", "password"}: made once per board, never in the repo
WIFI_FILE = "wifi.json"      # {"ssid", "password"}: the table's Wi-Fi (python -m host_tools wifi)
JOIN_S = 20                  # joining the table's Wi-Fi: then the board opens its own access point
PASS_CHARS = "abcdefghijkmnpqrstuvwxyz23456789"   # no 0/o, 1/l: typed by hand if a code won't scan
RESTART_S = 2                # after a server failure, before it listens again
SHED_S = 60                  # the heap running out twice within this: the server stops


def _read(path):
    try:
        with open(path) as f:
            v = json.loads(f.read())
        return v if isinstance(v, dict) else None
    except Exception:         # missing, cut short, not JSON: made anew (net.json) or not used
        return None


def _pick(n):
    import os
    return "".join(PASS_CHARS[b % len(PASS_CHARS)] for b in os.urandom(n))


def board_config(folder, app=None):
    """The board's table key, AP name and passphrase from folder/net.json, made and written the first
    time (a flash too full to keep them: new ones this boot, said in the app's error log)."""
    from net.server import make_key
    path = folder + NET_FILE
    cfg = _read(path) or {}
    ok = (isinstance(cfg.get("key"), str) and len(cfg["key"]) == 12 and isinstance(cfg.get("ssid"), str)
          and isinstance(cfg.get("password"), str) and 8 <= len(cfg["password"]) <= 63)
    if not ok:
        cfg = {"key": make_key(), "ssid": "scoreboard-" + _pick(4), "password": _pick(12)}
        try:
            with open(path, "w") as f:
                f.write(json.dumps(cfg))
        except OSError as e:          # a new key and passphrase next boot
            if app is not None:
                app.log_error(e, "Radio: net.json not written")
    return cfg


def table_wifi(folder):
    """The table's Wi-Fi from folder/wifi.json, or None (the board opens its own access point)."""
    w = _read(folder + WIFI_FILE)
    if w is None or not isinstance(w.get("ssid"), str) or not w["ssid"]:
        return None
    pw = w.get("password")
    return {"ssid": w["ssid"], "password": pw if isinstance(pw, str) else ""}


def lan_addresses():
    """This host's IPv4 addresses, loopback last (CPython on Linux: a Raspberry Pi, the simulator),
    read from its interfaces; no packet is sent. MicroPython: none (its radio says its own)."""
    try:
        import fcntl
        import socket
        import struct
    except ImportError:
        return []
    found = []
    for _, name in socket.if_nameindex():
        s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        try:
            raw = fcntl.ioctl(s.fileno(), 0x8915, struct.pack("256s", name[:15].encode()))  # SIOCGIFADDR
            found.append(socket.inet_ntoa(raw[20:24]))
        except OSError:          # an interface without an IPv4 address
            pass
        finally:
            s.close()
    found.sort(key=lambda a: a.startswith("127."))
    return found


def address_to_open(host):
    """The address a phone opens: the one listened on, or for all of them the host's LAN address."""
    if host not in ("0.0.0.0", ""):
        return host
    found = lan_addresses()
    return found[0] if found else "127.0.0.1"


class Phones:
    """The server, its hub and the link, as asyncio tasks the board's loop runs beside the buttons."""

    def __init__(self, app, folder="/", port=80, radio=True, host="0.0.0.0", page=None, streams=None):
        from net.server import MAX_STREAMS, Server
        self.cfg = board_config(folder, app)
        self.folder = folder
        self.port = port
        self.radio = radio
        self.host = host
        self.server = Server(app, self.cfg["key"], page, streams or MAX_STREAMS)
        self.hub = self.server.hub
        self.hub.net = {"mode": "none", "ip": "0.0.0.0", "port": port}
        self.hub.on_memory = self.low_memory
        self.app = app
        self.tasks = []
        self.shed_at = None          # ticks_ms of the last shed (low_memory)
        self.stopped = False

    def start(self):
        self.tasks = [asyncio.create_task(self._keep_serving())]
        if self.radio:
            self.tasks.append(asyncio.create_task(self._link()))
        else:                     # a host on its LAN (a Raspberry Pi, the simulator)
            self.lan(address_to_open(self.host))

    async def _keep_serving(self):
        while True:
            try:
                await self.server.serve(self.host, self.port)
            except asyncio.CancelledError:
                raise
            except Exception as e:     # a failing server never stops the table: logged, again later
                self.server.close()
                self.app.log_error(e, "Server")
                await asyncio.sleep(RESTART_S)

    def shed(self):
        """The heap ran out: every phone's stream ends (their pages reconnect by themselves) and the
        views and the other language's texts go, so the table plays on."""
        self.server.shed()

    def low_memory(self):
        """The App ran out of heap (a game's modules, a screen): first the phones' streams go; when
        it happens again within SHED_S, the whole server goes for the rest of the power-up (the
        table before the phones: the panel and the buttons need that heap more)."""
        from hw.clock import ticks_diff, ticks_ms
        now = ticks_ms()
        if self.shed_at is not None and ticks_diff(now, self.shed_at) < SHED_S * 1000:
            self.stop()
        else:
            self.shed_at = now
            self.shed()

    def stop(self):
        """The server, its tasks and its modules gone (microdot's ~20 KB and net/'s): the menu item
        and the phones with it, until the next power-up. The radio link stays as it is."""
        if self.stopped:
            return
        self.stopped = True
        self.shed()
        self.server.close()
        for task in self.tasks:
            task.cancel()
        self.tasks = []
        self.app.hub = None
        self.app.log_error(MemoryError("phones stopped: the table needed the heap"), "Phones")
        self.server = None
        self.hub = None
        from core.registry import unload
        import sys
        unload([m for m in list(sys.modules) if m.startswith("microdot") or
                (m.startswith("net.") and m != "net.radio")])
        import gc
        gc.collect()

    def lan(self, ip):
        """Serving on a host's LAN (Raspberry Pi, simulator): `ip` is the address a phone opens."""
        self.hub.net = {"mode": "lan", "ip": ip, "port": self.port}
        self.hub.changed()

    async def _link(self):
        """The table's Wi-Fi when wifi.json names one and it answers within JOIN_S, else the
        board's own access point."""
        try:
            import network
            w = table_wifi(self.folder)
            if w is not None:
                sta = network.WLAN(network.STA_IF)
                sta.active(True)
                sta.connect(w["ssid"], w["password"])
                for _ in range(int(JOIN_S * 5)):
                    if sta.isconnected():
                        self.hub.net = {"mode": "sta", "ip": sta.ifconfig()[0], "port": self.port,
                                        "ssid": w["ssid"]}
                        self.hub.changed()
                        return
                    await asyncio.sleep(0.2)
                sta.active(False)
                self.app.log_error(OSError("%s did not answer: the board's own access point" % w["ssid"]),
                                   "Radio")
            ap = network.WLAN(network.AP_IF)
            ap.config(essid=self.cfg["ssid"], password=self.cfg["password"])
            ap.active(True)
            self.hub.net = {"mode": "ap", "ip": ap.ifconfig()[0], "port": self.port,
                            "ssid": self.cfg["ssid"], "password": self.cfg["password"]}
            self.hub.changed()
        except Exception as e:             # no radio after all: the buttons play on
            self.hub.net = {"mode": "none", "ip": "0.0.0.0", "port": self.port, "why": repr(e)}
            self.app.log_error(e, "Radio")

    def line(self):
        """The console's `net` line: mode, address, port, key."""
        if self.stopped:
            return "net stopped - - -"
        n = self.hub.net
        return "net %s %s %d %s" % (n.get("mode"), n.get("ip"), self.port, self.cfg["key"])
