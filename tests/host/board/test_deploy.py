"""host_tools/board/staging.py and deploy.py without a board: the staged tree, mpy-cross's ABI, the driver, the
mpremote command lines; and the emulator's board-file reader and flash images."""
import os
import sys

import pytest

from host_tools.board import deploy, staging
from host_tools.dev.emu import board_pins, flash

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))


def _driver_or_skip():
    try:
        return deploy.ssd1306_driver_path()
    except deploy.DeployError as e:
        pytest.skip(str(e))


def test_mpy_cross_emits_what_the_board_loads():
    ver, abi = staging.check_mpy_cross("pico")
    assert abi == deploy.MPY_ABI == (6, 3)


def test_driver_is_micropython_libs_ssd1306():
    path = _driver_or_skip()
    assert path.startswith(os.path.join(ROOT, ".cache"))
    src = open(path).read()
    assert "class SSD1306_I2C(SSD1306)" in src and "self.write_list = [b\"\\x40\", None]" in src


def test_a_cached_driver_that_is_not_the_pinned_file_is_replaced(tmp_path):
    """An older checkout's .cache/ssd1306/ssd1306.py may hold another driver (micropython-lib's newer
    file): it is not used, but fetched again from PyPI and checked by its sha256."""
    cache = tmp_path / "ssd1306"
    cache.mkdir()
    (cache / "ssd1306.py").write_text("# another driver\n")
    with pytest.raises(deploy.DeployError, match="not the pinned driver"):
        staging.ssd1306_driver_path(str(cache), download=False)
    try:
        path = staging.ssd1306_driver_path(str(cache))
    except deploy.DeployError as e:
        pytest.skip(str(e))
    assert path == str(cache / "ssd1306.py") and staging.sha256_of(path) == staging.SSD1306_SHA256
    assert sorted(os.listdir(cache)) == ["ssd1306.py"]


def test_stage_lays_out_the_flash(tmp_path):
    drv = _driver_or_skip()
    src = tmp_path / "fw"
    (src / "pkg").mkdir(parents=True)
    (src / "main.py").write_text("import pkg.mod\n")
    (src / "boot.py").write_text("pass\n")
    (src / "pkg" / "__init__.py").write_text("")
    (src / "pkg" / "mod.py").write_text("X = 1\n")
    (src / "pkg" / "__pycache__").mkdir()
    (src / "pkg" / "__pycache__" / "junk.py").write_text("")
    out = deploy.stage("pico", str(tmp_path / "staged"), firmware_dir=str(src), driver=drv)
    assert deploy.staged_files(out) == ["board.py", "boot.py", "lib/ssd1306.mpy", "main.py",
                                        "pkg/__init__.mpy", "pkg/mod.mpy"]
    assert open(os.path.join(out, "main.py")).read() == "import pkg.mod\n"
    assert open(os.path.join(out, "board.py")).read() == open(os.path.join(ROOT, "boards", "pico", "board.py")).read()
    for rel in ("pkg/mod.mpy", "lib/ssd1306.mpy"):
        head = open(os.path.join(out, rel), "rb").read(4)
        assert head[:2] == b"M\x06"                # mpy v6: what MicroPython 1.24.1 loads
        assert head[2] & 0x03 == 0 or head[2] & 0x03 == 3


@pytest.mark.skipif(not os.path.exists(os.path.join(ROOT, "firmware", "main.py")), reason="no firmware/main.py yet")
def test_stage_real_firmware(tmp_path):
    _driver_or_skip()
    out = deploy.stage("pico", str(tmp_path / "flash"))
    files = deploy.staged_files(out)
    assert "main.py" in files and "board.py" in files and "lib/ssd1306.mpy" in files
    assert not [f for f in files if f.endswith(".py") and f not in ("main.py", "boot.py", "board.py")]
    assert open(os.path.join(out, "main.py")).read() == staging.MAIN_STUB
    assert "core/engine.mpy" in files
    assert "firmware_main.mpy" in files           # main.py compiled: no compile at boot
    img = flash.build_image(out)
    assert flash.read_file(img, "/main.py") == staging.MAIN_STUB.encode()


def test_copy_args(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "b.mpy").write_bytes(b"M")
    (tmp_path / "main.py").write_text("")
    args = deploy.copy_args(str(tmp_path))
    assert args[0] == "exec" and "'a'" in args[1] and args[2] == "+"
    assert args[-4:] == ["fs", "cp", str(tmp_path / "main.py"), ":main.py"]
    assert ["fs", "cp", str(tmp_path / "a" / "b.mpy"), ":a/b.mpy"] == args[args.index(":a/b.mpy") - 3:args.index(":a/b.mpy") + 1]
    assert deploy.copy_args(str(tmp_path), ["main.py"]) == ["fs", "cp", str(tmp_path / "main.py"), ":main.py"]


def test_board_pins_from_board_file():
    pins = board_pins("pico")
    assert (pins.sda, pins.scl, pins.i2c_id, pins.addr) == (4, 5, 0, 0x3C)
    assert sorted(pins.buttons) == sorted(["up", "down", "left", "right", "ok", "back"])
    assert len(set(pins.buttons.values())) == 6


def test_flash_image_round_trip(tmp_path):
    (tmp_path / "d").mkdir()
    (tmp_path / "d" / "x.txt").write_bytes(b"hello")
    img = flash.build_image(str(tmp_path), files={"/names.json": b"[]"})
    assert len(img) == flash.BLOCK_SIZE * flash.BLOCK_COUNT
    assert flash.list_files(img) == {"/d/x.txt": 5, "/names.json": 2}
    assert flash.read_file(img, "/d/x.txt") == b"hello"
    with pytest.raises(FileNotFoundError):
        flash.read_file(img, "/nope")
