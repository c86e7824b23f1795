"""`export --url` over a connection dropped anywhere: a proxy on 127.0.0.1 in front of the
simulator's server cuts one answer after N bytes, N swept over every interesting point of every
answer of an export (before its first byte, inside its status line, inside its headers, inside
its body) for the list (/files), each file (/file) and the digests read after (/files again). Each
time: exit 2, a message naming the dropped connection and the file, no traceback, the archive
folder exactly as it was (its listing and every byte). With no drop the same proxy gives the
archive the export over the cable gives."""
import io
import os
import socket
import subprocess
import sys
import threading
from contextlib import redirect_stderr, redirect_stdout

import pytest

from host_tools.__main__ import main as host_main
from host_tools.board import export
from folder_runner import FolderRunner
from file_tree import tree
from games_folder import games_folder
from phone_server_sim import Sim

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))


class CuttingProxy:
    """Forwards each connection to the board, reading the board's whole answer first; the
    connection numbered `cut[0]` (counted from 0) gets only its first `cut[1]` bytes, then is closed.
    `answers` keeps every (request path, answer) it forwarded."""

    def __init__(self, port):
        self.board_port, self.cut, self.answers, self.count = port, None, [], 0
        self.sock = socket.create_server(("127.0.0.1", 0))
        self.port = self.sock.getsockname()[1]
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self):
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            n, self.count = self.count, self.count + 1
            self._forward(conn, n)

    def _forward(self, conn, n):
        with conn, socket.create_connection(("127.0.0.1", self.board_port)) as up:
            request = _read_until(conn, b"\r\n\r\n")
            up.sendall(request)
            answer = _read_until(up, None)
            self.answers.append((request.split(b" ")[1].split(b"?")[0].decode(), answer))
            conn.sendall(answer[:self.cut[1]] if self.cut and self.cut[0] == n else answer)

    def close(self):
        self.sock.close()


def _read_until(sock, end):
    data = b""
    while end is None or end not in data:
        got = sock.recv(65536)
        if not got:
            break
        data += got
    return data


def cut_points(answer):
    """Where a cut says something different: before the first byte, inside the status line (and
    between its CR and LF), right after it, inside the headers, inside the blank line that ends
    them, right after it (no body byte), one body byte, half the body, all but its last byte."""
    status_end = answer.index(b"\r\n") + 2
    head_end = answer.index(b"\r\n\r\n") + 4
    points = {0, 1, status_end - 2, status_end - 1, status_end, status_end + 1, head_end - 2, head_end - 1,
              head_end, head_end + 1, (head_end + len(answer)) // 2, len(answer) - 1}
    return sorted(p for p in points if p < len(answer))


def listing(folder):
    """Every folder and file under `folder` with every file's bytes: what must not change."""
    out = {}
    for root, dirs, files in os.walk(folder):
        for d in dirs:
            out[os.path.relpath(os.path.join(root, d), folder) + "/"] = None
        for n in files:
            with open(os.path.join(root, n), "rb") as f:
                out[os.path.relpath(os.path.join(root, n), folder)] = f.read()
    return out


def export_in_process(*args):
    """(exit code, stdout, stderr) of `python -m host_tools export ARGS` run here: the sweep's 72
    runs take 0.8 s so, about 10 s more each in its own interpreter (the command line itself:
    test_a_drop_said_in_both_languages_from_the_command_line). An exception escaping fails the test."""
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        rc = host_main(["export"] + list(args))
    return rc, out.getvalue(), err.getvalue()


@pytest.fixture(scope="module")
def proxied(tmp_path_factory):
    folder = str(tmp_path_factory.mktemp("board"))
    games_folder(folder, big=False)
    sim = Sim(folder)
    proxy = CuttingProxy(sim.port)
    yield sim, proxy, os.path.join(folder, "games")
    proxy.close()
    sim.stop()


def a_dest(tmp_path):
    """An archive root holding an earlier night, as the dropped runs find it."""
    dest = tmp_path / "archive"
    (dest / "2025-01-01").mkdir(parents=True)
    (dest / "2025-01-01" / "0001-000000a0.0.log").write_bytes(b"an earlier night's copy\n")
    (dest / "2025-01-01" / "export-report.txt").write_text("# export 2025-01-01T22:00:00\n")
    return dest


def test_a_drop_anywhere_leaves_the_archive_as_it_was(proxied, tmp_path):
    sim, proxy, games = proxied
    url = "http://127.0.0.1:%d/?k=%s" % (proxy.port, sim.key)
    dest = a_dest(tmp_path)
    before = listing(str(dest))
    proxy.cut, proxy.answers[:] = None, []
    rc, out, err = export_in_process("--url", url, "--dest", str(tmp_path / "whole"), "--date", "n")
    assert rc == 0, out + err
    answers = list(proxy.answers)
    paths = [p for p, _ in answers]
    assert paths[0] == paths[-1] == "/files" and set(paths[1:-1]) == {"/file"} and len(paths) >= 6, paths
    runs = 0
    for k, (path, answer) in enumerate(answers):
        doing = ("listing the files" if k == 0 else "reading the board's SHA-256" if k == len(answers) - 1
                 else "copying /games/")
        for n in cut_points(answer):
            proxy.cut = (proxy.count + k, n)
            date = "2025-01-01" if runs % 2 else "2025-01-02"     # an earlier night's folder, or a new one
            rc, out, err = export_in_process("--url", url, "--dest", str(dest), "--date", date)
            where = "answer %d (%s), cut after %d of %d bytes" % (k, path, n, len(answer))
            assert rc == 2 and "dropped while " + doing in err and "nothing was archived" in err, (where, err)
            assert "Traceback" not in err + out, where
            assert listing(str(dest)) == before, where
            runs += 1
    assert runs >= 6 * 10
    # and again with nothing cut: what the cable gives
    proxy.cut = None
    rc, out, err = export_in_process("--url", url, "--dest", str(dest), "--date", "2025-01-02")
    assert rc == 0, out + err
    usb = export.export(FolderRunner(os.path.dirname(games)), str(tmp_path / "usb"), date="2025-01-02")
    assert usb.ok
    wifi, cable = tree(str(dest / "2025-01-02")), tree(str(tmp_path / "usb" / "2025-01-02"))
    assert sorted(wifi) == sorted(cable)
    assert all(wifi[n] == cable[n] for n in wifi if not n.startswith("export-report"))


def test_a_drop_said_in_both_languages_from_the_command_line(proxied, tmp_path):
    """The command as a person runs it (its own interpreter): the file named, in English or in
    Japanese (--lang ja), exit 2, no traceback, no archive folder made."""
    sim, proxy, _ = proxied
    url = "http://127.0.0.1:%d/?k=%s" % (proxy.port, sim.key)
    said = {}
    for lang in ("en", "ja"):
        proxy.cut = (proxy.count + 2, 200)            # inside the second file's answer
        p = subprocess.run([sys.executable, "-m", "host_tools", "export", "--url", url, "--lang", lang,
                            "--dest", str(tmp_path / lang), "--date", "n"],
                           cwd=ROOT, capture_output=True, text=True, timeout=120)
        assert p.returncode == 2 and "Traceback" not in p.stderr, p.stderr
        assert not os.path.exists(str(tmp_path / lang)), p.stderr
        said[lang] = p.stderr
    proxy.cut = None
    assert "the connection to http://127.0.0.1:%d dropped while copying /games/0002-000000a1.0.log (" % proxy.port \
        in said["en"] and "nothing was archived" in said["en"], said["en"]
    assert "/games/0002-000000a1.0.logのコピー中にhttp://127.0.0.1:%dとの接続が切れました（" % proxy.port \
        in said["ja"] and "アーカイブは元のままです" in said["ja"] and "dropped" not in said["ja"], said["ja"]
