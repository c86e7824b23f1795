"""Regenerates firmware/draw/misaki.fnt: the whole misaki gothic 8x8 font as a data file on the flash
(and firmware/draw/font_spare.py: the glyphs of the damaged-font notice, see spare_source()).

    .venv/bin/python -m host_tools.board.make_font      (make font)

Needs Debian's fonts-misaki (apt-get install -y fonts-misaki) and font-to-py (pip, pinned in venv).
Every character of misaki_gothic.ttf (JIS X 0208: kana, kanji, symbols, plus ASCII and half-width
katakana, ~7,200 glyphs) goes in, so any text and any name pushed from the PC draws; the canvas
reads one glyph at a time with seek/read and keeps a small cache (firmware/draw/font.py).

The file (little-endian, every glyph 8x8, font-to-py -y columns = the SSD1306's page bytes):

    0   b"MSK2"
    4   u16 n        glyphs
    6   u16 nblocks  blocks of the code point index (BLOCK code points each, the last one shorter)
    8   u16 nranges  half-width (4 px) code point ranges; every other glyph is 8 px wide
    10  u16 BLOCK
    12  u32 crc32 of bytes 0-11, the block starts and the ranges (what the canvas keeps in RAM)
    16  nblocks x u16  first code point of each block (the canvas keeps this in RAM: ~230 bytes)
        nranges x (u16 lo, u16 hi)  inclusive half-width ranges (kept in RAM too)
        nblocks x u32  crc32 of each block: its glyphs' columns, then its code points' bytes
        n x u16        code points, sorted
        n x 8 bytes    glyph columns, bit 0 = top row; a 4 px glyph's last 4 bytes are 0

The CRCs let the canvas vouch for every glyph it draws without reading the whole file at boot:
the header's when it opens the file (with the file's size), a block's when it first reads from
that block; a glyph it cannot vouch for draws as the box (docs/font.md, "A damaged file").
"""
import ast
import binascii
import glob
import importlib
import os
import re
import struct
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIRMWARE = os.path.join(ROOT, "firmware")
OUT = os.path.join(FIRMWARE, "draw", "misaki.fnt")
TTF = "/usr/share/fonts/truetype/misaki/misaki_gothic.ttf"
MAGIC = b"MSK2"
BLOCK = 64          # code points per index block: one 128-byte read finds a glyph's number
HEADER = 16

# Glyphs misaki lacks (JIS X 0208 has up/down triangles only), drawn here as page-byte columns
# (bit 0 = top row), matching ▲▼: 7 px tall, base on one side.
EXTRA_GLYPHS = {
    "\u25b6": bytes((0x7F, 0x3E, 0x3E, 0x1C, 0x1C, 0x08, 0x08, 0x00)),   # ▶
    "\u25c0": bytes((0x08, 0x08, 0x1C, 0x1C, 0x3E, 0x3E, 0x7F, 0x00)),   # ◀
}

# Modules holding MESSAGES = {id: (english, japanese)}: the engine's, each game's, the UI's.
TABLE_GLOBS = ("core/messages.py", "kinds/*/texts.py", "ui/strings.py", "net/strings.py")


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


def string_literals(path, docstrings=False):
    """Every string literal of a Python file (docstrings left out unless asked)."""
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read())
    skip = set()
    if not docstrings:
        for node in ast.walk(tree):
            if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
                skip.add(id(node.value))
    return [node.value for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip]


def firmware_sources():
    return sorted(glob.glob(os.path.join(FIRMWARE, "**", "*.py"), recursive=True))


def literal_chars():
    """Printable characters in the string literals of every firmware file (screens that spell text
    out instead of using a message table), so those glyphs are never missed either."""
    chars = set()
    for path in firmware_sources():
        for s in string_literals(path):
            chars.update(c for c in s if drawable(c))
    return chars


def wanted_chars():
    """What the firmware can draw by itself: the message tables and the literals."""
    chars = {c for c in table_chars() | literal_chars() if drawable(c)}
    return "".join(sorted(chars))


RUN_FONT_TO_PY = "import sys; from font_to_py.font_to_py import main; sys.argv[0] = 'font_to_py'; main()"


def drawable(ch):
    """A character with ink or width on the panel: printable, or the full-width space U+3000."""
    return ch.isprintable() or ch == "\u3000"


def ttf_chars(ttf=TTF):
    """Every drawable BMP character the TrueType font maps to a glyph."""
    import freetype
    face = freetype.Face(ttf)
    return "".join(chr(cp) for cp, _ in face.get_chars() if cp < 0x10000 and drawable(chr(cp)))


def render(ttf=TTF):
    """{code point: (width, 8 column bytes)} for the whole font plus EXTRA_GLYPHS."""
    charset = "".join(c for c in ttf_chars(ttf) if c not in EXTRA_GLYPHS)
    with tempfile.TemporaryDirectory() as tmp:
        with open(os.path.join(tmp, "charset.txt"), "w", encoding="utf-8") as f:
            f.write(charset)
        # -y: vertical byte mapping (LSB on top) = the SSD1306 page layout, so the canvas copies
        # whole glyph columns into its buffer. Written in tmp: font-to-py wants a bare file name.
        subprocess.run([sys.executable, "-c", RUN_FONT_TO_PY, "-y", "-k", "charset.txt",
                        ttf, "8", "font_gen.py"], cwd=tmp, check=True, stdout=subprocess.DEVNULL)
        env = {}
        with open(os.path.join(tmp, "font_gen.py"), encoding="utf-8") as f:
            exec(compile(f.read(), "font_gen", "exec"), env)
    import freetype
    face = freetype.Face(ttf)
    face.set_pixel_sizes(0, 8)
    glyphs = {}
    for ch in charset:
        cols, height, width = env["get_ch"](ch)
        # the width is the font's advance: font-to-py gives a blank glyph (U+3000) the space's
        face.load_char(ch)
        advance = face.glyph.advance.x >> 6
        assert height == 8 and advance in (4, 8) and width <= advance, (ch, height, width, advance)
        glyphs[ord(ch)] = (advance, bytes(cols) + bytes(8 - width))
    for ch, cols in EXTRA_GLYPHS.items():
        glyphs[ord(ch)] = (8, cols)
    return glyphs


def pack(glyphs):
    """The file's bytes for {code point: (width, columns)} (format: the module docstring)."""
    cps = sorted(glyphs)
    # runs of 4 px glyphs next to each other in code point order: a range may span code points
    # the font lacks, never a glyph of the other width
    ranges = []
    prev_narrow = False
    for cp in cps:
        narrow = glyphs[cp][0] == 4
        if narrow and prev_narrow:
            ranges[-1][1] = cp
        elif narrow:
            ranges.append([cp, cp])
        prev_narrow = narrow
    firsts = cps[::BLOCK]
    head = MAGIC + struct.pack("<HHHH", len(cps), len(firsts), len(ranges), BLOCK)
    kept = struct.pack("<%dH" % len(firsts), *firsts)
    for lo, hi in ranges:
        kept += struct.pack("<HH", lo, hi)
    index = struct.pack("<%dH" % len(cps), *cps)
    columns = b"".join(glyphs[cp][1] for cp in cps)
    crcs = b""
    for b in range(0, len(cps), BLOCK):
        e = min(b + BLOCK, len(cps))
        crcs += struct.pack("<I", binascii.crc32(index[2 * b:2 * e], binascii.crc32(columns[8 * b:8 * e])))
    crc = binascii.crc32(kept, binascii.crc32(head))
    return head + struct.pack("<I", crc) + kept + crcs + index + columns


def read(data):
    """{code point: (width, columns)} back from the file's bytes (tests and font_chars)."""
    assert data[:4] == MAGIC
    n, nblocks, nranges, block = struct.unpack_from("<HHHH", data, 4)
    off = HEADER + 2 * nblocks
    ranges = [struct.unpack_from("<HH", data, off + 4 * i) for i in range(nranges)]
    off += 4 * nranges + 4 * nblocks
    cps = struct.unpack_from("<%dH" % n, data, off)
    off += 2 * n
    out = {}
    for i, cp in enumerate(cps):
        w = 4 if any(lo <= cp <= hi for lo, hi in ranges) else 8
        out[cp] = (w, bytes(data[off + 8 * i:off + 8 * i + 8]))
    return out


def font_chars(path=OUT):
    """Characters the generated file really holds."""
    with open(path, "rb") as f:
        return {chr(cp) for cp in read(f.read())}


def build(ttf=TTF):
    return pack(render(ttf))


# The notice that the font file is damaged (ui/strings.py) must read even when the file does not:
# its characters' glyphs go into draw/font_spare.py too, which draw/font.py imports only then.
SPARE_OUT = os.path.join(FIRMWARE, "draw", "font_spare.py")
SPARE_IDS = ("FONT_DAMAGED",)


def spare_source(data):
    """draw/font_spare.py's text: the glyphs of SPARE_IDS' texts (both languages) from the font
    file's bytes `data`."""
    if FIRMWARE not in sys.path:
        sys.path.insert(0, FIRMWARE)
    table = importlib.import_module("ui.strings").MESSAGES
    glyphs = read(data)
    chars = sorted({ch for sid in SPARE_IDS for text in table[sid] for ch in text if drawable(ch)})
    cols = "".join("    %r  # %r\n" % (glyphs[ord(c)][1], c) for c in chars)
    return ("# Generated by make font (host_tools/board/make_font.py) from draw/misaki.fnt: the glyphs of the\n"
            "# notice that the font file is damaged (ui/strings.py %s), which the canvas draws from\n"
            "# here when the file cannot vouch for them. Imported only then.\n"
            "CHARS = %r\nWIDTHS = %r\nCOLUMNS = (\n%s)\n"
            % (", ".join(SPARE_IDS), "".join(chars), bytes(glyphs[ord(c)][0] for c in chars), cols))


def main():
    if not os.path.exists(TTF):
        sys.exit("missing %s: apt-get install -y fonts-misaki" % TTF)
    data = build()
    with open(OUT, "wb") as f:
        f.write(data)
    with open(SPARE_OUT, "w", encoding="utf-8") as f:
        f.write(spare_source(data))
    have = font_chars(OUT)
    print("%s: %d glyphs, %d bytes; %s" % (os.path.relpath(OUT, ROOT), len(have), len(data),
                                          os.path.relpath(SPARE_OUT, ROOT)))
    lacking = sorted(set(wanted_chars()) - have)
    if lacking:
        print("misaki has no glyph for %r (drawn as a box): use other characters or add them to "
              "EXTRA_GLYPHS" % "".join(lacking))


if __name__ == "__main__":
    from host_tools.cli_io import run_command
    sys.exit(run_command(main))
