# The App's texts: read a language's sections from ui/texts.bin (host_tools/board/make_texts.py has the
# format and what is checked) without importing the tables; a table the file lacks, or a missing,
# damaged or stale file, is copied out of the imported table instead, and the boot goes on.
from core import registry

PATH = None              # the data file's path; None: ui/texts.bin beside this module (tests set it)
ROOT = None              # the firmware tree's root ("/" on the Pico); None: from this module's place
TRUSTED = False          # True: the file is part of the firmware image (our UF2 freezes it with the
                         # tables it was made from), so a section's checks are left out
MAGIC = b"TXT3"
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


def read_section(f, d, key, in_place=False):
    """The section `key` ("ui.strings ja") as (ids, offs, blob, pos, slots), all bytes (in_place
    and a TRUSTED file: blob is where the texts start in it, left unread); None when
    the file has no such section. Raises on a section that does not check out: its size, its CRC
    (which covers the key), texts that would not decode, or a table that is not the one it was
    made from."""
    name = key[:key.find(" ")]
    key = key.encode()
    i = 0
    if TRUSTED:       # the firmware's own directory: its entry found in C, not walked in Python
        i = d.find(bytes((len(key),)) + key)
        if i < 0:
            return None
    while i < len(d):
        k = d[i]
        e = i + 1 + k
        if d[i + 1:e] == key:
            at, nid, n, nb, crc = _u32(d, e), _u16(d, e + 4), _u16(d, e + 6), _u16(d, e + 8), _u32(d, e + 10)
            if not TRUSTED and not _made_from(name, _u32(d, e + 14), _u32(d, e + 18)):
                raise ValueError(key)
            f.seek(at)
            ids = f.read(nid)
            offs = f.read(2 * n + 2)
            pos = f.read(2 * n + 2)
            slots = f.read(slots_for(n) * (2 if n >= 255 else 1))
            # (the firmware's own texts are not copied into the heap only to be let go)
            skip = TRUSTED and in_place
            blob = f.tell() if skip else f.read(nb)
            if (len(ids) != nid or len(offs) != 2 * n + 2 or (nb if skip else len(blob)) != nb or _u16(offs, 2 * n) != nb
                    or len(pos) != 2 * n + 2 or len(slots) != slots_for(n) * (2 if n >= 255 else 1)):
                raise ValueError(key)
            if TRUSTED:
                return ids, offs, blob, pos, slots
            c = _crc
            if c is not None and c(blob, c(slots, c(pos, c(offs, c(ids, c(key)))))) & 0xFFFFFFFF != crc:
                raise ValueError(key)
            # (the index is not rebuilt to check it: a Python pass over every id at each load;
            # look() compares the id it finds, so an index that lies can hide a text, never give
            # another id's, and the CRC stands against everything but a crafted file)
            if ids[0] != 10 or ids[-1] != 10 or ids.count(b"\n") != n + 1:
                raise ValueError(key)
            # raises on bytes that are not UTF-8 (the str is let go at once: one C pass, where
            # a check of each offset in Python cost 3 times as much; look() covers those)
            str(blob, "utf-8")
            return ids, offs, blob, pos, slots
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
    from words.texts_check import matches       # only where a .py table is on the flash
    return matches(src, name, srclen, srccrc)


def section(table, w=-1):
    """(ids, offs, blob, pos, slots) of an imported table (w: its language's index; -1: values are
    texts), exactly what make_texts writes for it."""
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
    ids = "".join(ids).encode()
    pos, slots = index(ids, len(offs) // 2 - 1)
    return ids, bytes(offs), bytes(blob), pos, slots


def id_hash(key):
    """The slot an id (its ASCII bytes) is looked for first: its CRC-32, in C on the Pico and the
    PC alike (a hash in Python cost the Pico ten times as much a look-up)."""
    if _crc is not None:
        return _crc(key) & 0xFFFF
    c = 0xFFFFFFFF                       # a MicroPython without binascii: the same CRC, slowly
    for b in key:
        c ^= b
        for _ in range(8):
            c = (c >> 1) ^ (0xEDB88320 if c & 1 else 0)
    return (c ^ 0xFFFFFFFF) & 0xFFFF


def slots_for(n):
    """The hash table's size for n ids: a power of two at least 2 n (a miss, the common case in
    all but one section, ends at an empty slot in one or two steps)."""
    m = 4
    while m < 2 * n + 1:
        m <<= 1
    return m


def index(ids, n):
    """(pos, slots) of the n ids in `ids` (b"\\nA\\nB\\n"): pos, (n + 1) x u16, where each id starts
    (then the end of the last + 1); slots, slots_for(n) x u8 (u16 from 255 ids), the id's number
    + 1 at its id_hash(), linear probing, 0 = empty. look() finds an id in a few steps instead
    of searching the ids."""
    m = slots_for(n)
    wide = n >= 255
    pos = bytearray(2 * n + 2)
    slots = bytearray(m * 2 if wide else m)
    p = 1
    for j in range(n + 1):
        pos[2 * j] = p & 255
        pos[2 * j + 1] = p >> 8
        if j == n:
            break
        q = ids.find(b"\n", p)
        i = id_hash(ids[p:q]) & (m - 1)
        while (slots[2 * i] | slots[2 * i + 1] << 8) if wide else slots[i]:
            i = (i + 1) & (m - 1)
        if wide:
            slots[2 * i] = (j + 1) & 255
            slots[2 * i + 1] = (j + 1) >> 8
        else:
            slots[i] = j + 1
        p = q + 1
    return bytes(pos), bytes(slots)


_GAMES = [None, None]      # (the games, their names' section) in English, Japanese (load())


def load(lang, kind):
    """The texts of `lang` (and of game `kind`, or None), one section per table, in the order
    App.t() looks: the games' names (from the registry, as ids G_<kind>), the engine's table, the
    UI's, the game's. A section is (ids, offs, blob, pos, slots[, name, w, file]): the ids between
    newlines, their index (index()), the UTF-8 texts' 16-bit offsets and the texts, or where the
    texts start in the open file (then the table's name and language index, for look())."""
    names = ["core.messages", "ui.strings"]
    if kind is not None:
        names.append(registry.texts(kind))
    w = 1 if lang == "ja" else 0
    g = _GAMES[w]
    kinds = tuple(registry.KINDS)
    if g is None or g[0] != kinds:    # the games' names: the same all evening, made once a language
        table = {}
        for k in kinds:
            table["G_" + k] = registry.entry(k)[registry.NAME][w]
        g = _GAMES[w] = (kinds, section(table))
        table = None
    secs = [g[1]]
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
                sec = read_section(f, d, name + " " + lang, True)
            except Exception:    # a damaged section: this table is imported
                sec = None
            if sec is not None:
                # the texts stay on the flash (RAM, docs/ram.md): look() reads a text where the
                # blob starts in the file; name, w: where look() finds a text that does not decode
                at = sec[2] if isinstance(sec[2], int) else f.tell() - len(sec[2])
                sec = (sec[0], sec[1], at, sec[3], sec[4], name, w, f)
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
    key = sid.encode()
    h = _crc(key) & 0xFFFF if _crc is not None else id_hash(key)
    k = len(key)
    for sec in secs:
        slots = sec[4]
        m1 = len(slots) - 1
        # Most sections do not hold the id and meet an empty slot at once: that test comes first,
        # in as few steps as it takes (each a few us on the Pico; App.t looks through 4 sections).
        if m1 < 512:                     # u8 slots: fewer than 255 ids
            i = h & m1
            j = slots[i]
            if not j:
                continue
            wide = False
        else:                            # u16 slots (index())
            m1 = (m1 >> 1)
            i = h & m1
            j = slots[2 * i] | slots[2 * i + 1] << 8
            wide = True
        pos = sec[3]
        n = (len(pos) >> 1) - 1
        while j and j <= n:
            j = (j - 1) << 1
            p = pos[j] | pos[j + 1] << 8
            q = (pos[j + 2] | pos[j + 3] << 8) - 1
            if q - p == k and q < len(sec[0]) and sec[0][p:q] == key:
                offs = sec[1]
                return _text(sec, offs[j] | offs[j + 1] << 8, offs[j + 2] | offs[j + 3] << 8, sid)
            i = (i + 1) & m1
            j = (slots[2 * i] | slots[2 * i + 1] << 8) if wide else slots[i]
    return None


def _text(sec, a, e, sid):
    try:
        b = sec[2]
        if isinstance(b, int):       # on the flash (load()): one seek and one read
            f = sec[7]
            f.seek(b + a)
            return str(f.read(e - a), "utf-8")
        return str(b[a:e], "utf-8")
    except Exception:    # offsets that cut a character (a file that checked out): the
        from words.texts_check import from_table     # table's (sec[5:7]: its module, language)
        return from_table(sec[5], sec[6], sid)
