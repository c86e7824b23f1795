"""host_tools/board/firmware/flash.py without hardware: a fake mpremote, a temp folder as the
bootloader's drive, UF2 files made here; every refusal exits 2 naming what differs."""
import os
import struct

import pytest

from host_tools.board import staging
from host_tools.board.firmware import flash, uf2

RP2040, RP2350 = 0xE48BFF56, 0xE48BFF59
INFO = {"RP2040": "UF2 Bootloader v3.0\nModel: Raspberry Pi RP2\nBoard-ID: RPI-RP2\n",
        "RP2350": "UF2 Bootloader v1.0\nModel: Raspberry Pi RP2350\nBoard-ID: RP2350\n"}


def make_uf2(path, payload, family, base=0x10000000):
    """A UF2 of `payload` in 256-byte blocks (as picotool writes them), tagged with `family`."""
    chunks = [payload[i:i + 256] for i in range(0, len(payload), 256)]
    blocks = []
    for n, chunk in enumerate(chunks):
        head = struct.pack("<8I", uf2.MAGIC0, uf2.MAGIC1, uf2.FLAG_FAMILY, base + 256 * n, len(chunk),
                           n, len(chunks), family)
        blocks.append(head + chunk.ljust(476, b"\0") + struct.pack("<I", uf2.MAGIC_END))
    with open(path, "wb") as f:
        f.write(b"".join(blocks))
    return str(path)


NEW = "v1.28.0 e0e9fbb17e, scoreboard aa15b22c3d on 2026-12-07"
OLD = "v1.28.0 e0e9fbb17e, scoreboard 9b0598c5da on 2026-12-01"


def our_uf2(tmp_path, name="Raspberry Pi Pico W with RP2040", family=RP2040, fn="scoreboard-pico_w.uf2"):
    payload = (b"\x00" * 300 + b"Scoreboard on " + name.encode() + b"\0" + bytes(range(256)) * 3
               + b"MicroPython " + NEW.encode() + b"\0")
    return make_uf2(tmp_path / fn, payload, family)


def make_drive(tmp_path, chip="RP2040", label=None):
    drive = tmp_path / "media" / "me" / (label or flash.BOARD_ID[chip])
    drive.mkdir(parents=True)
    (drive / "INFO_UF2.TXT").write_text(INFO[chip])
    return str(drive)


class FakeBoard:
    """mpremote's run(args) for a board that says it is `machine` (None: no board answers).
    `on_bootloader` runs when it is sent to its bootloader (the drive appears). `versions`: what
    its os.uname().version says before and after the bootloader (None: a line it does not print)."""

    def __init__(self, machine, on_bootloader=None, versions=(None, None)):
        self.machine, self.on_bootloader, self.log = machine, on_bootloader, []
        self.versions = list(versions)

    def __call__(self, args):
        self.log.append(args[0])
        if self.machine is None:
            raise staging.DeployError("mpremote exec failed (1): mpremote: no device found")
        if args[0] == "exec":
            said = self.versions[1 if "bootloader" in self.log else 0]
            return self.machine + "\r\n" + ("version %s\r\n" % said if said else "")
        if args[0] == "bootloader":
            if self.on_bootloader:
                self.on_bootloader()
            raise staging.DeployError("mpremote bootloader failed (1): device disconnected")
        return ""


class Clock:
    """A clock that sleep() moves on: the 15 s wait takes no time."""

    def __init__(self):
        self.now = 0.0

    def __call__(self):
        return self.now

    def sleep(self, s):
        self.now += s


def run_flash(tmp_path, board, path, run, drive=None):
    clock = Clock()
    lines = []
    got = flash.flash(board, path, run, drive=drive, roots=[str(tmp_path / "media" / "*" / "*")],
                      clock=clock, sleep=clock.sleep, log=lines.append)
    return got, lines, clock


def test_success_copies_the_bytes_exactly(tmp_path):
    path = our_uf2(tmp_path)
    run = FakeBoard("Raspberry Pi Pico W with RP2040", on_bootloader=lambda: make_drive(tmp_path))
    drive, lines, _clock = run_flash(tmp_path, "pico_w", path, run)
    copied = os.path.join(drive, "scoreboard-pico_w.uf2")
    assert open(copied, "rb").read() == open(path, "rb").read()
    assert run.log == ["exec", "bootloader", "exec", "reset"]     # asked again once back, and restarted
    size = format(os.path.getsize(path), ",")
    assert lines[-2] == ("copied scoreboard-pico_w.uf2 (%s bytes) to %s: the board restarts with the new "
                         "firmware; its games are kept" % (size, drive))


def test_the_uf2_and_the_board_say_their_versions_before_and_after(tmp_path):
    path = our_uf2(tmp_path)
    run = FakeBoard("Scoreboard on Raspberry Pi Pico W with RP2040", on_bootloader=lambda: make_drive(tmp_path),
                    versions=(OLD, NEW))
    _drive, lines, _clock = run_flash(tmp_path, "pico_w", path, run)
    assert lines[0] == "scoreboard-pico_w.uf2: version " + NEW
    assert lines[1] == "board: Scoreboard on Raspberry Pi Pico W with RP2040, version %s; sending it to its bootloader" % OLD
    assert lines[-1] == "the board runs " + NEW


def test_a_board_back_with_another_version_than_the_uf2s_is_an_error(tmp_path):
    path = our_uf2(tmp_path)
    run = FakeBoard("Scoreboard on Raspberry Pi Pico W with RP2040", on_bootloader=lambda: make_drive(tmp_path),
                    versions=(OLD, OLD))
    with pytest.raises(flash.FlashError) as e:
        run_flash(tmp_path, "pico_w", path, run)
    assert str(e.value).startswith("the board runs %s, not the UF2's %s: the copy did not take" % (OLD, NEW))
    assert run.log[-1] == "reset"                          # the scoreboard runs again all the same


def test_a_board_in_bootsel_with_its_drive_mounted_is_flashed_directly(tmp_path):
    path = our_uf2(tmp_path, "Raspberry Pi Pico 2 with RP2350", RP2350, "scoreboard-pico2.uf2")
    drive = make_drive(tmp_path, "RP2350")
    run = FakeBoard(None)
    got, lines, clock = run_flash(tmp_path, "pico2", path, run)
    assert got == drive
    assert set(run.log) == {"exec"}                       # never sent to a bootloader: it is in it
    assert clock.now >= flash.BACK_SECONDS                # asked again after the copy, for 30 s
    assert lines[-1].startswith("the board did not answer within 30 s of the copy")
    assert open(os.path.join(drive, "scoreboard-pico2.uf2"), "rb").read() == open(path, "rb").read()


def test_wrong_board_uf2_is_refused_naming_both(tmp_path):
    path = our_uf2(tmp_path, "Raspberry Pi Pico with RP2040", fn="scoreboard-pico.uf2")
    run = FakeBoard("Raspberry Pi Pico W with RP2040")
    with pytest.raises(flash.FlashError) as e:
        run_flash(tmp_path, "pico_w", path, run)
    assert str(e.value) == "scoreboard-pico.uf2 is for a Raspberry Pi Pico; BOARD=pico_w is a Raspberry Pi Pico W"
    assert run.log == []                                  # refused before the board was asked


def test_official_firmware_uf2_is_refused(tmp_path):
    payload = b"\x00" * 64 + b"Raspberry Pi Pico W with RP2040\0"
    path = make_uf2(tmp_path / "RPI_PICO_W.uf2", payload, RP2040)
    with pytest.raises(flash.FlashError) as e:
        run_flash(tmp_path, "pico_w", path, FakeBoard(None))
    assert "not our firmware" in str(e.value)


def test_board_of_another_kind_is_refused_and_reset(tmp_path):
    path = our_uf2(tmp_path)
    run = FakeBoard("Scoreboard on Raspberry Pi Pico 2 W with RP2350", on_bootloader=lambda: make_drive(tmp_path))
    with pytest.raises(flash.FlashError) as e:
        run_flash(tmp_path, "pico_w", path, run)
    msg = str(e.value)
    assert "Raspberry Pi Pico 2 W" in msg and "scoreboard-pico_w.uf2 is for a Raspberry Pi Pico W" in msg
    assert run.log == ["exec", "reset"]                   # never sent to its bootloader


def test_drive_of_another_chip_is_refused(tmp_path):
    path = our_uf2(tmp_path)
    run = FakeBoard("Raspberry Pi Pico W with RP2040", on_bootloader=lambda: make_drive(tmp_path, "RP2350"))
    with pytest.raises(flash.FlashError) as e:
        run_flash(tmp_path, "pico_w", path, run)
    msg = str(e.value)
    assert "RP2350" in msg and "RP2040" in msg and "nothing was copied" in msg
    assert os.listdir(str(tmp_path / "media" / "me" / "RP2350")) == ["INFO_UF2.TXT"]


def test_no_drive_after_the_bootloader_says_what_to_do(tmp_path):
    path = our_uf2(tmp_path)
    with pytest.raises(flash.FlashError) as e:
        run_flash(tmp_path, "pico_w", path, FakeBoard("Raspberry Pi Pico W with RP2040"))
    msg = str(e.value)
    assert "in its bootloader" in msg and "RPI-RP2" in msg and "DRIVE=" in msg and "by hand" in msg


def test_the_wait_is_bounded(tmp_path):
    path = our_uf2(tmp_path)
    clock = Clock()
    with pytest.raises(flash.FlashError):
        flash.flash("pico_w", path, FakeBoard("Raspberry Pi Pico W with RP2040"), roots=[str(tmp_path / "x")],
                    clock=clock, sleep=clock.sleep, log=lambda s: None)
    assert flash.WAIT_SECONDS <= clock.now <= flash.WAIT_SECONDS + 1


def test_a_drive_named_with_drive_is_used(tmp_path):
    path = our_uf2(tmp_path)
    named = tmp_path / "mnt" / "pico"

    def mount_named():
        named.mkdir(parents=True)
        (named / "INFO_UF2.TXT").write_text(INFO["RP2040"])
    run = FakeBoard("Raspberry Pi Pico W with RP2040", on_bootloader=mount_named)
    make_drive(tmp_path)                                  # searched for only without --drive
    assert run_flash(tmp_path, "pico_w", path, run, drive=str(named))[0] == str(named)


def test_a_drive_mounted_before_the_restart_is_another_boards(tmp_path):
    path = our_uf2(tmp_path)
    other = make_drive(tmp_path, label="OTHER")           # a second Pico, in BOOTSEL all along
    run = FakeBoard("Raspberry Pi Pico W with RP2040", on_bootloader=lambda: make_drive(tmp_path))
    drive = run_flash(tmp_path, "pico_w", path, run)[0]
    assert drive != other and os.listdir(other) == ["INFO_UF2.TXT"]


def test_main_missing_uf2_exits_2_with_the_make_command(tmp_path, capsys):
    missing = str(tmp_path / "scoreboard-pico2_w.uf2")
    assert flash.main(["--board", "pico2_w", "--uf2", missing], run=FakeBoard(None)) == 2
    err = capsys.readouterr().err
    assert "make firmware BOARD=pico2_w MICROPY_DIR=" in err and "Traceback" not in err


def test_main_no_board_and_no_drive_exits_2(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(flash, "DRIVE_ROOTS", (str(tmp_path / "none" / "*"),))
    assert flash.main(["--board", "pico_w", "--uf2", our_uf2(tmp_path)], run=FakeBoard(None)) == 2
    err = capsys.readouterr().err
    assert "no board answered" in err and "no bootloader drive is mounted" in err and "Traceback" not in err
