"""Regenerates firmware/ui/font_misaki.py: the misaki 8x8 font cut down to the glyphs the UI uses.

Run after adding or changing any message text:   .venv/bin/python -m host_tools.make_font
Needs Debian's fonts-misaki (apt-get install -y fonts-misaki) and font-to-py (pip, pinned in venv).
"""
import ast
import glob
import importlib
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")
OUT = os.path.join(FIRMWARE, "ui", "font_misaki.py")
TTF = "/usr/share/fonts/truetype/misaki/misaki_gothic.ttf"

# Always present: printable ASCII (numbers, names typed in Latin) and the UI's symbols.
ASCII = "".join(chr(c) for c in range(32, 127))
SYMBOLS = "▲▼◀▶・ー、。「」"
# Player names can be pushed from the PC; kana-only names must still show, so both kana
# tables are kept (about 2 KB). Kanji in names fall back to the error glyph '?'. Left out: the
# rare kana misaki (JIS X 0208) does not have (ゔゕゖ ヷヸヹヺ).
KANA = "".join(chr(c) for c in range(0x3041, 0x3094)) + "".join(chr(c) for c in range(0x30A1, 0x30F7))

# Glyphs misaki lacks (JIS X 0208 has up/down triangles only), drawn here as page-byte columns
# (bit 0 = top row), matching ▲▼: 7 px tall, base on one side.
EXTRA_GLYPHS = {
    "\u25b6": bytes((0x7F, 0x3E, 0x3E, 0x1C, 0x1C, 0x08, 0x08, 0x00)),   # ▶
    "\u25c0": bytes((0x08, 0x08, 0x1C, 0x1C, 0x3E, 0x3E, 0x7F, 0x00)),   # ◀
}

# Modules holding MESSAGES = {id: (english, japanese)}: the engine's, each game's, the UI's.
TABLE_GLOBS = ("scoreboard/messages.py", "scoreboard/msg_*.py", "ui/strings.py")


def table_modules():
    """Module names (importable with firmware/ on sys.path) of every message table."""
    names = []
    for pattern in TABLE_GLOBS:
        for path in sorted(glob.glob(os.path.join(FIRMWARE, pattern))):
            rel = os.path.relpath(path, FIRMWARE)[:-3]
            names.append(rel.replace(os.sep, "."))
    return names


def table_chars():
    """Every character used by any text of any message table."""
    if FIRMWARE not in sys.path:
        sys.path.insert(0, FIRMWARE)
    chars = set()
    for name in table_modules():
        table = getattr(importlib.import_module(name), "MESSAGES", {})
        for texts in table.values():
            for text in texts:
                chars.update(text)
    return chars


def literal_chars():
    """Non-ASCII characters in string literals of firmware/ui/*.py (screens that spell text
    out instead of using a message table), so those glyphs are never missed either."""
    chars = set()
    for path in glob.glob(os.path.join(FIRMWARE, "ui", "*.py")):
        if os.path.basename(path) == "font_misaki.py":
            continue
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read())
        docstrings = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
                docstrings.add(id(node.value))
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
                chars.update(c for c in node.value if ord(c) > 126)
    return chars


def wanted_chars():
    """The font's character set: what the messages use plus the fixed sets above."""
    chars = set(ASCII) | set(SYMBOLS) | set(KANA) | table_chars() | literal_chars()
    return "".join(sorted(c for c in chars if c.isprintable()))


def font_chars(module=None):
    """Characters the generated font really holds (read from its sparse index)."""
    if module is None:
        if FIRMWARE not in sys.path:
            sys.path.insert(0, FIRMWARE)
        module = importlib.import_module("ui.font_misaki")
    sp = bytes(module._sparse)
    # '?' is the error glyph (index 0): font-to-py leaves it out of the index but draws it.
    return {chr(sp[i] | sp[i + 1] << 8) for i in range(0, len(sp), 4)} | {"?"}


RUN_FONT_TO_PY = "import sys; from font_to_py.font_to_py import main; sys.argv[0] = 'font_to_py'; main()"


def add_glyphs(text, extra):
    """Put `extra` {char: columns} into a font-to-py (-y, 8 px) module's _font and _sparse."""
    env = {}
    exec(compile(text, "font", "exec"), env)
    font, sparse = bytearray(env["_font"]), bytes(env["_sparse"])
    index = {sparse[i] | sparse[i + 1] << 8: sparse[i + 2] | sparse[i + 3] << 8
             for i in range(0, len(sparse), 4)}
    font += bytes(-len(font) % 8)               # the last glyph is not padded; ours must align
    for ch, cols in sorted(extra.items()):
        n = len(font) // 8                      # glyphs start on 8-byte boundaries
        index[ord(ch)] = n
        glyph = bytes((len(cols), 0)) + cols
        font += glyph + bytes(-len(glyph) % 8)
    new_sparse = b"".join(bytes((c & 255, c >> 8, i & 255, i >> 8)) for c, i in sorted(index.items()))

    def literal(name, data):
        rows = ["b'" + "".join("\\x%02x" % b for b in data[i:i + 16]) + "'" for i in range(0, len(data), 16)]
        return "%s =\\\n" % name + "\\\n".join(rows) + "\n"

    text = re.sub(r"^_font =\\\n(?:b'.*'\\?\n)+", lambda m: literal("_font", font), text, count=1, flags=re.M)
    text = re.sub(r"^_sparse =\\\n(?:b'.*'\\?\n)+", lambda m: literal("_sparse", new_sparse), text,
                  count=1, flags=re.M)
    text = re.sub(r"^def max_ch\(\):\n    return \d+", "def max_ch():\n    return %d" % max(index), text,
                  count=1, flags=re.M)
    return text


def main():
    if not os.path.exists(TTF):
        sys.exit("missing %s: apt-get install -y fonts-misaki" % TTF)
    charset = "".join(c for c in wanted_chars() if c not in EXTRA_GLYPHS)
    with tempfile.TemporaryDirectory() as tmp:
        with open(os.path.join(tmp, "charset.txt"), "w", encoding="utf-8") as f:
            f.write(charset)
        # -y: vertical byte mapping (LSB on top) = the SSD1306 page layout, so the canvas ORs
        # whole glyph columns into its buffer. Written in tmp: font-to-py wants a bare file name.
        subprocess.run([sys.executable, "-c", RUN_FONT_TO_PY, "-y", "-k", "charset.txt",
                        TTF, "8", "font_misaki.py"], cwd=tmp, check=True, stdout=subprocess.DEVNULL)
        with open(os.path.join(tmp, "font_misaki.py"), encoding="utf-8") as f:
            text = f.read()
    text = add_glyphs(text, EXTRA_GLYPHS)
    # The generator's own header carries this machine's paths; make it the same everywhere.
    text = re.sub(r"^# Cmd: .*$", "# Cmd: python -m host_tools.make_font (font-to-py -y misaki_gothic.ttf 8)",
                  text, count=1, flags=re.M)
    text = ("# Generated by host_tools/make_font.py (do not edit): misaki gothic 8x8, only the UI's glyphs.\n"
            + text)
    with open(OUT, "w", encoding="utf-8") as f:
        f.write(text)
    lacking = sorted(set(wanted_chars()) - font_chars(_load(OUT)))
    print("%s: %d glyphs, %d bytes" % (os.path.relpath(OUT, ROOT), len(font_chars(_load(OUT))),
                                       len(_load(OUT)._font) + len(_load(OUT)._sparse)))
    if lacking:
        print("misaki has no glyph for %r (drawn as '?'): use other characters or add them to "
              "EXTRA_GLYPHS" % "".join(lacking))


def _load(path):
    import types
    mod = types.ModuleType("font_check")
    with open(path, encoding="utf-8") as f:
        exec(compile(f.read(), path, "exec"), mod.__dict__)
    return mod


if __name__ == "__main__":
    main()
