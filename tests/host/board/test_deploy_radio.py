"""Deploy on a board with a radio: firmware/net/ and the pinned microdot's needed modules are staged
for the Pico W and Pico 2 W (RADIO = True), and for no other board; package.json (a Pico's) has neither."""
import json
import os

import pytest

from board_files import board_file
from host_tools.board import package, staging

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
RADIO_BOARDS = ("pico_w", "pico2_w")
PLAIN_BOARDS = ("pico", "pico2", "pico_ssd1309", "rpi_linux")


def _driver_or_skip():
    try:
        return staging.ssd1306_driver_path()
    except staging.DeployError as e:
        pytest.skip(str(e))


def tiny_firmware(tmp_path, server_source):
    """A firmware tree of the test's own: main.py, a module, and net/ with a server and its page."""
    src = tmp_path / "fw"
    (src / "net").mkdir(parents=True)
    (src / "main.py").write_text("import board\n")
    (src / "app.py").write_text("X = 1\n")
    (src / "stray.html").write_text("<p>not the server's</p>")
    (src / "net" / "__init__.py").write_text("")
    (src / "net" / "server.py").write_text(server_source)
    (src / "net" / "page.html").write_text("<!doctype html><title>table</title>")
    return str(src)


SERVER = "from microdot import Microdot\nfrom microdot.sse import with_sse\n"


@pytest.mark.parametrize("board", RADIO_BOARDS + PLAIN_BOARDS)
def test_radio_is_what_the_board_file_says(board):
    says = getattr(board_file(board), "RADIO", False)
    assert staging.board_has_radio(board) is (board in RADIO_BOARDS) is (says is True)


@pytest.mark.parametrize("board", RADIO_BOARDS)
def test_radio_board_gets_the_server_and_microdot(tmp_path, board):
    drv = _driver_or_skip()
    out = staging.stage(board, str(tmp_path / "staged"), firmware_dir=tiny_firmware(tmp_path, SERVER), driver=drv)
    files = staging.staged_files(out)
    assert files == ["app.mpy", "board.py",
                     "lib/microdot/__init__.mpy", "lib/microdot/helpers.mpy",
                     "lib/microdot/microdot.mpy", "lib/microdot/sse.mpy", "lib/ssd1306.mpy",
                     "main.py", "net/__init__.mpy", "net/page.html", "net/server.mpy"]
    for rel in files:
        if rel.endswith(".mpy"):
            assert open(os.path.join(out, rel), "rb").read(2) == b"M\x06", rel    # what the board loads
    assert open(os.path.join(out, "net", "page.html")).read() == "<!doctype html><title>table</title>"


@pytest.mark.parametrize("board", ("pico", "pico2"))
def test_board_without_radio_gets_neither(tmp_path, board):
    drv = _driver_or_skip()
    out = staging.stage(board, str(tmp_path / "staged"), firmware_dir=tiny_firmware(tmp_path, SERVER), driver=drv)
    assert staging.staged_files(out) == ["app.mpy", "board.py", "lib/ssd1306.mpy", "main.py"]


# (what firmware/net/ imports, the microdot modules staged): the package and microdot.py always;
# sse.py brings helpers.py along (it imports microdot.helpers)
IMPORTS = [
    ("", ["__init__.py", "microdot.py"]),
    ("from microdot import Microdot\n", ["__init__.py", "microdot.py"]),
    ("import microdot\n", ["__init__.py", "microdot.py"]),
    ("from microdot.sse import with_sse\n", ["__init__.py", "helpers.py", "microdot.py", "sse.py"]),
    ("    from microdot.websocket import with_websocket\n",
     ["__init__.py", "helpers.py", "microdot.py", "websocket.py"]),
    ("import microdot.helpers\n", ["__init__.py", "helpers.py", "microdot.py"]),
]


@pytest.mark.parametrize("source,modules", IMPORTS)
def test_only_the_modules_the_server_imports(tmp_path, source, modules):
    (tmp_path / "server.py").write_text("# a server\n" + source + "# microdot.jinja in a comment\n")
    assert staging.microdot_modules(str(tmp_path)) == modules


def test_a_module_microdot_lacks_is_named(tmp_path):
    (tmp_path / "server.py").write_text("from microdot.nosuch import x\n")
    with pytest.raises(staging.DeployError, match="microdot.nosuch"):
        staging.microdot_modules(str(tmp_path))


def test_microdot_must_be_the_pinned_version(monkeypatch):
    import importlib.metadata
    assert staging.pinned_version("microdot") == "2.7.0"
    assert staging.microdot_dir().endswith(os.path.join("site-packages", "microdot"))
    monkeypatch.setattr(importlib.metadata, "version", lambda name: "2.0.0")
    with pytest.raises(staging.DeployError, match="microdot 2.0.0 is installed, requirements.txt pins 2.7.0"):
        staging.microdot_dir()


def test_microdot_is_never_committed():
    """No tracked file holds a microdot module (the board gets them from the pinned package)."""
    import hashlib
    import subprocess
    pkg = staging.microdot_dir()
    theirs = {hashlib.sha256(open(os.path.join(pkg, fn), "rb").read()).hexdigest()
              for fn in os.listdir(pkg) if fn.endswith(".py")}
    tracked = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    for rel in tracked.decode().split("\0"):
        path = os.path.join(ROOT, rel)
        if rel and os.path.isfile(path):
            assert "microdot" not in rel.split("/")[:-1], rel
            assert hashlib.sha256(open(path, "rb").read()).hexdigest() not in theirs, rel


@pytest.mark.skipif(not os.path.isdir(os.path.join(ROOT, "firmware", "net")), reason="no firmware/net/ yet")
def test_real_firmware_on_the_pico_w(tmp_path):
    _driver_or_skip()
    out = staging.stage("pico_w", str(tmp_path / "flash"), compile=False)
    files = staging.staged_files(out)
    net = sorted(rel for _full, rel in staging._firmware_files(staging.FIRMWARE, radio=True) if rel.startswith("net/"))
    assert net and set(net) <= set(files)
    libs = sorted(f for f in files if f.startswith("lib/microdot/"))
    assert libs == ["lib/microdot/" + m for m in staging.microdot_modules(os.path.join(staging.FIRMWARE, "net"))]
    plain = staging.staged_files(staging.stage("pico", str(tmp_path / "plain"), compile=False))
    assert not [f for f in plain if f.startswith(("net/", "lib/microdot"))]


def test_package_json_is_a_plain_picos():
    with open(os.path.join(ROOT, "package.json"), encoding="utf-8") as f:
        man = json.load(f)
    assert not [dst for dst, _src in man["urls"] if dst.startswith("net/") or "microdot" in dst]
    assert [src for dst, src in man["urls"] if dst == "board.py"] == ["boards/pico/board.py"]
    assert [d[0] for d in package.manifest()["deps"]] == ["ssd1306"]


def test_make_deploy_leaves_the_server_out_on_the_official_firmware(tmp_path):
    """make deploy puts the app on the official MicroPython, which serves no phones: no net/, no
    microdot, no join codes; the panel's game is whole."""
    _driver_or_skip()
    out = staging.stage("pico_w", str(tmp_path / "flash"), compile=False, phones=False)
    files = staging.staged_files(out)
    assert not [f for f in files if f.startswith(("net/", "lib/microdot")) or f in staging.PHONES_ONLY]
    assert "main.py" in files and "ui/app.py" in files and "lib/ssd1306.py" in files


def test_the_official_pico_w_keeps_room_for_a_new_game_after_make_deploy(tmp_path):
    """On the Pico W's 848 KB littlefs, the tree make deploy writes leaves the free blocks a new game
    asks for (Store.create: low_blocks, scaled to the flash). With the server's files it did not:
    the official Pico W said 「保存領域が満杯で保存できません」 at 開始."""
    _driver_or_skip()
    from host_tools.dev.emu import flash
    from storage import store
    out = staging.stage("pico_w", str(tmp_path / "flash"), phones=False)
    fs = flash._fs(flash.build_image(out, block_count=flash.W_BLOCK_COUNT))
    free = flash.W_BLOCK_COUNT - fs.used_block_count
    need = max(2 * store.RESERVE_BLOCKS, flash.W_BLOCK_COUNT * store.LOW_BLOCKS // store.PICO_BLOCKS)
    assert free >= need + 4, (free, need)      # and a few blocks to spare for the night's games
