"""`make flash`: puts our built UF2 on an attached Pico through its bootloader, no BOOTSEL press.

    python -m host_tools.board.firmware.flash [--board pico] [--port PORT] [--uf2 PATH] [--drive DIR]

It checks the UF2 is our firmware for --board, asks the board over USB what it is (mpremote) and
refuses another kind, sends it to its bootloader (`mpremote bootloader`), waits for the drive the
bootloader shows (INFO_UF2.TXT in it, the same chip) and copies the UF2 onto it. A board already
in its bootloader (BOOTSEL held at plug-in) with its drive mounted is flashed directly. The UF2
covers only the code area: the littlefs, with the games, names and preferences, is kept.

It says the UF2's version and the board's before (os.uname().version: version.py), and once the
board is back, asks it again: a board that says another version than the UF2's is an error.
"""
import argparse
import glob
import os
import sys
import time

from host_tools.board import boards, deploy
from host_tools.board.firmware import build, uf2, version

# Where desktop automounters (udisks: /media/<user>/<label>, /run/media/<user>/<label>) and
# people by hand (/mnt/<x>) put the bootloader's drive.
DRIVE_ROOTS = ("/media/*/*", "/media/*", "/run/media/*/*", "/mnt/*")
INFO = "INFO_UF2.TXT"
WAIT_SECONDS = 15        # the drive shows within a few seconds of the reset; automounting adds some
BOARD_ID = {"RP2040": "RPI-RP2", "RP2350": "RP2350"}      # INFO_UF2.TXT's Board-ID, the drive's label
# What the board is and which firmware it runs: two lines, the second "version <os.uname().version>".
ASK_MACHINE = "import os, sys\nprint(sys.implementation._machine)\nprint('version', os.uname().version)"
BACK_SECONDS = 30        # the board restarts with its new firmware and its USB comes back within this


class FlashError(RuntimeError):
    pass


def chip_of(board):
    """"RP2040" or "RP2350": the chip of `board`, from its UF2 family (boards/<board>/board.json)."""
    return uf2.FAMILIES[boards.facts(board)["uf2_family"]]


def spelled(board, default=None):
    """The board's spelled-out name ("Raspberry Pi Pico 2 W": the first its board.json reports),
    or `default` for none."""
    return boards.facts(board)["reports"][0] if board else default


def check_uf2(path, board):
    """The parsed UF2 when it is our firmware for `board`; FlashError says what it is instead."""
    name = os.path.basename(path)
    if not os.path.exists(path):
        raise FlashError("%s is missing: build it with `make firmware BOARD=%s MICROPY_DIR=...` "
                         "(docs/firmware.md)" % (path, board))
    try:
        image = uf2.read(path)
    except uf2.UF2Error as e:
        raise FlashError(str(e))
    if not image.ours:
        raise FlashError("%s is not our firmware (it says %s): `make flash` puts only the scoreboard's "
                         "own build on a board" % (name, image.board_name or "no board name"))
    if image.hardware != board:
        raise FlashError("%s is for a %s; BOARD=%s is a %s" % (name, spelled(image.hardware, image.board_name),
                                                               board, spelled(board)))
    return image


def ask_board(run):
    """(what the attached board says it is, sys.implementation._machine, or None; the version its
    firmware says, os.uname().version, or None; why no answer)."""
    try:
        out = run(["exec", ASK_MACHINE])
    except deploy.DeployError as e:
        return None, None, str(e).strip().splitlines()[-1][-160:] if str(e).strip() else "no answer"
    lines = [l.strip() for l in out.replace("\r", "").split("\n") if l.strip()]
    said = [l[len("version "):] for l in lines if l.startswith("version ")]
    lines = [l for l in lines if not l.startswith("version ")]
    return (lines[-1] if lines else None, said[-1] if said else None,
            "" if lines else "it printed nothing")


def find_drives(patterns):
    """Folders matching `patterns` (globs) that hold INFO_UF2.TXT: mounted bootloader drives."""
    found = []
    for pattern in patterns:
        for path in sorted(glob.glob(pattern)):
            if os.path.isfile(os.path.join(path, INFO)) and path not in found:
                found.append(path)
    return found


def drive_chip(drive):
    """"RP2040" or "RP2350" from the drive's INFO_UF2.TXT Board-ID, or its Board-ID as it is."""
    try:
        with open(os.path.join(drive, INFO), encoding="ascii", errors="replace") as f:
            text = f.read()
    except OSError:
        return None
    for line in text.splitlines():
        if line.startswith("Board-ID:"):
            board_id = line.split(":", 1)[1].strip()
            return {v: k for k, v in BOARD_ID.items()}.get(board_id, board_id)
    return None


def wait_for_drives(patterns, seconds=WAIT_SECONDS, clock=time.monotonic, sleep=time.sleep, old=()):
    """Bootloader drives found within `seconds` (the first look that finds any), or []. Drives in
    `old` were there before the board restarted: another board's, never ours."""
    end = clock() + seconds
    while True:
        found = [d for d in find_drives(patterns) if d not in old]
        if found or clock() >= end:
            return found
        sleep(0.5)


def pick_drive(drives, chip):
    """The one drive of `chip` among `drives`; FlashError when none or several."""
    chips = {d: drive_chip(d) for d in drives}
    fits = [d for d in drives if chips[d] == chip]
    if len(fits) == 1:
        return fits[0]
    if not fits:
        raise FlashError("%s is the bootloader of %s, not of an %s (Board-ID: %s): nothing was copied"
                         % (", ".join(drives), " and ".join(sorted({str(c) for c in chips.values()})),
                            chip, BOARD_ID[chip]))
    raise FlashError("several %s bootloader drives are mounted (%s): name one with DRIVE=" % (chip, ", ".join(fits)))


def copy_uf2(path, drive):
    """Copy the UF2 onto the drive and push it out (fsync); returns its size."""
    with open(path, "rb") as f:
        data = f.read()
    dst = os.path.join(drive, os.path.basename(path))
    try:
        with open(dst, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
    except OSError as e:
        # The bootloader restarts the board as the file's last block lands, and the drive goes
        # with it: an error then is the copy's normal end, not a failure.
        if os.path.isfile(os.path.join(drive, INFO)):
            raise FlashError("copying %s to %s failed: %s; run `make flash` again"
                             % (os.path.basename(path), drive, e.strerror or e))
    return len(data)


def flash(board, uf2_path, run, drive=None, roots=None, wait=WAIT_SECONDS,
          clock=time.monotonic, sleep=time.sleep, log=print, port=None, back=BACK_SECONDS):
    """Put the UF2 at `uf2_path` on the attached board (steps in the module's docstring).
    `run(args)` runs mpremote with `args` (deploy.mpremote_runner(); tests pass a fake).
    `roots`: globs where drives are looked for (default DRIVE_ROOTS); `drive` names the one.
    Returns the drive the UF2 was copied to; FlashError says what stopped it."""
    image = check_uf2(uf2_path, board)
    chip = chip_of(image.hardware)
    patterns = [glob.escape(drive)] if drive else list(roots or DRIVE_ROOTS)
    log("%s: version %s" % (os.path.basename(uf2_path), image.version or "unknown"))
    machine, said, why = ask_board(run)
    if machine is None:
        drives = find_drives(patterns)
        if not drives:
            raise FlashError("no board answered on %s (%s) and no bootloader drive is mounted%s: plug "
                             "the board in (or hold BOOTSEL while plugging it in and mount its drive, "
                             "%s, then give DRIVE=)" % (port or "USB (mpremote's auto)", why,
                                                        " at " + drive if drive else "", BOARD_ID[chip]))
        log("no board answered; a bootloader drive is mounted: %s" % ", ".join(drives))
    else:
        check_kind(run, machine, image, uf2_path)
        log("board: %s, version %s; sending it to its bootloader" % (machine, said or "unknown"))
        drives = to_bootloader(run, patterns, wait, clock, sleep, drive, chip, uf2_path)
    target = pick_drive(drives, chip)
    size = copy_uf2(uf2_path, target)
    log("copied %s (%s bytes) to %s: the board restarts with the new firmware; its games are kept"
        % (os.path.basename(uf2_path), format(size, ","), target))
    confirm(run, image, back, clock, sleep, log)
    return target


def check_kind(run, machine, image, uf2_path):
    """FlashError (the board reset, so it runs again) when the board is another kind than the UF2's."""
    kind = uf2.hardware_of(machine)
    if kind != image.hardware:
        _reset_quietly(run)      # the question stopped its program: it runs again
        raise FlashError("the attached board says it is \"%s\"%s; %s is for a %s: nothing was copied"
                         % (machine, " (a %s)" % spelled(kind) if kind else "",
                            os.path.basename(uf2_path), spelled(image.hardware)))


def to_bootloader(run, patterns, wait, clock, sleep, drive, chip, uf2_path):
    """Send the board to its bootloader; the drives that appear (FlashError when none does)."""
    old = find_drives(patterns)
    try:
        run(["bootloader"])
    except deploy.DeployError:
        pass                     # the board drops off USB as it goes: mpremote reports that
    drives = wait_for_drives(patterns, wait, clock, sleep, old)
    if not drives:
        raise FlashError("the board is in its bootloader but no drive holding %s appeared%s within "
                         "%d s: mount the drive (its name is %s) and run again with DRIVE=<where it "
                         "is mounted>, or drag %s onto it by hand" % (
                             INFO, " at " + drive if drive else "", wait, BOARD_ID[chip], uf2_path))
    return drives


def confirm(run, image, seconds, clock, sleep, log):
    """Ask the restarted board its version (within `seconds`), reset it so the scoreboard runs
    again, and refuse a version that is not the UF2's: the copy did not take."""
    end = clock() + seconds
    machine, said, _why = ask_board(run)
    while machine is None and clock() < end:
        sleep(1.0)
        machine, said, _why = ask_board(run)
    if machine is None:
        log("the board did not answer within %d s of the copy: its REPL banner says its version" % seconds)
        return None
    _reset_quietly(run)          # the question stopped the scoreboard: it starts again
    if image.version and said and not version.same(said, image.version):
        raise FlashError("the board runs %s, not the UF2's %s: the copy did not take; run `make "
                         "flash` again (or drag the UF2 onto the board in BOOTSEL mode)" % (said, image.version))
    log("the board runs %s" % (said or "a firmware that does not say its version"))
    return said


def _reset_quietly(run):
    try:
        run(["reset"])
    except deploy.DeployError:
        pass


def main(argv=None, run=None):
    ap = argparse.ArgumentParser(prog="python -m host_tools.board.firmware.flash", description=__doc__.split("\n\n")[0])
    ap.add_argument("--board", default="pico", help=boards.firmware_help())
    ap.add_argument("--port", default=None, help="serial port (default: mpremote's auto)")
    ap.add_argument("--uf2", default=None, help="the UF2 (default build/firmware/scoreboard-<board>.uf2)")
    ap.add_argument("--drive", default=None, help="where the bootloader's drive is mounted (default: searched)")
    a = ap.parse_args(argv)
    try:
        if a.board not in boards.firmware_boards():
            raise FlashError("no firmware for board %r: make flash puts %s"
                             % (a.board, ", ".join(boards.firmware_boards())))
        flash(a.board, a.uf2 or build.uf2_path(a.board), run or deploy.mpremote_runner(a.port, timeout=60),
              drive=a.drive, port=a.port)
    except (FlashError, boards.BoardError) as e:
        print("make flash: %s" % e, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    from host_tools.cli_io import run_command
    sys.exit(run_command(main))
