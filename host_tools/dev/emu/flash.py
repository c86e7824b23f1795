"""The Pico's filesystem as a littlefs image (what MicroPython RPI_PICO v1.24.1 mounts at /).

RPI_PICO layout: 1408 KiB at flash offset 0xA0000 = 352 blocks of 4096 bytes; littlefs v2.0
on-disk format, program size 256 (a flash page). RPI_PICO_W (its firmware holds the radio's
blob): 848 KiB at 0x12C000 = 212 blocks (W_BLOCK_COUNT). An image's size says its block count.
The sizes are the boards' "storage_bytes" (boards/pico/board.json, boards/pico_w/board.json).
"""
import os

from littlefs import LittleFS, UserContext

from host_tools.board import boards

BLOCK_SIZE = 4096
BLOCK_COUNT = boards.facts("pico")["storage_bytes"] // BLOCK_SIZE         # 352
W_BLOCK_COUNT = boards.facts("pico_w")["storage_bytes"] // BLOCK_SIZE     # 212
PROG_SIZE = 256
DISK_VERSION = 0x00020000


def _fs(image=None, block_count=BLOCK_COUNT):
    """A LittleFS on a fresh buffer (to format: v2.0 on-disk format, which v1.24.1 mounts), or
    mounted on a copy of `image` (any 2.x minor: MicroPython upgrades the format when it writes).
    Never lets littlefs-python "mount or else format": a broken image raises."""
    if image is not None:
        if len(image) not in (BLOCK_SIZE * BLOCK_COUNT, BLOCK_SIZE * W_BLOCK_COUNT):
            raise ValueError("flash image is %d bytes, expected %d (Pico) or %d (Pico W)"
                             % (len(image), BLOCK_SIZE * BLOCK_COUNT, BLOCK_SIZE * W_BLOCK_COUNT))
        block_count = len(image) // BLOCK_SIZE
    size = BLOCK_SIZE * block_count
    ctx = UserContext(buffsize=size)
    kw = dict(context=ctx, block_size=BLOCK_SIZE, block_count=block_count, prog_size=PROG_SIZE, mount=False)
    if image is None:
        return LittleFS(disk_version=DISK_VERSION, **kw)
    ctx.buffer[:] = image
    lfs = LittleFS(**kw)
    lfs.mount()
    return lfs


def build_image(src_dir=None, files=None, block_count=BLOCK_COUNT):
    """A fresh image holding the tree `src_dir` (its root = the Pico's /) plus `files`
    ({"/path": bytes}); block_count: W_BLOCK_COUNT for the Pico W. Returns bytes."""
    lfs = _fs(block_count=block_count)
    lfs.format()
    lfs.mount()

    def put(rel, data):
        rel = rel.strip("/")
        d = os.path.dirname(rel)
        if d:
            lfs.makedirs(d, exist_ok=True)
        with lfs.open(rel, "wb") as f:
            f.write(data)

    if src_dir:
        for root, dirs, names in os.walk(src_dir):
            dirs.sort()
            rel = os.path.relpath(root, src_dir).replace(os.sep, "/")
            if rel != ".":
                lfs.makedirs(rel, exist_ok=True)
            for fn in sorted(names):
                with open(os.path.join(root, fn), "rb") as s:
                    put(fn if rel == "." else rel + "/" + fn, s.read())
    for path, data in (files or {}).items():
        put(path, data)
    lfs.unmount()
    return bytes(lfs.context.buffer)


def list_files(image):
    """{"/path": size} for every file in an image."""
    lfs = _fs(image)
    out = {}
    for root, _dirs, names in lfs.walk("/"):
        for fn in names:
            p = (root.rstrip("/") + "/" + fn)
            out[p if p.startswith("/") else "/" + p] = lfs.stat(p).size
    return out


def read_file(image, path):
    """The bytes of one file in an image (FileNotFoundError when absent)."""
    lfs = _fs(image)
    try:
        with lfs.open(path.lstrip("/"), "rb") as f:
            return f.read()
    except Exception as e:          # littlefs raises LittleFSError(-2) for a missing file
        raise FileNotFoundError(path) from e
