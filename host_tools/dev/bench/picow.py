"""The emulated Pico W serving phones: the heap over the worst game with 6 phone streams, and press-to-screen with the server and without.

    python -m host_tools.dev.bench.picow [--uf2 RPI_PICO_W.uf2] [--game kabu] [--streams 6] [--no-plain]

The real firmware, staged as `make deploy BOARD=pico_w` lays it out, with /wifi.json (station
mode: the emulator has no access point), boots on the emulated Pico W (RPI_PICO_W v1.23.0, the
file at hand; docs/emulator.md). N phones' event streams (GET /events) are opened through the
harness's forward and read by host threads; then the game's button script (tests/kinds/<kind>/emu.txt)
is pressed on the GPIOs. After every step the console's `mem` (gc.mem_free() after a collect, the
App and the server alive) and `t` (the last press: poll lag, work, draw, show) are read. Then,
unless --no-plain, the same flash with RADIO = False in /board.py (the same firmware, no server)
plays the same presses for the comparison. Prints the figures; writes nothing (docs/benchmarks.md
is the lead's `make bench-doc`). About 15 minutes wall for both runs.
"""
import argparse
import json
import os
import re
import socket
import sys
import threading
import time

from host_tools import _paths  # ROOT, and firmware/ on sys.path

ROOT = _paths.ROOT
# The emulator's access point takes any name and passphrase.
WIFI = {"ssid": "emulated-table", "password": "emulated"}
WORST_ROLE = "worst heap"  # the game that holds the most heap (docs/ram.md): play_games ROLES
PHONES = 6
CONNECT_MS = 20000         # emulated ms for every stream to get its first view


def script(name):
    with open(_paths.emu_script(name), encoding="utf-8") as f:
        return [l for l in f.read().splitlines() if l.split("#", 1)[0].strip()]


def stage(out_dir, server=True):
    """The Pico W's flash tree; server=False: the same tree with RADIO = False in /board.py (the
    official firmware's only: ours has its board frozen in, and EmuError says so)."""
    from host_tools.dev.emu import EmuError, app_flash, runs_ours
    if not server and runs_ours(radio=True):
        raise EmuError("our own firmware has the Pico W's board frozen in: the server cannot be left out")
    out = app_flash("pico_w", out_dir)
    if not server:
        path = os.path.join(out, "board.py")
        with open(path, encoding="utf-8") as f:
            text = f.read()
        with open(path, "w", encoding="utf-8") as f:
            f.write(text.replace("RADIO = True", "RADIO = False"))
    return out


def boot(staged, uf2=None, forward=True, wall_timeout=1800):
    """The emulated Pico W with /wifi.json, booted to its first screen and settled."""
    from host_tools.dev.emu import Pico
    p = Pico(uf2, staged, board="pico_w", forward_port=0 if forward else None, wall_timeout=wall_timeout,
             files={"/wifi.json": json.dumps(WIFI).encode()})
    p.boot(frames=2, timeout_ms=60000)
    p.settle()
    return p


class Streams:
    """`n` phones' event streams through the forward, each a host thread reading its socket as a
    browser's EventSource does: when the board ends a stream (a board holds only so many open and
    answers the others with `retry:`), it asks again after that many ms with Last-Event-ID. The
    ms are the board's (`now_ms`, the emulated clock): a phone's 1.5 s are 1.5 s of the board's
    time, not the 50 ms of it that 1.5 s of host time are while the emulator is busy. Records the views received (`id:` lines) and the reconnections per phone.
    The board only moves while the emulator runs."""

    def __init__(self, address, key, n=PHONES, lang="ja", now_ms=None):
        self.address, self.key, self.n, self.lang = address, key, n, lang
        self.now_ms = now_ms
        self.ids = [[] for _ in range(n)]
        self.reconnects = [0] * n
        self.errors = []
        self.socks = {}
        self.lock = threading.Lock()
        self.threads = []
        self.closing = False

    def open(self):
        for i in range(self.n):
            t = threading.Thread(target=self._follow, args=(i,), daemon=True)
            t.start()
            self.threads.append(t)
        return self

    def _follow(self, i):
        retry_ms = 1500
        while not self.closing:
            try:
                retry_ms = self._read(i, retry_ms)
            except OSError as e:
                if not self.closing:
                    self.errors.append("stream %d: %r" % (i, e))
                return
            if self.closing:
                return
            self.reconnects[i] += 1
            if self.now_ms is None:
                time.sleep(retry_ms / 1000.0)
                continue
            until = self.now_ms() + retry_ms
            while self.now_ms() < until and not self.closing:
                time.sleep(0.02)

    def _read(self, i, retry_ms):
        """One connection, until the board ends it; returns the retry it asked for."""
        s = socket.create_connection(self.address, timeout=3600)
        with self.lock:
            self.socks[i] = s
        last = self.ids[i][-1] if self.ids[i] else None
        s.sendall(("GET /events?k=%s&lang=%s&c=benchphone%02d HTTP/1.0\r\nHost: board\r\n"
                   "Accept: text/event-stream\r\n%s\r\n"
                   % (self.key, self.lang, i, "" if last is None else "Last-Event-ID: %d\r\n" % last)).encode())
        buf = b""
        try:
            while True:
                data = s.recv(4096)
                if not data:
                    return retry_ms
                buf += data
                while b"\n\n" in buf:
                    event, buf = buf.split(b"\n\n", 1)
                    m = re.search(rb"^retry: ?(\d+)", event, re.M)
                    if m:
                        retry_ms = int(m.group(1))
                    m = re.search(rb"^id: ?(\d+)", event, re.M)
                    if m:
                        with self.lock:
                            self.ids[i].append(int(m.group(1)))
        finally:
            s.close()

    def views(self):
        with self.lock:
            return [len(x) for x in self.ids]

    def last(self):
        with self.lock:
            return [x[-1] if x else None for x in self.ids]

    def close(self):
        self.closing = True
        with self.lock:
            for s in self.socks.values():
                try:
                    s.close()
                except OSError:
                    pass


def mem(p):
    return p.app_mem_free(timeout_ms=8000)


def press_split(p):
    """The console's `t`: (poll lag ms, work us, draw us, show us) of the last press, or None."""
    from host_tools.dev.bench.shared import console_times
    sp = console_times(p)[0]
    return sp[:4] if sp else None


class Stopped(Exception):
    """main.py ended (a traceback on the console): the step, and the traceback."""


def stopped(p):
    """The traceback main.py ended with, or None while it runs."""
    text = p.console_text()
    i = text.find("Traceback (most recent call last)")
    return text[i:] if i >= 0 else None


def play(p, lines, on_step=None, rows=None):
    """The button script, with `mem` and `t` after every click; returns the rows
    (step text, free, alloc, split), also appended to `rows` as they come. Raises Stopped when
    the firmware stops."""
    from host_tools.dev.emu.script import run_script
    rows = [] if rows is None else rows

    def step(text, pico):
        tb = stopped(pico)
        if tb:
            raise Stopped("main.py stopped after the step %r (step %d):\n%s" % (text, len(rows) + 1, tb))
        split = press_split(pico) if text.split()[0] in ("click", "long", "repeat") else None
        free, alloc = mem(pico)
        rows.append((text, free, alloc, split))
        if on_step:
            on_step(text, pico)
    run_script(p, lines, on_step=step)
    return rows


def memory_errors(p):
    """MemoryError on the console or in the error log (errors.txt beside the games)."""
    found = []
    if "MemoryError" in p.console_text():
        found.append("console")
    for path in p.list_files():
        if path.endswith("errors.txt") and b"MemoryError" in p.read_file(path):
            found.append(path)
    return found


def _ms(split):
    lag, work, draw, show = split
    return lag + (work + draw + show) / 1000.0


def summary(rows):
    frees = [r[1] for r in rows]
    splits = [r[3] for r in rows if r[3]]
    totals = sorted(_ms(s) for s in splits)
    out = {"steps": len(rows), "free_min": min(frees) if frees else None,
           "free_last": frees[-1] if frees else None, "presses": len(totals)}
    if totals:
        out["press_median_ms"] = totals[len(totals) // 2]
        out["press_max_ms"] = totals[-1]
        out["lag_max_ms"] = max(s[0] for s in splits)
    return out


def worst_game():
    from host_tools.kinds.play_games import for_role
    return for_role(WORST_ROLE)


def run(uf2=None, game=None, phones=PHONES, plain=True, log=print):
    game = game or worst_game()
    import tempfile
    from host_tools.dev.emu import find_uf2
    if not find_uf2(uf2, radio=True):
        from host_tools.dev.emu import W_UF2_HELP
        return {"skip": W_UF2_HELP}
    from host_tools.dev.emu import runs_ours
    plain = plain and not runs_ours(uf2, radio=True)     # ours cannot leave its frozen server out
    lines = script(game)
    res = {"game": game, "phones": phones}
    work = tempfile.mkdtemp(prefix="bench-picow-")
    t0 = time.time()
    p = boot(stage(os.path.join(work, "served")), uf2)
    try:
        res["boot_wall_s"] = time.time() - t0
        res["net"] = p.net_status()
        res["free_boot"] = mem(p)[0]
        streams = Streams(p.forward.address, res["net"]["key"], phones, now_ms=lambda: p.now_ms).open()
        p.run_until(lambda: all(n >= 1 for n in streams.views()), CONNECT_MS)
        res["streams_connected"] = sum(1 for n in streams.views() if n >= 1)
        res["free_streams"] = mem(p)[0]
        log("served: boot %.0f s wall, free %d; %d of %d streams connected, free %d"
            % (res["boot_wall_s"], res["free_boot"], res["streams_connected"], phones, res["free_streams"]))
        rows = []
        try:
            play(p, lines, on_step=lambda text, pico: log("  %-40s free %d" % (text[:40], rows_last(pico))), rows=rows)
        except Stopped as e:
            res["stopped"] = str(e)
            log(str(e))
        res["served"] = summary(rows) if rows else {"steps": 0, "free_min": None, "free_last": None, "presses": 0}
        res["served_rows"] = rows
        res["views_per_stream"] = streams.views()
        res["reconnects_per_stream"] = list(streams.reconnects)
        res["stream_errors"] = streams.errors
        res["memory_errors"] = memory_errors(p)
        streams.close()
    finally:
        p.close()
    if plain:
        t0 = time.time()
        p = boot(stage(os.path.join(work, "plain"), server=False), uf2, forward=False)
        try:
            res["plain_free_boot"] = mem(p)[0]
            rows = play(p, lines)
            res["plain"] = summary(rows)
            res["plain_rows"] = rows
            res["plain_memory_errors"] = memory_errors(p)
            res["plain_wall_s"] = time.time() - t0
        finally:
            p.close()
    res["wall_s"] = time.time() - t0
    return res


def rows_last(pico):
    m = re.findall(r"mem_free (\d+)", pico.console_text()[-400:])
    return int(m[-1]) if m else -1


def report(res):
    if "skip" in res:
        return "emulated Pico W: skipped (%s)" % res["skip"]
    s = res["served"]
    out = ["emulated Pico W (RPI_PICO_W v1.23.0), the worst game (%s) with %d phone streams:" % (res["game"], res["phones"]),
           "  streams that got the first view: %d of %d (the board's lwIP has 5 TCP connections in all)"
           % (res["streams_connected"], res["phones"]),
           "  free heap: %d after boot with the server; %d with the streams connected; lowest over the game %d; at its end %d"
           % (res["free_boot"], res["free_streams"], s["free_min"], s["free_last"]),
           "  MemoryError: %s; views received per stream over the game: %s (reconnections: %s)"
           % (", ".join(res["memory_errors"]) or "none", res["views_per_stream"], res.get("reconnects_per_stream")),
           "  press to screen with the server and %d streams (%d presses): median %.1f ms, worst %.1f ms (poll lag at most %d ms)"
           % (res["phones"], s["presses"], s.get("press_median_ms", -1), s.get("press_max_ms", -1), s.get("lag_max_ms", -1))]
    if "stopped" in res:
        out[2:] = ["  free heap: %d after boot with the server; %d with the streams connected"
                   % (res["free_boot"], res["free_streams"]),
                   "  THE FIRMWARE STOPPED: " + res["stopped"][:1500]]
    if "plain" in res:
        q = res["plain"]
        out.append("  the same firmware without the server (RADIO = False): free %d after boot, lowest %d; press to screen "
                   "median %.1f ms, worst %.1f ms (poll lag at most %d ms)"
                   % (res["plain_free_boot"], q["free_min"], q.get("press_median_ms", -1), q.get("press_max_ms", -1),
                      q.get("lag_max_ms", -1)))
    return "\n".join(out)


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m host_tools.dev.bench.picow", description=__doc__.split("\n")[0])
    ap.add_argument("--uf2", default=None, help="RPI_PICO_W UF2 (default $PICO_W_UF2, .cache/RPI_PICO_W.uf2)")
    ap.add_argument("--game", default=None, help="the game whose tests/kinds/<game>/emu.txt is played (default: the game holding the most heap)")
    ap.add_argument("--streams", type=int, default=PHONES)
    ap.add_argument("--no-plain", action="store_true", help="skip the run without the server")
    ap.add_argument("--json", default=None, help="also write the figures here")
    a = ap.parse_args(argv)
    if a.game is not None and not os.path.exists(_paths.emu_script(a.game)):
        print("bench.picow: no button script for %r (tests/kinds/<game>/emu.txt)" % a.game, file=sys.stderr)
        return 2
    res = run(a.uf2, a.game, a.streams, plain=not a.no_plain, log=lambda s: print(s, flush=True))
    print(report(res))
    if a.json:
        with open(a.json, "w") as f:
            json.dump(res, f, indent=1, default=str)
    return 0


if __name__ == "__main__":
    from host_tools.cli_io import run_command
    sys.exit(run_command(main))
