# Every text the firmware can put on the panel, read as a player would: a real glyph for every
# character, nothing past the panel's edge, no programmer text (None, seat -1, braces, reprs).
#
# What is read: every message of every table (core/messages.py, msg_*.py, ui/strings.py) in
# both languages with realistic values filled in, every card and rank name of the four games,
# numbers and seat labels, common Japanese names in kanji and kana, every character of every
# string literal in firmware/, and what the screens really draw during seeded walks through the
# four games played by players with kanji names.
import ast
import importlib
import os
import random
import re

import pytest

from host_tools.board import make_font
from core import registry
from draw import font
from draw.canvas import Canvas, WIDTH
from draw.font import text_width
from ui.screens.common import wrap
from ui_harness import Driver, TextLog

LANGS = ("ja", "en")
TOAST_W = WIDTH - 4        # App.draw_toast: wrapped at 124 px, three lines
TOAST_LINES = 3

# Common Japanese names as a table pushes them from the PC (host_tools/board/names.py: up to 8 characters).
NAMES = ("佐藤", "鈴木", "高橋", "田中", "渡辺", "伊藤", "山本", "中村", "小林", "加藤", "吉田", "山田",
         "佐々木", "山口", "松本", "井上", "木村", "林", "斎藤", "清水", "山崎", "森", "池田", "橋本",
         "阿部", "石川", "前田", "藤田", "小川", "岡田", "後藤", "長谷川", "村上", "近藤", "石井", "遠藤",
         "太郎", "花子", "陽菜", "蓮", "結衣", "翔太", "大翔", "湊", "凛", "葵", "陽翔", "芽依", "悠真",
         "美咲", "健太", "拓也", "愛", "優奈", "颯太", "結菜", "樹", "彩花", "大輔", "直樹",
         "さくら", "ゆい", "はると", "あや", "ちか", "みなと", "ひなた", "こうき", "アヤ", "ケン", "ユウキ",
         "高橋陽菜", "佐々木翔太", "渡辺さくら", "Ben", "Alice", "P1")
NAME = "高橋陽菜"            # the realistic name put into messages: four full-width characters

# Realistic values for the messages' placeholders, by name (a dict: by language).
VALUES = {
    "name": NAME, "seat": NAME, "a": NAME, "b": "佐藤", "p": NAME, "who": NAME,
    "n": 12, "v": 12, "k": 3, "of": 5, "r": "10", "g": 3, "lo": 2, "hi": 24, "j": 2, "s": 1,
    "pot": 24, "min": 2, "max": 6, "hold": 12, "need": 12, "sum": 21, "card": "10", "okoshi": "R1",
    "count": 4, "rank": "JOKER", "top": "Q", "cap": 4000, "trumps": 3, "size": 5, "deal": 5,
    "want": 4, "f": 8, "face": 6, "laps": 3, "pips": 2, "pts": 1280, "t": 12800, "d": 640, "key": "rounds",
    "line": 123, "schema": 2, "seq": 57, "events": 57, "bytes": 120,
    "ph": {"ja": "判定札", "en": "Judge"},
    "field": {"ja": "ドボンした人", "en": "Dobon by"},
    "setting": {"ja": "上限（0はなし）", "en": "Cap (0: none)"},   # a setting's label (settings.py)
    "why": {"ja": "席の数", "en": "seats"},
    "what": {"ja": NAME + " 勝負（12）", "en": NAME + " raises to 12"},
    "w": NAME, "l": "佐藤", "by": NAME, "on": "佐藤", "net": "+12", "how": "10+2-5",
    "res": {"ja": "的中+12", "en": "won+12"},
    "cards": {"ja": "赤ピン 三 三 二", "en": "R1 3 3 2"},
    "i": 57,
}
VALUES_BY_ID = {"ERR_SHOWN": {"what": "ZeroDivisionError"}, "KK_PAY": {"n": 1280, "p": 160, "f": 8},
                "DB_PLAY_HINT": {"left": {"ja": "16枚引く", "en": "Draw 16"}, "ok": {"ja": "2を出す", "en": "play 2"}},
                "PH_HAND_LINE": {"state": {"ja": "スマホで入力済み", "en": "entered on the phone"}},
                "KH_ANSWER": {"q": {"ja": "符号札は引算？", "en": "Sign card: minus?"}, "a": {"ja": "いいえ", "en": "No"}},
                "RESUME_OF": {"where": {"ja": "第12回・判定札切り直し2/3", "en": "Round 12, judge shuffles 2/3"}},
                "KB_M2": {"d": 2, "a": 4, "b": 2},              # the die's faces, before and after
                "KK_HIST_PAID": {"what": {"ja": "天和", "en": "Tenhou"},
                                 "who": {"ja": NAME + "+36", "en": NAME + " +36"}}}


def tables():
    """[(module name, MESSAGES)] of every message table."""
    return [(m, importlib.import_module(m).MESSAGES) for m in make_font.table_modules()]


def game_names(lang):
    """The games' own names (RESUME_OF's {game})."""
    return [registry.name(k, lang) for k in registry.KINDS]


def fill(sid, s, lang):
    """The message with every placeholder filled with a realistic value; KeyError names one
    this test has no value for."""
    def value(m):
        key = m.group(1)
        v = VALUES_BY_ID.get(sid, {}).get(key)
        if v is None and key == "game":
            v = max(game_names(lang), key=text_width)
        if v is None:
            if key not in VALUES:
                raise KeyError("%s: give {%s} a realistic value in VALUES" % (sid, key))
            v = VALUES[key]
        if isinstance(v, dict):
            v = v[lang]
        return str(v)
    return re.sub(r"\{(\w+)\}", value, s)


# ---- what counts as a fault ---------------------------------------------------------------------
PROGRAMMER = [
    (re.compile(r"(?<![A-Za-z])None(?![A-Za-z])"), "None"),
    (re.compile(r"(?<![A-Za-z])(True|False)(?![A-Za-z])"), "a bool"),
    (re.compile(r"Traceback|object at 0x|<[a-z_]+ "), "a traceback or repr"),
    (re.compile(r"[{}]"), "a brace (placeholder not filled, or a dict)"),
    (re.compile(r"(席|[Ss]eat|\bP)\s*-\d"), "a seat -1"),
    (re.compile(r"(?<![A-Za-z])P0(?!\d)"), "seat P0 (an index shown as a number)"),
    (re.compile(r"\d\s*[<>]\s*\d"), "a comparison (4>3) instead of the rule"),
    (re.compile(r"(?<![A-Za-z])'[^'\s]*'"), "repr quotes"),
    (re.compile(r"\[[^\]]*, [^\]]*\]"), "a list's repr"),
    (re.compile(r"(?<![A-Za-z0-9])[A-Z]+_[A-Za-z0-9_]+"), "a message id shown raw (not in any table)"),
]


def programmer_text(s):
    return [why for rx, why in PROGRAMMER if rx.search(s)]


def missing_glyphs(s):
    return sorted({ch for ch in s if make_font.drawable(ch) and not font.has_glyph(ch)})


def drawn_as_font(s):
    """Draw `s` with the project's Canvas; True when every character drew its font glyph (no box)."""
    c = Canvas()
    x = 0
    for ch in s:
        cols, w = font.glyph_columns(ch)
        if cols == font._BOX and ch != "\u25a1":
            return False
        x += w
    return c.text(s, 0, 0) == x == text_width(s)


def toast_ids():
    """Ids the UI shows as a toast (App.say, refusals, kakehiki's recorded()): wrapped in three
    lines. Every E_ id is a refusal; the others are found in the calls' arguments (a constant
    ending in "_" there is a prefix the call completes: "ASK_" + key)."""
    ids = set()
    for path in make_font.firmware_sources():
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read())
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                fn = node.func
                name = fn.attr if isinstance(fn, ast.Attribute) else getattr(fn, "id", None)
                if name in ("say", "recorded", "refuse", "Refusal"):
                    for a in node.args:
                        for sub in ast.walk(a):
                            if isinstance(sub, ast.Constant) and isinstance(sub.value, str):
                                ids.add(sub.value)
    prefixes = tuple(["E_"] + [k for k in ids if k.endswith("_")])
    for _, table in tables():
        ids |= {k for k in table if k.startswith(prefixes)}
    return ids


# ---- the message tables ----------------------------------------------------------------------------
def all_messages():
    for mod, table in tables():
        for sid, pair in sorted(table.items()):
            for lang in LANGS:
                yield mod, sid, lang, pair[1 if lang == "ja" else 0]


def test_every_message_filled_with_realistic_values_reads_right():
    toasts = toast_ids()
    faults = []
    n = 0
    for mod, sid, lang, template in all_messages():
        n += 1
        where = "%s %s [%s]" % (mod.split(".")[-1], sid, lang)
        try:
            s = fill(sid, template, lang)
        except KeyError as e:
            faults.append("%s: %s" % (where, e.args[0]))
            continue
        for why in programmer_text(s):
            faults.append("%s: %s in %r" % (where, why, s))
        miss = missing_glyphs(s)
        if miss:
            faults.append("%s: no glyph for %r in %r" % (where, "".join(miss), s))
        if sid in toasts:
            lines = wrap(s, TOAST_W)
            if len(lines) > TOAST_LINES:
                faults.append("%s: a toast of %d lines (3 show) %r" % (where, len(lines), s))
        else:
            for line in s.split("\n"):
                if text_width(line) > WIDTH:
                    faults.append("%s: %d px > %d %r" % (where, text_width(line), WIDTH, line))
    assert n > 300
    assert not faults, "%d faults:\n" % len(faults) + "\n".join(faults)


def test_the_checks_catch_what_they_are_for():
    """The fault finders are real: each kind of bad text is caught, good text is not."""
    for bad in ("札Noneが不正", "席-1はない", "Seat -1", "P2 None 場の札", "{n}枚", "Traceback (most",
                "bad 'x'", "hand [3, 3, 2]", "P0の番", "1が多すぎ 4>3", "GRID_HINT", "KB_hand_of"):
        assert programmer_text(bad), bad
    for good in ("席 佐藤の勝ち", "Seat 佐藤's turn", "Can't cover 12", "-12点", "P1 [2] →4:1",
                 "計12800点→高橋陽菜", "第3/5戦 親高橋陽菜", "R1 S4 JOKER", "OK:登録"):
        assert not programmer_text(good), good
    assert missing_glyphs("佐藤\u9f98") == ["\u9f98"] and not missing_glyphs("佐藤\n")
    assert not drawn_as_font("\u9f98") and drawn_as_font("二三五六")
    assert wrap("あ" * 50, TOAST_W).__len__() > TOAST_LINES
    with pytest.raises(KeyError):
        fill("X", "{no_such_value}", "ja")


# ---- names, cards, numbers ----------------------------------------------------------------------
def card_names():
    """The card and rank names every game with cards draws (tests/kinds/<kind>/data.py: card_names)."""
    import game_data
    out = []
    for kind in game_data.kinds():
        names = getattr(game_data.of(kind), "card_names", None)
        if names:
            out += names()
    return [s for s in out if s]


def test_card_and_rank_names_of_the_four_games_draw_real_glyphs():
    names = card_names()
    assert {"二", "三", "五", "六", "七", "八", "九", "赤ピン", "魂四", "JOKER", "10", "K"} <= set(names)
    bad = [s for s in names if missing_glyphs(s) or not drawn_as_font(s)]
    assert not bad, bad


def test_common_japanese_names_draw_real_glyphs():
    assert len([n for n in NAMES if not n.isascii()]) >= 60
    bad = [n for n in NAMES if missing_glyphs(n) or not drawn_as_font(n)]
    assert not bad, bad
    # a name column holds 8 full-width characters (host_tools/board/names.py MAX_LEN)
    assert all(text_width(n) <= 64 for n in NAMES)


def test_numbers_and_seat_labels_draw_real_glyphs():
    texts = ["P%d" % i for i in range(1, 7)] + [str(n) for n in (0, 7, -12, 4000, 12800, -123456)]
    texts += ["+12", "×2", "①基本 +1", "第3回", "12点", "3周", "5枚", "1位", "→", "▲▼◀▶", "・ー、。「」"]
    bad = [s for s in texts if missing_glyphs(s) or not drawn_as_font(s)]
    assert not bad, bad


def test_every_character_of_every_string_literal_in_firmware_has_a_glyph():
    faults = {}
    for path in make_font.firmware_sources():
        for s in make_font.string_literals(path, docstrings=True):
            for ch in missing_glyphs(s):
                faults.setdefault(ch, os.path.relpath(path, make_font.FIRMWARE))
    assert not faults, faults


# ---- the screens themselves: seeded walks with kanji names --------------------------------------
BUTTONS = ("up", "down", "left", "right", "ok", "ok", "back")
KINDS = ("click",) * 8 + ("repeat", "long")
SEATS = dict((k, registry.seats(k)[1]) for k in registry.KINDS)   # as many players as each game allows


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("kind", sorted(SEATS))
def test_what_the_screens_draw_in_a_game_with_kanji_names(kind, lang):
    rnd = random.Random("%s-%s" % (kind, lang))
    d = Driver(lang=lang)
    names = list(rnd.sample([n for n in NAMES if not n.isascii()], SEATS[kind]))
    names[0] = "佐々木翔太"
    d.app.new_game(kind, names, None)
    d.app.frame()
    log = TextLog()
    log.install()
    faults = set()
    try:
        for _ in range(700):
            g = d.app.game
            if g is None or g.header["kind"] != kind or g.is_over():
                d.app.new_game(kind, names, None)     # the walk left the game: a new one
            log.drawn.clear()
            log.over.clear()
            d.app.on_button(rnd.choice(KINDS), rnd.choice(BUTTONS))
            d.clock.t += 300
            d.app.frame()
            screen = type(d.app.top()).__name__
            for s, x, y in log.drawn:
                for why in programmer_text(s):
                    faults.add("%s: %s in %r" % (screen, why, s))
                miss = missing_glyphs(s)
                if miss:
                    faults.add("%s: no glyph for %r in %r" % (screen, "".join(miss), s))
            for s, x, y, w in log.over:
                faults.add("%s: off the panel at x=%d..%d y=%d: %r" % (screen, x, x + w, y, s))
    finally:
        log.uninstall()
    assert not faults, "\n".join(sorted(faults)[:40])
