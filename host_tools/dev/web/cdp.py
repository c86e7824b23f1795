# Headless Chromium driven over the DevTools protocol through a pipe (--remote-debugging-pipe):
# no websocket library, no browser download; for the browser tests and the README's screenshot.
import base64
import json
import os
import queue
import shutil
import subprocess
import tempfile
import threading
import time

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--hide-scrollbars", "--remote-debugging-pipe"]


def chromium():
    """The Chromium executable, or None."""
    return shutil.which("chromium") or shutil.which("chromium-browser")


class CDPError(Exception):
    pass


class Browser:
    """One headless Chromium with one page. call(method, **params) -> result (raises CDPError)."""

    def __init__(self, exe=None, width=420, height=860, scale=1):
        exe = exe or chromium()
        if not exe:
            raise CDPError("Chromium is not installed (Debian: apt-get install chromium)")
        self.profile = tempfile.mkdtemp(prefix="web-chromium-")
        to_chrome_r, self._out = os.pipe()
        self._in, from_chrome_w = os.pipe()

        def child():     # the protocol's fds: commands on 3, replies on 4
            a, b = os.dup(to_chrome_r), os.dup(from_chrome_w)
            os.dup2(a, 3)
            os.dup2(b, 4)

        self.proc = subprocess.Popen(
            [exe] + FLAGS + ["--user-data-dir=" + self.profile, "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            preexec_fn=child, close_fds=False)
        os.close(to_chrome_r)
        os.close(from_chrome_w)
        self._next = 0
        self._replies = {}
        self._cond = threading.Condition()
        self.events = queue.Queue()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        self.session = None
        self._tabs = {}
        target = None
        deadline = time.time() + 30
        while target is None and time.time() < deadline:
            pages = [t for t in self.call("Target.getTargets", browser=True)["targetInfos"]
                     if t["type"] == "page"]
            target = pages[0]["targetId"] if pages else None
            if target is None:
                time.sleep(0.1)
        if target is None:
            raise CDPError("Chromium opened no page")
        self.session = self.call("Target.attachToTarget", browser=True, targetId=target,
                                 flatten=True)["sessionId"]
        self.call("Page.enable")
        self.call("Runtime.enable")
        self.call("Emulation.setDeviceMetricsOverride", width=width, height=height,
                  deviceScaleFactor=scale, mobile=False)

    def _read(self):
        buf = b""
        while True:
            try:
                chunk = os.read(self._in, 65536)
            except OSError:
                chunk = b""
            if not chunk:
                with self._cond:
                    self._replies[None] = True
                    self._cond.notify_all()
                return
            buf += chunk
            while b"\0" in buf:
                raw, buf = buf.split(b"\0", 1)
                msg = json.loads(raw.decode("utf-8"))
                if "id" in msg:
                    with self._cond:
                        self._replies[msg["id"]] = msg
                        self._cond.notify_all()
                else:
                    self.events.put(msg)

    def call(self, method, browser=False, timeout=60, session=None, **params):
        """A command to the page (or to `session`, another tab; browser=True: to the browser)."""
        self._next += 1
        msg = {"id": self._next, "method": method, "params": params}
        if (session or self.session) and not browser:
            msg["sessionId"] = session or self.session
        os.write(self._out, json.dumps(msg).encode("utf-8") + b"\0")
        deadline = time.time() + timeout
        with self._cond:
            while self._next not in self._replies:
                if None in self._replies:
                    raise CDPError("Chromium went away during %s" % method)
                left = deadline - time.time()
                if left <= 0:
                    raise CDPError("%s: no answer in %d s" % (method, timeout))
                self._cond.wait(left)
            reply = self._replies.pop(self._next)
        if "error" in reply:
            raise CDPError("%s: %s" % (method, reply["error"].get("message")))
        return reply.get("result", {})

    def new_tab(self, url):
        """Opens `url` in another tab; returns its session for call(..., session=) and js()."""
        target = self.call("Target.createTarget", browser=True, url=url)["targetId"]
        session = self.call("Target.attachToTarget", browser=True, targetId=target, flatten=True)["sessionId"]
        self._tabs[session] = target
        return session

    def close_tab(self, session):
        self.call("Target.closeTarget", browser=True, targetId=self._tabs.pop(session))

    def js(self, expression, timeout=60, session=None):
        """The value of a JavaScript expression (a promise is awaited)."""
        r = self.call("Runtime.evaluate", session=session, expression=expression, awaitPromise=True,
                      returnByValue=True, timeout=timeout)
        if "exceptionDetails" in r:
            d = r["exceptionDetails"]
            raise CDPError("page error: %s" % (d.get("exception", {}).get("description") or d.get("text")))
        return r["result"].get("value")

    def goto(self, url):
        self.call("Page.navigate", url=url)

    def wait_for(self, expression, timeout=30):
        """Polls until the expression is truthy; returns its value."""
        deadline = time.time() + timeout
        while True:
            try:
                v = self.js(expression)
            except CDPError:
                v = None
            if v:
                return v
            if time.time() > deadline:
                raise CDPError("waited %d s for %s" % (timeout, expression))
            time.sleep(0.1)

    def mouse(self, kind, x, y):
        """kind: mousePressed / mouseReleased (left button), at page coordinates."""
        self.call("Input.dispatchMouseEvent", type=kind, x=x, y=y, button="left", buttons=1 if kind == "mousePressed" else 0,
                  clickCount=1)

    def key(self, kind, key, code, keycode):
        self.call("Input.dispatchKeyEvent", type=kind, key=key, code=code, windowsVirtualKeyCode=keycode)

    def screenshot(self, path):
        data = self.call("Page.captureScreenshot", format="png")["data"]
        with open(path, "wb") as f:
            f.write(base64.b64decode(data))

    def close(self):
        try:
            self.call("Browser.close", browser=True, timeout=5)
        except CDPError:
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        for fd in (self._in, self._out):
            try:
                os.close(fd)
            except OSError:
                pass
        shutil.rmtree(self.profile, ignore_errors=True)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
