"""A 100 KB game log downloaded from the emulated Pico W while the table plays: the heap during it and the presses' time.

    python -m host_tools.dev.bench.download [--uf2 PATH] [--kb 100] [--out docs/bench-download.md]

Our Pico W UF2 (build/firmware/scoreboard-pico_w.uf2) boots on the emulated Pico W with a game on
its flash whose journal is over `--kb` KB (default 100) (a long random game of the report's workload, saved by the
Store as the board saves it: its segments and snapshots). First the panel alone: presses on the
play screen (▼ opens the large view, ▲ closes it), each followed by the console's `t` (the press:
poll lag, work, draw, show) and `mem` (gc.mem_free() after a collect). Then the same presses while
a phone downloads the game's log (GET /log through the harness's forward), reading 1 KB every 50
emulated ms as a slow phone would, so the download spans them. The bytes received are compared with
the game's segments on the flash. Emulated ms; about 3 minutes of wall time.
"""
import argparse
import os
import shutil
import socket
import sys
import tempfile
import threading
import time

from host_tools import _paths  # ROOT, and firmware/ on sys.path

ROOT = _paths.ROOT
DOC = os.path.join(ROOT, "docs", "bench-download.md")
PRESSES = ["click down", "click up"] * 4
CHUNK, CHUNK_MS = 1024, 50


def big_game(games_dir, kb):
    """A game of the report's workload saved in `games_dir`, its journal just over `kb` KB:
    (its key, its log's bytes as the board's /log sends them: the segments in order)."""
    from host_tools.dev.bench import play
    from host_tools.dev.bench.mp.fakes import apply_op
    from host_tools.kinds.play_games import for_role
    from storage.store import Store
    kind = for_role("report")
    st = Store(root=games_dir)
    game = st.create(kind, play.SEATS[kind], play.SETTINGS[kind])
    segs = []
    for op in play.script(kind, 20000)[0]:
        apply_op(game, op)
        st.after_change(game)
        segs = sorted((n for n in os.listdir(games_dir) if n.startswith(game.store_key + ".") and n.endswith(".log")),
                      key=lambda n: int(n.split(".")[-2]))
        if sum(os.path.getsize(os.path.join(games_dir, n)) for n in segs) > kb * 1024:
            break
    data = b""
    for n in segs:
        with open(os.path.join(games_dir, n), "rb") as f:
            data += f.read()
    return game.store_key, data


class SlowPhone:
    """A phone downloading `path` through the forward, CHUNK bytes every CHUNK_MS of the board's
    time (the emulator moves only while it runs)."""

    def __init__(self, address, path, now_ms):
        self.address, self.path, self.now_ms = address, path, now_ms
        self.body = None
        self.error = None
        self.started = self.ended = None
        self.thread = threading.Thread(target=self._run, daemon=True)

    def start(self):
        self.thread.start()
        return self

    def _run(self):
        try:
            s = socket.create_connection(self.address, timeout=3600)
            s.sendall(("GET %s HTTP/1.0\r\nHost: board\r\n\r\n" % self.path).encode())
            self.started = self.now_ms()
            raw = b""
            while True:
                until = self.now_ms() + CHUNK_MS
                while self.now_ms() < until:
                    time.sleep(0.01)
                b = s.recv(CHUNK)
                if not b:
                    break
                raw += b
            s.close()
            self.ended = self.now_ms()
            head, _, self.body = raw.partition(b"\r\n\r\n")
            if not head.startswith(b"HTTP/1.0 200") and not head.startswith(b"HTTP/1.1 200"):
                self.error = head.split(b"\r\n")[0].decode(errors="replace")
        except OSError as e:
            self.error = repr(e)


def presses(p, lines):
    """[(press ms: lag + work + draw + show, free heap)] for each press."""
    from host_tools.dev.bench import picow
    from host_tools.dev.emu.script import run_script
    rows = []

    def step(text, pico):
        split = picow.press_split(pico)
        free = picow.mem(pico)[0]
        rows.append((picow._ms(split) if split else None, free))
    run_script(p, lines, on_step=step)
    return rows


def measure(uf2=None, kb=100, log=print):
    from host_tools.dev.bench import picow
    from host_tools.dev.emu import find_uf2
    from host_tools.dev.emu.firmware import our_uf2
    uf2 = uf2 or our_uf2("pico_w")
    if not uf2 or not find_uf2(uf2, radio=True):
        return {"skip": "no UF2 of ours for the Pico W (make firmware BOARD=pico_w)"}
    work = tempfile.mkdtemp(prefix="bench-download-")
    try:
        staged = picow.stage(os.path.join(work, "flash"))
        key, data = big_game(os.path.join(staged, "games"), kb)
        log("a game of %d bytes on the flash: %s" % (len(data), key))
        p = picow.boot(staged, uf2)
        try:
            net = p.net_status()
            res = {"log_bytes": len(data), "free_boot": picow.mem(p)[0]}
            res["alone"] = presses(p, PRESSES)
            phone = SlowPhone(p.forward.address, "/log?k=%s&g=%s" % (net["key"], key), lambda: p.now_ms).start()
            res["during"] = presses(p, PRESSES)
            p.run_until(lambda: not phone.thread.is_alive(), 600000)
            res["download_ms"] = None if phone.ended is None else int(round(phone.ended - phone.started))
            res["same_bytes"] = phone.body == data
            res["error"] = phone.error
            res["memory_errors"] = picow.memory_errors(p)
        finally:
            p.close()
        return res
    finally:
        shutil.rmtree(work, ignore_errors=True)


def markdown(R, uf2):
    out = ["# A game's log downloaded while the table plays (emulated Pico W, our firmware)", "",
           "Generated by `python -m host_tools.dev.bench.download` (part of `make bench`) with `%s`: %s" % (
               uf2, __doc__.split("\n\n", 2)[2].replace("\n", " ").strip()), ""]
    if "skip" in R:
        return "\n".join(out + ["Not measured: %s." % R["skip"], ""])

    def row(name, rows):
        ms = sorted(r[0] for r in rows if r[0] is not None)
        free = [r[1] for r in rows]
        return "| %s | %d | %.0f | %.0f | %.1f |" % (name, len(ms), ms[len(ms) // 2], ms[-1], min(free) / 1024.0)
    out += ["The log: %s bytes; downloaded in %s emulated ms; the bytes received %s the game's segments on the "
            "flash%s; MemoryError: %s. Free heap after boot: %.1f KB." % (
                "{:,}".format(R["log_bytes"]), "-" if R["download_ms"] is None else "{:,}".format(R["download_ms"]),
                "equal" if R["same_bytes"] else "**differ from**", "" if not R["error"] else " (%s)" % R["error"],
                ", ".join(R["memory_errors"]) or "none", R["free_boot"] / 1024.0), "",
            "| presses on the play screen | presses | median ms | worst ms | lowest free heap KB |",
            "|---|---|---|---|---|", row("the panel alone", R["alone"]),
            row("while a phone downloads the log", R["during"]), ""]
    return "\n".join(out)


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m host_tools.dev.bench.download", description=__doc__.splitlines()[0])
    ap.add_argument("--uf2", help="our Pico W firmware (default: build/firmware/scoreboard-pico_w.uf2)")
    ap.add_argument("--kb", type=int, default=100, help="the log's size at least (default 100 KB)")
    ap.add_argument("--out", default=DOC, help="the page to write (default docs/bench-download.md)")
    a = ap.parse_args(argv)
    R = measure(a.uf2, a.kb, log=lambda s: print(s, file=sys.stderr, flush=True))
    print(write_page(R, a.uf2, a.out))
    return 2 if "skip" in R else 0


def write_page(R, uf2=None, out=DOC):
    """The page of `measure()`'s figures, written to `out` (also by bench.firmware --download); its text."""
    from host_tools.dev.emu.firmware import our_uf2
    uf2 = uf2 or our_uf2("pico_w") or "-"
    text = markdown(R, os.path.relpath(uf2, ROOT) if os.path.isabs(uf2) else uf2)
    with open(out, "w", encoding="utf-8") as f:
        f.write(text)
    return text


if __name__ == "__main__":
    from host_tools.cli_io import run_command
    sys.exit(run_command(main))
