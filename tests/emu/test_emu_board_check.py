"""host_tools/board/check.py's script on the emulated Pico through the real mpremote CLI (Pico.mpremote), silicon-timed and zero-cost: the full frame lands in the I2C model's time, each flash append pays the model's sector erase, each page program its page program and no erase, and the zero-cost board is far faster (so the test fails if the model stops charging). Marked `emu`; skipped without the UF2."""
import types

import pytest

from host_tools.board import boards, check
from host_tools.dev.emu import UF2_HELP, Pico, find_uf2

pytestmark = [pytest.mark.emu, pytest.mark.skipif(find_uf2() is None, reason=UF2_HELP)]

# one blank frame: 6 commands (START, address, 0x80, cmd, STOP) and 0x40 + 1,024 bytes
FRAME_BITS = 6 * (1 + 9 + 2 * 9 + 1) + (1 + 9 + 1025 * 9 + 1)


def sdk_counts(freq, f_sys):
    """pico-sdk's i2c_set_baudrate: (HCNT, LCNT, SPKLEN) for `freq` at clk_sys `f_sys`."""
    period = (int(f_sys) + freq // 2) // freq
    lcnt = period * 3 // 5
    return period - lcnt, lcnt, (1 if lcnt < 16 else lcnt // 16)


def model_frame_ms(freq):
    """The I2C model's bus time for FRAME_BITS (i2c_time.BusTime.bit_ns at pico-sdk's counts)."""
    from rp2040py.peripherals.i2c import I2CSpeed

    from host_tools.dev.emu.i2c_time import F_SYS, RISE_NS, BusTime
    high, low, spk = sdk_counts(freq, F_SYS)
    block = types.SimpleNamespace(speed=I2CSpeed.FAST_MODE, fs_clock_high_period=high, fs_clock_low_period=low)
    bus = types.SimpleNamespace(block=block, spklen=spk, rise_ns=RISE_NS)
    return FRAME_BITS * BusTime.bit_ns(bus) / 1e6


def run_check(costs):
    """check.check() on a freshly booted board: (Result, flash counters' difference, files left)."""
    p = Pico(files={"/board.py": boards.board_source("pico").encode()}, costs=costs)
    try:
        p.boot()
        before = p.flash.snapshot()
        res = check.check(lambda args: p.mpremote(*args)[1])
        after = p.flash.snapshot()
        left = p.list_files()
    finally:
        p.close()
    return res, {k: after[k] - before[k] for k in after}, left


@pytest.fixture(scope="module")
def runs():
    return {"timed": run_check(True), "zero": run_check(False)}


def _figures(res):
    frames = [f[0] / 1000 for f in res.frames]
    appends = [a / 1000 for a in res.appends]
    return (check.median(frames), max(frames), check.median(res.cmds) / 1000,
            check.median(appends), max(appends))


def test_the_figures(runs):
    for name, (res, flash, _left) in runs.items():
        print("\n%s: frame %.2f / %.2f ms, command %.3f ms, append %.1f / %.1f ms" % ((name,) + _figures(res)),
              "flash", {k: round(v, 1) for k, v in flash.items() if v}, "\n" + check.report(res))
    res, flash, left = runs["timed"]
    assert res.errors == [] and res.freq == 400000 and len(res.frames) == check.FRAMES
    assert len(res.appends) == check.APPENDS and len(res.cmds) == 6 * check.FRAMES
    assert check.SCRATCH not in left


def test_a_costed_frame_takes_the_models_bus_time(runs):
    res = runs["timed"][0]
    model = model_frame_ms(res.freq)
    frame, worst, _cmd, _a, _w = _figures(res)
    assert model <= frame <= model * 1.12, (frame, model)    # the bus, and pico-sdk's loop between bytes
    assert worst <= model * 1.15


def test_a_costed_append_pays_a_sector_erase(runs):
    from host_tools.dev.emu.flash_time import TIMES
    res, flash, _left = runs["timed"]
    erase_ms = TIMES[0x20][1] / 1e6
    assert _figures(res)[3] >= erase_ms, res.appends
    assert flash["sector_erases"] >= check.APPENDS


def test_the_zero_cost_board_is_much_faster(runs):
    timed, zero = _figures(runs["timed"][0]), _figures(runs["zero"][0])
    assert zero[0] < timed[0] / 5, (zero, timed)
    assert zero[3] < timed[3] / 3, (zero, timed)


def test_a_costed_page_program_pays_a_page_program_and_no_erase(runs):
    """The write-ahead block's write (firmware/storage/wal.py): a page programmed into the scratch
    block without an erase, at the model's page-program time, far under an append's erase."""
    from host_tools.dev.emu.flash_time import TIMES
    res, flash, _left = runs["timed"]
    assert len(res.programs) == check.PROGRAMS, res.errors
    program_ms = TIMES[0x02][1] / 1e6
    ms = check.median(res.programs) / 1000
    assert program_ms <= ms < TIMES[0x20][1] / 1e6 / 10, res.programs
    assert flash["page_programs"] >= check.PROGRAMS
