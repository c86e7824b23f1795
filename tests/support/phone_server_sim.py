# The simulator serving phones, driven from a test: `python -m host_tools.dev.sim --serve --control` on 127.0.0.1, its address and key, button steps, the server's own views (Sim).
import http.client
import json
import os
import queue
import subprocess
import sys
import threading
import time
import urllib.request

import pytest

from netmp import free_port

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


class Sim:
    """`python -m host_tools.dev.sim --serve --control` on 127.0.0.1: its page's address and key, button
    steps (each answered once the phones' streams have been sent), the server's own views."""

    def __init__(self, folder, port=None):
        self.folder, self.port = folder, port or free_port()
        os.makedirs(os.path.join(folder, "games"), exist_ok=True)
        self.err = open(os.path.join(folder, "sim-stderr.txt"), "a")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "host_tools.dev.sim", "--serve", "--control", "--port", str(self.port),
             "--host", "127.0.0.1", "--store", os.path.join(folder, "games")],
            cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.err, text=True,
            encoding="utf-8", bufsize=1)
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        first = self._answer("its address")
        self.url, self.key = first["url"], first["key"]
        self.last = None

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put(line)
        self.lines.put(None)

    def _answer(self, what):
        try:
            line = self.lines.get(timeout=60)
        except queue.Empty:
            line = None
        if not line:
            pytest.fail("the simulator gave no answer for %s; its stderr:\n%s" % (what, self.stderr()))
        return json.loads(line)

    def stderr(self):
        self.err.flush()
        with open(self.err.name, encoding="utf-8", errors="replace") as f:
            return f.read()[-3000:]

    def step(self, text):
        self.proc.stdin.write(text + "\n")
        self.proc.stdin.flush()
        self.last = self._answer(text)
        assert self.last["error"] is None, self.last
        return self.last

    def view(self, lang, tok=None):
        """The view as one more client reads it. Six pages loading at once may hold every one of the
        server's MAX_CONNS (a browser opens spare connections that idle until the reader's REQUEST_MS drops
        them), so this client is turned away then: it asks again, as a phone's page does."""
        url = "%s&lang=%s%s" % (self.url.replace("/?", "/view?"), lang, "&tok=" + tok if tok else "")
        for attempt in range(4):
            try:
                with urllib.request.urlopen(url, timeout=10) as r:
                    return json.loads(r.read().decode("utf-8"))
            except (ConnectionResetError, http.client.RemoteDisconnected):
                if attempt == 3:
                    raise
                time.sleep(1)

    def stop(self):
        if self.proc.poll() is None:
            try:
                self.proc.stdin.write("quit\n")
                self.proc.stdin.flush()
                self.proc.wait(timeout=15)
            except (OSError, subprocess.TimeoutExpired):
                self.proc.kill()
                self.proc.wait()
        self.err.close()
