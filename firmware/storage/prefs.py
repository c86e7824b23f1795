# Seat names and preferences beside the games (/names.json, /prefs.json): read bounded and checked
# (whatever the bytes, never a fault), written whole through a rename. Never game state. Imported
# when a preference is read or written, forgotten with the recovery code (RAM on the Pico).
from core import cjson, journal
from storage import layout
from core.errors import Refusal
from storage.fsio import replace

SMALL_FILE = 4096      # names.json / prefs.json longer than this are ignored
MAX_NAMES = 64         # names.json: names beyond this many are ignored


def read_json(fs, path):
    """A small JSON file, or None when missing, too long or unreadable in any way (a preference
    never stops the boot)."""
    import json
    try:
        f = fs.open(path, "rb")
    except OSError:
        return None
    try:
        data = f.read(SMALL_FILE + 1)
    except Exception:
        data = b""
    finally:
        f.close()
    if not data or len(data) > SMALL_FILE:
        return None
    try:
        return json.loads(data.decode("utf-8"))
    except Exception:       # ValueError, UnicodeError, deep nesting (RuntimeError)
        return None


def write_json(fs, path, value):
    try:
        replace(fs, path, cjson.dumps(value).encode("utf-8"))
    except OSError:
        raise Refusal("E_STORAGE_FULL")


def names(fs, root):
    """The seat names pushed from the PC: only names a header may carry (journal.name_ok), each
    once, the first kept. A hand-written file (or an older tool) may name one player twice; the
    seats are filled from this list, so a duplicate here would seat that player twice."""
    v = read_json(fs, layout.beside(root, layout.NAMES))
    if not isinstance(v, list):
        return []
    out = []
    for x in v:
        if x and journal.name_ok(x) and x not in out:
            out.append(x)
            if len(out) == MAX_NAMES:
                break
    return out


def set_names(fs, root, names):
    write_json(fs, layout.beside(root, layout.NAMES), [str(x) for x in names])


def prefs(fs, root):
    """Every preference (language, screen care, each game's default settings) as a dict; {} when
    the file is missing or unreadable. The App checks each value before using it."""
    v = read_json(fs, layout.beside(root, layout.PREFS))
    return v if isinstance(v, dict) else {}


def lang(fs, root):
    """The display language last chosen on this device."""
    lang = prefs(fs, root).get("lang")
    return lang if lang in ("ja", "en") else None


def set_pref(fs, root, key, value):
    """One preference changed, the others kept (the whole small file is rewritten)."""
    v = prefs(fs, root)
    v[key] = value
    write_json(fs, layout.beside(root, layout.PREFS), v)
