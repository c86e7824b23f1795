"""The emulated Pico W on a tiny socket server of our own: it joins the emulated access point from
/wifi.json (station mode), and the harness's forward brings host connections on 127.0.0.1 to its
port 80 (host_tools/dev/emu/net.py): requests, a response many segments long, a body larger than the
guest's TCP window, and a host that leaves a stream (the guest's next write fails, as it does when
a phone goes). Needs MicroPython RPI_PICO_W (PICO_W_UF2, .cache/RPI_PICO_W.uf2); skipped without
it. About 40 s."""
import json
import os
import socket
import urllib.request

import pytest

from host_tools.board import staging
from host_tools.dev.emu import OFFICIAL_ONLY, Pico, W_UF2_HELP, find_uf2, runs_ours

pytestmark = [pytest.mark.emu, pytest.mark.skipif(find_uf2(radio=True) is None, reason=W_UF2_HELP),
              pytest.mark.skipif(runs_ours(radio=True), reason=OFFICIAL_ONLY)]

WIFI = {"ssid": "table", "password": "a-passphrase"}

SERVER = '''# Tiny socket server for the emulated Pico W (tests/emu/test_emu_picow.py).
import network, socket, time, gc, json
cfg = json.load(open("/wifi.json"))
w = network.WLAN(network.STA_IF)
w.active(True)
w.connect(cfg["ssid"], cfg["password"])
while not w.isconnected():
    time.sleep_ms(20)
s = socket.socket()
s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
s.bind(("0.0.0.0", 80))
s.listen(4)
print("LISTEN", w.ifconfig()[0], "joined", cfg["ssid"])
n = 0
while True:
    c, a = s.accept()
    n += 1
    head = b""
    while b"\\r\\n\\r\\n" not in head:
        d = c.recv(256)
        if not d:
            break
        head += d
    head, _, body = head.partition(b"\\r\\n\\r\\n")
    line = head.split(b"\\r\\n")[0].split(b" ")
    path = line[1].decode() if len(line) > 1 else "?"
    want = 0
    for h in head.split(b"\\r\\n")[1:]:
        k, _, v = h.partition(b":")
        if k.strip().lower() == b"content-length":
            want = int(v)
    while len(body) < want:
        d = c.recv(512)
        if not d:
            break
        body += d
    if path == "/stream":
        c.write(b"HTTP/1.0 200 OK\\r\\n\\r\\n")
        i = 0
        try:
            while True:
                c.write(b"tick %d\\n" % i)
                i += 1
                time.sleep_ms(50)
        except OSError as e:
            print("GONE after", i, "errno", e.args[0])
        c.close()
        continue
    if path == "/big":
        out = b"".join(b"%05d" % k for k in range(4000))
    elif path == "/post":
        out = b"got %d bytes, sum %d" % (len(body), sum(body))
    else:
        out = ("n=%d from=%s path=%s" % (n, a[0], path)).encode()
    c.write(b"HTTP/1.0 200 OK\\r\\nContent-Length: %d\\r\\n\\r\\n" % len(out))
    c.write(out)
    c.close()
    print("served", n, path)
'''


@pytest.fixture(scope="module")
def pico(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("picow")
    src = tmp / "src"
    src.mkdir()
    (src / "main.py").write_text(SERVER)
    staged = staging.stage("pico_w", str(tmp / "staged"), firmware_dir=str(src), driver=False, microdot=False)
    p = Pico(None, staged, board="pico_w", forward_port=0,
             files={"/wifi.json": json.dumps(WIFI).encode()})
    p.boot("joined table", timeout_ms=60000)     # the whole line: USB may hand it over in parts
    yield p
    p.close()


def fetch(url, data=None):
    with urllib.request.urlopen(url, data=data, timeout=300) as r:
        return r.status, r.read()


def test_joins_in_station_mode_and_listens(pico):
    assert "LISTEN 10.0.0.2 joined table" in pico.console_text()
    host, port = pico.forward.address
    assert host == "127.0.0.1" and port > 0
    assert pico.forward.url == "http://127.0.0.1:%d" % port


def test_a_request_reaches_port_80_from_the_forwarder(pico):
    status, body = pico.run_host(fetch, pico.forward.url + "/hello?k=1")
    assert status == 200
    assert body.decode().endswith("from=10.0.0.3 path=/hello?k=1")
    status, body2 = pico.run_host(fetch, pico.forward.url + "/again")
    assert body2.decode().endswith("path=/again")


def test_a_response_of_many_segments_arrives_whole(pico):
    status, body = pico.run_host(fetch, pico.forward.url + "/big")
    assert status == 200
    assert body == b"".join(b"%05d" % k for k in range(4000))     # 20,000 bytes: ~38 segments


def test_a_body_larger_than_the_guests_window(pico):
    data = bytes(range(256)) * 40                                     # 10,240 bytes
    status, body = pico.run_host(fetch, pico.forward.url + "/post", data)
    assert body == b"got %d bytes, sum %d" % (len(data), sum(data))


def test_a_host_leaving_a_stream_is_noticed_by_the_guest(pico):
    def read_three_lines():
        s = socket.create_connection(pico.forward.address, timeout=300)
        s.sendall(b"GET /stream HTTP/1.0\r\n\r\n")
        got = b""
        while got.count(b"tick") < 3:
            got += s.recv(256)
        s.close()
        return got
    mark = pico.console_mark()
    got = pico.run_host(read_three_lines)
    assert got.startswith(b"HTTP/1.0 200 OK\r\n\r\ntick 0\ntick 1\n")
    pico.wait_text("GONE after", timeout_ms=3000, start=mark)
    pico.wait_text("errno", timeout_ms=1000, start=mark)            # the rest of the line, if in parts
    status, body = pico.run_host(fetch, pico.forward.url + "/after")
    assert body.decode().endswith("path=/after")                      # the server goes on


def test_no_forward_without_a_radio():
    from host_tools.dev.emu import EmuError
    if find_uf2() is None:
        pytest.skip("no RPI_PICO UF2")
    with pytest.raises(EmuError, match="no radio"):
        Pico(None, None, board="pico", forward_port=0)
