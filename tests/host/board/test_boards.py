# Board folders: the same constant names in each wiring, sane pins, six distinct buttons; wiring
# pictures; and each board's facts (board.json), read through host_tools/board/boards.py alone.
import ast
import json
import os
import re
import subprocess
import sys

import pytest

from board_files import board_file as load
from host_tools.board import boards
from host_tools.board.firmware import uf2
from hw.buttons import NAMES

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
BOARDS = ("pico", "pico_w", "pico2", "pico2_w", "rpi_linux", "pico_ssd1309")
KEYS = ("PLATFORM", "NAME", "I2C_ID", "I2C_SDA", "I2C_SCL", "I2C_FREQ", "DISPLAY_ADDR",
        "DISPLAY_WIDTH", "DISPLAY_HEIGHT", "BUTTONS")


@pytest.mark.parametrize("name", BOARDS)
def test_board_file(name):
    b = load(name)
    for k in KEYS:
        assert hasattr(b, k), k
    public = {k for k in vars(b) if k.isupper()}
    assert public - {"DISPLAY_DRIVER", "RADIO", "PHONE_STREAMS", "SERVE_PORT", "DERIVES"} == set(KEYS)
    assert getattr(b, "RADIO", False) is ("_w" in name)        # the Pico W and Pico 2 W have the radio
    assert getattr(b, "DISPLAY_DRIVER", "ssd1306") in ("ssd1306", "ssd1309")   # main.external_vcc
    assert [n for n, _ in b.BUTTONS] == list(NAMES)
    gpios = [g for _, g in b.BUTTONS]
    assert len(set(gpios + [b.I2C_SDA, b.I2C_SCL])) == 8
    assert b.I2C_FREQ == 400_000 and b.DISPLAY_ADDR == 0x3C
    assert (b.DISPLAY_WIDTH, b.DISPLAY_HEIGHT) == (128, 64)
    if b.PLATFORM == "rp2":
        # RP2040/RP2350 I2C0 can use SDA on GP0/4/8/12/16/20 (SCL = SDA + 1).
        assert b.I2C_ID == 0 and b.I2C_SDA % 4 == 0 and b.I2C_SCL == b.I2C_SDA + 1
        assert all(0 <= g <= 22 for g in gpios)      # GP23-25 and 29 are taken on the Pico W
    else:
        assert b.PLATFORM == "linux" and (b.I2C_SDA, b.I2C_SCL) == (2, 3)


def test_a_derived_board_rewires_its_buttons_with_buttons_alone(tmp_path):
    """BUTTONS is the buttons' one fact: a derived board that restates it moves every pin read."""
    import hw.buttons
    for name, text in (("a", 'BUTTONS = (("up", 10), ("ok", 14))\n'),
                       ("b", 'DERIVES = "a"\nBUTTONS = (("up", 10), ("ok", 7))\n')):
        (tmp_path / name).mkdir()
        (tmp_path / name / "board.py").write_text(text)

    class Pin:
        IN, PULL_UP = "in", "pull_up"

        def __init__(self, gpio, mode, pull):
            self.gpio = gpio
    pins = hw.buttons.pins_from_board(boards.module("b", str(tmp_path)), Pin)
    assert [(n, p.gpio) for n, p in pins] == [("up", 10), ("ok", 7)]


@pytest.mark.parametrize("name", BOARDS)
def test_wiring_picture_checked_in(name):
    path = os.path.join(ROOT, "boards", name, "wiring.png")
    assert os.path.getsize(path) > 1000


@pytest.mark.parametrize("name", BOARDS)
def test_the_picture_is_what_the_wiring_draws(name, tmp_path):
    """Pins and picture never disagree: host_tools/board/wiring_picture.py draws the checked-in one."""
    pytest.importorskip("PIL")
    from host_tools.board import wiring_picture
    with open(wiring_picture.draw(name, str(tmp_path)), "rb") as f, \
            open(os.path.join(ROOT, "boards", name, "wiring.png"), "rb") as g:
        assert f.read() == g.read(), "boards/%s/wiring.png: run python -m host_tools.board.wiring_picture" % name


# -- the facts: boards/<board>/board.json, read by host_tools/board/boards.py alone -------------
FIRMWARE = ["pico", "pico_w", "pico2", "pico2_w"]
BASE = {"title": "Base", "micropython_board": "RPI_BASE", "uf2_family": "0xE48BFF56", "flash_bytes": 2 << 20,
        "storage_bytes": 1 << 20, "floor_bytes": 64 << 10, "official_micropython": "1.24.1",
        "reports": ["Raspberry Pi Base"]}


def _lay(tmp_path, folders):
    """A boards/ folder of its own: {board: (board.py text, board.json text or object or None)}."""
    root = tmp_path / "boards"
    for name, (wiring, facts) in folders.items():
        (root / name).mkdir(parents=True)
        (root / name / "board.py").write_text(wiring)
        if facts is not None:
            (root / name / "board.json").write_text(facts if isinstance(facts, str) else json.dumps(facts))
    return str(root)


def test_every_board_states_its_facts_and_the_firmware_boards_are_the_four():
    for name in BOARDS:
        got = boards.facts(name)
        assert got["title"] and os.path.isfile(boards.facts_path(name))
        assert ("micropython_board" in got) is (boards.read(name)["PLATFORM"] == "rp2")
    assert boards.firmware_boards() == FIRMWARE           # the older chip first, as the docs' table
    assert boards.facts("pico2_w")["tcp_connections"] == boards.facts("pico_w")["tcp_connections"] == 16


@pytest.mark.parametrize("name", FIRMWARE)
def test_the_build_configuration_starts_from_the_micropython_board_its_facts_name(name):
    """board.json and the board's CMake and header files say the same board and the same name."""
    got = boards.facts(name)
    with open(os.path.join(boards.folder(name), "mpconfigboard.cmake")) as f:
        cmake = f.read()
    with open(os.path.join(boards.folder(name), "mpconfigboard.h")) as f:
        header = f.read()
    assert "${MICROPY_PORT_DIR}/boards/%s/mpconfigboard.cmake" % got["micropython_board"] in cmake
    assert '#include "boards/%s/mpconfigboard.h"' % got["micropython_board"] in header
    ours = re.search(r'#define MICROPY_HW_BOARD_NAME "(.*)"', header).group(1)
    assert ours == "Scoreboard on " + got["reports"][0] and uf2.hardware_of(ours) == name
    assert uf2.FAMILIES[got["uf2_family"]] == ("RP2040" if name in ("pico", "pico_w") else "RP2350")


def test_the_littlefs_is_micropythons_own_where_its_tree_is_at_hand():
    tree = os.environ.get("MICROPY_DIR")
    if not tree or not os.path.isdir(os.path.join(tree, "ports", "rp2", "boards")):
        pytest.skip("no MicroPython tree at hand ($MICROPY_DIR)")
    for name in FIRMWARE:
        got = boards.facts(name)
        with open(os.path.join(tree, "ports", "rp2", "boards", got["micropython_board"], "mpconfigboard.h")) as f:
            text = f.read()
        expr = re.search(r"#define MICROPY_HW_FLASH_STORAGE_BYTES\s+(.*)", text).group(1)
        assert eval(expr.replace("PICO_FLASH_SIZE_BYTES", str(got["flash_bytes"]))) == got["storage_bytes"], name


@pytest.mark.parametrize("name", [n for n in BOARDS if boards.parent(n)])
def test_a_derived_boards_json_states_only_what_differs(name):
    theirs = boards.facts(boards.parent(name))
    for key, value in boards.own_facts(name).items():
        value = int(value, 16) if key == "uf2_family" else value
        assert theirs.get(key) != value, "boards/%s/board.json repeats %r from its parent" % (name, key)


def test_a_derived_board_inherits_what_it_does_not_state(tmp_path):
    root = _lay(tmp_path, {"base": ('PLATFORM = "rp2"\n', BASE),
                           "child": ('DERIVES = "base"\nRADIO = True\n', {"title": "Child", "tcp_connections": 9}),
                           "grandchild": ('DERIVES = "child"\n', {"title": "Grandchild", "storage_bytes": 4096})})
    got = boards.facts("grandchild", root)
    assert got == dict(BASE, title="Grandchild", storage_bytes=4096, tcp_connections=9, uf2_family=0xE48BFF56)
    assert boards.stated_in("grandchild", "flash_bytes", root) == "boards/base/board.json"
    assert boards.stated_in("grandchild", "tcp_connections", root) == "boards/child/board.json"
    assert boards.stated_in("grandchild", "storage_bytes", root) == "boards/grandchild/board.json"
    assert boards.fact("grandchild", "official_micropython", boards_dir=root) == "1.24.1"
    assert boards.fact("nope", "official_micropython", "?", boards_dir=root) == "?"
    assert boards.firmware_boards(root) == []             # none has a build configuration of its own


BAD = [
    ("not JSON", '{"title": "Base",', "base", "is not JSON"),
    ("not an object", '["title"]', "base", "not a JSON object"),
    ("missing key", {k: v for k, v in BASE.items() if k != "flash_bytes"}, "child", "'flash_bytes'"),
    ("wrong type", dict(BASE, flash_bytes="2 MiB"), "base", "'flash_bytes' must be a whole number"),
    ("a bool for a number", dict(BASE, floor_bytes=True), "base", "'floor_bytes' must be"),
    ("a family that is no hexadecimal", dict(BASE, uf2_family="RP2040"), "base", "'uf2_family' must be"),
    ("an empty list of names", dict(BASE, reports=[]), "base", "'reports' must be a list"),
    ("unknown key", dict(BASE, flash_size=1), "base", "unknown key 'flash_size'"),
    ("a radio's fact without a radio", dict(BASE, tcp_connections=16), "base", "'tcp_connections', which boards/child"),
    ("missing file", None, "base", "is missing"),
]


@pytest.mark.parametrize("why,text,named,says", BAD, ids=[b[0] for b in BAD])
def test_a_bad_board_json_is_a_board_error_naming_the_file_and_the_key(tmp_path, why, text, named, says):
    root = _lay(tmp_path, {"base": ('PLATFORM = "rp2"\n', text), "child": ('DERIVES = "base"\n', {"title": "Child"})})
    with pytest.raises(boards.BoardError) as e:
        boards.facts("child", root)
    assert "boards/%s/board.json" % named in str(e.value) and says in str(e.value), str(e.value)


def test_a_radio_board_without_its_tcp_connections_and_a_pi_with_a_picos_facts_are_refused(tmp_path):
    root = _lay(tmp_path, {"base": ('PLATFORM = "rp2"\n', BASE),
                           "w": ('DERIVES = "base"\nRADIO = True\n', {"title": "W"}),
                           "pi": ('PLATFORM = "linux"\n', {"title": "Pi", "flash_bytes": 1})})
    with pytest.raises(boards.BoardError, match=r"boards/w/board\.json: no 'tcp_connections'"):
        boards.facts("w", root)
    with pytest.raises(boards.BoardError, match=r"boards/pi/board\.json: 'flash_bytes'.*no Pico"):
        boards.facts("pi", root)


def _cli(*args, root=None):
    env = dict(os.environ, PYTHONPATH=ROOT)
    code = ("import sys; from host_tools.board import boards\n"
            + ("boards.BOARDS = %r\n" % root if root else "")
            + "from host_tools.cli_io import run_command; sys.exit(run_command(boards.main, %r))" % list(args))
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)


def test_the_makefiles_questions_and_a_bad_board_an_exit_2_with_a_message(tmp_path):
    assert _cli("--firmware").stdout == "pico pico_w pico2 pico2_w\n"
    assert _cli("--radio", "pico2_w").stdout == "pico2_w\n" and _cli("--radio", "pico2").stdout == ""
    assert json.loads(_cli("--facts", "pico2").stdout)["uf2_family"] == "0xE48BFF59"
    broken = _lay(tmp_path, {"x": ("", "{")})
    open(os.path.join(broken, "x", "mpconfigboard.cmake"), "w").close()
    for r in (_cli("--radio", "nope"), _cli("--firmware", root=broken), _cli("--firmware", root=str(tmp_path))):
        assert r.returncode == 2 and r.stderr.startswith("boards: ") and "Traceback" not in r.stderr, r.stderr


def test_the_makefile_asks_boards_py_for_the_boards_and_the_radio():
    with open(os.path.join(ROOT, "Makefile"), encoding="utf-8") as f:
        text = f.read()
    assert "host_tools.board.boards --firmware" in text and "host_tools.board.boards --radio $(BOARD)" in text
    out = subprocess.run(["make", "-n", "firmware", "BOARD=all", "MICROPY_DIR=/nowhere", "PY=" + sys.executable],
                         cwd=ROOT, capture_output=True, text=True, timeout=60).stdout
    assert "for b in pico pico_w pico2 pico2_w; do" in out, out


def _written_out(text, names):
    """True when `text` names every one of `names` (a list of the boards written out)."""
    return set(names) <= set(re.findall(r"[a-z0-9_]+", text))


def test_no_module_of_host_tools_or_line_of_the_makefile_keeps_a_board_table_of_its_own():
    """The boards' facts are stated in board.json and read through boards.py: elsewhere no text is
    MicroPython's name of a board or a name a board reports, no dict is keyed by boards, and no
    text or list writes out every firmware board."""
    official = set()
    for name in FIRMWARE:
        official |= {boards.facts(name)["micropython_board"]} | set(boards.facts(name)["reports"])
    found = []
    for folder, dirs, files in os.walk(os.path.join(ROOT, "host_tools")):
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        for fn in sorted(files):
            path = os.path.join(folder, fn)
            if not fn.endswith(".py") or path == boards.__file__:
                continue
            with open(path, encoding="utf-8") as f:
                tree = ast.parse(f.read(), path)
            found += ["%s:%d" % (os.path.relpath(path, ROOT), n.lineno)
                      for n in ast.walk(tree) if _a_table(n, official)]
    with open(os.path.join(ROOT, "Makefile"), encoding="utf-8") as f:
        found += ["Makefile:%d" % i for i, line in enumerate(f, 1)
                  if not line.startswith("#") and _written_out(line, FIRMWARE)]
    assert found == [], "ask host_tools/board/boards.py instead: " + ", ".join(found)


def _a_table(node, official):
    strings = lambda nodes: [n.value for n in nodes if isinstance(n, ast.Constant) and isinstance(n.value, str)]
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value in official or _written_out(node.value, FIRMWARE)
    if isinstance(node, ast.Dict):
        return len(set(strings(node.keys)) & set(BOARDS)) >= 2
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return set(FIRMWARE) <= set(strings(node.elts))
    return False


def test_the_tcp_connections_are_stated_once_and_handed_to_the_build(tmp_path, monkeypatch):
    with open(os.path.join(boards.folder("pico_w"), "phones.h")) as f:
        header = f.read()
    assert "#define MEMP_NUM_TCP_PCB (SCOREBOARD_TCP_CONNECTIONS)" in header
    assert not re.search(r"MEMP_NUM_TCP_PCB\s*\(?\d", header)
    with open(os.path.join(boards.folder("pico_w"), "phones.cmake")) as f:
        assert "list(APPEND MICROPY_DEF_BOARD SCOREBOARD_TCP_CONNECTIONS=${SCOREBOARD_TCP_CONNECTIONS})" in f.read()
    from host_tools.board.firmware import build
    ran = []

    def run(cmd, log, cwd=None, env=None):
        ran.append(cmd)
        for name in ("firmware.uf2", "firmware.bin", "firmware.elf.map"):
            (tmp_path / "cmake" / name).write_text("")
    monkeypatch.setattr(build, "_run", run)
    for name in ("pico_w", "pico"):
        build._cmake("/b", str(tmp_path / "cmake"), name, "/app", "/mp", 2, str(tmp_path / "log"), {})
    want = "-DSCOREBOARD_TCP_CONNECTIONS=%d" % boards.facts("pico_w")["tcp_connections"]
    assert want in ran[0] and not any(a.startswith("-DSCOREBOARD_TCP") for a in ran[2])


@pytest.mark.parametrize("name", ["pico", "pico_w"])
def test_board_json_stays_on_the_pc(name, tmp_path):
    """Neither deploy's tree nor the frozen one (the same tree) carries a board's facts."""
    from host_tools.board import staging
    staged = staging.stage(name, str(tmp_path / "flash"), compile=False, driver=False, microdot=False)
    assert [p for p in staging.staged_files(staged) if p.endswith(".json")] == []
