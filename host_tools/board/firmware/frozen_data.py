# Frozen into our firmware (not in firmware/: the official firmware's flash never gets it): the
# data files, read in place from flash through a small read-only filesystem at /.data.
#
# host_tools/board/firmware/freeze.py turns each data file into a module holding it as one bytes
# constant (draw/misaki.fnt -> draw/misaki_fnt.py: DATA = b"..."). A frozen module's bytes
# constant lives in flash, and io.BytesIO keeps a reference to a bytes it is given, so the font's
# reader seeks and reads it with no copy in the heap. The frozen main mounts DataVfs at MOUNT and
# points the readers' path settings there (draw.font.FONT_PATH, words.texts.PATH; net/server.py
# asks for MOUNT): the firmware's own code is the same on both firmwares and pays nothing here.
from io import BytesIO

MOUNT = "/.data"
FILES = ("draw/misaki.fnt", "ui/texts.bin", "net/page.html")


def open_data(rel):
    """The frozen data file `rel` ("draw/misaki.fnt") as a BytesIO, or None when not frozen."""
    folder, name = rel.rsplit("/", 1)
    try:
        mod = __import__(folder + "." + name.replace(".", "_"), None, None, ("DATA",))
    except ImportError:
        return None
    return BytesIO(mod.DATA)


class DataVfs:
    """A read-only filesystem of the frozen data files (MicroPython's VFS protocol)."""

    def mount(self, readonly, mkfs):
        pass

    def umount(self):
        pass

    def open(self, path, mode):
        if "w" in mode or "a" in mode or "+" in mode:
            raise OSError(30)                  # EROFS: it is the firmware's own flash
        f = open_data(path.strip("/"))
        if f is None:
            raise OSError(2)                   # ENOENT
        return f

    def stat(self, path):
        f = self.open(path, "rb")
        return (0x8000, 0, 0, 0, 0, 0, f.seek(0, 2), 0, 0, 0)

    def ilistdir(self, path):
        return iter(())

    def statvfs(self, path):
        return (4096, 4096, 0, 0, 0, 0, 0, 0, 0, 255)


def install():
    """Mount the data at MOUNT and point the font's and the texts' readers there."""
    import vfs
    vfs.mount(DataVfs(), MOUNT)
    import draw.font
    import words.texts
    draw.font.FONT_PATH = MOUNT + "/draw/misaki.fnt"
    words.texts.PATH = MOUNT + "/ui/texts.bin"
    # Made with the frozen tables and frozen with them: the checks against a file on the littlefs
    # that a deploy left stale or a power cut cut short have nothing to find here (the texts'
    # load when a game is chosen: 13 ms of the press; a block of the font: 5 reads and a CRC).
    draw.font.TRUSTED = True
    words.texts.TRUSTED = True
    import core.registry
    core.registry.CODE_IN_FLASH = True
    # The font's own bytes (in flash, no copy): a glyph is found by a search in C, not read
    from draw import misaki_fnt
    draw.font.DATA = misaki_fnt.DATA
