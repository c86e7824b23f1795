# The emulated board's USB console, for Pico (a mixin): what main.py printed, typing into it, the
# raw REPL (exec), main.py's console commands (mem, net), and the mpremote CLI through a pty.
import asyncio
import sys

from .errors import EmuError


class UsbConsole:
    """The console methods of Pico; they use its board (self.dev), its loop (self._run) and its
    clock (self.run_until, self.wait_text)."""

    def _on_console(self, data):
        self._console.extend(data)

    def _hook_console(self):
        self.dev.cdc.on_serial_data = self._on_console

    def console_text(self, start=0):
        return self._console[start:].decode("utf-8", errors="replace").replace("\r\n", "\n")

    def console_mark(self):
        """Position in the console output, for wait_text(start=...)/console_text(start)."""
        return len(self._console)

    def send(self, text):
        """Type into the board's stdin (the USB console)."""
        self._need()
        for b in text.encode() if isinstance(text, str) else text:
            self.dev.cdc.send_serial_byte(b)

    def exec(self, code, timeout=300):
        """Run `code` through the raw REPL (interrupts main.py: limit 6). Returns stdout text;
        raises EmuError with the traceback when it failed."""
        self._need()
        try:
            out, err = self._run(self.dev.aexec(code, timeout=timeout))
        finally:
            self._hook_console()
        if err:
            raise EmuError(err.decode(errors="replace"))
        return out.decode(errors="replace").replace("\r\n", "\n")

    def mem_free(self):
        """gc.mem_free() after gc.collect() (stops main.py; its globals stay referenced)."""
        return int(self.exec("import gc\ngc.collect()\nprint(gc.mem_free())").strip())

    def app_mem_free(self, timeout_ms=5000):
        """gc.mem_free() after gc.collect() *while the app runs*: main.py's console command `mem`
        (firmware/main.py Console) answers `mem_free N mem_alloc M`; main.py keeps running.
        Returns (free, alloc)."""
        import re
        mark = self.console_mark()
        self.send("mem\n")
        pat = re.compile(rb"mem_free (\d+) mem_alloc (\d+)")
        if not self.run_until(lambda: pat.search(self._console, mark), timeout_ms):
            raise EmuError("no answer to `mem` on the console after %d emulated ms (is main.py "
                           "running the app?); console:\n%s" % (timeout_ms, self.console_text()[-2000:]))
        m = pat.search(self._console, mark)
        return int(m.group(1)), int(m.group(2))

    def net_status(self, timeout_ms=5000):
        """The firmware's console command `net` on a board that serves phones: its line
        `net <mode> <ip> <port> <key>` as a dict (mode: sta, ap or none); main.py keeps running."""
        import re
        mark = self.console_mark()
        self.send("net\n")
        pat = re.compile(rb"net (\w+) (\S+) (\d+) (\S+)")
        if not self.run_until(lambda: pat.search(self._console, mark), timeout_ms):
            raise EmuError("no answer to `net` on the console after %d emulated ms (does main.py "
                           "serve phones on this board?); console:\n%s" % (timeout_ms, self.console_text()[-2000:]))
        m = pat.search(self._console, mark)
        return {"mode": m.group(1).decode(), "ip": m.group(2).decode(), "port": int(m.group(3)),
                "key": m.group(4).decode()}

    def phone_url(self, path="/", timeout_ms=5000):
        """The address a browser on the host opens for the board's page: the forward with the
        table key (the firmware's `net` line), e.g. http://127.0.0.1:8080/?k=KEY."""
        if self.forward is None:
            raise EmuError("no forward: Pico(..., forward_port=0) on a board with a radio")
        key = self.net_status(timeout_ms)["key"]
        return "%s%s%sk=%s" % (self.forward.url, path, "&" if "?" in path else "?", key)

    def soft_reset(self, wait_text=None, timeout_ms=20000):
        """Ctrl-D at the friendly REPL: soft reboot, main.py runs again."""
        mark = self.console_mark()
        self.send(b"\x02\x04")          # leave raw REPL if in it, then soft reset
        if wait_text:
            self.wait_text(wait_text, timeout_ms, start=mark)

    async def _mpremote(self, args, timeout):
        from rp2040py.cli.pty_repl import PtyInteractiveRepl
        repl = PtyInteractiveRepl(self.dev.cdc, self.dev.simulator, on_quit=lambda code: None,
                                  on_data=self._on_console)
        await repl.start()
        try:
            p = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "mpremote", "connect", repl.slave_path, *args,
                stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT)
            try:
                out, _ = await asyncio.wait_for(p.communicate(), timeout)
            except asyncio.TimeoutError:
                p.kill()
                raise EmuError("mpremote %s: no answer in %ss" % (" ".join(args), timeout))
            return p.returncode, out.decode(errors="replace")
        finally:
            await repl.stop()

    def mpremote(self, *args, timeout=300, check=True):
        """Run the mpremote CLI against the board through a pty: mpremote("fs", "ls", ":").
        Returns (returncode, output); raises EmuError on failure when `check`."""
        self._need()
        try:
            rc, out = self._run(self._mpremote([str(a) for a in args], timeout))
        finally:
            self._hook_console()
        if check and rc != 0:
            raise EmuError("mpremote %s failed (%s):\n%s" % (" ".join(map(str, args)), rc, out))
        return rc, out
