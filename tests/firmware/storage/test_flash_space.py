"""Free space as the flash really has it: rp2's littlefs statvfs counts every folder's two blocks
twice (storage/fsio.OsFs corrects it, leaving out a mount point such as our firmware's /.data;
the emulated Pico W checks the figure against its image in tests/emu/test_emu_picow_phones.py), and
the line under which a new game is refused follows the flash's size (48 of the Pico's 352
blocks; the Pico W's 212 get 32, two reserves)."""
import pytest

from storage import store as S
from storage.fsio import OsFs


class FakeOs:
    """An os module over a folder tree {path: None (folder)}; statvfs as littlefs reports it."""

    def __init__(self, folders, blocks=212, free=25):
        self.folders = set(folders)
        self.blocks, self.free = blocks, free
        self.listed = 0

    def ilistdir(self, path):
        self.listed += 1
        base = "" if path == "/" else path
        for f in sorted(self.folders):
            head, _, name = f.rpartition("/")
            if head == base:
                yield (name, 0x4000, 0)
        yield ("file.mpy", 0x8000, 0, 100)

    def statvfs(self, path):
        return (4096, 4096, self.blocks, self.free, self.free, 0, 0, 0, 0, 255)

    def mkdir(self, path):
        self.folders.add(path)
        self.free -= 4                  # what the emulated Pico W's statvfs shows for a new folder


TREE = ["/core", "/games", "/kinds", "/kinds/one", "/kinds/two", "/lib", "/lib/microdot"]


def test_rp2_adds_back_each_folders_second_count():
    fs = OsFs(FakeOs(TREE), platform="rp2")
    v = fs.statvfs("/")
    assert v[3] == v[4] == 25 + 2 * len(TREE)
    assert v[:3] == (4096, 4096, 212) and v[5:] == (0, 0, 0, 0, 255)


def test_the_folders_are_counted_once_and_a_new_one_is_followed():
    real = FakeOs(TREE)
    fs = OsFs(real, platform="rp2")
    fs.statvfs("/")
    listed = real.listed
    assert fs.statvfs("/")[4] == 25 + 2 * len(TREE) and real.listed == listed    # no walk again
    fs.mkdir("/games/aside")
    # statvfs lost 4 blocks for it, the flash 2
    assert fs.statvfs("/")[4] == 21 + 2 * (len(TREE) + 1)


class FakeVfs:
    """MicroPython's vfs module: mount() without arguments lists (filesystem, mount point)."""

    def __init__(self, points):
        self.points = points

    def mount(self):
        return [(object(), p) for p in self.points]


def test_a_mount_point_is_no_littlefs_folder():
    """Our firmware's frozen data is mounted at /.data: ilistdir("/") lists it as a folder, but it
    is no littlefs folder and statvfs never counted it (the Pico W said 2 blocks more free than
    its image after a game)."""
    real = FakeOs(TREE + ["/.data", "/.data/draw"])
    fs = OsFs(real, platform="rp2", vfs_module=FakeVfs(["/.data", "/"]))
    assert fs.statvfs("/")[4] == 25 + 2 * len(TREE)
    assert OsFs(FakeOs(TREE + ["/.data"]), platform="rp2", vfs_module=FakeVfs(["/"])).statvfs("/")[4] \
        == 25 + 2 * (len(TREE) + 1)


def test_without_a_vfs_module_every_folder_counts():
    class NoMount:
        def mount(self, *args):
            raise TypeError("mount expected 2 arguments")     # a MicroPython before vfs.mount()
    fs = OsFs(FakeOs(TREE), platform="rp2", vfs_module=NoMount())
    assert fs.statvfs("/")[4] == 25 + 2 * len(TREE)


def test_never_more_free_than_the_flash_has():
    fs = OsFs(FakeOs(TREE, blocks=20, free=15), platform="rp2")
    assert fs.statvfs("/")[3] == 20


@pytest.mark.parametrize("platform", ["linux", "win32", "darwin", "wasi"])
def test_other_filesystems_are_taken_as_they_say(platform):
    real = FakeOs(TREE)
    assert OsFs(real, platform=platform).statvfs("/")[4] == 25 and real.listed == 0


class SizedFs:
    """Just enough of a filesystem for the Store's space checks."""

    def __init__(self, blocks, free):
        self.blocks, self.free = blocks, free

    def mkdir(self, path):
        pass

    def listdir(self, path):
        return []

    def statvfs(self, path):
        return (4096, 4096, self.blocks, self.free, self.free, 0, 0, 0, 0, 255)


@pytest.mark.parametrize("blocks, low", [(352, 48), (212, 32), (100, 32), (10 ** 7, 48)])
def test_the_new_game_line_follows_the_flash(blocks, low):
    st = S.Store(SizedFs(blocks, low))
    assert st.low_space() is False and st.low_blocks == low
    st.fs.free = low - 1
    assert st.low_space() is True


def test_a_line_given_is_kept():
    st = S.Store(SizedFs(212, 100), low_blocks=60)
    st.low_space()
    assert st.low_blocks == 60
