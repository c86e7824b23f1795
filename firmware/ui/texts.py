# The App's texts: read a language's sections from ui/texts.bin (host_tools/make_texts.py has the
# format and what is checked) without importing the tables; a table the file lacks, or a missing,
# damaged or stale file, is copied out of the imported table instead, and the boot goes on.
from core import registry

PATH = None              # the data file's path; None: ui/texts.bin beside this module (tests set it)
ROOT = None              # the firmware tree's root ("/" on the Pico); None: from this module's place
MAGIC = b"TXT2"
try:
    from binascii import crc32 as _crc
except ImportError:      # a MicroPython without it: the sizes are still checked
    _crc = None
ENTRY = 22              # after a directory entry's key: u32 offset, u16 idslen, n, bloblen, u32 crc,
                        # u32 srclen, u32 srccrc (the table's source file it was made from)
DIR_MAX = 4096          # a longer directory is a damaged header: nothing that size is read


def _paths():
    if PATH is not None:
        return (PATH,)
    from draw.font import data_paths      # here, not at the top: ui.app imports this module, and
    return data_paths("ui", "texts.bin")      # the font comes with the App's first screen as before


def open_file():
    """(open file, its directory bytes), or (None, None) without a file that starts as ours."""
    for path in _paths():
        try:
            f = open(path, "rb")
        except OSError:
            continue
        head = f.read(8)
        n = _u16(head, 6) if len(head) == 8 else 0
        if head[:4] == MAGIC and 0 < n <= DIR_MAX:
            d = f.read(n)
            if len(d) == n:
                return f, d
        f.close()
    return None, None


def _u16(b, i):
    return b[i] | b[i + 1] << 8


def _u32(b, i):
    return b[i] | b[i + 1] << 8 | b[i + 2] << 16 | b[i + 3] << 24


def read_section(f, d, key):
    """The section `key` ("ui.strings ja") as (ids str, offs bytes, blob bytes); None when the
    file has no such section. Raises on a section that does not check out: its size, its CRC
    (which covers the key), texts that would not decode, or a table that is not the one it was
    made from."""
    name = key[:key.find(" ")]
    key = key.encode()
    i = 0
    while i < len(d):
        k = d[i]
        e = i + 1 + k
        if d[i + 1:e] == key:
            at, nid, n, nb, crc = _u32(d, e), _u16(d, e + 4), _u16(d, e + 6), _u16(d, e + 8), _u32(d, e + 10)
            if not _made_from(name, _u32(d, e + 14), _u32(d, e + 18)):
                raise ValueError(key)
            f.seek(at)
            ids = f.read(nid)
            offs = f.read(2 * n + 2)
            blob = f.read(nb)
            if len(ids) != nid or len(offs) != 2 * n + 2 or len(blob) != nb or _u16(offs, 2 * n) != nb:
                raise ValueError(key)
            if _crc is not None and _crc(blob, _crc(offs, _crc(ids, _crc(key)))) & 0xFFFFFFFF != crc:
                raise ValueError(key)
            if ids[0] != 10 or ids[-1] != 10 or ids.count(b"\n") != n + 1:
                raise ValueError(key)
            # raises on bytes that are not UTF-8 (the str is let go at once: one C pass, where
            # a check of each offset in Python cost 3 times as much; look() covers those)
            str(blob, "utf-8")
            return str(ids, "utf-8"), offs, blob
        i = e + ENTRY
    return None


def _made_from(name, srclen, srccrc):
    """False when the table's source on the board is not the one the section was made from (an
    update by `mpremote mip install` puts new .py tables there and leaves texts.bin as it was). A
    table there only compiled came with this file: make deploy writes both, removes stale .py."""
    root = ROOT
    if root is None:
        from draw.font import data_paths
        root = data_paths("ui", "")[0][:-3]        # ".../ui/" -> ".../"
    try:
        src = open(root + name.replace(".", "/") + ".py", "rb")
    except OSError:
        return True
    from ui.texts_check import matches       # only where a .py table is on the flash
    return matches(src, name, srclen, srccrc)


def section(table, w=-1):
    """(ids, offs, blob) of an imported table (w: its language's index; -1: values are texts)."""
    ids = ["\n"]
    offs = bytearray()
    blob = bytearray()
    for k in table:
        ids.append(k)
        ids.append("\n")
        n = len(blob)
        offs.append(n & 255)
        offs.append(n >> 8)
        v = table[k]
        blob.extend((v if w < 0 else v[w]).encode())
    n = len(blob)
    offs.append(n & 255)
    offs.append(n >> 8)
    return "".join(ids), bytes(offs), bytes(blob)


def load(lang, kind):
    """The texts of `lang` (and of game `kind`, or None), one section per table, in the order
    App.t() looks: the games' names (from the registry, as ids G_<kind>), the engine's table, the
    UI's, the game's. A section is a str of ids (between newlines), one bytes of UTF-8 texts and
    their 16-bit offsets."""
    names = ["core.messages", "ui.strings"]
    if kind is not None:
        names.append(registry.texts(kind))
    w = 1 if lang == "ja" else 0
    table = {}
    for k in registry.KINDS:
        table["G_" + k] = registry.entry(k)[registry.NAME][w]
    secs = [section(table)]
    table = None
    f = d = None
    keep = False
    try:
        f, d = open_file()
    except Exception:        # no file, or not ours: every table is imported
        f = d = None
    for name in names:
        sec = None
        if d is not None:
            try:
                sec = read_section(f, d, name + " " + lang)
            except Exception:    # a damaged section: this table is imported
                sec = None
            if sec is not None:
                # the texts stay on the flash (RAM, docs/ram.md): look() reads a text where the
                # blob starts in the file; name, w: where look() finds a text that does not decode
                sec = (sec[0], sec[1], f.tell() - len(sec[2]), name, w, f)
                keep = True
        if sec is None:
            table = registry.module(name).MESSAGES
            sec = section(table, w)
            table = None
        secs.append(sec)
    if f is not None and not keep:
        try:
            f.close()
        except Exception:
            pass
    registry.unload(names)      # whoever imported a table: its module is not kept for the texts
    return tuple(secs)


def look(secs, sid):
    """The text `sid` from the first section holding it, unfilled; None when none does."""
    key = "\n" + sid + "\n"
    for sec in secs:
        ids = sec[0]
        k = ids.find(key)
        if k >= 0:
            i = ids.count("\n", 0, k) << 1
            offs = sec[1]
            a, e = offs[i] | (offs[i + 1] << 8), offs[i + 2] | (offs[i + 3] << 8)
            try:
                b = sec[2]
                if isinstance(b, int):       # on the flash (load()): one seek and one read
                    f = sec[5]
                    f.seek(b + a)
                    return str(f.read(e - a), "utf-8")
                return str(b[a:e], "utf-8")
            except Exception:    # offsets that cut a character (a file that checked out): the
                from ui.texts_check import from_table     # table's (sec[3:]: its module, language)
                return from_table(sec[3], sec[4], sid)
    return None
