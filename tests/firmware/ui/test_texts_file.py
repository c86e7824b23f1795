"""The texts' data file (firmware/ui/texts.bin, host_tools/board/make_texts.py, generated and not
tracked): the generator writes a missing or stale file and leaves a fresh one alone; the App's texts are the same read from it as
imported from the tables, for every id, both languages, every game; the App reads it without
importing a table; a missing, damaged or truncated file, or a table it lacks (a game registered
from elsewhere), falls back to importing, and the boot goes on."""
import os

import pytest

from host_tools.board import make_texts
from host_tools.board.make_font import table_modules
from core import registry
from words import texts as texts_module
from ui_harness import Driver

import game_data
import tally_game

KINDS = [None] + list(registry.KINDS[:4])
# The games these checks name come by role from tests/kinds/<kind>/data.py: the App plays the "texts" game
# (its own text TEXTS_OWN_LINE), a title read is the "texts name" game's, the damaged files are read
# for the "texts fallback" game, the boot menu with a damaged file shows the "texts boot" game.
TEXTS_KIND = game_data.for_role("texts")
OWN_ID, OWN_INFO, OWN_SAID = game_data.of(TEXTS_KIND).TEXTS_OWN_LINE
NAMED_KIND = game_data.for_role("texts name")
FALLBACK_KIND = game_data.for_role("texts fallback")
BOOT_KIND = game_data.for_role("texts boot")


def all_ids():
    ids = {"G_" + k for k in registry.KINDS}
    for name in table_modules():
        ids.update(registry.module(name).MESSAGES)
    registry.unload(table_modules())
    return sorted(ids) + ["NO_SUCH_ID", "E_", ""]


def texts_of(lang, kind, path, monkeypatch, ids=()):
    """{id: app.t(id)} (every table's ids and `ids`) with the App reading `path` (None: the
    generated file in the tree; a path that does not exist: the import path), and the table modules the App
    imported for it."""
    wanted = all_ids() + list(ids)
    monkeypatch.setattr(texts_module, "PATH", path)
    asked = []
    real = registry.module

    def module(name):
        asked.append(name)
        return real(name)

    monkeypatch.setattr(registry, "module", module)
    d = Driver(lang=lang)
    d.app.kind = kind
    out = dict((i, d.app.t(i)) for i in wanted)
    out["filled"] = d.app.t("E_SEATS", {"min": 2, "max": 6})
    monkeypatch.setattr(registry, "module", real)
    return out, [n for n in asked if n in table_modules() or n.endswith(".texts")]


@pytest.fixture
def reference(monkeypatch):
    """{(lang, kind): texts} through the tables alone (no file)."""
    return dict(((lang, kind), texts_of(lang, kind, "/nonexistent/texts.bin", monkeypatch)[0])
                for lang in ("ja", "en") for kind in KINDS)


def test_the_file_is_written_when_missing_or_stale_and_kept_when_fresh(tmp_path):
    path = str(tmp_path / "texts.bin")
    assert make_texts.ensure(path) is True                  # missing
    with open(path, "rb") as f:
        assert f.read() == make_texts.build()
    assert make_texts.ensure(path) is False                 # fresh: left alone
    with open(path, "r+b") as f:                            # a table edited since: stale bytes
        f.seek(40)
        f.write(b"\xff")
    assert make_texts.ensure(path) is True
    with open(path, "rb") as f:
        assert f.read() == make_texts.build()
    with open(make_texts.OUT, "rb") as f:                   # the tree's file (the session wrote it)
        assert f.read() == make_texts.build()


def test_the_generated_file_is_not_tracked():
    import subprocess
    root = os.path.dirname(os.path.dirname(make_texts.OUT))
    out = subprocess.run(["git", "-C", root, "ls-files", "--error-unmatch", make_texts.OUT],
                         capture_output=True)
    if out.returncode != 0 and b"not a git repository" in out.stderr:
        pytest.skip("not a git checkout")
    assert out.returncode != 0, "firmware/ui/texts.bin is generated: it must not be committed"


def test_the_file_has_every_table_in_both_languages():
    f, d = texts_module.open_file()
    try:
        assert f is not None, "the App does not find firmware/ui/texts.bin beside ui/app.py"
        for name in table_modules():
            for w, lang in enumerate(("en", "ja")):
                sec = texts_module.read_section(f, d, name + " " + lang)
                table = registry.module(name).MESSAGES
                assert sec == texts_module.section(table, w), (name, lang)
        assert texts_module.read_section(f, d, "tally_game.texts ja") is None
    finally:
        f.close()
        registry.unload(table_modules())


def test_t_is_the_same_from_the_file_as_from_the_tables(reference, monkeypatch):
    for lang in ("ja", "en"):
        for kind in KINDS:
            got, imported = texts_of(lang, kind, None, monkeypatch)
            assert imported == [], "the App imported %s instead of reading texts.bin" % imported
            want = reference[(lang, kind)]
            diff = [(i, got[i], want[i]) for i in want if got[i] != want[i]]
            assert not diff, (lang, kind, diff[:5])
    # the ids really are there: a known text in each language, the game names from the registry
    assert reference[("ja", None)]["G_" + NAMED_KIND] == game_data.of(NAMED_KIND).TITLE_JA
    assert reference[("en", TEXTS_KIND)]["E_SEATS"] == "{min} to {max} players"
    assert reference[("ja", None)]["filled"] == "2～6人で遊びます"
    assert reference[("ja", None)]["NO_SUCH_ID"] == "NO_SUCH_ID"


def damaged_files():
    with open(make_texts.OUT, "rb") as f:
        good = f.read()
    n = len(good)
    yield "empty", b""
    yield "not ours", b"MSK1" + good[4:]
    for cut in (3, 8, 20, 200, n // 2, n - 1):
        yield "cut at %d" % cut, good[:cut]
    for at in (6, 9, 30, 300, n // 3, n - 2):      # the directory's length, a key, offsets, texts
        bad = bytearray(good)
        bad[at] ^= 0x5A
        yield "byte %d flipped" % at, bytes(bad)
    yield "noise", bytes((i * 37 + 11) & 255 for i in range(n))


def test_a_damaged_or_missing_file_falls_back_to_the_tables(reference, monkeypatch, tmp_path):
    cases = [("missing", None)] + list(damaged_files())
    for what, data in cases:
        path = str(tmp_path / "texts.bin")
        if os.path.exists(path):
            os.remove(path)
        if data is not None:
            with open(path, "wb") as f:
                f.write(data)
        for lang in ("ja", "en"):
            for kind in (None, FALLBACK_KIND):
                got, _ = texts_of(lang, kind, path, monkeypatch)
                want = reference[(lang, kind)]
                diff = [(i, got[i], want[i]) for i in want if got[i] != want[i]]
                assert not diff, (what, lang, kind, diff[:5])


def test_the_boot_menu_draws_with_a_damaged_file(monkeypatch, tmp_path):
    path = tmp_path / "texts.bin"
    path.write_bytes(b"TXT1\xff\xff" + bytes(100))
    monkeypatch.setattr(texts_module, "PATH", str(path))
    d = Driver(lang="ja")
    assert d.screen() == "Boot" and not d.app.errors
    assert d.app.t("G_" + BOOT_KIND) == game_data.of(BOOT_KIND).TITLE_JA


@pytest.fixture
def tally():
    yield tally_game.register()
    tally_game.unregister()


def test_a_table_the_file_lacks_is_imported(tally, monkeypatch):
    from tally_game import texts
    table = dict(texts.MESSAGES)
    for lang, w in (("ja", 1), ("en", 0)):
        got, imported = texts_of(lang, "tally", None, monkeypatch, ids=table)
        assert imported == ["tally_game.texts"]          # the others come from the file
        base, _ = texts_of(lang, None, "/nonexistent/texts.bin", monkeypatch, ids=table)
        for k in table:     # the first table holding an id wins: the engine's, the UI's, the game's
            assert got[k] == (base[k] if base[k] != k else table[k][w]), k
        assert got["G_tally"] == ("タリー" if lang == "ja" else "Tally")
        assert got["E_BAD_EVENT"] == base["E_BAD_EVENT"] != "E_BAD_EVENT"


def test_the_app_reads_the_file_under_micropython():
    mp = pytest.importorskip("mp")
    # the game the App plays and the texts it reads, written here from the game data (tests/kinds/<kind>/data.py)
    played = ("app.kind = %r\nprint('T', app.t(%r), app.t('E_SEATS', {'min': 2, 'max': 6}), app.t(%r, %r))\n"
              % (TEXTS_KIND, "G_" + NAMED_KIND, OWN_ID, OWN_INFO))
    code = mp.GUEST_HEAD + r"""
class D:
    def show(self, c):
        pass
from core import registry
asked = []
real = registry.module
def module(name):
    asked.append(name)
    return real(name)
registry.module = module
from ui.app import App
app = App(D(), None, C(), 'ja')
app.frame()
""" + played + r"""print('ASKED', [n for n in asked if n.endswith('strings') or n.endswith('.texts') or n.endswith('messages')])
import words.texts as T
T.PATH = '/input/none.bin'
app.lang = 'en'
print('E', app.t('E_SEATS', {'min': 2, 'max': 6}))
print('ASKED', [n for n in asked if n.endswith('strings') or n.endswith('.texts') or n.endswith('messages')])
"""
    out, err = mp.run_firmware(code, fuel=20_000_000_000)
    assert "T %s 2～6人で遊びます %s" % (game_data.of(NAMED_KIND).TITLE_JA, OWN_SAID) in out, out + err
    assert "ASKED []" in out, out + err          # read from ui/texts.bin: no table imported
    assert "E 2 to 6 players" in out, out + err  # no file: the tables, imported
    assert "ASKED %r" % ["core.messages", "ui.strings", registry.texts(TEXTS_KIND)] in out, out + err


# ---- files that check out but must not be used ---------------------------------------------------
def _same_as_the_tables(reference, monkeypatch, path, kinds=(None, FALLBACK_KIND)):
    for lang in ("ja", "en"):
        for kind in kinds:
            got, _ = texts_of(lang, kind, path, monkeypatch)
            want = reference[(lang, kind)]
            diff = [(i, got[i], want[i]) for i in want if got[i] != want[i]]
            assert not diff, (lang, kind, diff[:5])


def _build_with(monkeypatch, bad_section):
    """make_texts.build() with every section passed through bad_section(ids, offs, blob): the
    file's sizes and CRCs are made for the bytes written, so only the reader's own checks stand."""
    real = make_texts.section

    def section(table, w):
        ids, offs, blob, pos, slots = real(table, w)
        ids, offs, blob = bad_section(ids, offs, blob)
        return ids, offs, blob, pos, slots

    monkeypatch.setattr(make_texts, "section", section)
    data = make_texts.build()
    monkeypatch.setattr(make_texts, "section", real)
    return data


def _first_multibyte(blob):
    return next(i for i, b in enumerate(blob) if b >= 0xC0)


def test_texts_that_do_not_decode_fall_back_to_the_tables(reference, monkeypatch, tmp_path):
    """A CRC-valid file whose texts are not UTF-8 (a byte 0xff), or whose offsets cut a character
    in two: the boot reaches its start screen and every text is the table's."""
    def invalid(ids, offs, blob):
        if max(blob, default=0) < 0x80:
            return ids, offs, blob
        i = _first_multibyte(blob)
        return ids, offs, blob[:i] + b"\xff" + blob[i + 1:]

    def cut(ids, offs, blob):
        if max(blob, default=0) < 0x80:
            return ids, offs, blob
        i = _first_multibyte(blob) + 1          # inside a character: between two texts
        offs = bytearray(offs)
        k = next(k for k in range(0, len(offs) - 2, 2) if (offs[k] | offs[k + 1] << 8) > i) - 2
        offs[k], offs[k + 1] = i & 255, i >> 8
        return ids, bytes(offs), blob

    for bad in (invalid, cut):
        path = tmp_path / ("texts-%s.bin" % bad.__name__)
        path.write_bytes(_build_with(monkeypatch, bad))
        monkeypatch.setattr(texts_module, "PATH", str(path))
        d = Driver(lang="ja")
        assert d.screen() == "Boot" and not d.app.errors, bad.__name__
        _same_as_the_tables(reference, monkeypatch, str(path))


def test_sections_are_what_they_claim_to_be(reference, monkeypatch, tmp_path):
    """en and ja swapped in the directory (each entry's place, sizes and CRC moved with it): the
    English is never the Japanese."""
    good = bytearray(open(make_texts.OUT, "rb").read())
    dirlen = good[6] | good[7] << 8
    entries = {}
    i = 8
    while i < 8 + dirlen:
        k = good[i]
        entries[bytes(good[i + 1:i + 1 + k])] = i + 1 + k
        i += 1 + k + texts_module.ENTRY
    n = texts_module.ENTRY
    for name in table_modules():
        a, b = entries[(name + " en").encode()], entries[(name + " ja").encode()]
        good[a:a + n], good[b:b + n] = good[b:b + n], good[a:a + n]
    path = tmp_path / "swapped.bin"
    path.write_bytes(bytes(good))
    _same_as_the_tables(reference, monkeypatch, str(path))


def test_a_file_made_from_other_tables_is_not_used(reference, monkeypatch, tmp_path):
    """A texts.bin left on the board by an older deploy (`mpremote mip install` replaces the
    tables, never this file): an id added since and a text reworded since are the tables'."""
    import shutil
    import subprocess
    import sys
    old = tmp_path / "old"
    shutil.copytree(make_texts.FIRMWARE, str(old), ignore=shutil.ignore_patterns("*.bin", "__pycache__"))
    src = (old / "ui" / "strings.py").read_text(encoding="utf-8")
    assert src.count('"NEW_GAME": ("New game", "新しいゲーム"),') == 1
    src = src.replace('"NEW_GAME": ("New game", "新しいゲーム"),', '')          # added since
    src = src.replace('"カードゲーム得点板"', '"昔の得点板"')                         # reworded since
    (old / "ui" / "strings.py").write_text(src, encoding="utf-8")
    path = tmp_path / "stale.bin"
    root = os.path.dirname(make_texts.FIRMWARE)
    made_there = ("import sys\nfrom host_tools.board import make_texts\nsys.path.insert(0, sys.argv[1])\n"
                  "for m in [m for m in sys.modules if m.split('.')[0] in ('ui', 'words', 'core')]:\n"
                  "    del sys.modules[m]\n"      # the tables are the old tree's
                  "open(sys.argv[2], 'wb').write(make_texts.build(root=sys.argv[1]))\n")
    subprocess.run([sys.executable, "-c", made_there, str(old), str(path)], cwd=root, check=True)
    f = open(str(path), "rb")
    assert b"\xe6\x98\x94\xe3\x81\xae" in f.read()             # 昔の: the old wording is in it
    f.close()
    got, _ = texts_of("ja", None, str(path), monkeypatch)
    assert got["NEW_GAME"] == "新しいゲーム" and got["TITLE"] == "カードゲーム得点板"
    _same_as_the_tables(reference, monkeypatch, str(path))
    # the tables the file was made from are on the board again: it is used (nothing imported)
    from words import texts_check
    monkeypatch.setattr(texts_module, "ROOT", str(old) + "/")
    texts_check.forget()
    got, imported = texts_of("ja", None, str(path), monkeypatch)
    assert got["TITLE"] == "昔の得点板" and "ui.strings" not in imported
    monkeypatch.undo()
    texts_check.forget()


def test_the_index_finds_every_id_and_nothing_else():
    """look() finds an id through the section's hash table (ui/texts.index()), never by searching:
    every id of every table in both languages, with the 8-bit table and the 16-bit one a table of
    255 ids or more gets; an id no table has, and ids that share a slot, are told apart; the CRC
    in Python (a MicroPython without binascii) is binascii's."""
    import binascii
    crc = texts_module._crc
    for key in (b"", b"E_SEATS", b"KB_TOTAL_LAPS"):
        want = binascii.crc32(key) & 0xFFFF
        texts_module._crc = None
        try:
            assert texts_module.id_hash(key) == want, key
        finally:
            texts_module._crc = crc
    tables = [registry.module(name).MESSAGES for name in table_modules()]
    big = dict(("X%d" % i, ("e%d" % i, "日%d" % i)) for i in range(300))
    try:
        for table in tables + [big]:
            for w in (0, 1):
                sec = texts_module.section(table, w)
                n = len(table)
                assert len(sec[4]) == texts_module.slots_for(n) * (2 if n >= 255 else 1)
                for sid in table:
                    assert texts_module.look((sec,), sid) == table[sid][w], sid
                assert texts_module.look((sec,), "NO_SUCH_TEXT") is None
                assert texts_module.look((sec,), "") is None
        # two ids in one slot: the second is probed past the first
        m = texts_module.slots_for(2)
        a = "A"
        b = next(s for s in ("B%d" % i for i in range(999))
                 if texts_module.id_hash(s.encode()) & (m - 1) == texts_module.id_hash(a.encode()) & (m - 1))
        sec = texts_module.section({a: ("a", "あ"), b: ("b", "い")}, 1)
        assert texts_module.look((sec,), a) == "あ" and texts_module.look((sec,), b) == "い"
    finally:
        registry.unload(table_modules())


def test_an_index_that_lies_never_gives_another_texts_id_nor_fails(reference, monkeypatch, tmp_path):
    """A CRC-valid file whose hash tables point ids at other ids, out of the table, or nowhere (a
    crafted file: the reader does not rebuild the index at each load): the boot reaches its start
    screen, every t() is its own text or its id, never another's, and nothing raises."""
    import random
    real = make_texts.section
    rnd = random.Random(7)

    def section(table, w):
        ids, offs, blob, pos, slots = real(table, w)
        slots = bytes(rnd.choice((0, 0, v, (v * 7) % 256, 255)) for v in slots)
        return ids, offs, blob, pos, slots

    monkeypatch.setattr(make_texts, "section", section)
    data = make_texts.build()
    monkeypatch.setattr(make_texts, "section", real)
    path = tmp_path / "misindexed.bin"
    path.write_bytes(data)
    monkeypatch.setattr(texts_module, "PATH", str(path))
    d = Driver(lang="ja")
    assert d.screen() == "Boot" and not d.app.errors
    hidden = 0
    for lang in ("ja", "en"):
        for kind in KINDS:
            got, _ = texts_of(lang, kind, str(path), monkeypatch)
            want = reference[(lang, kind)]
            wrong = [(i, got[i], want[i]) for i in want if got[i] not in (want[i], i, "E_SEATS")]
            assert not wrong, (lang, kind, wrong[:5])
            hidden += sum(1 for i in want if got[i] == i != want[i])
    assert hidden > 0          # the lies did hide texts: the test saw what it is about


def blob_en(f, d, at):
    """ui.strings en's texts as read at `at`, their length from the section as read whole."""
    n = len(texts_module.read_section(f, d, "ui.strings en")[2])
    f.seek(at)
    return f.read(n)


def test_a_trusted_file_reads_the_same_without_its_checks(reference, monkeypatch):
    """Our firmware freezes texts.bin with its tables and sets TRUSTED (frozen_data.install()):
    the sections come unchecked, every text the same; a damaged section is then not caught, which
    is why only a file inside the firmware image is trusted."""
    monkeypatch.setattr(texts_module, "TRUSTED", True)
    for lang in ("ja", "en"):
        for kind in KINDS:
            got, imported = texts_of(lang, kind, None, monkeypatch)
            assert imported == []
            want = reference[(lang, kind)]
            assert [i for i in want if got[i] != want[i]] == [], (lang, kind)
    f, d = texts_module.open_file()
    try:
        calls = []
        monkeypatch.setattr(texts_module, "_made_from", lambda *a: calls.append(a) or True)
        assert texts_module.read_section(f, d, "ui.strings ja") is not None and calls == []
        assert texts_module.read_section(f, d, "tally_game.texts ja") is None
        # in place: the texts left unread, where the reader that checks them finds them
        at = texts_module.read_section(f, d, "ui.strings en", True)[2]
        assert texts_module.read_section(f, d, "ui.strings en")[2] == blob_en(f, d, at)
        monkeypatch.setattr(texts_module, "TRUSTED", False)
        blob = texts_module.read_section(f, d, "ui.strings en", True)[2]
        assert isinstance(at, int) and f.tell() - len(blob) == at and blob == blob_en(f, d, at)
        calls[:] = []
        assert texts_module.read_section(f, d, "ui.strings ja") is not None and len(calls) == 1
    finally:
        f.close()
