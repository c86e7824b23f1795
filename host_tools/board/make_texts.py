"""Generates firmware/ui/texts.bin: the message tables' texts as one data file on the flash. The
file is a build product, not tracked (.gitignore): `make`, `make deploy` (deploy.stage), the web
page's build, the simulator and the test session write it when it is missing or stale.

    .venv/bin/python -m host_tools.board.make_texts      (make texts; make sim/test/deploy/... run it
                                                      when a table is newer than the file)

The tables (core/messages.py, kinds/<game>/texts.py, ui/strings.py: MESSAGES = {id:
(English, 日本語)}) stay the readable source and stay importable. At boot the App reads from this
file only the sections it needs (words/texts.py, load()), with seek/read, instead of importing
the tables: loading a table's .mpy makes every text a str, and MicroPython looks each one up in
the qstr pools first (docs/performance.md, "Boot to the first picture"). A table with no section
here (a game registered from elsewhere, like the tests' タリー) is imported as before, and a
missing or damaged file makes the App import every table: the boot never depends on this file.

The file (little-endian):

    0   b"TXT3"
    4   u16 nsect     sections: one per table module and language
    6   u16 dirlen    bytes of the directory that follows (at most DIR_MAX)
    8   directory, nsect entries:
          u8 keylen, key (ASCII "<module> <lang>", e.g. b"ui.strings ja"),
          u32 offset of the section from the file's start, u16 idslen, u16 n (texts),
          u16 bloblen, u32 crc32 of the key and the section's bytes (key, then ids, offs, pos,
          slots and blob),
          u32 srclen, u32 srccrc: the length and crc32 of the table's source file (<module>.py)
          the section was made from
        sections, each: ids    "\\n" + "\\n".join(ids) + "\\n" (ASCII, idslen bytes)
                        offs   (n + 1) x u16: where each text starts in blob, then bloblen
                        pos    (n + 1) x u16: where each id starts in ids, then idslen + 1
                        slots  slots_for(n) x u8 (x u16 from 255 ids): the hash table of the ids,
                               id number + 1 at id_hash(id) & (size - 1), linear probing, 0 empty
                        blob   the texts in that language, UTF-8, one after the other
                               (the English or the Japanese of each pair, in table order)

ids, offs, pos, slots and blob are exactly the objects App.t() looks in (words/texts.py, index()
and look(): an id is found in a few steps, not searched for), so the App keeps what it reads
as it is. Sections are in table_modules() order, English then Japanese.

What the reader (words/texts.py, read_section; its rare paths in words/texts_check.py) checks before it
uses a section; any failure and that table is imported instead, the boot goes on:
  - sizes and the CRC, which covers the key: a section is the one its entry names (en/ja swapped
    in the directory, each with its own valid CRC, fail);
  - the texts are UTF-8 (one decode of the section, in C); a text whose offsets cut a character
    (a crafted file: nothing else makes one) is taken from its table when it is looked up;
  - the file was made from the tables on the board: where a table's source <module>.py is on the
    flash (`mpremote mip install` puts the sources there and leaves an older texts.bin behind), its
    length and CRC must be the ones recorded. A table compiled to .mpy only is trusted: only
    `make deploy` puts .mpy tables on the board, and it writes this file fresh beside them and
    removes the board's stale .py files.
"""
import binascii
import glob
import importlib
import os
import struct
import sys

from host_tools import _paths  # noqa: F401  (firmware/ on sys.path)
from host_tools.board.make_font import FIRMWARE, TABLE_GLOBS, table_modules

OUT = os.path.join(FIRMWARE, "ui", "texts.bin")
from words import texts as reader   # the App's reader: its format constants and its section()

MAGIC = reader.MAGIC
LANGS = ("en", "ja")          # the index of each language in a table's (English, 日本語) pairs
ENTRY = struct.Struct("<IHHHIII")   # after the key: offset, idslen, n, bloblen, crc32, srclen, srccrc
DIR_MAX = reader.DIR_MAX          # a longer directory reads as damaged
assert ENTRY.size == reader.ENTRY


def section(table, w):
    """(ids, offs, blob, pos, slots) bytes of one table in language index w (0 English, 1 日本語): exactly
    what the App builds from an imported table (words/texts.py, section())."""
    for k in table:
        if "\n" in k or not k.isascii():
            raise ValueError("text id %r: ids are ASCII without newlines" % k)
    ids, offs, blob, pos, slots = reader.section(table, w)
    if len(blob) > 0xFFFF or len(ids) >= 0xFFFF:
        raise ValueError("a table's texts or ids exceed 64 KB: offsets are 16-bit")
    return ids, offs, blob, pos, slots


def _modules(root):
    """The message tables of the firmware tree `root` (table_modules() for firmware/)."""
    if root == FIRMWARE:
        return table_modules()
    names = []
    for pattern in TABLE_GLOBS:
        for path in sorted(glob.glob(os.path.join(root, pattern))):
            names.append(os.path.relpath(path, root)[:-3].replace(os.sep, "."))
    return names


def build(modules=None, root=FIRMWARE):
    """The file's bytes for `modules` (default: every message table) of the firmware tree `root`
    (firmware/; a test passes an older copy of it)."""
    if root not in sys.path:
        sys.path.insert(0, root)
    secs = []
    for name in modules or _modules(root):
        table = importlib.import_module(name).MESSAGES
        with open(os.path.join(root, *name.split(".")) + ".py", "rb") as f:
            src = f.read()
        made_from = (len(src), binascii.crc32(src) & 0xFFFFFFFF)
        for w, lang in enumerate(LANGS):
            secs.append(((name + " " + lang).encode("ascii"), section(table, w), made_from))
    directory = b"".join(bytes([len(key)]) + key + ENTRY.size * b"\0" for key, _, _ in secs)
    at = len(MAGIC) + 4 + len(directory)
    entries = []
    body = []
    for key, (ids, offs, blob, pos, slots), (srclen, srccrc) in secs:
        crc = binascii.crc32(key + ids + offs + pos + slots + blob) & 0xFFFFFFFF
        n = len(offs) // 2 - 1
        entries.append(bytes([len(key)]) + key + ENTRY.pack(at, len(ids), n, len(blob), crc,
                                                            srclen, srccrc))
        body.append(ids + offs + pos + slots + blob)
        at += len(ids) + len(offs) + len(pos) + len(slots) + len(blob)
    directory = b"".join(entries)
    if len(directory) > DIR_MAX:
        raise ValueError("the directory exceeds %d bytes: raise DIR_MAX in words/texts.py" % DIR_MAX)
    return MAGIC + struct.pack("<HH", len(secs), len(directory)) + directory + b"".join(body)


def ensure(path=OUT):
    """Write the file at `path` unless it already holds exactly what build() makes now; True when
    it was written. The file is generated, never tracked: make, deploy, the web page's build, the
    simulator and the tests' session call this."""
    data = build()
    old = None
    try:
        with open(path, "rb") as f:
            old = f.read()
    except OSError:
        pass
    if old == data:
        os.utime(path)         # up to date: only tell make so
        return False
    # a new file under the name, not the old one overwritten: an App reads its texts from the
    # file it opened (words/texts.py keeps them on the flash), so a running simulator or test
    # session keeps reading the texts it loaded until it loads them again
    tmp = path + ".tmp"
    with open(tmp, "wb") as f:
        f.write(data)
    os.replace(tmp, path)
    return True


def main():
    wrote = ensure()
    print("%s %s (%d bytes)" % ("wrote" if wrote else "up to date:", os.path.relpath(OUT),
                                os.path.getsize(OUT)))
    return 0


if __name__ == "__main__":
    from host_tools.cli_io import run_command
    sys.exit(run_command(main))
