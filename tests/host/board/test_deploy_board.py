"""host_tools.board.deploy against a board made of a folder: the probe, refusal of a mismatched
MicroPython, the sync plan (copy, remove stale, keep data), the dry run, and the reset that
follows every outcome, and a board running our own firmware (the app frozen in). The board's scripts (probe, mkdir, cleanup) really run, under CPython, on
a folder standing in for the flash; the emulated-Pico version is tests/emu/test_deploy_emu.py."""
import builtins
import hashlib
import os
import shutil
import types

import pytest

from host_tools.board import deploy, probe, staging


class FolderBoard:
    """mpremote's run(args) for a board whose flash is `root`; records every command. frozen:
    (board, tree) of our firmware's frozen firmware_build module, None on the official firmware."""

    def __init__(self, root, version=(1, 24, 1), mpy=6 | 3 << 8 | 4 << 10, fail_on=None, frozen=None):
        self.root, self.version, self.mpy, self.fail_on = str(root), version, mpy, fail_on
        self.frozen = frozen
        self.log = []
        os.makedirs(self.root, exist_ok=True)

    def real(self, p):
        return os.path.join(self.root, p.lstrip("/"))

    def _os(self):
        real = self.real

        def ilistdir(d):
            for n in sorted(os.listdir(real(d))):
                full = os.path.join(real(d), n)
                yield (n, 0x4000 if os.path.isdir(full) else 0x8000, 0, os.path.getsize(full))
        return types.SimpleNamespace(ilistdir=ilistdir, stat=lambda p: os.stat(real(p)),
                                     mkdir=lambda p: os.mkdir(real(p)), remove=lambda p: os.remove(real(p)),
                                     rmdir=lambda p: os.rmdir(real(p)),
                                     uname=lambda: types.SimpleNamespace(version="v%d.%d.%d on 2024-11-29" % self.version))

    def _exec(self, code):
        fake = {"os": self._os(), "hashlib": hashlib,
                "sys": types.SimpleNamespace(implementation=types.SimpleNamespace(version=self.version, _mpy=self.mpy))}
        if self.frozen:
            fake["firmware_build"] = types.SimpleNamespace(BOARD=self.frozen[0], TREE=self.frozen[1])

        def board_import(name, *a, **k):
            if name not in fake:
                raise ImportError("no module named '%s'" % name)     # as MicroPython says it
            return fake[name]
        out = []
        env = dict(builtins.__dict__, __import__=board_import,
                   open=lambda p, mode="r": open(self.real(p), mode),
                   print=lambda *a: out.append(" ".join(str(x) for x in a)))
        exec(code, {"__builtins__": env})
        return "\n".join(out) + "\n"

    def __call__(self, args):
        args = list(args)
        self.log.append(args[0] if args[0] != "exec" else "exec")
        if self.fail_on and self.fail_on(args):
            raise deploy.DeployError("mpremote %s failed (1): link lost" % args[0])
        out = []
        for cmd in _split(args):
            if cmd[0] == "exec":
                out.append(self._exec(cmd[1]))
            elif cmd[:2] == ["fs", "cp"]:
                shutil.copyfile(cmd[2], self.real(cmd[3][1:]))
            elif cmd[:2] == ["fs", "cat"]:
                out.append(open(self.real(cmd[2][1:])).read())
            elif cmd[0] in ("reset", "mip"):
                pass
            else:
                raise AssertionError(cmd)
        return "".join(out)

    def files(self):
        got = {}
        for r, _, fs in os.walk(self.root):
            for f in fs:
                full = os.path.join(r, f)
                got[os.path.relpath(full, self.root)] = open(full, "rb").read()
        return got


def _split(args):
    cmds, cur = [], []
    for a in args:
        if a == "+":
            cmds.append(cur)
            cur = []
        else:
            cur.append(a)
    return cmds + [cur]


def _tree(path, files):
    for rel, data in files.items():
        p = os.path.join(str(path), rel)
        os.makedirs(os.path.dirname(p), exist_ok=True)
        with open(p, "wb") as f:
            f.write(data)
    return str(path)


STAGED = {"main.py": b"print('new')\n", "board.py": b"B = 1\n", "ui/app.mpy": b"M\x06new",
          "lib/ssd1306.mpy": b"M\x06drv", "font.bin": b"\x01\x02"}
BOARD_DATA = {"games/g1.log": b"{}\n", "games/g1.snap": b"{}", "names.json": b"[]",
              "prefs.json": b"{}", "error.log": b"Traceback\n", "notes.txt": b"mine"}


def test_blank_board_gets_the_tree_and_a_manifest(tmp_path):
    staged = _tree(tmp_path / "staged", STAGED)
    board = FolderBoard(tmp_path / "board")
    plan = deploy.deploy(board, staged, log=lambda s: None)
    files = board.files()
    assert {k: v for k, v in files.items() if k != deploy.MANIFEST} == STAGED
    assert sorted(files[deploy.MANIFEST].decode().split()) == sorted(STAGED)
    assert plan.copy[-1] == "main.py"            # written last: a cut copy does not boot a mix
    assert board.log[-1] == "reset"


def test_second_deploy_copies_what_differs_removes_stale_keeps_data(tmp_path):
    old = dict(STAGED, **{"ui/old_screen.mpy": b"M\x06old", "ui/app.mpy": b"M\x06old",
                          "gone/x.mpy": b"M\x06", "boot.py": b"pass\n"})
    board = FolderBoard(tmp_path / "board")
    deploy.deploy(board, _tree(tmp_path / "old", old), log=lambda s: None)
    _tree(tmp_path / "board", BOARD_DATA)
    new = {k: v for k, v in STAGED.items() if k != "font.bin"}     # the font file left the firmware
    staged = _tree(tmp_path / "new", new)
    lines = []
    plan = deploy.deploy(board, staged, log=lines.append)
    assert plan.copy == ["ui/app.mpy"]
    assert sorted(plan.remove) == ["boot.py", "font.bin", "gone/x.mpy", "ui/old_screen.mpy"]
    assert plan.rmdirs == ["gone"]
    files = board.files()
    for rel, data in BOARD_DATA.items():
        assert files[rel] == data                  # game logs, names, prefs, error log, user file
    assert {k: v for k, v in files.items() if k not in BOARD_DATA and k != deploy.MANIFEST} == new
    assert not os.path.exists(os.path.join(board.root, "gone"))
    text = "\n".join(lines)
    assert "copy    /ui/app.mpy" in text and "remove  /font.bin" in text
    assert "1 to copy, 4 to remove, 3 already equal; 6 data files kept" in text


def test_dry_run_lists_and_changes_nothing(tmp_path):
    board = FolderBoard(tmp_path / "board")
    _tree(tmp_path / "board", dict(BOARD_DATA, **{"stale.mpy": b"M"}))
    before = board.files()
    lines = []
    plan = deploy.deploy(board, _tree(tmp_path / "s", STAGED), dry_run=True, log=lines.append)
    assert board.files() == before
    assert sorted(plan.copy) == sorted(STAGED) and plan.remove == ["stale.mpy"]
    assert "remove  /stale.mpy" in "\n".join(lines) and "dry run: nothing was changed" in lines
    assert board.log == ["exec", "reset"]          # the probe stopped main.py: reset all the same


@pytest.mark.parametrize("version,mpy,named", [((1, 19, 1), 6, "1.19.1 (.mpy v6.0)"),
                                                ((1, 18, 0), 5 | 4 << 10, "1.18.0 (.mpy v5.0)"),
                                                ((2, 0, 0), 7, "2.0.0 (.mpy v7.0)")])
def test_mismatched_board_is_refused_and_reset(tmp_path, version, mpy, named):
    board = FolderBoard(tmp_path / "board", version=version, mpy=mpy)
    _tree(tmp_path / "board", BOARD_DATA)
    before = board.files()
    with pytest.raises(deploy.DeployError) as e:
        deploy.deploy(board, _tree(tmp_path / "s", STAGED), log=lambda s: None)
    msg = str(e.value)
    assert "MicroPython " + named in msg and "MicroPython 1.24.1 (.mpy v6.3)" in msg
    assert "RPI_PICO v1.24.1" in msg and "micropython.org/download/RPI_PICO/" in msg
    assert "nothing was changed" in msg and "was reset" in msg
    assert board.files() == before and board.log == ["exec", "reset"]


def test_newer_micropython_with_the_same_abi_is_accepted(tmp_path):
    board = FolderBoard(tmp_path / "board", version=(1, 27, 0))
    deploy.deploy(board, _tree(tmp_path / "s", STAGED), log=lambda s: None)
    assert board.files()["main.py"] == STAGED["main.py"]


def test_a_copy_that_fails_part_way_resets_and_says_what_to_run(tmp_path):
    board = FolderBoard(tmp_path / "board", fail_on=lambda a: a[:2] == ["fs", "cp"])
    with pytest.raises(deploy.DeployError) as e:
        deploy.deploy(board, _tree(tmp_path / "s", STAGED), log=lambda s: None, port="/dev/ttyACM0")
    msg = str(e.value)
    assert "link lost" in msg and "mix of old and new" in msg
    assert "run `make deploy PORT=/dev/ttyACM0` again" in msg and "was reset and runs again" in msg
    assert board.log[-1] == "reset"


def test_a_failed_reset_says_how_to_restart_the_board(tmp_path):
    board = FolderBoard(tmp_path / "board", fail_on=lambda a: a[0] == "reset")
    with pytest.raises(deploy.DeployError) as e:
        deploy.deploy(board, _tree(tmp_path / "s", STAGED), log=lambda s: None)
    msg = str(e.value)
    assert "copied completely" in msg and "stopped at its REPL" in msg and "unplug it" in msg


def test_no_board_changes_nothing_and_tries_no_reset(tmp_path):
    board = FolderBoard(tmp_path / "board", fail_on=lambda a: True)
    with pytest.raises(deploy.DeployError) as e:
        deploy.deploy(board, _tree(tmp_path / "s", STAGED), log=lambda s: None)
    assert "no board answered" in str(e.value) and "nothing was changed" in str(e.value)
    assert board.log == ["exec"]


def test_mip_is_opt_in_and_its_failure_keeps_the_staged_driver(tmp_path):
    board = FolderBoard(tmp_path / "board", fail_on=lambda a: a[0] == "mip")
    staged = _tree(tmp_path / "s", STAGED)
    deploy.deploy(board, staged, log=lambda s: None)
    assert "mip" not in board.log                  # offline by default
    lines = []
    deploy.deploy(board, staged, mip=True, log=lines.append)
    assert "mip" in board.log and board.log[-1] == "reset"
    assert any("keeps the staged, pinned driver" in l for l in lines)
    assert board.files()["lib/ssd1306.mpy"] == STAGED["lib/ssd1306.mpy"]


def test_staged_tree_may_not_hold_board_data(tmp_path):
    board = FolderBoard(tmp_path / "board")
    with pytest.raises(deploy.DeployError) as e:
        deploy.deploy(board, _tree(tmp_path / "s", dict(STAGED, **{"names.json": b"[]"})), log=lambda s: None)
    assert "names.json" in str(e.value)


def test_cli_without_a_board_exits_2_with_a_message(monkeypatch, capsys):
    def no_board(port=None, timeout=600):
        def run(args):
            raise deploy.DeployError("mpremote exec failed (1): mpremote: no device found")
        return run
    monkeypatch.setattr(deploy, "mpremote_runner", no_board)
    monkeypatch.setattr(deploy, "stage", lambda board, out=None, phones=None: _tree(out or "/nonexistent", STAGED))
    monkeypatch.setattr(deploy, "mpy_cross_version", lambda: ("1.29", (6, 3)))
    import tempfile
    assert deploy.main(["--dry-run", "--out", tempfile.mkdtemp()]) == 2
    err = capsys.readouterr().err
    assert "no device found" in err and "is the Pico plugged in" in err and "Traceback" not in err


# -- a board running our own firmware: the app is frozen in -----------------------------------

TREE = "0123456789abcdef"
OFFICIAL_DEPLOY = dict(STAGED, **{staging.MAIN_MODULE + ".mpy": b"M\x06main", "net/page.html": b"<p>"})


def _our_firmware_board(tmp_path, board="pico_w", tree=TREE):
    """A board that an official-firmware deploy filled, then `make flash` gave our firmware."""
    official = FolderBoard(tmp_path / "board")
    deploy.deploy(official, _tree(tmp_path / "official", OFFICIAL_DEPLOY), log=lambda s: None)
    _tree(tmp_path / "board", BOARD_DATA)
    return FolderBoard(tmp_path / "board", version=(1, 28, 0), frozen=(board, tree))


def test_tree_id_is_the_one_the_firmware_carries(tmp_path):
    from host_tools.board.firmware import freeze
    staged = _tree(tmp_path / "s", STAGED)
    assert staging.tree_id(staged) == freeze.tree_id(staged)
    try:
        here = deploy.checkout_tree_id("pico")
    except deploy.DeployError as e:                       # the ssd1306 driver is not cached
        pytest.skip(str(e))
    assert here == freeze.tree_id(freeze.stage_source("pico", str(tmp_path / "frozen")))


def test_probe_reports_our_firmware():
    out = "IMPL 1.28.0 %d\nFROZEN pico_w %s\nF 3 - names.json\nEND\n" % (6 | 3 << 8, TREE)
    assert probe.parse_probe(out).frozen == ("pico_w", TREE)
    assert probe.parse_probe(out.replace("FROZEN pico_w %s\n" % TREE, "")).frozen is None


def test_probe_reads_the_version_the_firmware_says_and_deploy_prints_it(tmp_path):
    said = "v1.28.0 e0e9fbb17e, scoreboard aa15b22c3d on 2026-12-07 (GNU 12.2.1 MinSizeRel)"
    out = "IMPL 1.28.0 %d\nVERSION %s\nF 3 - names.json\nEND\n" % (6 | 3 << 8, said)
    assert probe.parse_probe(out).says == said
    lines = []
    deploy.deploy(FolderBoard(tmp_path / "board"), _tree(tmp_path / "s", STAGED), log=lines.append)
    assert lines[0].startswith("board: MicroPython 1.24.1 (v1.24.1 on 2024-11-29), .mpy v6.3, ")


def test_our_firmware_gets_no_app_files_and_loses_the_old_code(tmp_path):
    board = _our_firmware_board(tmp_path)
    asked = []
    lines = []
    plan = deploy.deploy(board, _tree(tmp_path / "s", STAGED), board="pico_w", log=lines.append,
                         checkout_tree=lambda b: asked.append(b) or TREE)
    assert asked == ["pico_w"]
    assert plan.copy == [] and plan.mkdirs == []
    # The code and data files the official-firmware deploy wrote go (its manifest lists them) ...
    assert sorted(plan.remove) == sorted(OFFICIAL_DEPLOY)
    files = board.files()
    assert {k: v for k, v in files.items() if k != deploy.MANIFEST} == BOARD_DATA    # ... data stays
    assert files[deploy.MANIFEST] == b""
    assert not os.path.exists(os.path.join(board.root, "ui"))
    assert any("frozen in, nothing of it is copied" in l for l in lines)
    assert board.log[-1] == "reset"


@pytest.mark.parametrize("frozen,named", [(("pico_w", "fedcba9876543210"), "make flash BOARD=pico_w PORT=/dev/ttyACM0"),
                                          (("pico", TREE), "BOARD=pico;")])
def test_our_firmware_from_another_tree_or_board_is_refused(tmp_path, frozen, named):
    board = _our_firmware_board(tmp_path, *frozen)
    before = board.files()
    with pytest.raises(deploy.DeployError) as e:
        deploy.deploy(board, _tree(tmp_path / "s", STAGED), board="pico_w", log=lambda s: None,
                      port="/dev/ttyACM0", checkout_tree=lambda b: TREE)
    msg = str(e.value)
    assert named in msg and "make flash" in msg and "nothing was changed" in msg and "was reset" in msg
    if frozen[1] != TREE:
        assert frozen[1] in msg and TREE in msg           # both trees named
    assert board.files() == before
    assert board.log == ["exec", "reset"]                 # the probe, then the reset: nothing copied
