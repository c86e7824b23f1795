# Boot never stops: everything the Store reads from the flash (snapshots, headers, names, prefs) is
# validated before use, on littlefs with the Pico's geometry. A snapshot that is not right is
# ignored (the journal is replayed), a game that cannot be replayed is set aside intact, a bad
# names/prefs file is ignored; the store always answers.
import json
import random

import pytest

from lfs_device import PICO, Flash, LfsFile, LfsFs, mount
from core import journal
from storage import layout, recovery
from storage.fsio import write
from core.engine import Game
from storage import store as store_mod
from storage.store import Store
from store_play import LONG_SETTINGS, SEATS, long_script, play, reference, replay_under_micropython

import game_data

BS = PICO["block_size"]
NBLOCKS = PICO["block_count"]
GID = "c0ffee02"
FIGURES = {}
# The device holds a game of the game with role "store trust" (tests/kinds/<kind>/data.py); the game played
# after a set-aside one is the "store trust second game"'s, the boot screen's set-aside game the
# "store set aside screen"'s; the MicroPython check plays the "micropython replay" game's long game.
TRUST_KIND = game_data.for_role("store trust")
TRUST = game_data.of(TRUST_KIND)
SECOND_KIND = game_data.for_role("store trust second game")
SECOND = game_data.of(SECOND_KIND)
ASIDE_KIND = game_data.for_role("store set aside screen")
MP_KIND = game_data.for_role("micropython replay")


class Device:
    """A Pico flash image holding one game in progress (several segments, a snapshot)."""

    def __init__(self, kind=TRUST_KIND, n_ops=120, seg_max=4096):
        flash = Flash(NBLOCKS * BS)
        fs = mount(flash, NBLOCKS, format_if_needed=True)
        st = Store(LfsFs(fs), seg_max=seg_max)
        saved = store_mod.new_game_id
        store_mod.new_game_id = lambda: GID
        try:
            game = st.create(kind, SEATS[kind], LONG_SETTINGS.get(kind))
        finally:
            store_mod.new_game_id = saved
        ops = long_script(kind, n_ops, 3)
        dry = Game.new(kind, SEATS[kind], LONG_SETTINGS.get(kind), game_id=GID)
        for i, op in enumerate(ops):
            play(dry, op)
            if dry.is_over():   # a game in progress is what resume_last() brings back
                ops = ops[:i]
                break
        if len(ops) % 16 < 3:   # a few events after the last snapshot
            ops = ops[:len(ops) - 3]
        for op in ops:
            play(game, op)
            st.after_change(game)
        st._close_all()
        self.snap_seq = st._open.get(GID).snap_seq if GID in st._open else None
        self.kind = kind
        self.seg_max = seg_max
        self.want = game.snapshot()
        self.stem = [n for n in LfsFs(fs).listdir("/games") if n.endswith(".snp")][0][:-4]
        fs.unmount()
        self.image = bytes(flash.buffer)

    def boot(self, change=None, resume=True):
        """Mount a copy, let `change(fs)` alter files, then a fresh Store resumes. -> (store, game, fs)"""
        flash = Flash(0, buffer=self.image)
        fs = LfsFs(mount(flash))
        if change:
            change(fs)
        st = Store(fs, seg_max=self.seg_max)
        return st, st.resume_last() if resume else None, fs

    def path(self, what):
        return "/games/%s.%s" % (self.stem, what)


def read(fs, path):
    f = fs.open(path, "rb")
    try:
        return f.read()
    finally:
        f.close()


def reseal(fs, path, mutate, line=0):
    """Change one sealed line of a file and seal it again (a CRC-valid lie)."""
    lines = read(fs, path).split(b"\n")
    rec = journal.unseal(lines[line] + b"\n")
    mutate(rec)
    lines[line] = journal.seal(rec).encode()[:-1]
    write(fs, path, b"\n".join(lines))


_DEVICES = {}


def device(kind=TRUST_KIND):
    if kind not in _DEVICES:
        _DEVICES[kind] = Device(kind)
    return _DEVICES[kind]


def test_the_untouched_device_resumes_from_its_snapshot():
    d = device()
    st, g, fs = d.boot()
    assert g.snapshot() == d.want and st.last_recovery["dropped_bytes"] == 0
    assert st.set_aside == []


# the lies that name the game's own state keys are its TRUST_SNAP_LIES
SNAP_LIES = [
    ("state lacks a key", lambda r: r["state"].pop("over")),
    ("state not an object", lambda r: r.__setitem__("state", [])),
    ("no format version", lambda r: r.pop("v")),
    ("older format version", lambda r: r.__setitem__("v", 1)),
    ("done ranges garbage", lambda r: r.__setitem__("done", [[5, 2]])),
    ("done beyond seq", lambda r: r.__setitem__("done", [[1, r["seq"] + 5]])),
    ("undone not ranges", lambda r: r.__setitem__("undone", [1, 2])),
    ("undone run going up", lambda r: r.__setitem__("undone", [[1, 2]])),
    ("undone beyond seq", lambda r: r.__setitem__("undone", [[r["seq"] + 1, r["seq"] + 1]])),
    ("seg out of range", lambda r: r.__setitem__("seg", 99)),
    ("seq a string", lambda r: r.__setitem__("seq", "7")),
    ("deeply nested extra", lambda r: r["state"].__setitem__("x", [[[[[[[[1]]]]]]]])),
] + TRUST.TRUST_SNAP_LIES


@pytest.mark.parametrize("name,mutate", SNAP_LIES, ids=[s[0] for s in SNAP_LIES])
def test_a_snapshot_that_lies_is_ignored_and_the_journal_replayed(name, mutate):
    d = device()
    st, g, fs = d.boot(lambda fs: reseal(fs, d.path("snp"), mutate))
    assert g is not None and g.snapshot() == d.want
    assert st.set_aside == []


def test_a_snapshot_that_is_not_json_is_ignored():
    d = device()
    for data in (b"", b"\xff\xfe\n", journal.seal({"t": "snap"}).encode(), b"[" * 5000 + b"\n",
                 ('[%s,"crc":"%08x"}\n' % ("[" * 3000, journal.crc_of("[" * 3001))).encode()):
        st, g, fs = d.boot(lambda fs: write(fs, d.path("snp"), data))
        assert g.snapshot() == d.want, data[:20]


def test_header_settings_missing_a_key_take_the_defaults():
    d = device()
    key, default = TRUST.TRUST_DEFAULTED
    st, g, fs = d.boot(lambda fs: reseal(fs, d.path("0.log"), lambda r: r["settings"].pop(key)))
    assert g is not None and g.settings[key] == default and g.seq == d.want["seq"]


@pytest.mark.parametrize("name,mutate,why", [
    ("unknown setting", lambda r: r["settings"].__setitem__("cap", 3), "E_SETTING_UNKNOWN"),
    ("unknown kind", lambda r: r.__setitem__("kind", "chess"), "E_UNKNOWN_GAME"),
    ("newer schema", lambda r: r.__setitem__("schema", 9), "E_LOG_SCHEMA"),
    ("one seat", lambda r: r.__setitem__("seats", ["A"]), "E_SEATS"),
    ("other game's header", lambda r: r.__setitem__("g", "00000000"), "E_LOG_GAME"),
    ("seat name not text", lambda r: r.__setitem__("seats", [1, 2, 3, 4]), "E_LOG_NAME"),
])
def test_a_game_that_cannot_be_replayed_is_set_aside_intact(name, mutate, why):
    d = device()
    before = {}

    def change(fs):
        reseal(fs, d.path("0.log"), mutate)
        for n in fs.listdir("/games"):
            before[n] = read(fs, "/games/" + n)
    st, g, fs = d.boot(change)
    assert g is None and st.set_aside == [(GID, why)]
    assert sorted(fs.listdir("/games")) == [layout.ASIDE]
    moved = dict((n, read(fs, "/games/aside/" + n)) for n in fs.listdir("/games/aside"))
    assert moved == before
    # the next boot starts clean, and a new game can be played
    st2 = Store(fs)
    assert st2.resume_last() is None and st2.games() == [] and st2.set_aside == []
    game = st2.create(SECOND_KIND, SECOND.TRUST_SECOND_SEATS)
    game.submit(dict(SECOND.TRUST_SECOND_EVENT))
    assert st2.resume_last().seq == 1


def test_a_set_aside_game_does_not_hide_an_older_unfinished_one():
    d = device()
    flash = Flash(0, buffer=d.image)
    fs = LfsFs(mount(flash))
    st = Store(fs)
    newer = st.create(SECOND_KIND, SECOND.TRUST_SECOND_SEATS)
    newer.submit(dict(SECOND.TRUST_SECOND_EVENT))
    st._close_all()
    newer_stem = [n for n in fs.listdir("/games") if newer.game_id in n][0].split(".")[0]
    reseal(fs, "/games/%s.0.log" % newer_stem, lambda r: r.__setitem__("settings", {"x": 1}))
    st = Store(fs)
    g = st.resume_last()
    assert g.game_id == GID and g.snapshot() == d.want
    assert st.set_aside == [(newer.game_id, "E_SETTING_UNKNOWN")]


def test_a_refused_sealed_event_after_the_snapshot_replays_from_the_start():
    """A snapshot whose state, well formed, no longer lets the next journal line fold."""
    d = device()
    st, g, fs = d.boot(lambda fs: reseal(fs, d.path("snp"), lambda r: r["state"].__setitem__("over", [0])))
    assert g.snapshot() == d.want and st.last_recovery["dropped_bytes"] == 0


@pytest.mark.parametrize("data", [
    b"", b"\xff\xfe", b"[" * 100000, b"{}", b'"x"', b"[1, 2, null]", b'["' + b"x" * 5000 + b'"]',
    b'["ok", "' + b"y" * 41 + b'", 3, "\\ud800", "fine"]', b"null", b"1e999999",
])
def test_names_and_prefs_files_never_stop_the_store(data):
    d = device()

    def change(fs):
        write(fs, "/names.json", data)
        write(fs, "/prefs.json", data)
    st, g, fs = d.boot(change)
    names = st.names()
    assert isinstance(names, list) and all(isinstance(n, str) and 0 < len(n) <= 40 for n in names)
    if data.startswith(b'["ok"'):
        assert names == ["ok", "fine"]
    assert st.lang() is None
    assert g.snapshot() == d.want


def test_prefs_with_an_unknown_language_are_ignored():
    d = device()
    st, g, fs = d.boot(lambda fs: write(fs, "/prefs.json", b'{"lang": "fr"}'))
    assert st.lang() is None
    st.set_lang("en")
    assert Store(fs).lang() == "en"


def _mutations(rec, rng):
    """One random change of a snapshot's state (delete, retype, None, shuffle a number)."""
    state = rec["state"]
    paths = []

    def walk(v, p):
        if isinstance(v, dict):
            for k in v:
                paths.append(p + [k])
                walk(v[k], p + [k])
        elif isinstance(v, list):
            for i in range(len(v)):
                paths.append(p + [i])
                walk(v[i], p + [i])
    walk(state, [])
    p = rng.choice(paths)
    parent = state
    for k in p[:-1]:
        parent = parent[k]
    how = rng.choice(("del", "str", "none", "int", "list", "bool"))
    if how == "del":
        parent.pop(p[-1])
    elif how == "str":
        parent[p[-1]] = "x"
    elif how == "none":
        parent[p[-1]] = None
    elif how == "int":
        parent[p[-1]] = rng.choice((-1, 0, 7, 10 ** 6))
    elif how == "list":
        parent[p[-1]] = []
    else:
        parent[p[-1]] = True
    return how


@pytest.mark.parametrize("kind", game_data.kinds())
def test_mutated_snapshots_never_stop_the_boot(kind):
    """Random CRC-valid changes of the snapshot's state: the store always answers; the game is
    either the journal's (snapshot refused) or the snapshot was taken as it is (a plausible
    value can only be caught by a full fold: counted, see docs/storage.md)."""
    d = device(kind)
    rng = random.Random(14)
    refused = adopted_equal = adopted_other = 0
    n = 60
    def lie(r):
        # the snapshot's state, its base's state (the previous snapshot) or the record itself
        where = rng.randrange(3)
        if where == 1 and r.get("base"):
            _mutations(r["base"], rng)
        elif where == 2:
            _mutations({"state": r}, rng)
        else:
            _mutations(r, rng)
    for i in range(n):
        st, g, fs = d.boot(lambda fs: reseal(fs, d.path("snp"), lie))
        assert g is not None
        if g.snapshot() == d.want:
            if st._open[GID].snap_seq:
                adopted_equal += 1      # the change did not matter (e.g. an int set to itself)
            else:
                refused += 1
        else:
            adopted_other += 1
            g.standings()
            g.is_over()
    FIGURES[kind] = (n, refused, adopted_equal, adopted_other)
    print("mutated snapshots", kind, "n=%d refused=%d adopted-equal=%d adopted-other=%d" % FIGURES[kind])


def _boot_screen(st, lang, png=None):
    """The boot screen's texts; with `png`, its picture there too (in the test's own tmp_path:
    pytest keeps the last three runs' folders to look at)."""
    from ui_harness import Driver, TextLog
    log = TextLog()
    log.install()
    try:
        d = Driver(st, lang)
    finally:
        log.uninstall()
    if png:
        from PIL import Image
        buf = d.display.last
        img = Image.new("L", (128, 64))
        for y in range(64):
            for x in range(128):
                if buf[x + (y // 8) * 128] >> (y % 8) & 1:
                    img.putpixel((x, y), 255)
        img.resize((512, 256)).save(png)
    return [s for s, _, _ in log.drawn], log.over


def test_the_boot_screen_says_what_was_set_aside_and_what_the_log_no_longer_backs(tmp_path):
    d = device(ASIDE_KIND)

    def change(fs):
        reseal(fs, d.path("0.log"), lambda r: r["settings"].__setitem__("nope", 1))
    st, g, fs = d.boot(change, resume=False)
    texts, over = _boot_screen(st, "ja", str(tmp_path / "aside.png"))
    assert "読めないゲーム1件を退避" in texts and not over


def test_a_closed_segment_damaged_after_the_snapshot_is_named_on_the_boot_screen(tmp_path, monkeypatch):
    d = device()

    def change(fs):
        data = bytearray(read(fs, d.path("0.log")))
        at = data.index(b'"seq":3,')
        data[at + 6:at + 7] = b"4"          # a sealed line's byte changed: its CRC no longer matches
        write(fs, d.path("0.log"), bytes(data))
    monkeypatch.setattr(recovery, "_pick", lambda n: n - 1)  # the random CRC check looks elsewhere
    st, g, fs = d.boot(change)
    closed = st._open[GID].closed
    assert len(closed) >= 1 and closed[0][2] > 3
    # the game is the snapshot's, the journal is not cut short, the loss is counted
    assert g.snapshot() == d.want and st.last_recovery["dropped_bytes"] == 0
    assert st.damaged == {"segments": 1, "presses": closed[0][2]}
    st = Store(fs, seg_max=d.seg_max)
    texts, over = _boot_screen(st, "ja", str(tmp_path / "damaged.png"))
    assert ("%d手分の記録が破損" % closed[0][2]) in texts and not over
    texts, over = _boot_screen(Store(fs, seg_max=d.seg_max), "en")
    assert ("Log damaged: %d steps" % closed[0][2]) in texts and not over


def test_a_closed_segment_cut_short_is_found_by_its_size():
    d = device()

    def change(fs):
        write(fs, d.path("0.log"), read(fs, d.path("0.log"))[:-50])
    st, g, fs = d.boot(change)
    assert g.snapshot() == d.want
    closed = st._open[GID].closed
    assert st.damaged == {"segments": 1, "presses": closed[0][2]}


BROKEN = [
    ("snapshot lacks a key", lambda d, fs: reseal(fs, d.path("snp"), lambda r: r["state"].pop("over"))),
    ("header setting unknown", lambda d, fs: reseal(fs, d.path("0.log"), lambda r: r["settings"].__setitem__("x", 1))),
    ("header lacks a setting",
     lambda d, fs: reseal(fs, d.path("0.log"), lambda r: r["settings"].pop(TRUST.TRUST_DEFAULTED[0]))),
    ("names.json nested", lambda d, fs: write(fs, "/names.json", b"[" * 50000)),
    ("prefs.json not UTF-8", lambda d, fs: write(fs, "/prefs.json", b'{"lang": "\xff"}')),
    ("closed segment cut", lambda d, fs: write(fs, d.path("0.log"), read(fs, d.path("0.log"))[:100])),
    ("segment 0 gone", lambda d, fs: fs.remove(d.path("0.log"))),
    ("snapshot garbage", lambda d, fs: write(fs, d.path("snp"), b"\x00" * 3000)),
]


@pytest.mark.parametrize("name,breakit", BROKEN, ids=[b[0] for b in BROKEN])
def test_the_app_reaches_its_start_screen(name, breakit):
    from ui_harness import Driver
    d = device()
    st, g, fs = d.boot(lambda fs: breakit(d, fs), resume=False)
    drv = Driver(st, "ja")
    assert drv.screen() == "Boot" and drv.app.errors == []
    drv.press("ok")         # resume, or the list of games: the app goes on
    assert drv.app.errors == [] and drv.screen() != "Boot"


def test_the_trust_checks_run_under_micropython(tmp_path):
    """The same code on the real interpreter: a lying snapshot is refused (the journal's state
    comes back), a game with a refused header is set aside, bad names/prefs are ignored."""
    # the newest game (the boot looks at it first): the "store trust second game"'s, written here
    newest = ("bad = st.create(%r, %d)\nbad.submit(%r)\n"
              % (SECOND_KIND, SECOND.TRUST_SECOND_SEATS, SECOND.TRUST_SECOND_EVENT))
    ops, out, err = replay_under_micropython(tmp_path, "/input/dev/games", first="os.mkdir('/input/dev')", then=newest + """
st._close_all()
print(g.game_id)
def reseal(path, change):
    f = open(path, 'rb'); lines = f.read().split(b'\\n'); f.close()
    rec = journal.unseal(lines[0] + b'\\n'); change(rec)
    lines[0] = journal.seal(rec).encode()[:-1]
    f = open(path, 'wb'); f.write(b'\\n'.join(lines)); f.close()
names = os.listdir('/input/dev/games')
snp = [n for n in names if n.endswith('.snp') and g.game_id in n][0]
reseal('/input/dev/games/' + snp, lambda r: r['state'].pop('over'))
head = [n for n in names if n.endswith('.0.log') and bad.game_id in n][0]
reseal('/input/dev/games/' + head, lambda r: r['settings'].__setitem__('nope', 1))
f = open('/input/dev/names.json', 'wb'); f.write(b'[' * 3000); f.close()
f = open('/input/dev/prefs.json', 'wb'); f.write(b'{"lang": "\\xff"}'); f.close()
st2 = Store(root='/input/dev/games', seg_max=2048, snap_every=16)
g2 = st2.resume_last()
print(cjson.dumps(g2.snapshot()))
print(cjson.dumps([list(x) for x in st2.set_aside]), st2.names(), st2.lang())
try:
    moved = sorted(os.listdir('/input/dev/games/aside'))
except OSError:
    moved = os.listdir('/input/dev/games')
print(moved == sorted([n for n in names if bad.game_id in n]), moved)
deep = '[' * 3000
f = open('/input/dev/games/' + snp, 'wb')
f.write(('%s,"crc":"%08x"}\\n' % (deep, journal.crc_of(deep))).encode())
f.close()
g3 = Store(root='/input/dev/games', seg_max=2048, snap_every=16).resume_last()
print(cjson.dumps(g3.snapshot()) == cjson.dumps(g2.snapshot()))
""")
    lines = out.strip().splitlines()
    assert len(lines) == 5, (out, err)
    gid = lines[0]
    ref = reference(MP_KIND, ops, gid)
    assert lines[4] == "True"       # a deeply nested snapshot line: the journal is replayed
    got = json.loads(lines[1])
    assert got == ref[got["seq"]] and got["seq"] == max(ref)
    aside, names, lang = lines[2].rsplit(" ", 2)
    assert json.loads(aside)[0][1] == "E_SETTING_UNKNOWN" and names == "[]" and lang == "None"
    assert lines[3].startswith("True"), lines[3]
