"""The evening's Pico W: our firmware on the emulated board in station mode, its buttons pressed on their GPIOs, its phones (phones.py) on the harness's forward, and what it holds (heap, error log, console, games)."""
import asyncio
import json
import os
import re

from host_tools.dev.evening import phones as P

WIFI = {"ssid": "emulated-table", "password": "emulated"}   # the emulator's access point takes any
BOOT_MS = 60000          # emulated ms for a boot to reach its first screen
ANSWER_MS = 30000        # emulated ms for one phone request to be answered
WALL_S = 3600            # a wall-clock bound on any one wait of the emulator (it never hangs the run)


class Board:
    def __init__(self, uf2, work):
        from host_tools.dev.emu import Pico, app_flash
        staged = app_flash("pico_w", os.path.join(work, "flash"), uf2)
        self.p = Pico(uf2, staged, board="pico_w", forward_port=0, wall_timeout=WALL_S,
                      files={"/wifi.json": json.dumps(WIFI).encode()})
        self.image = self.p.flash_image()      # before the first boot: what the reference mounts
        self.phones = []
        self.key = None
        self.console_seen = 0
        self.troubles = []     # tracebacks and MemoryErrors on the console, not yet reported

    # ---- power ---------------------------------------------------------------------------------
    def boot(self):
        self.console_seen = 0
        self.p.boot(frames=2, timeout_ms=BOOT_MS)
        self.p.settle()
        self.key = self.p.net_status()["key"]
        for ph in self.phones:
            self._follow(ph)

    def add_phone(self, phone):
        self.phones.append(phone)
        if self.key is not None:
            self._follow(phone)

    def _follow(self, ph):
        p = self.p
        sleep = lambda ms: _sleep_emulated(p, ms)
        ph.task = p._loop.create_task(P.follow(ph, p.forward.address, self.key, lambda: p.now_ms, sleep))

    def _stop_phones(self):
        for ph in self.phones:
            if ph.task is not None:
                ph.task.cancel()
        tasks = [ph.task for ph in self.phones if ph.task is not None]
        if tasks:
            self.p._run(asyncio.wait(tasks, timeout=5))
        for ph in self.phones:
            ph.task = None

    def power_cut(self):
        """The board unplugged and plugged in again: the phones' streams drop and come back."""
        self._stop_phones()
        self.note_console()
        self.p.power_cut()
        self.boot()

    def close(self):
        self._stop_phones()
        self.p.close()

    # ---- the panel -----------------------------------------------------------------------------
    def press(self, text):
        """A button step on the GPIOs (or a wait); returns the emulated ms the event fired (a
        click's release, a held press's moment), once the board is settled again."""
        from host_tools.dev.emu.script import held_ms
        words = text.split()
        if words[0] == "wait":
            self.p.run_ms(int(words[1]))
            self.p.settle()
            return self.p.now_ms
        hold, fires = held_ms(words[0], words[1:])
        p = self.p
        p.hold(words[1])
        p.wait_polled()
        down = p.now_ms
        p.run_ms(hold)
        p.release(words[1])
        fired = p.now_ms if fires is None else down + fires
        p.settle()
        return fired

    # ---- the phones' requests ------------------------------------------------------------------
    def request(self, method, path, body=None):
        p = self.p
        task = p._loop.create_task(P.request(p.forward.address, method, path, body))
        if not p.run_until(task.done, ANSWER_MS):
            task.cancel()
            return 0, "no answer within %d emulated ms" % ANSWER_MS
        return task.result()

    def claim(self, phone, seat):
        return self.request("POST", "/claim?k=%s&lang=%s" % (self.key, phone.lang), {"seat": seat, "c": phone.cid})

    def act(self, phone, v, ev):
        return self.request("POST", "/act?k=%s&lang=%s" % (self.key, phone.lang), {"tok": phone.tok, "v": v, "ev": ev})

    def view(self, phone, lang):
        """GET /view with the phone's token: (status, the view or the answer's text)."""
        path = "/view?k=%s&lang=%s" % (self.key, lang) + ("&tok=" + phone.tok if phone.tok else "")
        status, text = self.request("GET", path)
        return status, (json.loads(text) if status == 200 else text)

    def wait(self, pred, ms):
        return self.p.run_until(pred, ms)

    # ---- what the board holds ------------------------------------------------------------------
    def heap_free(self):
        return self.p.app_mem_free(timeout_ms=8000)[0]

    def error_log(self):
        """{path: bytes} of every error log on the flash (errors.txt and its older half)."""
        return {path: self.p.read_file(path) for path in self.p.list_files()
                if os.path.basename(path).startswith("errors")}

    def note_console(self):
        text = self.p.console_text(self.console_seen)
        self.console_seen = self.p.console_mark()
        i = text.find("Traceback (most recent call last)")
        if i >= 0:
            self.troubles.append(text[i:i + 2000])
        self.troubles += re.findall(r"MemoryError[^\n]*", text[:i] if i >= 0 else text)

    def console_troubles(self):
        """The tracebacks and MemoryErrors the console printed since the last look."""
        self.note_console()
        out, self.troubles = self.troubles, []
        return out

    def games_on_flash(self):
        image = self.p.flash_image()
        from host_tools.dev.emu import flash
        return {path: flash.read_file(image, path) for path in flash.list_files(image) if path.startswith("/games/")}

    def run_host(self, fn, *args, timeout_ms=600000):
        return self.p.run_host(fn, *args, timeout_ms=timeout_ms)


async def _sleep_emulated(p, ms):
    """A sleep on the board's clock (an alarm), as the phone's EventSource waits its retry."""
    from host_tools.dev.emu.net import EmulatedTime
    await EmulatedTime(p.dev.simulator.clock).sleep_ms(ms)


def export_url(board, dest, date):
    """`python -m host_tools export --url` of the board's games into dest/date, run while the board
    plays on: (exit code, stdout, stderr)."""
    import subprocess
    import sys
    from host_tools import _paths
    url = "%s/?k=%s" % (board.p.forward.url, board.key)

    def run():
        r = subprocess.run([sys.executable, "-m", "host_tools", "export", "--url", url, "--dest", dest,
                            "--date", date], cwd=_paths.ROOT, capture_output=True, text=True, timeout=WALL_S)
        return r.returncode, r.stdout, r.stderr
    return board.run_host(run)


def export_usb(board, dest, date):
    """The cable's export (host_tools.board.export over the emulated USB, the real mpremote through
    a pty): it stops main.py, so it comes last. Returns export's result."""
    from host_tools.board import export
    return export.export(lambda args: board.p.mpremote(*args)[1], dest, delete=False, date=date)
