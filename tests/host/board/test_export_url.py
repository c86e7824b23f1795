"""`python -m host_tools export --url 'http://<board>/?k=<key>'` (host_tools/board/export_url.py) against
the simulator serving phones (the firmware's own server, net/record.py): every file of the games
folder archived byte for byte, verified by the board's SHA-256 and every log line checked, in the
same layout and with the same report as the export over the cable (export.py with a folder playing
the device); and what goes wrong: a wrong key, an address that is not a scoreboard, a connection
dropped in the middle of a file: a message naming it, exit 2, nothing in the archive (a drop at every
point of every answer: tests/host/board/test_export_url_drops.py)."""
import hashlib
import json
import os
import subprocess
import sys
import threading
from http.server import BaseHTTPRequestHandler, SimpleHTTPRequestHandler, ThreadingHTTPServer

import pytest

from host_tools.board import export
from folder_runner import FolderRunner
from file_tree import tree
from games_folder import games_folder
from phone_server_sim import Sim

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))


def run_export(*args):
    p = subprocess.run([sys.executable, "-m", "host_tools", "export"] + list(args), cwd=ROOT,
                       capture_output=True, text=True, timeout=120)
    return p.returncode, p.stdout, p.stderr


@pytest.fixture
def board(tmp_path):
    folder = str(tmp_path / "board")
    games_folder(folder, big=False)
    sim = Sim(folder)
    yield sim, os.path.join(folder, "games")
    sim.stop()


def test_export_over_wifi_is_the_export_over_the_cable(board, tmp_path):
    sim, games = board
    sim.step("click ok")                  # a new game started on the panel: one in progress too
    sim.step("click ok")
    rc, out, err = run_export("--url", sim.url, "--dest", str(tmp_path / "wifi"), "--date", "night")
    assert rc == 0, out + err
    wifi = tree(str(tmp_path / "wifi" / "night"))
    # the same export over the cable (a folder playing the device, as tests/host/board/test_export.py does)
    res = export.export(FolderRunner(os.path.dirname(games)), str(tmp_path / "usb"), date="night")
    assert res.ok
    usb = tree(str(tmp_path / "usb" / "night"))
    reports = ("export-report.txt", "export-report.json")
    assert sorted(wifi) == sorted(usb)
    for name in wifi:
        if name not in reports:
            assert wifi[name] == usb[name], name
            with open(os.path.join(games, name), "rb") as f:
                assert wifi[name] == f.read(), name     # byte for byte the board's file
    rep = json.loads(wifi["export-report.json"])
    logs = [f for f in rep["files"] if f["path"].endswith(".log")]
    assert len(logs) >= 4 and all(f["verified"] and f["refused"] == [] for f in logs)
    assert all(f["sha256_device"] == hashlib.sha256(wifi[os.path.relpath(f["path"], "/games")]).hexdigest()
               for f in rep["files"])
    # the same again: every file unchanged
    rc, out, err = run_export("--url", sim.url, "--dest", str(tmp_path / "wifi"), "--date", "night")
    assert rc == 0 and "(unchanged)" in out


def test_a_wrong_key(board, tmp_path):
    sim, _ = board
    url = sim.url[:-1] + ("0" if sim.url[-1] != "0" else "1")
    rc, out, err = run_export("--url", url, "--dest", str(tmp_path / "a"), "--date", "night")
    assert rc == 2 and "refused the table key (403)" in err and "nothing was archived" in err, err
    assert not os.path.exists(str(tmp_path / "a" / "night"))


def serve(handler):
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    httpd.daemon_threads = True
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd


def test_an_address_that_is_not_a_scoreboard(tmp_path):
    class Plain(SimpleHTTPRequestHandler):
        def __init__(self, *a, **kw):
            super().__init__(*a, directory=str(tmp_path), **kw)

        def log_message(self, *a):
            pass
    httpd = serve(Plain)
    try:
        rc, out, err = run_export("--url", "http://127.0.0.1:%d/?k=0123456789ab" % httpd.server_address[1],
                                  "--dest", str(tmp_path / "a"), "--date", "night")
    finally:
        httpd.shutdown()
        httpd.server_close()
    assert rc == 2 and "is not a scoreboard" in err, err
    assert not os.path.exists(str(tmp_path / "a" / "night"))
    rc, out, err = run_export("--url", "http://127.0.0.1:%d/?k=0123456789ab" % httpd.server_address[1],
                              "--dest", str(tmp_path / "a"))
    assert rc == 2 and "no answer from" in err, err


def test_a_connection_dropped_halfway(tmp_path):
    """A board that lists two files and cuts the second one halfway: nothing reaches the archive,
    not even the first file, and an archive already there is left as it was."""
    data = {"/games/0001-aaaaaaaa.0.log": b"x" * 3000, "/games/0002-bbbbbbbb.0.log": b"y" * 9000}

    class Dropping(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.0"

        def log_message(self, *a):
            pass

        def do_GET(self):
            from urllib.parse import parse_qs, urlsplit
            u = urlsplit(self.path)
            q = dict((k, v[0]) for k, v in parse_qs(u.query).items())
            if u.path == "/files":
                body = json.dumps({"scoreboard": 1, "root": "/games", "files": [
                    [p, len(d), hashlib.sha256(d).hexdigest()] for p, d in sorted(data.items())]}).encode()
            else:
                body = data[q["p"]]
            self.send_response(200)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body if u.path == "/files" or q["p"].startswith("/games/0001") else body[:4000])
            self.wfile.flush()
            self.close_connection = True
    httpd = serve(Dropping)
    before = tmp_path / "a" / "night"
    before.mkdir(parents=True)
    (before / "kept.log").write_bytes(b"an earlier night\n")
    try:
        rc, out, err = run_export("--url", "http://127.0.0.1:%d/?k=0123456789ab" % httpd.server_address[1],
                                  "--dest", str(tmp_path / "a"), "--date", "night")
        rc2, out2, err2 = run_export("--url", "http://127.0.0.1:%d/?k=0123456789ab" % httpd.server_address[1],
                                     "--dest", str(tmp_path / "b"), "--date", "night")
    finally:
        httpd.shutdown()
    assert rc == 2 and "dropped while copying /games/0002-bbbbbbbb.0.log (4000 of 9000 bytes)" in err, err
    assert tree(str(before)) == {"kept.log": b"an earlier night\n"}
    assert rc2 == 2 and not os.path.exists(str(tmp_path / "b" / "night"))


@pytest.mark.parametrize("body", [b"[" * 100000, b'{"scoreboard": 1, "files": [[1, 2]]}', b"\xff\xfe",
                                  b'{"scoreboard": 1, "root": 5, "files": [["/games/a", 1, "x"]]}',
                                  b'{"scoreboard": 1, "files": [["/elsewhere/a", 1, "x"]]}', b'"x"'])
def test_a_files_list_that_is_no_games_list(tmp_path, capsys, body):
    """A /files answer no scoreboard gives: exit 2, "is not a scoreboard", never a traceback."""
    class Odd(BaseHTTPRequestHandler):
        def do_GET(self):
            self.send_response(200)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *a):
            pass
    httpd = serve(Odd)
    try:
        rc = export.main(["--url", "http://127.0.0.1:%d/?k=0123456789ab" % httpd.server_address[1],
                          "--dest", str(tmp_path / "a")])
    finally:
        httpd.shutdown()
        httpd.server_close()
    assert rc == 2 and "is not a scoreboard (its /files is not a games list" in capsys.readouterr().err
    assert not (tmp_path / "a").exists()
